package shop

import (
	"context"
	"errors"
	"strings"

	"souk/app/action"
	"souk/app/internal/coupons"
	"souk/app/member"
	"souk/persistence"
)

// Problems of a cart line.
const (
	ProblemStock = "stock"
	ProblemGone  = "gone"
	ProblemPrice = "price"
	ProblemVIP   = "vip"
	ProblemLevel = "level"
)

// CartLine is a line of a cart, priced on the server.
type CartLine struct {
	VariantID   string `json:"variantId" doc:"the variant's databaseId"`
	ProductID   string `json:"productId" doc:"the product's databaseId"`
	Title       string `json:"title" doc:"the product's title in the request's language"`
	VariantName string `json:"variantName" doc:"empty for a product's only variant"`
	Thumb       string `json:"thumb" doc:"the product's first image"`
	Quantity    int64  `json:"quantity" doc:"items asked for"`
	Stock       int64  `json:"stock" doc:"items in stock now"`
	UnitPrice   Money  `json:"unitPrice" doc:"after the viewer's VIP discount"`
	LineTotal   Money  `json:"lineTotal" doc:"unitPrice × quantity"`
	Available   bool   `json:"available" doc:"the line can be bought as it is (problem is empty)"`
	Problem     string `json:"problem" doc:"why not: stock (more than in stock), gone (removed), price (no price in the currency), vip, level; empty when available"`
}

// CouponBrief is a coupon as a cart or an order shows it.
type CouponBrief struct {
	Code      string `json:"code" doc:"the coupon's code"`
	Name      string `json:"name" doc:"in the request's language"`
	Type      string `json:"type" doc:"cash, register or exchange"`
	FaceValue *Money `json:"faceValue" doc:"null for none"`
	Discount  *Money `json:"discount" doc:"what it takes off this cart or order"`
}

// CartView is a cart priced in the request's currency.
type CartView struct {
	Lines        []CartLine   `json:"lines" doc:"the lines in the order they were added"`
	Count        int64        `json:"count" doc:"the sum of the quantities"`
	Subtotal     Money        `json:"subtotal" doc:"of the available lines"`
	Discount     Money        `json:"discount" doc:"the coupon's"`
	Total        Money        `json:"total" doc:"subtotal less discount"`
	Coupon       *CouponBrief `json:"coupon" doc:"the coupon applied; null for none"`
	CouponError  string       `json:"couponError" doc:"the i18n key of why the coupon asked for does not apply; empty otherwise"`
	NeedsAddress bool         `json:"needsAddress" doc:"a line is a physical product: checkout needs an address"`
}

// item is a variant and a quantity asked for.
type item struct {
	variantID, quantity int64
}

// priced is a cart priced for a buyer.
type priced struct {
	view     CartView
	currency string
	// lines are the available lines as an order stores them.
	lines      []persistence.OrderLine
	problems   bool
	subtotal   int64
	discount   int64
	coupon     *persistence.Coupon
	couponErr  error
	productIDs []int64
	// termIDs are the categories and tags of the available lines' products.
	termIDs []int64
}

// price prices items for b in lang and cur (a currency code or CREDIT),
// with the coupon of couponCode ("" none).
func (s *Service) price(ctx context.Context, b buyer, lang, cur string, items []item, couponCode string) (priced, error) {
	out := priced{currency: cur, view: CartView{Lines: []CartLine{}}}
	as, err := s.assets(ctx)
	if err != nil {
		return out, err
	}
	a := as.get(cur)
	ids := make([]int64, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.variantID)
	}
	variants, err := s.db.Shop().Variants(ctx, ids)
	if err != nil {
		return out, err
	}
	var pids []int64
	for _, v := range variants {
		pids = append(pids, v.ProductID)
	}
	products, err := s.db.Shop().ProductsByID(ctx, pids)
	if err != nil {
		return out, err
	}
	seenProduct := map[int64]bool{}
	for _, it := range items {
		v, okV := variants[it.variantID]
		p, okP := products[v.ProductID]
		line := CartLine{VariantID: member.FormatID(it.variantID), Quantity: it.quantity, UnitPrice: a.money(0),
			LineTotal: a.money(0)}
		out.view.Count += it.quantity
		if !okV || !okP || v.DeletedAt != 0 || p.DeletedAt != 0 {
			line.Problem = ProblemGone
			if okV {
				line.ProductID = member.FormatID(v.ProductID)
			}
			if okP {
				line.Title = pick(p.Titles, lang)
			}
			out.problems = true
			out.view.Lines = append(out.view.Lines, line)
			continue
		}
		line.ProductID, line.Title, line.Stock = member.FormatID(p.ID), pick(p.Titles, lang), v.Stock
		if len(p.Variants) > 1 {
			line.VariantName = pick(v.Names, lang)
		}
		if len(p.Images) > 0 {
			line.Thumb = p.Images[0]
		}
		list, hasPrice := v.Prices[cur]
		unit := discounted(list, b.percent(p))
		switch block := b.block(p); {
		case block == "vip":
			line.Problem = ProblemVIP
		case block == "level":
			line.Problem = ProblemLevel
		case !hasPrice:
			line.Problem = ProblemPrice
		case it.quantity > v.Stock:
			line.Problem = ProblemStock
		}
		if hasPrice {
			line.UnitPrice, line.LineTotal = a.money(unit), a.money(unit*it.quantity)
		}
		if p.Kind == persistence.ProductPhysical {
			out.view.NeedsAddress = true
		}
		line.Available = line.Problem == ""
		if !line.Available {
			out.problems = true
		} else {
			out.subtotal += unit * it.quantity
			ol := persistence.OrderLine{VariantID: v.ID, ProductID: p.ID, Kind: p.Kind, Titles: p.Titles,
				VariantNames: v.Names, Thumb: line.Thumb, Quantity: it.quantity, UnitPrice: unit,
				LineTotal: unit * it.quantity, DigitalType: p.DigitalType, DigitalURL: p.DigitalURL}
			if len(p.Variants) <= 1 {
				ol.VariantNames = map[string]string{}
			}
			out.lines = append(out.lines, ol)
			if !seenProduct[p.ID] {
				seenProduct[p.ID] = true
				out.productIDs = append(out.productIDs, p.ID)
				if p.CategoryID != 0 {
					out.termIDs = append(out.termIDs, p.CategoryID)
				}
				out.termIDs = append(out.termIDs, p.TagIDs...)
			}
		}
		out.view.Lines = append(out.view.Lines, line)
	}
	couponCode = strings.TrimSpace(couponCode)
	if couponCode != "" {
		out.applyCoupon(ctx, s, b, a, couponCode, lang)
	}
	out.view.Subtotal, out.view.Discount = a.money(out.subtotal), a.money(out.discount)
	out.view.Total = a.money(out.subtotal - out.discount)
	return out, nil
}

// applyCoupon prices the coupon of code on the cart, or records why not.
func (out *priced) applyCoupon(ctx context.Context, s *Service, b buyer, a asset, code, lang string) {
	fail := func(err error) {
		out.couponErr = err
		out.view.CouponError = action.AsError(err).Key
	}
	if b.userID == 0 {
		fail(ErrCoupon)
		return
	}
	c, err := s.db.Coupons().Get(ctx, code)
	if errors.Is(err, persistence.ErrNotFound) {
		fail(ErrCoupon)
		return
	}
	if err != nil {
		fail(err)
		return
	}
	d, err := coupons.Discount(c, coupons.Use{UserID: b.userID, Level: b.level, VIPTier: b.tier, Currency: out.currency,
		Subtotal: out.subtotal, ProductIDs: out.productIDs, TermIDs: out.termIDs, Now: s.now()})
	if err != nil {
		fail(err)
		return
	}
	out.coupon, out.discount = &c, d
	out.view.Coupon = couponBrief(c, lang, a, d)
}

func couponBrief(c persistence.Coupon, lang string, a asset, discount int64) *CouponBrief {
	brief := &CouponBrief{Code: c.Code, Name: pick(c.Names, lang), Type: c.Type}
	if c.FaceValue > 0 && c.FaceCurrency != "" {
		m := Money{Currency: c.FaceCurrency, Amount: a.money(c.FaceValue).Amount}
		if c.FaceCurrency != a.Code {
			m.Amount = ""
		}
		brief.FaceValue = &m
	}
	d := a.money(discount)
	brief.Discount = &d
	return brief
}

// CartInput asks for the viewer's cart.
type CartInput struct {
	CouponCode string `json:"couponCode,omitempty" doc:"a coupon to price the cart with"`
}

// CartReply answers the cart actions.
type CartReply struct {
	Cart CartView `json:"cart" doc:"the cart as priced now"`
}

// cart prices a member's stored cart.
func (s *Service) cart(ctx context.Context, couponCode string) (CartReply, error) {
	req := action.RequestFrom(ctx)
	b, err := s.buyerOf(ctx, req.Viewer)
	if err != nil {
		return CartReply{}, err
	}
	stored, err := s.db.Shop().Cart(ctx, b.userID)
	if err != nil {
		return CartReply{}, err
	}
	items := make([]item, 0, len(stored))
	for _, c := range stored {
		items = append(items, item{variantID: c.VariantID, quantity: c.Quantity})
	}
	as, err := s.assets(ctx)
	if err != nil {
		return CartReply{}, err
	}
	p, err := s.price(ctx, b, action.NormalizeLang(req.Lang), as.requestCurrency(ctx), items, couponCode)
	return CartReply{Cart: p.view}, err
}

// CartGet answers cart.get.
func (s *Service) CartGet(ctx context.Context, in CartInput) (CartReply, error) {
	return s.cart(ctx, in.CouponCode)
}

// CartSetInput sets a line of the viewer's cart.
type CartSetInput struct {
	VariantID action.ID `json:"variantId" doc:"the variant's databaseId"`
	Quantity  int64     `json:"quantity" doc:"0 removes the line; at most the stock"`
}

// CartSet answers cart.set.
func (s *Service) CartSet(ctx context.Context, in CartSetInput) (CartReply, error) {
	if in.VariantID <= 0 {
		return CartReply{}, action.Required("variantId")
	}
	if in.Quantity < 0 || in.Quantity > MaxQuantity {
		return CartReply{}, ErrQuantity
	}
	userID := action.RequestFrom(ctx).Viewer.UserID
	if in.Quantity > 0 {
		v, err := s.liveVariant(ctx, int64(in.VariantID))
		if err != nil {
			return CartReply{}, err
		}
		if in.Quantity > v.Stock {
			return CartReply{}, ErrStock
		}
		stored, err := s.db.Shop().Cart(ctx, userID)
		if err != nil {
			return CartReply{}, err
		}
		if len(stored) >= MaxLines && !hasVariant(stored, int64(in.VariantID)) {
			return CartReply{}, ErrCartFull
		}
	}
	if err := s.db.Shop().SetCart(ctx, userID, []persistence.CartItem{{VariantID: int64(in.VariantID),
		Quantity: in.Quantity}}); err != nil {
		return CartReply{}, err
	}
	return s.cart(ctx, "")
}

func hasVariant(list []persistence.CartItem, id int64) bool {
	for _, c := range list {
		if c.VariantID == id {
			return true
		}
	}
	return false
}

// liveVariant is a variant of a live product; ErrNotFound otherwise.
func (s *Service) liveVariant(ctx context.Context, id int64) (persistence.ProductVariant, error) {
	vs, err := s.db.Shop().Variants(ctx, []int64{id})
	if err != nil {
		return persistence.ProductVariant{}, err
	}
	v, ok := vs[id]
	if !ok || v.DeletedAt != 0 {
		return v, ErrNotFound
	}
	if _, err := s.db.Shop().Product(ctx, v.ProductID); errors.Is(err, persistence.ErrNotFound) {
		return v, ErrNotFound
	} else if err != nil {
		return v, err
	}
	return v, nil
}

// ItemInput is a line of a guest's local cart.
type ItemInput struct {
	VariantID action.ID `json:"variantId" doc:"the variant's databaseId"`
	Quantity  int64     `json:"quantity" doc:"1 or more"`
}

// CartMergeInput is a guest's local cart.
type CartMergeInput struct {
	Items []ItemInput `json:"items" doc:"the local cart's lines (at most 50)"`
}

// CartMerge answers cart.merge.
func (s *Service) CartMerge(ctx context.Context, in CartMergeInput) (CartReply, error) {
	if len(in.Items) > MaxLines {
		return CartReply{}, ErrTooMany
	}
	userID := action.RequestFrom(ctx).Viewer.UserID
	stored, err := s.db.Shop().Cart(ctx, userID)
	if err != nil {
		return CartReply{}, err
	}
	qty := map[int64]int64{}
	for _, c := range stored {
		qty[c.VariantID] = c.Quantity
	}
	var ids []int64
	for _, it := range in.Items {
		if it.VariantID > 0 && it.Quantity > 0 {
			ids = append(ids, int64(it.VariantID))
		}
	}
	variants, err := s.db.Shop().Variants(ctx, ids)
	if err != nil {
		return CartReply{}, err
	}
	var pids []int64
	for _, v := range variants {
		pids = append(pids, v.ProductID)
	}
	products, err := s.db.Shop().ProductsByID(ctx, pids)
	if err != nil {
		return CartReply{}, err
	}
	var changes []persistence.CartItem
	lines := len(stored)
	for _, it := range in.Items {
		v, ok := variants[int64(it.VariantID)]
		p, okP := products[v.ProductID]
		if !ok || !okP || v.DeletedAt != 0 || p.DeletedAt != 0 || it.Quantity <= 0 || v.Stock <= 0 {
			continue
		}
		if _, had := qty[v.ID]; !had {
			if lines >= MaxLines {
				continue
			}
			lines++
		}
		qty[v.ID] = min(qty[v.ID]+min(it.Quantity, MaxQuantity), v.Stock, MaxQuantity)
		changes = append(changes, persistence.CartItem{VariantID: v.ID, Quantity: qty[v.ID]})
	}
	if len(changes) > 0 {
		if err := s.db.Shop().SetCart(ctx, userID, changes); err != nil {
			return CartReply{}, err
		}
	}
	return s.cart(ctx, "")
}

// CartQuoteInput is a guest's local cart to price.
type CartQuoteInput struct {
	Items      []ItemInput `json:"items" doc:"the local cart's lines (at most 50)"`
	CouponCode string      `json:"couponCode,omitempty" doc:"a coupon of the viewer's to price the cart with (members only)"`
}

// CartQuote answers cart.quote.
func (s *Service) CartQuote(ctx context.Context, in CartQuoteInput) (CartReply, error) {
	if len(in.Items) > MaxLines {
		return CartReply{}, ErrTooMany
	}
	items := make([]item, 0, len(in.Items))
	for _, it := range in.Items {
		if it.VariantID <= 0 {
			return CartReply{}, action.Required("variantId")
		}
		if it.Quantity <= 0 || it.Quantity > MaxQuantity {
			return CartReply{}, ErrQuantity
		}
		items = append(items, item{variantID: int64(it.VariantID), quantity: it.Quantity})
	}
	req := action.RequestFrom(ctx)
	b, err := s.buyerOf(ctx, req.Viewer)
	if err != nil {
		return CartReply{}, err
	}
	as, err := s.assets(ctx)
	if err != nil {
		return CartReply{}, err
	}
	p, err := s.price(ctx, b, action.NormalizeLang(req.Lang), as.requestCurrency(ctx), items, in.CouponCode)
	return CartReply{Cart: p.view}, err
}
