package main

import (
	"context"

	"souk/app/action"
	"souk/app/coupon"
	"souk/app/member"
	"souk/app/notify"
	"souk/app/wallet"
)

// The notify service writes the coupons' notifications; the wallet
// service pushes the balances after a redeemed coupon.
var (
	_ coupon.Notifier = (*notify.Service)(nil)
	_ coupon.Balances = (*wallet.Service)(nil)
)

// newCoupon builds the coupon service: a gift's notification goes through
// notices, its event and a level's viewer event through events (which
// tells the sessions of a change of rights), a redeemed coupon's balances
// through wallets; the products a coupon is restricted to are named from
// the shop's store.
func newCoupon(d deps, notices *notify.Service, wallets *wallet.Service, events rightsEvents) *coupon.Service {
	return coupon.New(coupon.Config{DB: d.db, Sessions: events, Notify: notices, Balances: wallets,
		Products: func(ctx context.Context, ids []int64, lang string) (map[int64]coupon.ProductRef, error) {
			products, err := d.db.Shop().ProductsByID(ctx, ids)
			if err != nil {
				return nil, err
			}
			out := make(map[int64]coupon.ProductRef, len(products))
			for id, p := range products {
				title := p.Titles[lang]
				for _, l := range action.Languages {
					if title == "" {
						title = p.Titles[l]
					}
				}
				out[id] = coupon.ProductRef{ID: member.FormatID(id), Title: title, Slug: p.Slug}
			}
			return out, nil
		}})
}
