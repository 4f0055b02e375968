package coupon

import (
	"context"
	"encoding/json"
	"souk/app/internal/coupons"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/app/notify"
	"souk/persistence"
)

// fixture is a coupon service on a database with two currencies, three
// growth levels and members ann, bob, cat and root (an administrator).
type fixture struct {
	t        *testing.T
	db       *persistence.DB
	s        *Service
	reg      *action.Registry
	clock    *apptest.Clock
	sessions *apptest.Sessions
	notices  *notices
	told     *told

	ann, bob, cat, root int64
}

// notices records the notifications pushed.
type notices struct {
	mu     sync.Mutex
	pushed []persistence.InboxEvent
}

func (n *notices) NotificationWrite(x *persistence.Notification, from *member.Summary) persistence.InboxWrite {
	return notify.NotificationWrite(x, from)
}

func (n *notices) Push(_ context.Context, events []persistence.InboxEvent) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.pushed = append(n.pushed, events...)
}

// told records the members told their balances.
type told struct {
	mu      sync.Mutex
	members []int64
}

func (t *told) Changed(_ context.Context, res persistence.WalletResult) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.members = append(t.members, res.Members...)
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
			Names: map[string]string{"en": "Level " + strconv.Itoa(i+1)}, Rank: i + 1, MinPoints: int64(i * 100)}))
	}
	f := &fixture{t: t, db: db, reg: action.NewRegistry(), clock: apptest.NewClock(time.UnixMilli(1_800_000_000_000)),
		sessions: &apptest.Sessions{}, notices: &notices{}, told: &told{}}
	f.s = New(Config{DB: db, Now: f.clock.Now, Sessions: f.sessions, Notify: f.notices, Balances: f.told,
		Products: func(_ context.Context, ids []int64, _ string) (map[int64]ProductRef, error) {
			out := map[int64]ProductRef{}
			for _, id := range ids {
				if id == 7 {
					out[id] = ProductRef{ID: "7", Title: "Tea", Slug: "tea"}
				}
			}
			return out, nil
		}})
	f.s.Register(f.reg)
	f.ann, f.bob, f.cat = apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob"), apptest.Member(t, db, "cat")
	f.root = apptest.Member(t, db, "root")
	u, err := db.Users().Get(ctx, f.root)
	require.NoError(t, err)
	u.IsAdmin = true
	require.NoError(t, db.Users().Update(ctx, u))
	return f
}

// coupon stores a coupon: an unused CNY 10.00 cash coupon of owner that
// may be gifted, changed by edit.
func (f *fixture) coupon(owner int64, edit func(*persistence.Coupon)) persistence.Coupon {
	f.t.Helper()
	c := persistence.Coupon{Code: coupons.NewCode(), OwnerID: owner, Names: map[string]string{"en": "Ten off", "es": "Diez"},
		Type: persistence.CouponCash, FaceCurrency: "CNY", FaceValue: 1000, MinSpend: 5000, AllowPush: true,
		CreatedAt: f.now() - 1000, RedeemType: RedeemNone, UseRestrict: RestrictNone, RestrictedType: RestrictedOther,
		Descriptions: map[string]string{"en": "For anything"}}
	if edit != nil {
		edit(&c)
	}
	require.NoError(f.t, f.db.Coupons().Insert(f.t.Context(), []persistence.Coupon{c}))
	return c
}

func (f *fixture) now() int64 { return f.clock.Now().UnixMilli() }

// get reads a coupon.
func (f *fixture) get(code string) persistence.Coupon {
	f.t.Helper()
	c, err := f.db.Coupons().Get(f.t.Context(), code)
	require.NoError(f.t, err)
	return c
}

// call runs an action through the registry (its access check and
// validation) and decodes the reply.
func (f *fixture) call(ctx context.Context, name string, data any) (map[string]any, error) {
	raw, err := json.Marshal(data)
	require.NoError(f.t, err)
	out, err := f.reg.Call(ctx, name, raw)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(out)
	require.NoError(f.t, err)
	var m map[string]any
	require.NoError(f.t, json.Unmarshal(b, &m))
	return m, nil
}

// balance is the member's balance of asset.
func (f *fixture) balance(userID int64, asset string) int64 {
	f.t.Helper()
	b, err := f.db.Wallets().Balances(f.t.Context(), userID)
	require.NoError(f.t, err)
	return b[asset]
}

func as(userID int64) context.Context { return apptest.As(userID) }

func id(n int64) string { return strconv.FormatInt(n, 10) }
