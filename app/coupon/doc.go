// Package coupon keeps the members' coupons: their list and info, gifting
// (account.couponPush), redeeming exchange coupons into the wallet, the
// admins' batches of new codes, the register coupons granted at sign-up,
// and Discount, which prices a coupon at checkout for the shop.
package coupon

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

// Redeem types of a coupon (Coupon.RedeemType).
const (
	RedeemCustom = "custom"
	RedeemMoney  = "money"
	RedeemCredit = "credit"
	RedeemLevel  = "level"
	RedeemNone   = "none"
)
