package coupons

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

func TestDiscount(t *testing.T) {
	t.Parallel()
	now := time.UnixMilli(1_800_000_000_000)
	base := persistence.Coupon{Code: "C", OwnerID: 1, Type: persistence.CouponCash, FaceCurrency: "CNY",
		FaceValue: 1000, MinSpend: 3000, UseRestrict: RestrictNone, RestrictedType: RestrictedOther}
	use := Use{UserID: 1, Level: "lv1", Currency: "CNY", Subtotal: 5000, ProductIDs: []int64{7, 8}, TermIDs: []int64{70, 71},
		Now: now}
	cases := []struct {
		name string
		edit func(*persistence.Coupon, *Use)
		want int64
		key  string
	}{
		{name: "face value", want: 1000},
		{name: "register acts like cash", edit: func(c *persistence.Coupon, _ *Use) { c.Type = persistence.CouponRegister },
			want: 1000},
		{name: "at most the subtotal", edit: func(c *persistence.Coupon, _ *Use) { c.FaceValue, c.MinSpend = 9000, 0 },
			want: 5000},
		{name: "another member's", edit: func(_ *persistence.Coupon, u *Use) { u.UserID = 2 }, key: "coupon.error.notFound"},
		{name: "a guest", edit: func(c *persistence.Coupon, u *Use) { c.OwnerID, u.UserID = 0, 0 },
			key: "coupon.error.notFound"},
		{name: "invalid", edit: func(c *persistence.Coupon, _ *Use) { c.Type = "" }, key: "coupon.error.invalid"},
		{name: "used", edit: func(c *persistence.Coupon, _ *Use) { c.UsedAt = 5 }, key: "coupon.error.used"},
		{name: "expired", edit: func(c *persistence.Coupon, _ *Use) { c.ExpiredAt = now.UnixMilli() },
			key: "coupon.error.expired"},
		{name: "not yet expired", edit: func(c *persistence.Coupon, _ *Use) { c.ExpiredAt = now.UnixMilli() + 1 },
			want: 1000},
		{name: "exchange", edit: func(c *persistence.Coupon, _ *Use) { c.Type = persistence.CouponExchange },
			key: "coupon.error.notApplicable"},
		{name: "currency", edit: func(_ *persistence.Coupon, u *Use) { u.Currency = "USD" }, key: "coupon.error.currency"},
		{name: "members allowed", edit: func(c *persistence.Coupon, _ *Use) {
			c.UseRestrict, c.RestrictUsers = RestrictUsers, []int64{1, 3}
		}, want: 1000},
		{name: "members not allowed", edit: func(c *persistence.Coupon, _ *Use) {
			c.UseRestrict, c.RestrictUsers = RestrictUsers, []int64{3}
		}, key: "coupon.error.restricted"},
		{name: "level allowed", edit: func(c *persistence.Coupon, _ *Use) {
			c.UseRestrict, c.RestrictLevels = RestrictLevels, []string{"lv1"}
		}, want: 1000},
		{name: "level not allowed", edit: func(c *persistence.Coupon, _ *Use) {
			c.UseRestrict, c.RestrictLevels = RestrictLevels, []string{"lv2"}
		}, key: "coupon.error.restricted"},
		{name: "products", edit: func(c *persistence.Coupon, _ *Use) {
			c.RestrictedType, c.RestrictedProducts = RestrictedIDs, []int64{8}
		}, want: 1000},
		{name: "other products", edit: func(c *persistence.Coupon, _ *Use) {
			c.RestrictedType, c.RestrictedProducts = RestrictedIDs, []int64{9}
		}, key: "coupon.error.product"},
		{name: "a category or tag of a product", edit: func(c *persistence.Coupon, _ *Use) {
			c.RestrictedType, c.RestrictedProducts = RestrictedTerms, []int64{71, 99}
		}, want: 1000},
		{name: "other categories and tags", edit: func(c *persistence.Coupon, _ *Use) {
			c.RestrictedType, c.RestrictedProducts = RestrictedTerms, []int64{8, 99}
		}, key: "coupon.error.product"},
		{name: "min spend", edit: func(_ *persistence.Coupon, u *Use) { u.Subtotal = 2999 }, key: "coupon.error.minSpend"},
		{name: "min spend reached", edit: func(_ *persistence.Coupon, u *Use) { u.Subtotal = 3000 }, want: 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, u := base, use
			if tc.edit != nil {
				tc.edit(&c, &u)
			}
			got, err := Discount(c, u)
			if tc.key != "" {
				apptest.RequireKey(t, err, tc.key)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
