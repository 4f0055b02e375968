package bench

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// WalletCheck is what reading every member's wallet and history back
// through the API found, against what the driver's operations meant.
type WalletCheck struct {
	Ops, Applied, Refused, Maybe int
	// Entries is how many history entries the run wrote.
	Entries int
	// Lost counts the entries of acknowledged operations missing from the
	// histories; Duplicated the entries beyond what the operations could
	// have written (counted in entries: a gift writes two). The amounts
	// are per asset, in minor units.
	Lost, Duplicated             int64
	LostAmount, DuplicatedAmount map[string]int64
	// LostBy and DuplicatedBy count them per reason (topup, membership, gift).
	LostBy, DuplicatedBy map[string]int64
	// Mismatched are "member asset" pairs whose balance is not the balance
	// before plus the entries since; Negative those with a balance (or a
	// balance after an entry) below zero.
	Mismatched, Negative []string
	// Other counts entries of other reasons (not the driver's) in the window.
	Other int
}

// Problems lists what Check found wrong, one line each; empty: nothing.
func (c WalletCheck) Problems() []string {
	var out []string
	if c.Lost > 0 {
		out = append(out, fmt.Sprintf("%d ledger entries of acknowledged operations lost (by reason %v, amounts %v)", c.Lost, c.LostBy, c.LostAmount))
	}
	if c.Duplicated > 0 {
		out = append(out, fmt.Sprintf("%d ledger entries duplicated (by reason %v, amounts %v)", c.Duplicated, c.DuplicatedBy, c.DuplicatedAmount))
	}
	if len(c.Mismatched) > 0 {
		out = append(out, "balance is not the sum of the entries: "+strings.Join(c.Mismatched, ", "))
	}
	if len(c.Negative) > 0 {
		out = append(out, "balance below zero: "+strings.Join(c.Negative, ", "))
	}
	return out
}

type legKey struct {
	reason, asset string
	amount        int64
	peer          string
}

// Check reads every member's wallet (wallet.get) and the history entries
// written since NewWalletDriver (wallet.entries), and compares them with
// the operations: each acknowledged one must show exactly once, a maybe
// at most once, nothing else of the driver's reasons.
func (d *WalletDriver) Check(ctx context.Context) (WalletCheck, error) {
	c := WalletCheck{LostAmount: map[string]int64{}, DuplicatedAmount: map[string]int64{},
		LostBy: map[string]int64{}, DuplicatedBy: map[string]int64{}}
	members := d.cfg.Members
	definite := make([]map[legKey]int64, len(members))
	maybe := make([]map[legKey]int64, len(members))
	for i := range members {
		definite[i], maybe[i] = map[legKey]int64{}, map[legKey]int64{}
	}
	for _, op := range d.Ops() {
		c.Ops++
		into := definite
		switch op.Outcome {
		case OutcomeApplied:
			c.Applied++
		case OutcomeRefused:
			c.Refused++
			continue
		default:
			c.Maybe++
			into = maybe
		}
		for _, l := range op.legs() {
			k := legKey{l.reason, l.asset, l.amount, ""}
			if l.peer >= 0 {
				k.peer = members[l.peer].ID
			}
			into[l.member][k]++
		}
	}
	for i, m := range members {
		body, err := d.must(ctx, m.Token, "wallet.get", map[string]any{})
		if err != nil {
			return c, err
		}
		final, _, err := parseWallet(body, "wallet")
		if err != nil {
			return c, err
		}
		var fresh []walletEntry
		after := ""
	pages:
		for {
			page, err := d.entries(ctx, m.Token, after, 50)
			if err != nil {
				return c, err
			}
			for _, e := range page.entries {
				if e.ID == d.startEntry[i] {
					break pages
				}
				fresh = append(fresh, e)
			}
			if !page.more || page.cursor == "" {
				break
			}
			after = page.cursor
		}
		c.Entries += len(fresh)
		sum := map[string]int64{}
		actual := map[legKey]int64{}
		negative := map[string]bool{}
		for _, e := range fresh {
			sum[e.Asset] += e.Amount
			if e.BalanceAfter < 0 {
				negative[e.Asset] = true
			}
			switch e.Reason {
			case WalletTopUp, WalletMembership, WalletGift:
				actual[legKey{e.Reason, e.Asset, e.Amount, e.Peer}]++
			default:
				c.Other++
			}
		}
		assets := map[string]bool{}
		for _, m := range []map[string]int64{d.startBal[i], final, sum} {
			for a := range m {
				assets[a] = true
			}
		}
		for a := range assets {
			if d.startBal[i][a]+sum[a] != final[a] {
				c.Mismatched = append(c.Mismatched, fmt.Sprintf("member %s %s: %d before + %d in entries, balance %d",
					m.ID, a, d.startBal[i][a], sum[a], final[a]))
			}
			if final[a] < 0 || negative[a] {
				c.Negative = append(c.Negative, m.ID+" "+a)
			}
		}
		keys := map[legKey]bool{}
		for k := range actual {
			keys[k] = true
		}
		for k := range definite[i] {
			keys[k] = true
		}
		for k := range keys {
			amount := max(k.amount, -k.amount)
			if lost := definite[i][k] - actual[k]; lost > 0 {
				c.Lost += lost
				c.LostAmount[k.asset] += lost * amount
				c.LostBy[k.reason] += lost
			}
			if dup := actual[k] - definite[i][k] - maybe[i][k]; dup > 0 {
				c.Duplicated += dup
				c.DuplicatedAmount[k.asset] += dup * amount
				c.DuplicatedBy[k.reason] += dup
			}
		}
	}
	slices.Sort(c.Mismatched)
	slices.Sort(c.Negative)
	return c, nil
}
