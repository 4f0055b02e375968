package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Coupon types (Coupon.Type); "" is an invalid coupon.
const (
	CouponCash     = "cash"
	CouponRegister = "register"
	CouponExchange = "exchange"
)

// Coupon statuses, computed on read (Coupon.Status).
const (
	CouponUnused  = "unused"
	CouponUsed    = "used"
	CouponExpired = "expired"
	CouponInvalid = "invalid"
)

// Coupon is a coupon: a code a member holds, applied at checkout (cash and
// register coupons) or redeemed once (exchange coupons).
type Coupon struct {
	// Code is the coupon's unique, unguessable code.
	Code string
	// OwnerID is the member holding it; 0 is a template (register coupons
	// granted to every new member).
	OwnerID int64
	// Names per language.
	Names map[string]string
	// Type is one of the Coupon type constants; "" is invalid.
	Type string
	// FaceValue is minor units of FaceCurrency taken off an order.
	FaceCurrency string
	FaceValue    int64
	// MinSpend is the subtotal (minor units of FaceCurrency) an order must reach.
	MinSpend  int64
	AllowPush bool
	// CreatedAt and ExpiredAt are epoch ms; ExpiredAt 0 never expires.
	CreatedAt, ExpiredAt int64
	// RedeemType is custom, money, credit, level or none; RedeemText the
	// custom text; RedeemAsset and RedeemAmount what money/credit pays
	// (a currency code or AssetCredit, minor units); RedeemLevel the level
	// key a level coupon brings the member to.
	RedeemType, RedeemText string
	RedeemAsset            string
	RedeemAmount           int64
	RedeemLevel            string
	// UseRestrict is none, ids (RestrictUsers may use it) or levels
	// (members at one of RestrictLevels).
	UseRestrict    string
	RestrictUsers  []int64
	RestrictLevels []string
	// RestrictedType is terms, ids (RestrictedProducts only) or other.
	RestrictedType     string
	RestrictedProducts []int64
	// Descriptions per language.
	Descriptions map[string]string
	// UsedAt is when it was used (0: unused); UsedOrderID the order it
	// paid (0: redeemed, or unused).
	UsedAt, UsedOrderID int64
	// PushedFrom is the member who gifted it to its owner (0: none).
	PushedFrom int64
	// Template is the register template a granted coupon came from.
	Template string
}

// Status is the coupon's status at now (epoch ms): invalid without a type,
// used, expired or unused.
func (c Coupon) Status(now int64) string {
	switch {
	case c.Type == "":
		return CouponInvalid
	case c.UsedAt != 0:
		return CouponUsed
	case c.ExpiredAt != 0 && c.ExpiredAt <= now:
		return CouponExpired
	}
	return CouponUnused
}

// CouponsStore keeps the coupons.
type CouponsStore struct{ db *DB }

// Coupons returns the coupons store.
func (db *DB) Coupons() CouponsStore { return CouponsStore{db: db} }

const couponColumns = `code, owner_id, template, names, coupon_type, face_currency, face_value, min_spend, allow_push,
	created_at, expired_at, redeem_type, redeem_text, redeem_asset, redeem_amount, redeem_level, use_restrict,
	restrict_users, restrict_levels, restricted_type, restricted_products, descriptions, used_at, used_order_id,
	pushed_from`

func scanCoupon(row scanner) (Coupon, error) {
	var c Coupon
	var names, users, levels, products, descriptions string
	err := row.Scan(&c.Code, &c.OwnerID, &c.Template, &names, &c.Type, &c.FaceCurrency, &c.FaceValue, &c.MinSpend,
		&c.AllowPush, &c.CreatedAt, &c.ExpiredAt, &c.RedeemType, &c.RedeemText, &c.RedeemAsset, &c.RedeemAmount,
		&c.RedeemLevel, &c.UseRestrict, &users, &levels, &c.RestrictedType, &products, &descriptions, &c.UsedAt,
		&c.UsedOrderID, &c.PushedFrom)
	if err != nil {
		return c, mapError(err)
	}
	for _, f := range []struct {
		text string
		into any
	}{{names, &c.Names}, {users, &c.RestrictUsers}, {levels, &c.RestrictLevels}, {products, &c.RestrictedProducts},
		{descriptions, &c.Descriptions}} {
		if err := decodeJSON(f.text, f.into); err != nil {
			return c, err
		}
	}
	return c, nil
}

// couponArgs are c's values in couponColumns order.
func couponArgs(c Coupon) ([]any, error) {
	var texts [5]string
	for i, v := range []any{nonNilMap(c.Names), nonNilSlice(c.RestrictUsers), nonNilSlice(c.RestrictLevels),
		nonNilSlice(c.RestrictedProducts), nonNilMap(c.Descriptions)} {
		t, err := encodeJSON(v)
		if err != nil {
			return nil, err
		}
		texts[i] = t
	}
	return []any{c.Code, c.OwnerID, c.Template, texts[0], c.Type, c.FaceCurrency, c.FaceValue, c.MinSpend, c.AllowPush,
		c.CreatedAt, c.ExpiredAt, c.RedeemType, c.RedeemText, c.RedeemAsset, c.RedeemAmount, c.RedeemLevel,
		c.UseRestrict, texts[1], texts[2], c.RestrictedType, texts[3], texts[4], c.UsedAt, c.UsedOrderID,
		c.PushedFrom}, nil
}

const couponValues = `$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
	$22, $23, $24, $25`

// Get returns the coupon of code, or ErrNotFound.
func (s CouponsStore) Get(ctx context.Context, code string) (Coupon, error) {
	c, err := scanCoupon(s.db.reads.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons WHERE code = $1`, code))
	if err != nil {
		return c, fmt.Errorf("coupons store: get %q: %w", code, err)
	}
	return c, nil
}

// Insert writes new coupons in one transaction; a code that exists already
// is ErrConflict and nothing is written.
func (s CouponsStore) Insert(ctx context.Context, list []Coupon) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		for _, c := range list {
			args, err := couponArgs(c)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO coupons (`+couponColumns+`) VALUES (`+couponValues+`)`,
				args...); err != nil {
				return fmt.Errorf("%q: %w", c.Code, mapError(err))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("coupons store: insert: %w", err)
	}
	return nil
}

// Upsert writes c by its code: a new row, or the row's definition replaced
// (its owner, use and gift are kept). For seeding.
func (s CouponsStore) Upsert(ctx context.Context, c Coupon) error {
	args, err := couponArgs(c)
	if err != nil {
		return err
	}
	_, err = s.db.write.ExecContext(ctx, `INSERT INTO coupons (`+couponColumns+`) VALUES (`+couponValues+`)
		ON CONFLICT (code) DO UPDATE SET names = excluded.names, coupon_type = excluded.coupon_type,
			face_currency = excluded.face_currency, face_value = excluded.face_value, min_spend = excluded.min_spend,
			allow_push = excluded.allow_push, expired_at = excluded.expired_at, redeem_type = excluded.redeem_type,
			redeem_text = excluded.redeem_text, redeem_asset = excluded.redeem_asset,
			redeem_amount = excluded.redeem_amount, redeem_level = excluded.redeem_level,
			use_restrict = excluded.use_restrict, restrict_users = excluded.restrict_users,
			restrict_levels = excluded.restrict_levels, restricted_type = excluded.restricted_type,
			restricted_products = excluded.restricted_products, descriptions = excluded.descriptions`, args...)
	if err != nil {
		return fmt.Errorf("coupons store: upsert %q: %w", c.Code, mapError(err))
	}
	return nil
}

// CouponCursor is where a page of a member's coupons starts: after the
// coupon created at CreatedAt with Code (newest first; zero: the first page).
type CouponCursor struct {
	CreatedAt int64
	Code      string
}

// ListByOwner returns up to limit of a member's coupons, newest first,
// after the cursor, with status ("" all, or unused, used, expired) at now.
func (s CouponsStore) ListByOwner(ctx context.Context, ownerID int64, status string, now int64, after CouponCursor,
	limit int) ([]Coupon, error) {
	if ownerID <= 0 {
		return nil, nil
	}
	args := []any{ownerID, after.CreatedAt, after.Code, limit}
	where := ``
	switch status {
	case CouponUnused:
		where, args = ` AND coupon_type <> '' AND used_at = 0 AND (expired_at = 0 OR expired_at > $5)`, append(args, now)
	case CouponUsed:
		where = ` AND coupon_type <> '' AND used_at <> 0`
	case CouponExpired:
		where = ` AND coupon_type <> '' AND used_at = 0 AND expired_at <> 0 AND expired_at <= $5`
		args = append(args, now)
	}
	if after.CreatedAt == 0 && after.Code == "" {
		args[1] = int64(1 << 62)
	}
	list, err := queryList(ctx, s.db.reads, scanCoupon, `SELECT `+couponColumns+` FROM coupons
		WHERE owner_id = $1 AND (created_at < $2 OR (created_at = $2 AND code < $3))`+where+`
		ORDER BY created_at DESC, code DESC LIMIT $4`, args...)
	if err != nil {
		return nil, fmt.Errorf("coupons store: list of %d: %w", ownerID, err)
	}
	return list, nil
}

// Templates returns the register templates (owner 0, type register) that
// have not expired at now.
func (s CouponsStore) Templates(ctx context.Context, now int64) ([]Coupon, error) {
	list, err := queryList(ctx, s.db.reads, scanCoupon, `SELECT `+couponColumns+` FROM coupons
		WHERE owner_id = 0 AND coupon_type = $1 AND (expired_at = 0 OR expired_at > $2)
		ORDER BY created_at, code LIMIT 100`, CouponRegister, now)
	if err != nil {
		return nil, fmt.Errorf("coupons store: templates: %w", err)
	}
	return list, nil
}

// Grant gives a member a copy of each template under the code codeOf
// returns for it, at most once per template and member (a second grant
// writes nothing). It returns the coupons written now.
func (s CouponsStore) Grant(ctx context.Context, userID int64, templates []Coupon, codeOf func(Coupon) string,
	now int64) ([]Coupon, error) {
	var granted []Coupon
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		granted = granted[:0]
		for _, t := range templates {
			c := t
			c.Code, c.OwnerID, c.Template, c.CreatedAt = codeOf(t), userID, t.Code, now
			c.UsedAt, c.UsedOrderID, c.PushedFrom = 0, 0, 0
			args, err := couponArgs(c)
			if err != nil {
				return err
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO coupons (`+couponColumns+`) VALUES (`+couponValues+`)
				ON CONFLICT DO NOTHING`, args...)
			if err != nil {
				return mapError(err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n > 0 {
				granted = append(granted, c)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("coupons store: grant to %d: %w", userID, err)
	}
	return granted, nil
}

// Push moves a coupon from its owner to another member in one conditional
// update: only when from holds it, it allows pushing, is valid, unused and
// not expired at now. ErrConflict when any of these fails (or it moved
// already); ErrNotFound when there is no such coupon.
func (s CouponsStore) Push(ctx context.Context, code string, from, to, now int64) (Coupon, error) {
	var c Coupon
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		var n int64
		if from > 0 && to > 0 && from != to {
			res, err := tx.ExecContext(ctx, `UPDATE coupons SET owner_id = $3, pushed_from = $2
				WHERE code = $1 AND owner_id = $2 AND allow_push AND coupon_type <> ''
					AND used_at = 0 AND (expired_at = 0 OR expired_at > $4)`, code, from, to, now)
			if err != nil {
				return err
			}
			if n, err = res.RowsAffected(); err != nil {
				return err
			}
		}
		var err error
		c, err = scanCoupon(tx.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons WHERE code = $1`, code))
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrConflict
		}
		return nil
	})
	if err != nil {
		return c, fmt.Errorf("coupons store: push %q: %w", code, err)
	}
	return c, nil
}

// CouponRedeemKey is the idempotency key of the ledger operation that
// redeems an exchange coupon: one per coupon, so it pays once.
func CouponRedeemKey(code string) string { return "coupon:redeem:" + code }

// CouponLevel is what redeeming a level coupon does to its owner: their
// growth points raised to MinPoints (never lowered) and, when Key is not
// empty, their level set to Key.
type CouponLevel struct {
	Key       string
	MinPoints int64
}

// Redeem marks an exchange coupon used by its owner at now, with op (its
// payment through the ledger, under CouponRedeemKey; nil for none) or
// level (nil for none) in the same transaction. ErrConflict unless ownerID
// holds it unused and not expired; a replayed op with the coupon used
// already answers the coupon.
func (s CouponsStore) Redeem(ctx context.Context, code string, ownerID, now int64, op *WalletOp,
	level *CouponLevel) (Coupon, WalletResult, error) {
	var c Coupon
	var res WalletResult
	mark := func(tx *sql.Tx) error {
		if err := useCouponTx(ctx, tx, code, ownerID, 0, now); err != nil {
			return err
		}
		if level != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET
				growth_points = CASE WHEN growth_points < $2 THEN $2 ELSE growth_points END,
				level_key = CASE WHEN $3 = '' THEN level_key ELSE $3 END, updated_at = $4 WHERE id = $1`,
				ownerID, level.MinPoints, level.Key, now); err != nil {
				return fmt.Errorf("level: %w", err)
			}
		}
		var err error
		c, err = scanCoupon(tx.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons WHERE code = $1`, code))
		return err
	}
	var err error
	if op == nil {
		err = s.db.tx(ctx, mark)
	} else {
		err = s.db.applyWith(ctx, *op, &res, func(tx *sql.Tx) error {
			if res.Replayed {
				var err error
				c, err = scanCoupon(tx.QueryRowContext(ctx, `SELECT `+couponColumns+` FROM coupons WHERE code = $1`,
					code))
				return err
			}
			return mark(tx)
		})
	}
	if err != nil {
		return c, WalletResult{}, fmt.Errorf("coupons store: redeem %q: %w", code, err)
	}
	return c, res, nil
}

// GrantedTemplates returns the codes of the templates a member was granted.
func (s CouponsStore) GrantedTemplates(ctx context.Context, userID int64) ([]string, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (string, error) {
		var code string
		return code, row.Scan(&code)
	}, `SELECT template FROM coupons WHERE owner_id = $1 AND template <> ''`, userID)
	if err != nil {
		return nil, fmt.Errorf("coupons store: templates of %d: %w", userID, err)
	}
	return list, nil
}

// useCouponTx marks a coupon used by orderID (0: redeemed) at now, inside
// the caller's transaction: ErrConflict unless ownerID holds it, it is
// valid, unused and not expired. A coupon used already by the same
// non-zero orderID is no error (a rerun).
func useCouponTx(ctx context.Context, tx *sql.Tx, code string, ownerID, orderID, now int64) error {
	if ownerID <= 0 {
		return fmt.Errorf("use coupon %q: %w", code, ErrConflict)
	}
	res, err := tx.ExecContext(ctx, `UPDATE coupons SET used_at = $4, used_order_id = $3
		WHERE code = $1 AND owner_id = $2 AND coupon_type <> '' AND used_at = 0
			AND (expired_at = 0 OR expired_at > $4)`, code, ownerID, orderID, now)
	if err != nil {
		return fmt.Errorf("use coupon %q: %w", code, mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("use coupon %q: %w", code, err)
	}
	if n > 0 {
		return nil
	}
	if orderID != 0 {
		var usedBy int64
		err := tx.QueryRowContext(ctx, `SELECT used_order_id FROM coupons WHERE code = $1 AND owner_id = $2
			AND used_at <> 0`, code, ownerID).Scan(&usedBy)
		if err == nil && usedBy == orderID {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("use coupon %q: %w", code, err)
		}
	}
	return fmt.Errorf("use coupon %q: %w", code, ErrConflict)
}

// releaseCouponTx puts a coupon used by orderID back to unused, inside the
// caller's transaction (an order cancelled, expired or refunded). A coupon
// not used by orderID is left alone.
func releaseCouponTx(ctx context.Context, tx *sql.Tx, code string, orderID int64) error {
	if code == "" || orderID == 0 {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE coupons SET used_at = 0, used_order_id = 0
		WHERE code = $1 AND used_order_id = $2 AND used_at <> 0`, code, orderID)
	if err != nil {
		return fmt.Errorf("release coupon %q: %w", code, err)
	}
	return nil
}
