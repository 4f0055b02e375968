package coupons

import (
	"net/http"
	"slices"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// Use is what a checkout asks of a coupon: the member, their growth level
// key and VIP tier, the order's currency and subtotal (minor units), the
// products of its lines, and the time.
type Use struct {
	UserID     int64
	Level      string
	VIPTier    string
	Currency   string
	Subtotal   int64
	ProductIDs []int64
	// TermIDs are the shop categories and tags of the lines' products.
	TermIDs []int64
	Now     time.Time
}

// Discount is what c takes off an order of userID (level key, vip tier) for
// the lines, in currency, or an *action.Error: the coupon must be the
// member's, valid, unused and not expired, a cash or register coupon (an
// exchange coupon is redeemed, not applied), in the order's currency,
// allowed to the member, for one of the order's products when it is
// restricted to products or to categories and tags, and the subtotal must reach its minimum spend.
// The discount is its face value, at most the subtotal.
func Discount(c persistence.Coupon, in Use) (int64, error) {
	if err := Usable(c, in.UserID, in.Level, in.Now); err != nil {
		return 0, err
	}
	if c.Type == persistence.CouponExchange {
		return 0, action.Errorf(http.StatusBadRequest, "coupon.error.notApplicable")
	}
	if c.FaceCurrency != in.Currency {
		return 0, action.Errorf(http.StatusBadRequest, "coupon.error.currency", "currency", c.FaceCurrency)
	}
	if !appliesTo(c, in) {
		return 0, action.Errorf(http.StatusBadRequest, "coupon.error.product")
	}
	if in.Subtotal < c.MinSpend || in.Subtotal <= 0 {
		return 0, action.Errorf(http.StatusBadRequest, "coupon.error.minSpend")
	}
	return min(c.FaceValue, in.Subtotal), nil
}

// Use restrictions (Coupon.UseRestrict).
const (
	RestrictNone   = "none"
	RestrictUsers  = "ids"
	RestrictLevels = "levels"
)

// Restricted types: which products a coupon applies to (Coupon.RestrictedType).
const (
	RestrictedTerms = "terms"
	RestrictedIDs   = "ids"
	RestrictedOther = "other"
)

// appliesTo tells whether c applies to one of the order's products: one
// of its products (ids) or a product of one of its categories or tags
// (terms, whose ids RestrictedProducts keeps); any order otherwise.
func appliesTo(c persistence.Coupon, in Use) bool {
	var of []int64
	switch c.RestrictedType {
	case RestrictedIDs:
		of = in.ProductIDs
	case RestrictedTerms:
		of = in.TermIDs
	default:
		return true
	}
	return slices.ContainsFunc(of, func(id int64) bool { return slices.Contains(c.RestrictedProducts, id) })
}

// Usable refuses a coupon userID may not use now: another member's (or a
// template), invalid, used, expired, or restricted to other members or levels.
func Usable(c persistence.Coupon, userID int64, level string, now time.Time) error {
	if userID <= 0 || c.OwnerID != userID {
		return action.Errorf(http.StatusNotFound, "coupon.error.notFound")
	}
	switch c.Status(persistence.Millis(now)) {
	case persistence.CouponInvalid:
		return action.Errorf(http.StatusBadRequest, "coupon.error.invalid")
	case persistence.CouponUsed:
		return action.Errorf(http.StatusConflict, "coupon.error.used")
	case persistence.CouponExpired:
		return action.Errorf(http.StatusBadRequest, "coupon.error.expired")
	}
	switch c.UseRestrict {
	case RestrictUsers:
		if !slices.Contains(c.RestrictUsers, userID) {
			return action.Errorf(http.StatusForbidden, "coupon.error.restricted")
		}
	case RestrictLevels:
		if !slices.Contains(c.RestrictLevels, level) {
			return action.Errorf(http.StatusForbidden, "coupon.error.restricted")
		}
	}
	return nil
}
