package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The kinds of the shop's terms (rows of article_terms).
const (
	TermShopCategory = "shop_category"
	TermShopTag      = "shop_tag"
)

// Kinds of product, and of a digital product's delivery.
const (
	ProductPhysical = "physical"
	ProductDigital  = "digital"
	DigitalDownload = "download"
	DigitalCode     = "code"
)

// Statuses of an order.
const (
	OrderPending   = "pending"
	OrderPaid      = "paid"
	OrderShipped   = "shipped"
	OrderDelivered = "delivered"
	OrderCompleted = "completed"
	OrderRefunded  = "refunded"
	OrderCancelled = "cancelled"
	OrderExpired   = "expired"
)

// PaymentOrder is the purpose of a payment that pays a pending order
// (TargetType "order", TargetID the order, PayeeID AccountRevenue): once paid,
// the order's settlement (ShopStore.PayOrder) runs.
const PaymentOrder = "order"

// Shop errors.
var (
	// ErrOutOfStock: a variant has fewer items than a line asks for.
	ErrOutOfStock = errors.New("persistence: out of stock")
	// ErrOrderExists: the member placed an order with this client id before.
	ErrOrderExists = errors.New("persistence: order exists")
	// ErrCouponTaken: the coupon is not the member's to use (used, expired, another's).
	ErrCouponTaken = errors.New("persistence: coupon not usable")
	// ErrOrderState: the order is not in a status the change starts from.
	ErrOrderState = errors.New("persistence: order status")
)

// OrderKey is the idempotency key of the ledger operation that pays an
// order: the payment is the order's, exactly once, whatever paid it.
func OrderKey(orderID int64) string { return "order:" + strconv.FormatInt(orderID, 10) }

// OrderRefundKey is the key of the operation that refunds an order.
func OrderRefundKey(orderID int64) string { return "order-refund:" + strconv.FormatInt(orderID, 10) }

// Product is a product of the shop: a content kind of its own.
type Product struct {
	// ID is the databaseId; SaveProduct assigns it when 0.
	ID   int64
	Slug string
	// Titles and Descriptions are per language; a description is sanitized HTML.
	Titles       map[string]string
	Descriptions map[string]string
	Images       []string
	// Kind is ProductPhysical or ProductDigital.
	Kind string
	// CategoryID is a TermShopCategory term; 0 none. TagIDs are TermShopTag terms.
	CategoryID int64
	TagIDs     []int64
	// VIPOnly lists the VIP tiers that may buy it; empty is anyone.
	VIPOnly []string
	// MinLevel is the growth level a buyer needs; "" none.
	MinLevel string
	// VIPDiscounts is the percent off per VIP tier.
	VIPDiscounts map[string]int
	// DigitalType is DigitalDownload or DigitalCode for a digital product.
	DigitalType string
	DigitalURL  string
	Sold        int64
	Variants    []ProductVariant
	// CreatedAt, UpdatedAt, DeletedAt are epoch ms; DeletedAt 0 while live.
	CreatedAt, UpdatedAt, DeletedAt int64
}

// ProductVariant is one buyable version of a product (a size, a colour): its
// stock and its prices per asset (a currency code or AssetCredit, minor
// units) are its own.
type ProductVariant struct {
	ID        int64
	ProductID int64
	Position  int
	Names     map[string]string
	Prices    map[string]int64
	Stock     int64
	DeletedAt int64
}

// ProductFilter selects the live products of a list, newest first.
type ProductFilter struct {
	CategoryID, TagID int64
	Before            int64
	Limit             int
}

// CartItem is a line of a member's cart.
type CartItem struct {
	VariantID int64
	Quantity  int64
	AddedAt   int64
}

// Order is a member's order.
type Order struct {
	ID       int64
	UserID   int64
	ClientID string
	Status   string
	// Currency is the asset of every amount (a currency code or AssetCredit).
	Currency                  string
	Subtotal, Discount, Total int64
	CouponCode                string
	// Coupon is the coupon's snapshot (JSON, the app's), "" none.
	Coupon string
	// Payment is money, credit or qrcode.
	Payment   string
	PaymentID int64
	// Address is the shipping address's snapshot (JSON), "" none.
	Address    string
	TrackingNo string
	CreatedAt  int64
	UpdatedAt  int64
	PaidAt     int64
	ExpiresAt  int64
	Lines      []OrderLine
	History    []OrderEvent
	// Codes are the digital codes the order holds.
	Codes []string
}

// OrderLine is a line of an order, its prices and names as they were at checkout.
type OrderLine struct {
	VariantID    int64
	ProductID    int64
	Kind         string
	Titles       map[string]string
	VariantNames map[string]string
	Thumb        string
	Quantity     int64
	UnitPrice    int64
	LineTotal    int64
	// DigitalType is the product's delivery, for a paid order's delivery.
	DigitalType string
	DigitalURL  string
}

// OrderEvent is one status change of an order.
type OrderEvent struct {
	Status string
	At     int64
}

// ShopStore keeps the products, carts and orders.
type ShopStore struct{ db *DB }

// Shop returns the shop store.
func (db *DB) Shop() ShopStore { return ShopStore{db: db} }

type shopQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

const productColumns = `id, slug, titles, descriptions, images, kind, category_id, vip_only, min_level, vip_discounts,
	digital_type, digital_url, sold, created_at, updated_at, deleted_at`

func scanProduct(row scanner) (Product, error) {
	var p Product
	var titles, descs, images, vip, discounts string
	if err := row.Scan(&p.ID, &p.Slug, &titles, &descs, &images, &p.Kind, &p.CategoryID, &vip, &p.MinLevel, &discounts,
		&p.DigitalType, &p.DigitalURL, &p.Sold, &p.CreatedAt, &p.UpdatedAt, &p.DeletedAt); err != nil {
		return p, err
	}
	for _, f := range []struct {
		text string
		into any
	}{{titles, &p.Titles}, {descs, &p.Descriptions}, {images, &p.Images}, {vip, &p.VIPOnly}, {discounts, &p.VIPDiscounts}} {
		if err := decodeJSON(f.text, f.into); err != nil {
			return p, err
		}
	}
	p.Titles, p.Descriptions, p.VIPDiscounts = nonNilMap(p.Titles), nonNilMap(p.Descriptions), nonNilMap(p.VIPDiscounts)
	p.Images, p.VIPOnly = nonNilSlice(p.Images), nonNilSlice(p.VIPOnly)
	return p, nil
}

const variantColumns = `id, product_id, position, names, prices, stock, deleted_at`

func scanVariant(row scanner) (ProductVariant, error) {
	var v ProductVariant
	var names, prices string
	if err := row.Scan(&v.ID, &v.ProductID, &v.Position, &names, &prices, &v.Stock, &v.DeletedAt); err != nil {
		return v, err
	}
	if err := decodeJSON(names, &v.Names); err != nil {
		return v, err
	}
	if err := decodeJSON(prices, &v.Prices); err != nil {
		return v, err
	}
	v.Names, v.Prices = nonNilMap(v.Names), nonNilMap(v.Prices)
	return v, nil
}

// marks is "$from, $from+1, ..." for n arguments.
func marks(from, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = "$" + strconv.Itoa(from+i)
	}
	return strings.Join(parts, ", ")
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// SaveProduct creates p (ID 0) or replaces it, with its tags and
// variants, in one transaction: a variant with ID 0 is new, a stored
// variant missing from p.Variants is deleted (soft: its orders keep it).
// codes are added to a code product's codes; its first variant's stock is
// then its free codes. p and its variants get their ids. ErrNotFound when
// p.ID names no live product.
func (s ShopStore) SaveProduct(ctx context.Context, p *Product, codes []string) error {
	return s.saveProduct(ctx, p, codes, false)
}

// SeedProduct writes p with its own ids (its variants' too) when no
// product has its id, and leaves a stored one untouched: a demo product
// seeded twice is written once. created says whether it was written.
func (s ShopStore) SeedProduct(ctx context.Context, p *Product, codes []string) (created bool, err error) {
	var n int
	if err := s.db.write.QueryRowContext(ctx, `SELECT COUNT(*) FROM products WHERE id = $1`, p.ID).Scan(&n); err != nil {
		return false, fmt.Errorf("shop store: seed product %d: %w", p.ID, err)
	}
	if n > 0 {
		return false, nil
	}
	return true, s.saveProduct(ctx, p, codes, true)
}

func (s ShopStore) saveProduct(ctx context.Context, p *Product, codes []string, withIDs bool) error {
	if len(p.Variants) == 0 {
		return fmt.Errorf("shop store: save product: no variant")
	}
	now := Now()
	texts := make([]string, 5)
	for i, v := range []any{nonNilMap(p.Titles), nonNilMap(p.Descriptions), nonNilSlice(p.Images), nonNilSlice(p.VIPOnly),
		nonNilMap(p.VIPDiscounts)} {
		t, err := encodeJSON(v)
		if err != nil {
			return fmt.Errorf("shop store: save product: %w", err)
		}
		texts[i] = t
	}
	saved := *p
	saved.Variants = slices.Clone(p.Variants)
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		saved.Variants = slices.Clone(p.Variants)
		if saved.ID == 0 || withIDs {
			if saved.ID == 0 {
				saved.ID = s.db.NewID()
			}
			saved.CreatedAt = now
			if p.CreatedAt != 0 {
				saved.CreatedAt = p.CreatedAt
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO products (`+productColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $13, 0)`,
				saved.ID, saved.Slug, texts[0], texts[1], texts[2], saved.Kind, saved.CategoryID, texts[3], saved.MinLevel,
				texts[4], saved.DigitalType, saved.DigitalURL, saved.CreatedAt); err != nil {
				return fmt.Errorf("insert: %w", mapError(err))
			}
		} else {
			res, err := tx.ExecContext(ctx, `UPDATE products SET slug = $2, titles = $3, descriptions = $4, images = $5,
				kind = $6, category_id = $7, vip_only = $8, min_level = $9, vip_discounts = $10, digital_type = $11,
				digital_url = $12, updated_at = $13 WHERE id = $1 AND deleted_at = 0`,
				saved.ID, saved.Slug, texts[0], texts[1], texts[2], saved.Kind, saved.CategoryID, texts[3], saved.MinLevel,
				texts[4], saved.DigitalType, saved.DigitalURL, now)
			if err != nil {
				return fmt.Errorf("update: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM product_tags WHERE product_id = $1`, saved.ID); err != nil {
			return err
		}
		for _, tag := range saved.TagIDs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO product_tags (tag_id, product_id) VALUES ($1, $2)
				ON CONFLICT DO NOTHING`, tag, saved.ID); err != nil {
				return err
			}
		}
		keep := []int64{}
		for i := range saved.Variants {
			v := &saved.Variants[i]
			v.ProductID, v.Position = saved.ID, i
			names, err := encodeJSON(nonNilMap(v.Names))
			if err != nil {
				return err
			}
			prices, err := encodeJSON(nonNilMap(v.Prices))
			if err != nil {
				return err
			}
			if v.ID != 0 && !withIDs {
				res, err := tx.ExecContext(ctx, `UPDATE product_variants SET position = $3, names = $4, prices = $5,
					stock = $6 WHERE id = $1 AND product_id = $2 AND deleted_at = 0`, v.ID, saved.ID, i, names, prices, v.Stock)
				if err != nil {
					return fmt.Errorf("update variant: %w", err)
				}
				if n, _ := res.RowsAffected(); n == 1 {
					keep = append(keep, v.ID)
					continue
				}
			}
			if v.ID == 0 || !withIDs {
				v.ID = s.db.NewID()
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO product_variants (`+variantColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6, 0)`, v.ID, saved.ID, i, names, prices, v.Stock); err != nil {
				return fmt.Errorf("insert variant: %w", mapError(err))
			}
			keep = append(keep, v.ID)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE product_variants SET deleted_at = $2
			WHERE product_id = $1 AND deleted_at = 0 AND id NOT IN (`+marks(3, len(keep))+`)`,
			append([]any{saved.ID, now}, int64Args(keep)...)...); err != nil {
			return fmt.Errorf("delete variants: %w", err)
		}
		if saved.DigitalType == DigitalCode {
			for _, c := range codes {
				if _, err := tx.ExecContext(ctx, `INSERT INTO product_codes (id, product_id, code, order_id, created_at)
					VALUES ($1, $2, $3, 0, $4)`, s.db.NewID(), saved.ID, c, now); err != nil {
					return fmt.Errorf("insert code: %w", err)
				}
			}
			var free int64
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM product_codes WHERE product_id = $1 AND order_id = 0`,
				saved.ID).Scan(&free); err != nil {
				return err
			}
			saved.Variants[0].Stock = free
			if _, err := tx.ExecContext(ctx, `UPDATE product_variants SET stock = $2 WHERE id = $1`,
				saved.Variants[0].ID, free); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("shop store: save product %d: %w", p.ID, err)
	}
	*p = saved
	return nil
}

// DeleteProduct soft-deletes a product; ErrNotFound when none is live.
func (s ShopStore) DeleteProduct(ctx context.Context, id int64) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE products SET deleted_at = $2 WHERE id = $1 AND deleted_at = 0`, id, Now())
	if err != nil {
		return fmt.Errorf("shop store: delete product %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("shop store: delete product %d: %w", id, ErrNotFound)
	}
	return nil
}

// Product returns a live product with its live variants and tags;
// ErrNotFound when there is none.
func (s ShopStore) Product(ctx context.Context, id int64) (Product, error) {
	list, err := s.products(ctx, s.db.reads, `SELECT `+productColumns+` FROM products WHERE id = $1 AND deleted_at = 0`, id)
	if err != nil {
		return Product{}, fmt.Errorf("shop store: product %d: %w", id, err)
	}
	if len(list) == 0 {
		return Product{}, fmt.Errorf("shop store: product %d: %w", id, ErrNotFound)
	}
	return list[0], nil
}

// ProductsByID returns the products of ids, deleted ones included (with
// their live variants).
func (s ShopStore) ProductsByID(ctx context.Context, ids []int64) (map[int64]Product, error) {
	out := map[int64]Product{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := s.products(ctx, s.db.reads, `SELECT `+productColumns+` FROM products WHERE id IN (`+marks(1, len(ids))+`)`,
		int64Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("shop store: products: %w", err)
	}
	for _, p := range list {
		out[p.ID] = p
	}
	return out, nil
}

// Products returns a page of live products, newest first.
func (s ShopStore) Products(ctx context.Context, f ProductFilter) ([]Product, error) {
	where := []string{"deleted_at = 0"}
	args := []any{}
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.CategoryID != 0 {
		add("category_id = ?", f.CategoryID)
	}
	if f.TagID != 0 {
		add("id IN (SELECT product_id FROM product_tags WHERE tag_id = ?)", f.TagID)
	}
	if f.Before != 0 {
		add("id < ?", f.Before)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 20
	}
	args = append(args, limit)
	list, err := s.products(ctx, s.db.reads, `SELECT `+productColumns+
		` FROM products WHERE `+strings.Join(where, " AND ")+` ORDER BY id DESC LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, fmt.Errorf("shop store: products: %w", err)
	}
	return list, nil
}

// products runs a query of products and reads their live variants and tags.
func (s ShopStore) products(ctx context.Context, q shopQuerier, query string, args ...any) ([]Product, error) {
	list, err := queryList(ctx, q, scanProduct, query, args...)
	if err != nil || len(list) == 0 {
		return list, err
	}
	ids := make([]int64, len(list))
	at := map[int64]int{}
	for i, p := range list {
		ids[i], at[p.ID] = p.ID, i
	}
	variants, err := queryList(ctx, q, scanVariant, `SELECT `+variantColumns+` FROM product_variants
		WHERE deleted_at = 0 AND product_id IN (`+marks(1, len(ids))+`) ORDER BY product_id, position`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	for _, v := range variants {
		list[at[v.ProductID]].Variants = append(list[at[v.ProductID]].Variants, v)
	}
	rows, err := q.QueryContext(ctx, `SELECT product_id, tag_id FROM product_tags WHERE product_id IN (`+
		marks(1, len(ids))+`) ORDER BY product_id, tag_id`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var pid, tid int64
		if err := rows.Scan(&pid, &tid); err != nil {
			return nil, err
		}
		list[at[pid]].TagIDs = append(list[at[pid]].TagIDs, tid)
	}
	return list, rows.Err()
}

// Variants returns the variants of ids, deleted ones included.
func (s ShopStore) Variants(ctx context.Context, ids []int64) (map[int64]ProductVariant, error) {
	out := map[int64]ProductVariant{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := queryList(ctx, s.db.reads, scanVariant, `SELECT `+variantColumns+` FROM product_variants
		WHERE id IN (`+marks(1, len(ids))+`)`, int64Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("shop store: variants: %w", err)
	}
	for _, v := range list {
		out[v.ID] = v
	}
	return out, nil
}

// Cart returns a member's cart, oldest line first.
func (s ShopStore) Cart(ctx context.Context, userID int64) ([]CartItem, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (CartItem, error) {
		var c CartItem
		return c, row.Scan(&c.VariantID, &c.Quantity, &c.AddedAt)
	}, `SELECT variant_id, quantity, added_at FROM carts WHERE user_id = $1 ORDER BY added_at, variant_id`, userID)
	if err != nil {
		return nil, fmt.Errorf("shop store: cart of %d: %w", userID, err)
	}
	return list, nil
}

// SetCart sets the quantities of lines of a member's cart in one
// transaction: a quantity of 0 or less removes the line.
func (s ShopStore) SetCart(ctx context.Context, userID int64, items []CartItem) error {
	now := Now()
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		for _, it := range items {
			var err error
			if it.Quantity <= 0 {
				_, err = tx.ExecContext(ctx, `DELETE FROM carts WHERE user_id = $1 AND variant_id = $2`, userID, it.VariantID)
			} else {
				_, err = tx.ExecContext(ctx, `INSERT INTO carts (user_id, variant_id, quantity, added_at) VALUES ($1, $2, $3, $4)
					ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = excluded.quantity`,
					userID, it.VariantID, it.Quantity, now)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("shop store: set cart of %d: %w", userID, err)
	}
	return nil
}

// PlaceOrder writes a new order with its lines in one transaction with
// everything it takes: the stock of each line (a conditional update:
// ErrOutOfStock, nothing written, when a variant has too few), the codes of
// code products, the coupon (ErrCouponTaken), its lines' cart rows, and,
// when op is not nil, the ledger operation that pays it (ErrInsufficientFunds).
// o.ID must be set. The same member and client id again is ErrOrderExists
// (nothing written): the caller answers the stored order.
func (s ShopStore) PlaceOrder(ctx context.Context, o *Order, op *WalletOp) (WalletResult, error) {
	var res WalletResult
	place := func(tx *sql.Tx) error { return s.placeOrder(ctx, tx, o) }
	var err error
	if op != nil {
		err = s.db.applyWith(ctx, *op, &res, place)
	} else {
		err = s.db.ledgerTx(ctx, place)
	}
	if err != nil {
		return WalletResult{}, fmt.Errorf("shop store: place order: %w", err)
	}
	return res, nil
}

func (s ShopStore) placeOrder(ctx context.Context, tx *sql.Tx, o *Order) error {
	if o.ID == 0 || len(o.Lines) == 0 {
		return errors.New("an order wants an id and lines")
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, client_id, status, currency, subtotal, discount, total,
		coupon_code, coupon, payment, payment_id, address, tracking_no, created_at, updated_at, paid_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, '', $13, $13, $14, $15)
		ON CONFLICT (user_id, client_id) DO NOTHING`,
		o.ID, o.UserID, o.ClientID, o.Status, o.Currency, o.Subtotal, o.Discount, o.Total, o.CouponCode, o.Coupon,
		o.Payment, o.Address, o.CreatedAt, o.PaidAt, o.ExpiresAt)
	if err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrOrderExists
	}
	// Stock in variant order, so that two checkouts never wait on each other in a cycle.
	take := map[int64]int64{}
	products := map[int64]int64{}
	for _, l := range o.Lines {
		take[l.VariantID] += l.Quantity
		products[l.ProductID] += l.Quantity
	}
	for _, id := range qtyKeys(take) {
		res, err := tx.ExecContext(ctx, `UPDATE product_variants SET stock = stock - $2
			WHERE id = $1 AND deleted_at = 0 AND stock >= $2`, id, take[id])
		if err != nil {
			return fmt.Errorf("take stock: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: variant %d", ErrOutOfStock, id)
		}
	}
	for _, id := range qtyKeys(products) {
		if _, err := tx.ExecContext(ctx, `UPDATE products SET sold = sold + $2 WHERE id = $1`, id, products[id]); err != nil {
			return err
		}
	}
	for i, l := range o.Lines {
		if l.DigitalType == DigitalCode {
			if err := s.reserveCodes(ctx, tx, l.ProductID, o.ID, l.Quantity); err != nil {
				return err
			}
		}
		titles, err := encodeJSON(nonNilMap(l.Titles))
		if err != nil {
			return err
		}
		names, err := encodeJSON(nonNilMap(l.VariantNames))
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_lines (order_id, line_no, variant_id, product_id, kind, titles,
			variant_names, thumb, quantity, unit_price, line_total) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			o.ID, i, l.VariantID, l.ProductID, l.Kind, titles, names, l.Thumb, l.Quantity, l.UnitPrice, l.LineTotal); err != nil {
			return fmt.Errorf("insert line: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM carts WHERE user_id = $1 AND variant_id = $2`, o.UserID, l.VariantID); err != nil {
			return err
		}
	}
	if o.CouponCode != "" {
		if err := useCouponTx(ctx, tx, o.CouponCode, o.UserID, o.ID, o.CreatedAt); errors.Is(err, ErrConflict) {
			return fmt.Errorf("%w: %w", ErrCouponTaken, err)
		} else if err != nil {
			return err
		}
	}
	return addHistory(ctx, tx, o.ID, o.Status, o.CreatedAt)
}

// reserveCodes gives n free codes of a product to an order.
func (s ShopStore) reserveCodes(ctx context.Context, tx *sql.Tx, productID, orderID, n int64) error {
	for got := int64(0); got < n; {
		rows, err := queryList(ctx, tx, func(row scanner) (int64, error) {
			var id int64
			return id, row.Scan(&id)
		}, `SELECT id FROM product_codes WHERE product_id = $1 AND order_id = 0 ORDER BY id LIMIT $2`, productID, n-got)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return fmt.Errorf("%w: codes of product %d", ErrOutOfStock, productID)
		}
		for _, id := range rows {
			res, err := tx.ExecContext(ctx, `UPDATE product_codes SET order_id = $2 WHERE id = $1 AND order_id = 0`, id, orderID)
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k == 1 {
				got++
			}
		}
	}
	return nil
}

func addHistory(ctx context.Context, tx *sql.Tx, orderID int64, status string, at int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO order_history (order_id, seq, status, at)
		VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM order_history WHERE order_id = $1), $2, $3)`, orderID, status, at)
	if err != nil {
		return fmt.Errorf("order history: %w", err)
	}
	return nil
}

func qtyKeys(m map[int64]int64) []int64 {
	keys := make([]int64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// PayOrder pays a pending order with op (from the wallet, or a provider
// payment's settlement: paymentID set) and marks it paid, in one
// transaction. A rerun of the same settlement changes nothing and answers
// the order; an order that is not pending (paid by another payment,
// expired, cancelled) is ErrOrderState and nothing is written.
func (s ShopStore) PayOrder(ctx context.Context, orderID int64, payment string, paymentID int64, op WalletOp) (Order, WalletResult, error) {
	var res WalletResult
	var o Order
	err := s.db.applyWith(ctx, op, &res, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE orders SET status = $2, paid_at = $3, updated_at = $3, payment = $4,
			payment_id = $5 WHERE id = $1 AND status = $6`, orderID, OrderPaid, op.At, payment, paymentID, OrderPending)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			if !res.Replayed {
				return ErrOrderState
			}
		} else if err := addHistory(ctx, tx, orderID, OrderPaid, op.At); err != nil {
			return err
		}
		o, err = s.order(ctx, tx, orderID)
		if err == nil && o.Status != OrderPaid && res.Replayed {
			// A replayed payment of an order that moved on since is still its payment.
			return nil
		}
		return err
	})
	if err != nil {
		return o, WalletResult{}, fmt.Errorf("shop store: pay order %d: %w", orderID, err)
	}
	return o, res, nil
}

// ReleaseOrder moves a pending order to status (OrderExpired, with
// expiresBefore its deadline must have passed; OrderCancelled by its
// member userID) and gives back its stock, codes and coupon, in one
// transaction. ErrOrderState when it is not pending (or not yet expired);
// ErrNotFound when it is not userID's (userID 0: anyone's).
func (s ShopStore) ReleaseOrder(ctx context.Context, orderID, userID int64, status string, at int64) (Order, error) {
	var o Order
	err := s.db.ledgerTx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE orders SET status = $2, updated_at = $3 WHERE id = $1 AND status = $4`
		args := []any{orderID, status, at, OrderPending}
		if status == OrderExpired {
			q += ` AND expires_at <= $3`
		}
		if userID != 0 {
			q += ` AND user_id = $5`
			args = append(args, userID)
		}
		r, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			cur, err := s.order(ctx, tx, orderID)
			if err != nil || (userID != 0 && cur.UserID != userID) {
				return ErrNotFound
			}
			return ErrOrderState
		}
		if o, err = s.order(ctx, tx, orderID); err != nil {
			return err
		}
		if err := s.restock(ctx, tx, o, true); err != nil {
			return err
		}
		if err := releaseCouponTx(ctx, tx, o.CouponCode, o.ID); err != nil {
			return err
		}
		return addHistory(ctx, tx, orderID, status, at)
	})
	if err != nil {
		return o, fmt.Errorf("shop store: release order %d: %w", orderID, err)
	}
	o.Status = status
	return o, nil
}

// restock puts an order's items back in stock (variants in id order);
// codes frees its codes too (an order that was never paid), else the
// lines of code products stay sold (their codes were delivered).
func (s ShopStore) restock(ctx context.Context, tx *sql.Tx, o Order, codes bool) error {
	give := map[int64]int64{}
	products := map[int64]int64{}
	for _, l := range o.Lines {
		if l.DigitalType == DigitalCode && !codes {
			continue // its codes were delivered: they do not come back
		}
		give[l.VariantID] += l.Quantity
		products[l.ProductID] += l.Quantity
	}
	for _, id := range qtyKeys(give) {
		if _, err := tx.ExecContext(ctx, `UPDATE product_variants SET stock = stock + $2 WHERE id = $1`, id, give[id]); err != nil {
			return fmt.Errorf("restock: %w", err)
		}
	}
	for _, id := range qtyKeys(products) {
		if _, err := tx.ExecContext(ctx, `UPDATE products SET sold = sold - $2 WHERE id = $1`, id, products[id]); err != nil {
			return err
		}
	}
	if codes {
		if _, err := tx.ExecContext(ctx, `UPDATE product_codes SET order_id = 0 WHERE order_id = $1`, o.ID); err != nil {
			return err
		}
	}
	return nil
}

// DueOrders returns the ids of pending orders whose deadline passed at now.
func (s ShopStore) DueOrders(ctx context.Context, now int64, limit int) ([]int64, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT id FROM orders WHERE status = $1 AND expires_at <= $2 ORDER BY expires_at LIMIT $3`, OrderPending, now, limit)
	if err != nil {
		return nil, fmt.Errorf("shop store: due orders: %w", err)
	}
	return list, nil
}

// SetOrderStatus moves an order from one of from to status (with a
// tracking number when not ""), in one transaction; refund, when not nil,
// is the ledger operation that pays the order back, and restock puts its
// items back in stock. ErrOrderState when its status is not one of from.
func (s ShopStore) SetOrderStatus(ctx context.Context, orderID int64, from []string, status, trackingNo string, at int64,
	restock bool, refund *WalletOp) (Order, WalletResult, error) {
	var res WalletResult
	var o Order
	change := func(tx *sql.Tx) error {
		args := []any{orderID, status, at, trackingNo}
		for _, f := range from {
			args = append(args, f)
		}
		r, err := tx.ExecContext(ctx, `UPDATE orders SET status = $2, updated_at = $3,
			tracking_no = CASE WHEN $4 = '' THEN tracking_no ELSE $4 END
			WHERE id = $1 AND status IN (`+marks(5, len(from))+`)`, args...)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n == 0 {
			if _, err := s.order(ctx, tx, orderID); err != nil {
				return err
			}
			return ErrOrderState
		}
		if o, err = s.order(ctx, tx, orderID); err != nil {
			return err
		}
		if restock {
			if err := s.restock(ctx, tx, o, false); err != nil {
				return err
			}
		}
		return addHistory(ctx, tx, orderID, status, at)
	}
	var err error
	if refund != nil {
		err = s.db.applyWith(ctx, *refund, &res, change)
	} else {
		err = s.db.ledgerTx(ctx, change)
	}
	if err != nil {
		return o, res, fmt.Errorf("shop store: order %d to %s: %w", orderID, status, err)
	}
	o.Status = status
	if trackingNo != "" {
		o.TrackingNo = trackingNo
	}
	return o, res, nil
}

// SetOrderPayment records the payment method and provider payment a
// pending order waits for.
func (s ShopStore) SetOrderPayment(ctx context.Context, orderID int64, payment string, paymentID int64) error {
	_, err := s.db.write.ExecContext(ctx, `UPDATE orders SET payment = $2, payment_id = $3 WHERE id = $1 AND status = $4`,
		orderID, payment, paymentID, OrderPending)
	if err != nil {
		return fmt.Errorf("shop store: order %d payment: %w", orderID, err)
	}
	return nil
}

const orderColumns = `id, user_id, client_id, status, currency, subtotal, discount, total, coupon_code, coupon, payment,
	payment_id, address, tracking_no, created_at, updated_at, paid_at, expires_at`

func scanOrder(row scanner) (Order, error) {
	var o Order
	err := row.Scan(&o.ID, &o.UserID, &o.ClientID, &o.Status, &o.Currency, &o.Subtotal, &o.Discount, &o.Total,
		&o.CouponCode, &o.Coupon, &o.Payment, &o.PaymentID, &o.Address, &o.TrackingNo, &o.CreatedAt, &o.UpdatedAt,
		&o.PaidAt, &o.ExpiresAt)
	return o, err
}

// Order returns an order with its lines, history and codes; ErrNotFound
// when there is none.
func (s ShopStore) Order(ctx context.Context, id int64) (Order, error) {
	o, err := s.order(ctx, s.db.write, id)
	if err != nil {
		return o, fmt.Errorf("shop store: order %d: %w", id, err)
	}
	return o, nil
}

// OrderByClient returns the order a member placed with a client id.
func (s ShopStore) OrderByClient(ctx context.Context, userID int64, clientID string) (Order, error) {
	var id int64
	err := s.db.write.QueryRowContext(ctx, `SELECT id FROM orders WHERE user_id = $1 AND client_id = $2`,
		userID, clientID).Scan(&id)
	if err != nil {
		return Order{}, fmt.Errorf("shop store: order by client: %w", mapError(err))
	}
	return s.Order(ctx, id)
}

func (s ShopStore) order(ctx context.Context, q shopQuerier, id int64) (Order, error) {
	o, err := scanOrder(q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id))
	if err != nil {
		return o, mapError(err)
	}
	list := []Order{o}
	if err := s.details(ctx, q, list); err != nil {
		return o, err
	}
	return list[0], nil
}

// details reads the lines, history and codes of orders.
func (s ShopStore) details(ctx context.Context, q shopQuerier, orders []Order) error {
	if len(orders) == 0 {
		return nil
	}
	ids := make([]int64, len(orders))
	at := map[int64]int{}
	for i, o := range orders {
		ids[i], at[o.ID] = o.ID, i
	}
	in := `(` + marks(1, len(ids)) + `)`
	rows, err := q.QueryContext(ctx, `SELECT l.order_id, l.variant_id, l.product_id, l.kind, l.titles, l.variant_names, l.thumb,
		l.quantity, l.unit_price, l.line_total, COALESCE(p.digital_type, ''), COALESCE(p.digital_url, '')
		FROM order_lines l LEFT JOIN products p ON p.id = l.product_id
		WHERE l.order_id IN `+in+` ORDER BY l.order_id, l.line_no`, int64Args(ids)...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var l OrderLine
		var oid int64
		var titles, names string
		if err := rows.Scan(&oid, &l.VariantID, &l.ProductID, &l.Kind, &titles, &names, &l.Thumb, &l.Quantity,
			&l.UnitPrice, &l.LineTotal, &l.DigitalType, &l.DigitalURL); err != nil {
			rows.Close()
			return err
		}
		if err := decodeJSON(titles, &l.Titles); err != nil {
			rows.Close()
			return err
		}
		if err := decodeJSON(names, &l.VariantNames); err != nil {
			rows.Close()
			return err
		}
		orders[at[oid]].Lines = append(orders[at[oid]].Lines, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = q.QueryContext(ctx, `SELECT order_id, status, at FROM order_history WHERE order_id IN `+in+
		` ORDER BY order_id, seq`, int64Args(ids)...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var e OrderEvent
		var oid int64
		if err := rows.Scan(&oid, &e.Status, &e.At); err != nil {
			rows.Close()
			return err
		}
		orders[at[oid]].History = append(orders[at[oid]].History, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = q.QueryContext(ctx, `SELECT order_id, code FROM product_codes WHERE order_id IN `+in+` ORDER BY id`,
		int64Args(ids)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var oid int64
		var code string
		if err := rows.Scan(&oid, &code); err != nil {
			return err
		}
		orders[at[oid]].Codes = append(orders[at[oid]].Codes, code)
	}
	return rows.Err()
}

// Orders returns a page of a member's orders (userID 0: everyone's) of a
// status ("" any), newest first.
func (s ShopStore) Orders(ctx context.Context, userID int64, status string, before int64, limit int) ([]Order, error) {
	if limit <= 0 {
		limit = 20
	}
	q := `SELECT ` + orderColumns + ` FROM orders WHERE (user_id = $1 OR $1 = 0)`
	args := []any{userID}
	if status != "" {
		args = append(args, status)
		q += ` AND status = $` + strconv.Itoa(len(args))
	}
	if before != 0 {
		args = append(args, before)
		q += ` AND id < $` + strconv.Itoa(len(args))
	}
	args = append(args, limit)
	q += ` ORDER BY id DESC LIMIT $` + strconv.Itoa(len(args))
	list, err := queryList(ctx, s.db.reads, scanOrder, q, args...)
	if err == nil {
		err = s.details(ctx, s.db.reads, list)
	}
	if err != nil {
		return nil, fmt.Errorf("shop store: orders of %d: %w", userID, err)
	}
	return list, nil
}

// CountOrders counts the orders of a status.
func (s ShopStore) CountOrders(ctx context.Context, status string) (int, error) {
	var n int
	if err := s.db.write.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE status = $1`, status).Scan(&n); err != nil {
		return 0, fmt.Errorf("shop store: count orders: %w", err)
	}
	return n, nil
}
