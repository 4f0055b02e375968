// Package coupons holds the rules the coupon feature (souk/app/coupon)
// shares with the features that use coupons: unguessable codes, the
// register coupons every new member receives once at sign-up
// (souk/app/account, souk/app/auth), and what a coupon takes off an order
// (Discount, for souk/app/shop).
package coupons

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"time"

	"souk/persistence"
)

// codeAlphabet has no letters or digits easily mistaken for another (no
// 0/O, 1/I/L): 32 symbols, 5 bits each.
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// CodeLength is how many symbols a code has: about 59 bits from crypto/rand,
// not guessable.
const CodeLength = 12

// NewCode returns a new unguessable coupon code.
func NewCode() string {
	b := make([]byte, CodeLength)
	// rand.Read never fails on the supported platforms (it panics instead).
	_, _ = rand.Read(b)
	for i := range b {
		// 248 = 8 * 31: reject the bytes that would bias the choice.
		for b[i] >= 248 {
			var one [1]byte
			_, _ = rand.Read(one[:])
			b[i] = one[0]
		}
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// RegisterCoupons gives a member, once, a coupon of each register template
// (an unowned coupon of type register) that existed when they signed up
// and has not expired; it returns the coupons granted now. Sign-up calls
// it; account.coupons calls it again, which grants nothing twice.
func RegisterCoupons(ctx context.Context, db *persistence.DB, userID int64, now time.Time) ([]persistence.Coupon, error) {
	templates, err := db.Coupons().Templates(ctx, persistence.Millis(now))
	if err != nil || len(templates) == 0 {
		return nil, err
	}
	u, err := db.Users().Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("coupons: register: %w", err)
	}
	had, err := db.Coupons().GrantedTemplates(ctx, userID)
	if err != nil {
		return nil, err
	}
	due := slices.DeleteFunc(templates, func(t persistence.Coupon) bool {
		return t.CreatedAt > u.CreatedAt || slices.Contains(had, t.Code)
	})
	if len(due) == 0 {
		return nil, nil
	}
	return db.Coupons().Grant(ctx, userID, due, func(persistence.Coupon) string { return NewCode() },
		persistence.Millis(now))
}
