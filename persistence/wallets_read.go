package persistence

import (
	"context"
	"fmt"
	"slices"
)

// Balances returns a member's balance per asset (assets never used are absent: zero).
func (s WalletsStore) Balances(ctx context.Context, userID int64) (map[string]int64, error) {
	type balance struct {
		asset  string
		amount int64
	}
	list, err := queryList(ctx, s.db.reads, func(row scanner) (balance, error) {
		var b balance
		return b, row.Scan(&b.asset, &b.amount)
	}, `SELECT asset, balance FROM wallet_balances WHERE user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("wallet store: balances of %d: %w", userID, err)
	}
	balances := make(map[string]int64, len(list))
	for _, b := range list {
		balances[b.asset] = b.amount
	}
	return balances, nil
}

// maxEntriesPage bounds EntryFilter.Limit; 0 or less means defaultEntriesPage.
const (
	maxEntriesPage     = 200
	defaultEntriesPage = 20
)

func scanEntry(row scanner) (WalletEntry, error) {
	var e WalletEntry
	err := row.Scan(&e.ID, &e.OpID, &e.UserID, &e.Asset, &e.Amount, &e.BalanceAfter,
		&e.Reason, &e.Ref, &e.Memo, &e.PeerID, &e.CreatedAt)
	return e, err
}

// Entries returns a member's ledger entries, newest first: those older than
// f.Before (an entry id; 0 from the newest), of f.Asset and f.Reason when set,
// at most f.Limit (20 when 0, never more than 200).
func (s WalletsStore) Entries(ctx context.Context, userID int64, f EntryFilter) ([]WalletEntry, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = defaultEntriesPage
	}
	limit = min(limit, maxEntriesPage)
	before := f.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	list, err := queryList(ctx, s.db.reads, scanEntry, `SELECT id, op_id, user_id, asset, amount,
		balance_after, reason, ref, memo, peer_id, created_at FROM wallet_entries
		WHERE user_id = $1 AND id < $2 AND ($3 = '' OR asset = $3) AND ($4 = '' OR reason = $4)
		ORDER BY id DESC LIMIT $5`, userID, before, f.Asset, f.Reason, limit)
	if err != nil {
		return nil, fmt.Errorf("wallet store: entries of %d: %w", userID, err)
	}
	return list, nil
}

// Audit checks the whole ledger (tests and the wallet bench): every member
// balance against the sum of its entries and against zero, every operation's
// entries against zero per asset, and the totals of member and system
// accounts. Run it while no operation is applied for an exact answer.
func (s WalletsStore) Audit(ctx context.Context) (LedgerAudit, error) {
	a := LedgerAudit{MemberTotals: map[string]int64{}, SystemTotals: map[int64]map[string]int64{}}
	type account struct {
		user  int64
		asset string
	}
	type sum struct {
		account
		amount int64
	}
	scanSum := func(row scanner) (sum, error) {
		var s sum
		return s, row.Scan(&s.user, &s.asset, &s.amount)
	}
	balances, err := queryList(ctx, s.db.reads, scanSum, `SELECT user_id, asset, balance FROM wallet_balances`)
	if err != nil {
		return a, fmt.Errorf("wallet store: audit: balances: %w", err)
	}
	entries, err := queryList(ctx, s.db.reads, scanSum, `SELECT user_id, asset, CAST(SUM(amount) AS BIGINT)
		FROM wallet_entries GROUP BY user_id, asset`)
	if err != nil {
		return a, fmt.Errorf("wallet store: audit: entries: %w", err)
	}
	entrySums := map[account]int64{}
	for _, e := range entries {
		if e.user < 0 {
			if a.SystemTotals[e.user] == nil {
				a.SystemTotals[e.user] = map[string]int64{}
			}
			a.SystemTotals[e.user][e.asset] = e.amount
			continue
		}
		entrySums[e.account] = e.amount
	}
	mismatched, negative := map[int64]bool{}, map[int64]bool{}
	for _, b := range balances {
		a.MemberTotals[b.asset] += b.amount
		if b.amount < 0 {
			negative[b.user] = true
		}
		if entrySums[b.account] != b.amount {
			mismatched[b.user] = true
		}
		delete(entrySums, b.account)
	}
	for acc, amount := range entrySums {
		if amount != 0 {
			mismatched[acc.user] = true // entries without a balance row
		}
	}
	a.Mismatched, a.Negative = sortedKeys(mismatched), sortedKeys(negative)

	a.Unbalanced, err = queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT DISTINCT op_id FROM (SELECT op_id FROM wallet_entries GROUP BY op_id, asset
		HAVING SUM(amount) <> 0) unbalanced ORDER BY op_id`)
	if err != nil {
		return a, fmt.Errorf("wallet store: audit: operations: %w", err)
	}
	if err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_ops`).Scan(&a.Ops); err != nil {
		return a, fmt.Errorf("wallet store: audit: count: %w", err)
	}
	return a, nil
}

// Clean reports whether the audit found nothing wrong.
func (a LedgerAudit) Clean() bool {
	return len(a.Mismatched) == 0 && len(a.Negative) == 0 && len(a.Unbalanced) == 0
}

func sortedKeys(set map[int64]bool) []int64 {
	keys := make([]int64, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
