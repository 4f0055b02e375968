package demo

import (
	"context"
	"errors"
	"fmt"

	"souk/persistence"
)

// demoBalances are what each demo account starts with, per asset in minor
// units: enough to try top-ups, gifts and memberships on the demo pages.
var demoBalances = map[string]map[string]int64{
	"admin":  {"CNY": 100_000, "USD": 20_000, "EUR": 20_000, persistence.AssetCredit: 50_000},
	"vip":    {"CNY": 20_000, "USD": 5_000, "EUR": 5_000, persistence.AssetCredit: 12_000},
	"member": {"CNY": 5_000, "USD": 1_000, "EUR": 1_000, persistence.AssetCredit: 3_000},
}

// seedWallets gives the demo accounts their starting balances through the
// ledger, as top-ups from outside under fixed idempotency keys: seeding
// again applies nothing more, and an account that spent its balance is
// not topped up again. It runs before the node's wallet grains start.
func seedWallets(ctx context.Context, db *persistence.DB) error {
	for _, l := range Logins {
		u, err := db.Users().GetBySlug(ctx, l.Slug)
		if errors.Is(err, persistence.ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("demo: wallets: %w", err)
		}
		for asset, amount := range demoBalances[l.Slug] {
			_, err := db.Wallets().Apply(ctx, persistence.WalletOp{
				IdemKey: "demo:topup:" + l.Slug + ":" + asset, UserID: u.ID, Reason: persistence.ReasonTopUp,
				Ref: "demo", Memo: "demo balance", At: persistence.Now(),
				Postings: []persistence.Posting{
					{UserID: persistence.AccountExternal, Asset: asset, Amount: -amount},
					{UserID: u.ID, Asset: asset, Amount: amount},
				},
			})
			if err != nil {
				return fmt.Errorf("demo: wallet of %s: %w", l.Slug, err)
			}
		}
	}
	return nil
}
