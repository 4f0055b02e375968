package main

import (
	"time"

	"souk/app/notify"
	"souk/app/shop"
	"souk/app/wallet"
)

// shopSweepEvery is how often a node expires the unpaid orders past their
// deadline (every node runs it; each expiry is one conditional update).
const shopSweepEvery = 30 * time.Second

// The notify service writes the shop's notifications; the wallet makes
// and settles its QR payments and pushes the balances.
var (
	_ shop.Notifier = (*notify.Service)(nil)
	_ shop.Payments = (*wallet.Service)(nil)
	_ shop.Balances = (*wallet.Service)(nil)
)

// newShop builds the shop service: its QR payments are the wallet's
// provider payments of purpose order, which the wallet hands back to it
// to settle once paid (wallet.SetOrders).
func newShop(d deps, notices *notify.Service, wallets *wallet.Service) *shop.Service {
	cfg := shop.Config{DB: d.db, Payments: wallets, Balances: wallets, Notify: notices}
	if d.userSessions != nil {
		cfg.Sessions = d.userSessions
	}
	if pub := d.livePublisher(); pub != nil {
		cfg.Live = pub
	}
	s := shop.New(cfg)
	wallets.SetOrders(s)
	return s
}
