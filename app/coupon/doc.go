// Package coupon keeps the members' coupons: their list and info, gifting
// (account.couponPush), redeeming exchange coupons into the wallet, the
// admins' batches of new codes, the register coupons granted at sign-up,
// and the shop's checkout pricing (Discount, in souk/app/internal/coupons).
package coupon

import "souk/app/internal/coupons"

// Use restrictions (Coupon.UseRestrict).
const (
	RestrictNone   = coupons.RestrictNone
	RestrictUsers  = coupons.RestrictUsers
	RestrictLevels = coupons.RestrictLevels
)

// Restricted types: which products a coupon applies to (Coupon.RestrictedType).
const (
	RestrictedTerms = coupons.RestrictedTerms
	RestrictedIDs   = coupons.RestrictedIDs
	RestrictedOther = coupons.RestrictedOther
)

// Redeem types of a coupon (Coupon.RedeemType).
const (
	RedeemCustom = "custom"
	RedeemMoney  = "money"
	RedeemCredit = "credit"
	RedeemLevel  = "level"
	RedeemNone   = "none"
)
