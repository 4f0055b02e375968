package community

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/persistence"
)

// fixture is a community service on a database with two currencies, three
// growth levels, members and the four kinds of node.
type fixture struct {
	t     *testing.T
	db    *persistence.DB
	s     *Service
	reg   *action.Registry
	clock *apptest.Clock
	// told are the members told their balances after an escrow, in order.
	told []int64

	ann, bob, cat, root int64
	// free, paid (USD 5.00 to ann), level (lv2) and closed (other) nodes.
	free, paid, level, closed persistence.Node
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	ctx := t.Context()
	for i, c := range []persistence.Currency{
		{Code: "CNY", SymbolISO: "RMB", Symbol: "¥", Decimals: 2},
		{Code: "USD", SymbolISO: "USD", Symbol: "$", Decimals: 2},
	} {
		c.Position = i
		require.NoError(t, db.Currencies().Upsert(ctx, c))
	}
	for i, key := range []string{"lv1", "lv2", "lv3"} {
		require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: key,
			Names: map[string]string{"en": "Level " + strconv.Itoa(i+1)}, Rank: i + 1}))
	}
	f := &fixture{t: t, db: db, reg: action.NewRegistry(), clock: apptest.NewClock(time.UnixMilli(1_800_000_000_000))}
	f.s = New(Config{DB: db, Now: f.clock.Now, Balances: f})
	f.s.Register(f.reg)
	f.ann, f.bob, f.cat = apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cat")
	f.root = apptest.Member(t, db, "root")
	f.free = f.node("free", persistence.Node{JoinType: persistence.JoinFree, Admins: []int64{f.cat}})
	f.paid = f.node("paid", persistence.Node{JoinType: persistence.JoinMoney, JoinAsset: "USD", JoinAmount: 500, OwnerID: f.ann})
	f.level = f.node("level", persistence.Node{JoinType: persistence.JoinLevel, JoinLevel: "lv2"})
	f.closed = f.node("closed", persistence.Node{JoinType: persistence.JoinOther})
	return f
}

// node creates a node with slug.
func (f *fixture) node(slug string, n persistence.Node) persistence.Node {
	n.Kind, n.Slug = persistence.NodeKindNode, slug
	n.Names = map[string]string{"en": slug, "zh-hans": slug}
	n.Position = int64(len(slug))
	require.NoError(f.t, f.db.Community().UpsertNode(f.t.Context(), &n))
	return n
}

// fund gives the member amount minor units of asset from outside.
func (f *fixture) fund(userID int64, asset string, amount int64) {
	f.t.Helper()
	_, err := f.db.Wallets().Apply(f.t.Context(), persistence.WalletOp{
		IdemKey: "fund:" + strconv.FormatInt(f.db.NewID(), 10), UserID: userID, Reason: persistence.ReasonAdjust,
		Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: asset, Amount: -amount},
			{UserID: userID, Asset: asset, Amount: amount},
		}})
	require.NoError(f.t, err)
}

// Changed records the members an escrow told (the fixture is the
// service's Balances).
func (f *fixture) Changed(_ context.Context, res persistence.WalletResult) {
	f.told = append(f.told, res.Members...)
}

// balance is the member's balance of asset.
func (f *fixture) balance(userID int64, asset string) int64 {
	f.t.Helper()
	b, err := f.db.Wallets().Balances(f.t.Context(), userID)
	require.NoError(f.t, err)
	return b[asset]
}

// audit checks every invariant of the ledger, and that its accounts (the
// members' and the system's) sum to zero per asset, and returns the
// escrow's total of asset.
func (f *fixture) audit(asset string) int64 {
	f.t.Helper()
	a, err := f.db.Wallets().Audit(f.t.Context())
	require.NoError(f.t, err)
	require.True(f.t, a.Clean(), "ledger audit: %+v", a)
	for code, total := range a.MemberTotals {
		for _, accounts := range a.SystemTotals {
			total += accounts[code]
		}
		require.Zero(f.t, total, "the ledger sums to zero in %s", code)
	}
	return a.SystemTotals[persistence.AccountEscrow][asset]
}

// as is a request context for the member.
func as(userID int64) context.Context { return apptest.As(userID) }

// future is a deadline d after the fixture's now, in epoch ms.
func (f *fixture) future(d time.Duration) int64 { return f.clock.Now().Add(d).UnixMilli() }

// topic creates a normal topic of the member in node.
func (f *fixture) topic(userID int64, node persistence.Node, title string) TopicView {
	f.t.Helper()
	r, err := f.s.CreateTopic(as(userID), CreateTopicInput{Title: title, Content: "<p>" + title + "</p>",
		Cat: action.ID(node.ID)})
	require.NoError(f.t, err)
	return r.Topic
}

// answer answers a topic as the member.
func (f *fixture) answer(userID int64, topicID string, text string) AnswerView {
	f.t.Helper()
	r, err := f.s.CreateAnswer(as(userID), CreateAnswerInput{TopicID: id(f.t, topicID), Content: "<p>" + text + "</p>"})
	require.NoError(f.t, err)
	return r.Answer
}

// id reads a view's id.
func id(t *testing.T, s string) action.ID {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return action.ID(n)
}
