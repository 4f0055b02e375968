package bench

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
	"souk/persistence/pgtest"
)

// TestWalletJepsen is the wallets' exactly-once test (issue 12): a 3-node
// cluster on a fresh PostgreSQL database, members topping up through the
// sandbox provider, buying memberships with money and credit and giving
// each other money, concurrently, with random repeats under the same
// idempotency key and retries after timeouts and lost connections, while
// one node is stopped and a fourth joins. Then the ledger is audited and
// read directly, and every operation's fate is checked against what the
// server acknowledged.
func TestWalletJepsen(t *testing.T) {
	if os.Getenv(pgtest.Env) == "" {
		t.Skip(pgtest.Env + " not set: the wallet Jepsen test runs a 3-node cluster, which needs a PostgreSQL database to share")
	}
	require.NoError(t, buildErr)
	const members, grantedCredit = 12, 4000
	dbURL := pgtest.NewDatabase(t)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()

	logs := t.TempDir()
	cl, err := startCluster(ctx, soukBinary, dbURL, 3, members, 0, true, logs)
	require.NoError(t, err, "start 3 nodes on PostgreSQL")
	stopped := false
	defer func() {
		if !stopped {
			cl.stop()
		}
	}()
	// dumpLogs shows the end of each node's log, and its lines naming any
	// of about (payment ids).
	dumpLogs := func(about ...string) {
		if !stopped {
			cl.stop()
			stopped = true
		}
		for _, n := range cl.all() {
			text := readFile(filepath.Join(logs, "node"+strconv.Itoa(n.id)+".log"))
			var named []string
			for line := range strings.Lines(text) {
				if slices.ContainsFunc(about, func(s string) bool { return strings.Contains(line, s) }) {
					named = append(named, strings.TrimSpace(line))
				}
			}
			if len(named) > 0 {
				t.Logf("node %d's log about %v:\n%s", n.id, about, strings.Join(named, "\n"))
			}
			t.Logf("node %d's log ends with:\n%s", n.id, lastLines(text, 20))
		}
	}

	db, err := persistence.Open(ctx, persistence.Config{URL: dbURL, Node: 1000, MaxConns: 2})
	require.NoError(t, err)
	defer db.Close()
	raw, err := sql.Open("pgx", dbURL)
	require.NoError(t, err)
	defer raw.Close()

	// Credit comes from an administrator: grant each member some (an
	// adjustment straight through the ledger) so that memberships are
	// bought with credit too.
	ids := make([]int64, members)
	for i := range members {
		ids[i], err = strconv.ParseInt(cl.users.Users[i].ID, 10, 64)
		require.NoError(t, err)
		_, err = db.Wallets().Apply(ctx, persistence.WalletOp{IdemKey: "jepsen-credit:" + cl.users.Users[i].ID, UserID: ids[i],
			Reason: persistence.ReasonAdjust, Ref: "jepsen", At: time.Now().UnixMilli(), Postings: []persistence.Posting{
				{UserID: ids[i], Asset: persistence.AssetCredit, Amount: grantedCredit},
				{UserID: persistence.AccountExternal, Asset: persistence.AssetCredit, Amount: -grantedCredit}}})
		require.NoError(t, err, "grant credit to member %d", ids[i])
	}

	r := &runner{o: &Options{Quiet: true}, env: Env{Stderr: io.Discard}, cl: cl, users: cl.users, targets: cl.urls()}
	tokens, err := signIn(ctx, &http.Client{Timeout: 10 * time.Second}, r, members)
	require.NoError(t, err, "sign the members in")
	walletMembers := make([]WalletMember, members)
	for i, tok := range tokens {
		walletMembers[i] = WalletMember{ID: cl.users.Users[i].ID, Token: tok}
	}
	transport := &http.Transport{DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext, MaxIdleConnsPerHost: 4 * members}
	defer transport.CloseIdleConnections()
	d, err := NewWalletDriver(ctx, WalletConfig{Client: &http.Client{Transport: transport}, Targets: cl.urls,
		Members: walletMembers, Timeout: 5 * time.Second, KeyPrefix: "jepsen" + strconv.FormatInt(time.Now().UnixNano(), 36)})
	require.NoError(t, err, "read the wallets before the run")

	audit0, err := db.Wallets().Audit(ctx)
	require.NoError(t, err, "audit the ledger before the run")
	paid0, credited0 := paidTotals(t, ctx, raw), creditedTotals(t, ctx, raw)

	load, stopLoad := context.WithCancel(ctx)
	defer stopLoad()
	// Operations under way when the load stops have 30 s more to get an answer.
	settle, stopSettle := context.WithCancel(ctx)
	defer stopSettle()
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		d.Run(load, settle)
	}()
	// progress waits until n more operations were acknowledged.
	progress := func(n int64, what string) {
		t.Helper()
		from := d.Acked()
		if !assert.Eventually(t, func() bool { return d.Acked() >= from+n }, 45*time.Second, 20*time.Millisecond,
			"%d more operations acknowledged %s (acknowledged so far: %d)", n, what, d.Acked()) {
			stopLoad()
			stopSettle()
			<-ran
			dumpLogs()
			t.FailNow()
		}
	}
	progress(150, "on 3 nodes")
	nodes := cl.all()
	t.Logf("%d operations acknowledged; stopping node 3 while they go on", d.Acked())
	nodes[2].stopNode(20 * time.Second)
	progress(150, "after node 3 stopped")
	t.Logf("%d operations acknowledged; adding node 4", d.Acked())
	_, err = cl.addNode(ctx)
	require.NoError(t, err, "node 4 joins")
	progress(150, "after node 4 joined")
	stopLoad()
	time.AfterFunc(30*time.Second, stopSettle)
	<-ran
	d.Settle(ctx, walletSettleGrace)

	// Through the API: every history against the acknowledged operations.
	check, err := d.Check(ctx)
	require.NoError(t, err, "read every wallet back through the API")
	calls, unanswered := d.Calls()
	t.Logf("%d operations (%d applied, %d refused, %d without a definite answer), %d calls, %d unanswered, %d history entries",
		check.Ops, check.Applied, check.Refused, check.Maybe, calls, unanswered, check.Entries)
	assert.Empty(t, d.Anomalies(), "a repeated idempotency key gets the first answer")
	assert.Zero(t, check.Lost, "the histories hold every acknowledged operation (lost: %v, %v)", check.LostBy, check.LostAmount)
	assert.Zero(t, check.Duplicated, "the histories hold no operation twice (duplicated: %v, %v)", check.DuplicatedBy, check.DuplicatedAmount)
	assert.Empty(t, check.Mismatched, "through the API, each balance is the balance before plus the entries since")
	assert.Empty(t, check.Negative, "through the API, no balance below zero")
	kinds, refused := map[string]int{}, map[string]int{}
	var repeats, retried int
	for _, op := range d.Ops() {
		if op.Outcome == OutcomeRefused {
			refused[op.Code]++
		}
		if op.Outcome == OutcomeApplied {
			kinds[op.Kind+" "+map[bool]string{true: "credit", false: "money"}[op.Asset == persistence.AssetCredit]]++
		}
		repeats += op.Repeats
		if op.Unanswered > 0 {
			retried++
		}
	}
	t.Logf("applied: %v; refused: %v; %d calls repeated with their key after an answer, %d operations retried after none", kinds, refused, repeats, retried)
	for _, k := range []string{"topup money", "gift money", "membership money", "membership credit"} {
		assert.Positive(t, kinds[k], "the run applied some of: %s", k)
	}
	assert.Positive(t, repeats, "some calls were repeated with the same key")

	// The ledger itself.
	audit, err := db.Wallets().Audit(ctx)
	require.NoError(t, err)
	assert.Empty(t, audit.Mismatched, "every member's balance equals the sum of their ledger entries")
	assert.Empty(t, audit.Negative, "no balance below zero")
	assert.Empty(t, audit.Unbalanced, "every operation's entries sum to zero per asset")

	sums := func(query string) map[string]int64 { return sumsByAsset(t, ctx, raw, query) }
	paid := paidTotals(t, ctx, raw)
	credited := creditedTotals(t, ctx, raw)
	for _, cur := range d.currencies {
		assert.Equal(t, paid[cur]-paid0[cur], credited[cur]-credited0[cur],
			"%s: the payments paid during the run were credited exactly once, and nothing else was topped up", cur)
	}
	var uncredited []string
	rows, err := raw.QueryContext(ctx, `SELECT p.id FROM payments p WHERE p.status = 'paid'
		AND NOT EXISTS (SELECT 1 FROM wallet_ops o WHERE o.idem_key = 'topup:' || CAST(p.id AS TEXT))`)
	require.NoError(t, err)
	for rows.Next() {
		var id int64
		require.NoError(t, rows.Scan(&id))
		uncredited = append(uncredited, strconv.FormatInt(id, 10))
	}
	require.NoError(t, rows.Err())
	_ = rows.Close()
	assert.Empty(t, uncredited, "no payment is marked paid without its top-up in the ledger")
	gifts := sums(`SELECT asset, CAST(SUM(amount) AS BIGINT) FROM wallet_entries WHERE reason = 'gift' GROUP BY asset`)
	for asset, v := range gifts {
		assert.Zero(t, v, "transfers conserve %s: what was given was received", asset)
	}
	// The demo content gives its members money and credit, and the test
	// granted credit: the totals before the run are the baseline.
	external := func(a persistence.LedgerAudit, asset string) int64 {
		return -a.SystemTotals[persistence.AccountExternal][asset]
	}
	revenue := func(a persistence.LedgerAudit, asset string) int64 {
		return a.SystemTotals[persistence.AccountRevenue][asset]
	}
	for _, asset := range append(slices.Clone(d.currencies), persistence.AssetCredit) {
		assert.Equal(t, external(audit, asset)-revenue(audit, asset)-audit.SystemTotals[persistence.AccountEscrow][asset],
			audit.MemberTotals[asset], "%s held by members = what came in from outside - what was spent (revenue) - escrow", asset)
		toppedUp, spent := paid[asset]-paid0[asset], revenue(audit, asset)-revenue(audit0, asset)
		assert.Equal(t, toppedUp, external(audit, asset)-external(audit0, asset),
			"%s came in during the run by the paid top-ups only", asset)
		assert.Equal(t, toppedUp-spent, audit.MemberTotals[asset]-audit0.MemberTotals[asset],
			"%s held by members changed by topped up %d - spent %d during the run (gifts conserve it)", asset, toppedUp, spent)
	}
	assert.Positive(t, revenue(audit, persistence.AssetCredit)-revenue(audit0, persistence.AssetCredit), "some credit was spent")

	// Every idempotency key at most once; every operation's fate.
	type stored struct {
		id    int64
		count int
	}
	opsByKey := map[string]*stored{}
	rows, err = raw.QueryContext(ctx, `SELECT o.idem_key, o.id, COUNT(e.id) FROM wallet_ops o LEFT JOIN wallet_entries e ON e.op_id = o.id GROUP BY o.idem_key, o.id`)
	require.NoError(t, err)
	for rows.Next() {
		var key string
		var s stored
		require.NoError(t, rows.Scan(&key, &s.id, &s.count))
		_, twice := opsByKey[key]
		assert.False(t, twice, "idempotency key %s applied once", key)
		opsByKey[key] = &s
	}
	require.NoError(t, rows.Err())
	_ = rows.Close()
	var dupKeys int
	require.NoError(t, raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT idem_key FROM wallet_ops GROUP BY idem_key HAVING COUNT(*) > 1) d`).Scan(&dupKeys))
	assert.Zero(t, dupKeys, "no idempotency key applied twice")

	expect := make([]map[string]int64, members)
	for i := range members {
		expect[i] = maps(d.startBal[i])
	}
	var lost, phantom, bad []string
	for _, op := range d.Ops() {
		key := serverKey(op, walletMembers)
		s := opsByKey[key]
		applied := s != nil
		switch {
		case op.Outcome == OutcomeApplied && !applied:
			lost = append(lost, key)
		case op.Outcome == OutcomeRefused && applied:
			phantom = append(phantom, key+" (refused "+op.Code+")")
		}
		if !applied {
			continue
		}
		// A gift's two member legs; a top-up's or purchase's member leg and
		// the system account's.
		if s.count != 2 {
			bad = append(bad, fmt.Sprintf("%s has %d entries, want 2", key, s.count))
		}
		for _, l := range op.legs() {
			expect[l.member][l.asset] += l.amount
		}
	}
	assert.Empty(t, lost, "every acknowledged operation was applied")
	assert.Empty(t, phantom, "no refused operation was applied")
	assert.Empty(t, bad, "each applied operation wrote its entries once")
	for i, id := range ids {
		got, err := db.Wallets().Balances(ctx, id)
		require.NoError(t, err)
		for asset, want := range expect[i] {
			assert.Equal(t, want, got[asset], "member %d's %s: the balance before plus the operations applied", id, asset)
		}
	}
	if t.Failed() {
		dumpLogs(uncredited...)
	}
}

// sumsByAsset runs a query of (asset, amount) rows.
func sumsByAsset(t *testing.T, ctx context.Context, raw *sql.DB, query string) map[string]int64 {
	t.Helper()
	rows, err := raw.QueryContext(ctx, query)
	require.NoError(t, err, query)
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var asset string
		var v int64
		require.NoError(t, rows.Scan(&asset, &v))
		out[asset] = v
	}
	require.NoError(t, rows.Err())
	return out
}

// paidTotals is what the paid payments add up to, per currency.
func paidTotals(t *testing.T, ctx context.Context, raw *sql.DB) map[string]int64 {
	return sumsByAsset(t, ctx, raw, `SELECT asset, CAST(SUM(amount) AS BIGINT) FROM payments WHERE status = 'paid' GROUP BY asset`)
}

// creditedTotals is what the members' top-up entries add up to, per currency.
func creditedTotals(t *testing.T, ctx context.Context, raw *sql.DB) map[string]int64 {
	return sumsByAsset(t, ctx, raw, `SELECT asset, CAST(SUM(amount) AS BIGINT) FROM wallet_entries WHERE reason = 'topup' AND user_id > 0 GROUP BY asset`)
}

// serverKey is the idempotency key the server stores for op (app/wallet:
// the member's id scopes a client's key).
func serverKey(op *WalletOp, members []WalletMember) string {
	switch op.Kind {
	case WalletGift:
		return "gift:" + members[op.Member].ID + ":" + op.Key
	case WalletMembership:
		return "membership:" + members[op.Member].ID + ":" + op.Key
	}
	return op.Key // topup:{payment id}
}
