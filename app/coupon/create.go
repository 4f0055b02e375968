package coupon

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"souk/app/internal/coupons"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/persistence"
)

// maxMoneyMajor and maxCredit bound an amount: 1,000,000 of a currency's
// major unit, or 100,000,000 credit (the wallet's bounds).
const (
	maxMoneyMajor = 1_000_000
	maxCredit     = 100_000_000
)

// MoneyInput is an amount in a currency sent by an administrator.
type MoneyInput struct {
	Currency string       `json:"currency" doc:"ISO code of a site currency, e.g. CNY"`
	Amount   money.Amount `json:"amount" doc:"decimal text with at most the currency's decimals, e.g. 12.30"`
}

// RedeemInput is what an exchange coupon is redeemed for.
type RedeemInput struct {
	Type   string       `json:"type" doc:"custom, money, credit, level or none"`
	Text   string       `json:"text,omitempty" doc:"a custom redemption's text"`
	Money  *MoneyInput  `json:"money,omitempty" doc:"a money redemption's amount"`
	Credit money.Amount `json:"credit,omitempty" doc:"a credit redemption's points, e.g. 120"`
	Level  string       `json:"level,omitempty" doc:"a level redemption's growth level key, e.g. lv2"`
}

// RestrictInput says who may use a coupon.
type RestrictInput struct {
	Type   string      `json:"type" doc:"none, ids or levels"`
	Users  []action.ID `json:"users,omitempty" doc:"the members allowed, for ids"`
	Levels []string    `json:"levels,omitempty" doc:"the growth level keys allowed, for levels"`
}

// TemplateInput is what every coupon of a batch is.
type TemplateInput struct {
	Name              map[string]string `json:"name" doc:"per language code; at least one"`
	Type              string            `json:"type" doc:"cash, register or exchange"`
	FaceValue         *MoneyInput       `json:"faceValue,omitempty" doc:"what it takes off an order; required for cash and register"`
	AllowPush         bool              `json:"allowPush" doc:"it may be gifted"`
	ExpiredTime       int64             `json:"expiredTime" doc:"epoch ms, in the future; 0 never expires"`
	Redeem            RedeemInput       `json:"redeem" doc:"what an exchange coupon is redeemed for; none for the others"`
	UseRestrict       RestrictInput     `json:"useRestrict" doc:"who may use it"`
	RestrictedType    string            `json:"restrictedType" doc:"terms, ids or other; empty is other"`
	RestrictedProduct []action.ID       `json:"restrictedProduct,omitempty" doc:"the products it applies to, for ids"`
	RestrictedTerms   []action.ID       `json:"restrictedTerms,omitempty" doc:"the shop categories or tags whose products it applies to, for terms"`
	MinSpend          *MoneyInput       `json:"minSpend,omitempty" doc:"the subtotal an order must reach, in the face value's currency"`
	Description       map[string]string `json:"description,omitempty" doc:"per language code"`
}

// CreateInput is a batch of coupons to make.
type CreateInput struct {
	Count    int           `json:"count" doc:"1 to 500: how many, for each owner"`
	OwnerIDs []action.ID   `json:"ownerIds,omitempty" doc:"the members who get them; empty: unowned (register templates only)"`
	Template TemplateInput `json:"template" doc:"what every coupon is"`
}

// Validate checks what needs no database.
func (in *CreateInput) Validate() error {
	owners := max(len(in.OwnerIDs), 1)
	if in.Count < 1 || in.Count*owners > MaxBatch {
		return action.Errorf(http.StatusBadRequest, "coupon.error.count", "max", MaxBatch)
	}
	t := &in.Template
	switch t.Type {
	case persistence.CouponCash, persistence.CouponRegister, persistence.CouponExchange:
	default:
		return action.Errorf(http.StatusBadRequest, "coupon.error.type")
	}
	if len(in.OwnerIDs) == 0 && t.Type != persistence.CouponRegister {
		return action.Required("ownerIds")
	}
	if slices.Contains(in.OwnerIDs, 0) {
		return action.BadField("ownerIds")
	}
	if err := texts(t.Name, MaxName, "template.name", true); err != nil {
		return err
	}
	if err := texts(t.Description, MaxDescription, "template.description", false); err != nil {
		return err
	}
	if t.ExpiredTime < 0 {
		return action.BadField("template.expiredTime")
	}
	switch t.UseRestrict.Type {
	case "", RestrictNone:
	case RestrictUsers:
		if len(t.UseRestrict.Users) == 0 || len(t.UseRestrict.Users) > MaxRestrict {
			return action.BadField("template.useRestrict.users")
		}
	case RestrictLevels:
		if len(t.UseRestrict.Levels) == 0 || len(t.UseRestrict.Levels) > MaxRestrict {
			return action.BadField("template.useRestrict.levels")
		}
	default:
		return action.BadField("template.useRestrict.type")
	}
	switch t.RestrictedType {
	case "", RestrictedOther:
	case RestrictedTerms:
		if len(t.RestrictedTerms) == 0 || len(t.RestrictedTerms) > MaxRestrict {
			return action.BadField("template.restrictedTerms")
		}
	case RestrictedIDs:
		if len(t.RestrictedProduct) == 0 || len(t.RestrictedProduct) > MaxRestrict {
			return action.BadField("template.restrictedProduct")
		}
	default:
		return action.BadField("template.restrictedType")
	}
	switch t.Redeem.Type {
	case "", RedeemNone, RedeemCustom, RedeemMoney, RedeemCredit, RedeemLevel:
	default:
		return action.BadField("template.redeem.type")
	}
	if utf8.RuneCountInString(t.Redeem.Text) > MaxDescription {
		return action.BadField("template.redeem.text")
	}
	return nil
}

// texts checks a text per language: at most limit characters each, at
// least one when required.
func texts(m map[string]string, limit int, field string, required bool) error {
	n := 0
	for lang, text := range m {
		if len(lang) > 16 || utf8.RuneCountInString(text) > limit || !utf8.ValidString(text) {
			return action.BadField(field)
		}
		if strings.TrimSpace(text) != "" {
			n++
		}
	}
	if required && n == 0 {
		return action.Required(field)
	}
	return nil
}

// CreateReply is the reply of admin.createCoupons.
type CreateReply struct {
	Codes []string `json:"codes" doc:"the new coupons' codes"`
}

// CreateCoupons answers admin.createCoupons: every coupon of the batch is
// written in one transaction, or none.
func (s *Service) CreateCoupons(ctx context.Context, in CreateInput) (CreateReply, error) {
	c, err := s.template(ctx, in.Template)
	if err != nil {
		return CreateReply{}, err
	}
	owners := make([]int64, 0, len(in.OwnerIDs))
	for _, id := range in.OwnerIDs {
		if _, err := s.db.Users().Get(ctx, int64(id)); errors.Is(err, persistence.ErrNotFound) {
			return CreateReply{}, action.Errorf(http.StatusNotFound, "coupon.error.recipient")
		} else if err != nil {
			return CreateReply{}, fmt.Errorf("coupon: owner: %w", err)
		}
		owners = append(owners, int64(id))
	}
	if len(owners) == 0 {
		owners = []int64{0}
	}
	batch := make([]persistence.Coupon, 0, in.Count*len(owners))
	codes := make([]string, 0, cap(batch))
	for _, owner := range owners {
		for range in.Count {
			one := c
			one.Code, one.OwnerID = coupons.NewCode(), owner
			batch = append(batch, one)
			codes = append(codes, one.Code)
		}
	}
	if err := s.db.Coupons().Insert(ctx, batch); err != nil {
		return CreateReply{}, fmt.Errorf("coupon: create: %w", err)
	}
	return CreateReply{Codes: codes}, nil
}

// template checks what needs the database and builds the coupon.
func (s *Service) template(ctx context.Context, t TemplateInput) (persistence.Coupon, error) {
	now := persistence.Millis(s.now())
	if t.ExpiredTime != 0 && t.ExpiredTime <= now {
		return persistence.Coupon{}, action.Errorf(http.StatusBadRequest, "coupon.error.expiry")
	}
	v, err := s.viewer(ctx)
	if err != nil {
		return persistence.Coupon{}, err
	}
	c := persistence.Coupon{Names: t.Name, Type: t.Type, AllowPush: t.AllowPush, CreatedAt: now,
		ExpiredAt: t.ExpiredTime, RedeemType: orNoneRedeem(t.Redeem.Type), UseRestrict: orNone(t.UseRestrict.Type),
		RestrictedType: t.RestrictedType, Descriptions: t.Description}
	if c.RestrictedType == "" {
		c.RestrictedType = RestrictedOther
	}
	if t.FaceValue != nil {
		if c.FaceCurrency, c.FaceValue, err = v.parse(*t.FaceValue, false); err != nil {
			return c, err
		}
	} else if t.Type != persistence.CouponExchange {
		return c, action.Errorf(http.StatusBadRequest, "coupon.error.faceValue")
	}
	if t.MinSpend != nil {
		cur, units, err := v.parse(*t.MinSpend, false)
		if err != nil {
			return c, err
		}
		if c.FaceCurrency != "" && cur != c.FaceCurrency {
			return c, action.Errorf(http.StatusBadRequest, "coupon.error.currency", "currency", c.FaceCurrency)
		}
		c.MinSpend = units
	}
	if t.Type == persistence.CouponExchange {
		if err := s.redeemOf(ctx, v, t.Redeem, &c); err != nil {
			return c, err
		}
	} else {
		c.RedeemType = RedeemNone
	}
	switch c.UseRestrict {
	case RestrictUsers:
		for _, id := range t.UseRestrict.Users {
			if _, err := s.db.Users().Get(ctx, int64(id)); err != nil {
				return c, action.BadField("template.useRestrict.users")
			}
			c.RestrictUsers = append(c.RestrictUsers, int64(id))
		}
	case RestrictLevels:
		for _, key := range t.UseRestrict.Levels {
			if _, err := s.db.Levels().Get(ctx, persistence.LevelKindGrowth, key); err != nil {
				return c, action.Errorf(http.StatusBadRequest, "coupon.error.level")
			}
			c.RestrictLevels = append(c.RestrictLevels, key)
		}
	}
	switch c.RestrictedType {
	case RestrictedIDs:
		for _, id := range t.RestrictedProduct {
			c.RestrictedProducts = append(c.RestrictedProducts, int64(id))
		}
	case RestrictedTerms:
		ids := make([]int64, 0, len(t.RestrictedTerms))
		for _, id := range t.RestrictedTerms {
			ids = append(ids, int64(id))
		}
		terms, err := s.db.Articles().Terms(ctx, ids)
		if err != nil {
			return c, err
		}
		for _, id := range ids {
			if term, ok := terms[id]; !ok || (term.Kind != persistence.TermShopCategory && term.Kind != persistence.TermShopTag) {
				return c, action.BadField("template.restrictedTerms")
			}
		}
		// A terms coupon keeps its terms' ids where an ids coupon keeps
		// its products'.
		c.RestrictedProducts = ids
	}
	return c, nil
}

// redeemOf sets what an exchange coupon is redeemed for.
func (s *Service) redeemOf(ctx context.Context, v *viewer, r RedeemInput, c *persistence.Coupon) error {
	switch c.RedeemType {
	case RedeemCustom:
		if strings.TrimSpace(r.Text) == "" {
			return action.Required("template.redeem.text")
		}
		c.RedeemText = r.Text
	case RedeemMoney:
		if r.Money == nil {
			return action.Required("template.redeem.money")
		}
		cur, units, err := v.parse(*r.Money, false)
		if err != nil {
			return err
		}
		c.RedeemAsset, c.RedeemAmount = cur, units
	case RedeemCredit:
		_, units, err := v.parse(MoneyInput{Currency: persistence.AssetCredit, Amount: r.Credit}, true)
		if err != nil {
			return err
		}
		c.RedeemAsset, c.RedeemAmount = persistence.AssetCredit, units
	case RedeemLevel:
		if _, err := s.db.Levels().Get(ctx, persistence.LevelKindGrowth, r.Level); err != nil {
			return action.Errorf(http.StatusBadRequest, "coupon.error.level")
		}
		c.RedeemLevel = r.Level
	}
	return nil
}

func orNoneRedeem(s string) string {
	if s == "" {
		return RedeemNone
	}
	return s
}

// parse reads an amount of a site currency (or of credit, when credit is
// set) into minor units: positive, at most the currency's decimals and
// the wallet's bounds.
func (v *viewer) parse(m MoneyInput, credit bool) (string, int64, error) {
	code := strings.ToUpper(strings.TrimSpace(m.Currency))
	decimals, ok := v.decimals[code]
	if !ok || (code == persistence.AssetCredit) != credit {
		return "", 0, action.Errorf(http.StatusBadRequest, "coupon.error.currency", "currency", code)
	}
	units, err := money.Parse(string(m.Amount), decimals, false)
	limit := int64(maxCredit)
	if !credit {
		limit = maxMoneyMajor * money.Pow10(decimals)
	}
	if err != nil || units > limit {
		return "", 0, action.Errorf(http.StatusBadRequest, "coupon.error.amount")
	}
	return code, units, nil
}
