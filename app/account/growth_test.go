package account_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/action"
	"souk/app/i18n"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
	"souk/webui"
)

// growthFixture is the account service on a fixture's database whose
// growth levels have thresholds (lv2 at 50 points, lv3 at 80), recording
// the events it delivers.
type growthFixture struct {
	*authtest.Fixture
	accounts   *account.Service
	reg        *action.Registry
	deliveries *apptest.Sessions
}

func newGrowthFixture(t *testing.T, kind string) *growthFixture {
	t.Helper()
	f := authtest.NewFixture(t, kind)
	for _, l := range []persistence.Level{
		{Kind: persistence.LevelKindGrowth, Key: "lv2", Rank: 2, Icon: "/lv2.svg", MinPoints: 50,
			Names: map[string]string{"en": "Level 2"}, Roles: persistence.LevelRoles{UserCan: []string{"chat"}}},
		{Kind: persistence.LevelKindGrowth, Key: "lv3", Rank: 3, Icon: "/lv3.svg", MinPoints: 80,
			Names: map[string]string{"en": "Level 3"}, Roles: persistence.LevelRoles{UserCan: []string{"chat"}}},
	} {
		require.NoError(t, f.DB.Levels().Upsert(t.Context(), l))
	}
	g := &growthFixture{Fixture: f, deliveries: &apptest.Sessions{}, reg: action.NewRegistry()}
	g.accounts = account.New(account.Config{DB: f.DB, SocketTokens: f.Creds, Now: f.Clock.Now, Sessions: g.deliveries,
		Logger: slog.New(slog.DiscardHandler)})
	g.accounts.Register(g.reg)
	return g
}

// call runs an action as userID in lang and decodes its reply into out.
func (g *growthFixture) call(t *testing.T, userID int64, lang, name string, out any) error {
	t.Helper()
	req := &action.Request{Lang: lang, Viewer: action.Viewer{UserID: userID}}
	reply, err := g.reg.Call(action.WithRequest(t.Context(), req), name, json.RawMessage(`{}`))
	if err != nil {
		return err
	}
	b, err := json.Marshal(reply)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, out))
	return nil
}

// award awards reason n times and returns the points added in all.
func (g *growthFixture) award(t *testing.T, userID int64, reason string, n int) int64 {
	t.Helper()
	var added int64
	for range n {
		got, err := g.accounts.Award(t.Context(), userID, reason)
		require.NoError(t, err)
		added += got
	}
	return added
}

func (g *growthFixture) level(t *testing.T, userID int64) string {
	t.Helper()
	u, err := g.DB.Users().Get(t.Context(), userID)
	require.NoError(t, err)
	return u.LevelKey
}

func TestGrowthCapsAndLevelUp(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		g := newGrowthFixture(t, kind)
		ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev"}, "")

		assert.EqualValues(t, 20, g.award(t, ann.ID, account.GrowthChat, 25), "chat: 1 a message, 20 a day")
		assert.EqualValues(t, 10, g.award(t, ann.ID, account.GrowthPrivateMessage, 12), "private messages: 10 a day")
		assert.EqualValues(t, 15, g.award(t, ann.ID, account.GrowthTopic, 3), "topics: 5 each")
		assert.Equal(t, "lv1", g.level(t, ann.ID), "45 points: not yet lv2")
		assert.Empty(t, g.deliveries.Take())

		assert.EqualValues(t, 5, g.award(t, ann.ID, account.GrowthTopic, 2), "topics: 20 a day")
		assert.Equal(t, "lv2", g.level(t, ann.ID), "50 points reach lv2")
		assert.Equal(t, []apptest.Delivery{{UserID: ann.ID, IdemKey: "viewer:level:" + authtest.FormatID(ann.ID) + ":lv2",
			Action: account.EventViewer, Data: `{"reason":"level"}`}}, g.deliveries.Take(), "the member is told once")

		var reply account.GrowthReply
		require.NoError(t, g.call(t, ann.ID, "en", "account.growth", &reply))
		growth := reply.Growth
		assert.EqualValues(t, 50, growth.Points)
		assert.Equal(t, &account.Badge{Key: "lv2", Icon: "/lv2.svg", Name: "Level 2"}, growth.Level)
		assert.Equal(t, &account.GrowthNext{Level: account.Badge{Key: "lv3", Icon: "/lv3.svg", Name: "Level 3"}, MinPoints: 80}, growth.Next)
		assert.False(t, growth.SignedInToday)
		assert.Equal(t, []account.GrowthToday{
			{Reason: "signIn", Points: 0, Cap: 10}, {Reason: "chat", Points: 20, Cap: 20},
			{Reason: "privateMessage", Points: 10, Cap: 10}, {Reason: "topic", Points: 20, Cap: 20},
			{Reason: "answer", Points: 0, Cap: 20}, {Reason: "likeReceived", Points: 0, Cap: 20},
		}, growth.Today)

		g.Clock.Add(24 * time.Hour)
		assert.EqualValues(t, 1, g.award(t, ann.ID, account.GrowthChat, 1), "a new UTC day, a new cap")
		assert.EqualValues(t, 20, g.award(t, ann.ID, account.GrowthAnswer, 11), "answers: 2 each, 20 a day")
		assert.EqualValues(t, 9, g.award(t, ann.ID, account.GrowthLikeReceived, 9))
		assert.Equal(t, "lv3", g.level(t, ann.ID), "80 points reach lv3")
		require.NoError(t, g.call(t, ann.ID, "en", "account.growth", &reply))
		assert.Nil(t, reply.Growth.Next, "nothing above the top")
		assert.Len(t, g.deliveries.Take(), 1)

		_, err := g.accounts.Award(t.Context(), ann.ID, "spam")
		require.Error(t, err, "an unknown reason")
	})
}

func TestLevelsNeverGoDownOnTheirOwn(t *testing.T) {
	t.Parallel()
	g := newGrowthFixture(t, persistence.KindSQLite)
	vip := g.Member(t, persistence.User{Name: "Vic", Email: "vic@souk.dev", LevelKey: "lv3"}, "")
	assert.EqualValues(t, 20, g.award(t, vip.ID, account.GrowthChat, 20))
	assert.Equal(t, "lv3", g.level(t, vip.ID), "an administrator's lv3 stays with 20 points")
	assert.Empty(t, g.deliveries.Take())

	// A site whose levels have no thresholds: points earn none of them.
	bare := authtest.NewFixture(t, persistence.KindSQLite)
	accounts := account.New(account.Config{DB: bare.DB, SocketTokens: bare.Creds, Now: bare.Clock.Now})
	bob := bare.Member(t, persistence.User{Name: "Bob", Email: "bob@souk.dev"}, "")
	_, err := accounts.Award(t.Context(), bob.ID, account.GrowthTopic)
	require.NoError(t, err)
	u, err := bare.DB.Users().Get(t.Context(), bob.ID)
	require.NoError(t, err)
	assert.Equal(t, "lv1", u.LevelKey, "lv2 without min_points is not earned by points")
}

// TestConcurrentAwardsKeepTheCap: parallel messages never pass a day's cap.
func TestConcurrentAwardsKeepTheCap(t *testing.T) {
	t.Parallel()
	g := newGrowthFixture(t, persistence.KindSQLite)
	ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev"}, "")
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 5 {
				_, err := g.accounts.Award(context.Background(), ann.ID, account.GrowthChat)
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	points, err := g.DB.Growth().Points(t.Context(), ann.ID)
	require.NoError(t, err)
	assert.EqualValues(t, 20, points)
}

func TestSignInOncePerDay(t *testing.T) {
	t.Parallel()
	g := newGrowthFixture(t, persistence.KindSQLite)
	ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev"}, "")

	var reply account.GrowthReply
	require.NoError(t, g.call(t, ann.ID, "en", "account.signIn", &reply))
	assert.EqualValues(t, 10, reply.Growth.Points)
	assert.True(t, reply.Growth.SignedInToday)
	assert.Equal(t, account.GrowthToday{Reason: "signIn", Points: 10, Cap: 10}, reply.Growth.Today[0])

	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	for _, lang := range action.Languages {
		err := g.call(t, ann.ID, lang, "account.signIn", &reply)
		authtest.RequireKey(t, err, 409, "account.error.signedIn")
		msg := catalog.Translate(lang, "account.error.signedIn", nil)
		assert.NotEqual(t, "account.error.signedIn", msg, "translated into %s", lang)
		assert.NotEmpty(t, msg)
	}
	points, err := g.DB.Growth().Points(t.Context(), ann.ID)
	require.NoError(t, err)
	assert.EqualValues(t, 10, points, "the refused sign-ins earned nothing")

	g.Clock.Add(24 * time.Hour)
	require.NoError(t, g.call(t, ann.ID, "en", "account.signIn", &reply), "the next UTC day")
	assert.EqualValues(t, 20, reply.Growth.Points)

	_, _, err = g.Call(t, authtest.NewGuest(), "account.signIn", nil)
	require.Error(t, err)
}

func TestViewerBalances(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		g := newGrowthFixture(t, kind)
		ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev", LevelKey: "lv2"}, "")
		v, err := g.accounts.ViewerFor(apptest.As(ann.ID), ann.ID)
		require.NoError(t, err)
		assert.Equal(t, `{"CNY":"0.00","JPY":"0"}`, v.GqMoney, "every currency, at zero before any operation")
		assert.Zero(t, v.GqCredit)

		_, err = g.DB.Wallets().Apply(t.Context(), persistence.WalletOp{IdemKey: "test:topup:1", UserID: ann.ID,
			Reason: persistence.ReasonTopUp, Ref: "p1", At: persistence.Millis(g.Clock.Now()), Postings: []persistence.Posting{
				{UserID: persistence.AccountExternal, Asset: "CNY", Amount: -1230}, {UserID: ann.ID, Asset: "CNY", Amount: 1230},
				{UserID: persistence.AccountExternal, Asset: "JPY", Amount: -7}, {UserID: ann.ID, Asset: "JPY", Amount: 7},
				{UserID: persistence.AccountExternal, Asset: persistence.AssetCredit, Amount: -3000},
				{UserID: ann.ID, Asset: persistence.AssetCredit, Amount: 3000},
			}})
		require.NoError(t, err)
		v, err = g.accounts.ViewerFor(apptest.As(ann.ID), ann.ID)
		require.NoError(t, err)
		assert.Equal(t, `{"CNY":"12.30","JPY":"7"}`, v.GqMoney, "each currency with its decimals")
		assert.EqualValues(t, 3000, v.GqCredit)
		assert.Equal(t, "lv2", v.GqLevel.Key, "the stored level")

		m, err := g.accounts.SocketMember(t.Context(), ann.ID)
		require.NoError(t, err)
		assert.Equal(t, account.SocketMember{ID: ann.ID, Name: "Ann", Slug: ann.Slug, AvatarURL: "/api/avatar?seed=" + ann.Slug,
			UserCan: []string{"chat"}}, m, "the socket's member holds the level's rights")
	})
}

func TestLevelTipsShowProgress(t *testing.T) {
	t.Parallel()
	g := newGrowthFixture(t, persistence.KindSQLite)
	ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev"}, "")
	g.award(t, ann.ID, account.GrowthTopic, 3)
	var reply account.LevelTipsReply
	require.NoError(t, g.call(t, ann.ID, "en", "utils.levelTips", &reply))
	tips := reply.LevelTips
	assert.EqualValues(t, 15, tips.Points)
	require.NotNil(t, tips.Next)
	assert.Equal(t, "lv2", tips.Next.Level.Key)
	assert.EqualValues(t, 50, tips.Next.MinPoints)
	assert.Equal(t, account.GrowthRules, tips.Earn)
	assert.EqualValues(t, []int64{0, 50, 80}, []int64{tips.Levels[0].MinPoints, tips.Levels[1].MinPoints, tips.Levels[2].MinPoints})

	require.NoError(t, g.call(t, 0, "en", "utils.levelTips", &reply))
	assert.Zero(t, reply.LevelTips.Points, "a guest has none")
	assert.NotEmpty(t, reply.LevelTips.Earn)
}
