package wallet

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/persistence"
)

func TestBuyMembership(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.Member(t, db, "ann")
		buy := func(tier, currency, key string) (BuyMembershipReply, error) {
			return f.s.BuyMembership(apptest.As(ann), BuyMembershipInput{Tier: tier, Currency: currency, IdemKey: key})
		}

		_, err := buy("vip1", "CREDIT", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.insufficient")
		assert.Equal(t, map[string]any{"currency": "CREDIT"}, err.(*action.Error).Args)
		_, err = buy("vip9", "CNY", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.tier")
		_, err = buy("vip2", "USD", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.noPrice")
		_, err = buy("vip2", "CREDIT", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.noPrice")
		_, err = buy("vip1", "GBP", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.currency")
		for _, key := range []string{"", "short", "has space in it", "emoji-🙂-key", string(make([]byte, 101))} {
			_, err = f.reg.Call(apptest.As(ann), "wallet.buyMembership", jsonOf(t, map[string]any{"tier": "vip1", "currency": "CNY", "idemKey": key}))
			require.Error(t, err, "idemKey %q", key)
		}
		assert.Empty(t, f.events())

		f.credit(ann, "CREDIT", "5000")
		f.events()
		before, err := account.TokenRights(t.Context(), db, mustUser(t, db, ann), time.Now())
		require.NoError(t, err)
		assert.NotContains(t, before.UserCan, "chat")

		out, err := buy("vip1", "CREDIT", "buy-0001")
		require.NoError(t, err)
		assert.Equal(t, int64(2000), out.Wallet.Credit)
		assert.Equal(t, "vip1", out.Membership.Key)
		days30 := 30 * 24 * time.Hour
		assert.InDelta(t, f.clock.Now().Add(days30).UnixMilli(), out.Membership.ExpiresAt, float64(time.Minute.Milliseconds()))
		u := mustUser(t, db, ann)
		assert.Equal(t, "vip1", u.VIPKey)
		assert.Equal(t, out.Membership.ExpiresAt, u.VIPExpiresAt)
		after, err := account.TokenRights(t.Context(), db, u, time.Now())
		require.NoError(t, err)
		assert.Contains(t, after.UserCan, "chat", "the tier's roles follow")
		assert.Contains(t, after.UserCan, "directMessages")
		ev := f.events()
		assert.Equal(t, int64(2000), walletEvent(t, ev[EventWallet][ann]).Credit)
		assert.JSONEq(t, `{"reason":"membership"}`, ev[EventViewer][ann], "the client reloads its viewer")

		again, err := buy("vip1", "CREDIT", "buy-0001")
		require.NoError(t, err, "a retry with the same key")
		assert.Equal(t, out.Membership, again.Membership)
		assert.Equal(t, int64(2000), again.Wallet.Credit, "pays once")
		assert.Empty(t, f.events(), "and announces nothing")
		_, err = buy("vip2", "CNY", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.idemMismatch")
		_, err = buy("vip1", "CNY", "buy-0001")
		apptest.RequireKey(t, err, "wallet.error.idemMismatch")
		bob := apptest.Member(t, db, "bob")
		f.credit(bob, "CREDIT", "3000")
		_, err = f.s.BuyMembership(apptest.As(bob), BuyMembershipInput{Tier: "vip1", Currency: "CREDIT", IdemKey: "buy-0001"})
		require.NoError(t, err, "keys are each member's own")

		// A second purchase extends the tier from its end.
		out2, err := buy("vip1", "CREDIT", "buy-0002")
		apptest.RequireKey(t, err, "wallet.error.insufficient")
		f.credit(ann, "CREDIT", "1000")
		out2, err = buy("vip1", "CREDIT", "buy-0002")
		require.NoError(t, err)
		assert.Equal(t, out.Membership.ExpiresAt+days30.Milliseconds(), out2.Membership.ExpiresAt)
		assert.Equal(t, int64(0), out2.Wallet.Credit)

		tiers, err := f.s.Memberships(as(ann, "zh-hans"), MembershipsInput{})
		require.NoError(t, err)
		require.Len(t, tiers.Tiers, 2)
		assert.Equal(t, Tier{Key: "vip1", Name: "白银会员", Roles: []string{"chat", "directMessages"},
			Media:  map[string]persistence.MediaRole{},
			Prices: map[string]string{"CNY": "30.00", "USD": "4.99", "CREDIT": "3000"}, DurationDays: 30}, tiers.Tiers[0])
		assert.Equal(t, &Membership{Key: "vip1", ExpiresAt: out2.Membership.ExpiresAt}, tiers.Current)
		guest, err := f.s.Memberships(as(0, "en"), MembershipsInput{})
		require.NoError(t, err)
		assert.Nil(t, guest.Current)
		assert.Equal(t, "Gold VIP", guest.Tiers[1].Name)
		f.audit()
	})
}

func TestGift(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		gift := func(to int64, currency, amount, key string) (GiftReply, error) {
			return f.s.Gift(apptest.As(ann), GiftInput{ToUserID: action.ID(to), Currency: currency, Amount: Amount(amount), IdemKey: key})
		}
		_, err := gift(ann, "CNY", "1", "gift-0001")
		apptest.RequireKey(t, err, "wallet.error.self")
		_, err = gift(4242, "CNY", "1", "gift-0001")
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = gift(bob, "CNY", "1", "gift-0001")
		apptest.RequireKey(t, err, "wallet.error.insufficient")
		assert.Equal(t, map[string]any{"currency": "CNY"}, err.(*action.Error).Args)

		f.credit(ann, "CNY", "10.00")
		f.events()
		for amount, key := range map[string]string{"-1": "wallet.error.amount", "0": "wallet.error.amount",
			"0.001": "wallet.error.precision", "1000000.01": "wallet.error.tooLarge", "10.01": "wallet.error.insufficient"} {
			_, err = gift(bob, "CNY", amount, "gift-0001")
			apptest.RequireKey(t, err, key)
		}
		_, err = gift(bob, "CREDIT", "1.5", "gift-0001")
		apptest.RequireKey(t, err, "wallet.error.precision")
		assert.Empty(t, f.events())

		out, err := gift(bob, "CNY", "2.5", "gift-0001")
		require.NoError(t, err)
		assert.Equal(t, "7.50", out.Wallet.Money["CNY"])
		assert.Equal(t, "2.50", f.balances(bob).Money["CNY"])
		ev := f.events()[EventWallet]
		assert.Equal(t, "7.50", walletEvent(t, ev[ann]).Money["CNY"], "both members see the gift live")
		assert.Equal(t, "2.50", walletEvent(t, ev[bob]).Money["CNY"])

		_, err = gift(bob, "CNY", "2.5", "gift-0001")
		require.NoError(t, err, "a retry")
		_, err = gift(bob, "CNY", "3", "gift-0001")
		apptest.RequireKey(t, err, "wallet.error.idemMismatch")
		assert.Equal(t, "2.50", f.balances(bob).Money["CNY"], "given once")

		// The recipient's history names the giver.
		got, err := f.s.Entries(apptest.As(bob), EntriesInput{})
		require.NoError(t, err)
		require.Len(t, got.Entries, 1)
		assert.Equal(t, "2.50", got.Entries[0].Amount)
		require.NotNil(t, got.Entries[0].Peer)
		assert.Equal(t, member.FormatID(ann), got.Entries[0].Peer.ID)
		mine, err := f.s.Entries(apptest.As(ann), EntriesInput{Reason: persistence.ReasonGift})
		require.NoError(t, err)
		require.Len(t, mine.Entries, 1)
		assert.Equal(t, "-2.50", mine.Entries[0].Amount)
		assert.Equal(t, "7.50", mine.Entries[0].BalanceAfter)
		assert.Equal(t, "bob", mine.Entries[0].Peer.GqSlug)
		f.audit()
	})
}

func TestAdjust(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann := apptest.Member(t, db, "ann")
		admin := apptest.AsAdmin(99)
		adjust := func(user int64, currency, amount, key string) (AdjustReply, error) {
			return f.s.Adjust(admin, AdjustInput{UserID: action.ID(user), Currency: currency, Amount: Amount(amount), Memo: "goodwill", IdemKey: key})
		}
		for amount, key := range map[string]string{"0": "wallet.error.amount", "1.234": "wallet.error.precision",
			"1000000.01": "wallet.error.tooLarge", "-1000000.01": "wallet.error.tooLarge", "-0.01": "wallet.error.insufficient"} {
			_, err := adjust(ann, "USD", amount, "adjust-0001")
			apptest.RequireKey(t, err, key)
		}
		_, err := adjust(ann, "XAU", "1", "adjust-0001")
		apptest.RequireKey(t, err, "wallet.error.currency")
		_, err = adjust(4242, "USD", "1", "adjust-0001")
		apptest.RequireKey(t, err, "common.error.userNotFound")
		_, err = adjust(ann, "CREDIT", "100000001", "adjust-0001")
		apptest.RequireKey(t, err, "wallet.error.tooLarge")

		out, err := adjust(ann, "USD", "1000000", "adjust-0001")
		require.NoError(t, err)
		assert.Equal(t, "1000000.00", out.Wallet.Money["USD"])
		out, err = adjust(ann, "USD", "-0.01", "adjust-0002")
		require.NoError(t, err)
		assert.Equal(t, "999999.99", out.Wallet.Money["USD"])
		assert.Equal(t, "999999.99", walletEvent(t, f.events()[EventWallet][ann]).Money["USD"])
		// Credit takes a JSON number too.
		raw, err := f.reg.Call(admin, "admin.walletAdjust", jsonOf(t, map[string]any{"userId": ann, "currency": "CREDIT", "amount": 42,
			"memo": "  thanks\n", "idemKey": "adjust-0003"}))
		require.NoError(t, err)
		assert.Equal(t, int64(42), raw.(AdjustReply).Wallet.Credit)

		page, err := f.s.Entries(apptest.As(ann), EntriesInput{First: 2})
		require.NoError(t, err)
		require.Len(t, page.Entries, 2)
		assert.True(t, page.PageInfo.HasNextPage)
		assert.Equal(t, "42", page.Entries[0].Amount, "newest first")
		assert.Equal(t, "thanks", page.Entries[0].Memo)
		assert.Equal(t, "-0.01", page.Entries[1].Amount)
		next, err := f.s.Entries(apptest.As(ann), EntriesInput{First: 2, After: page.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, next.Entries, 1)
		assert.False(t, next.PageInfo.HasNextPage)
		usd, err := f.s.Entries(apptest.As(ann), EntriesInput{Asset: "USD"})
		require.NoError(t, err)
		assert.Len(t, usd.Entries, 2)
		_, err = f.s.Entries(apptest.As(ann), EntriesInput{Asset: "GBP"})
		apptest.RequireKey(t, err, "wallet.error.currency")
		_, err = f.s.Entries(apptest.As(ann), EntriesInput{After: "x"})
		require.ErrorIs(t, err, ErrBadCursor)
		_, err = f.reg.Call(apptest.As(ann), "wallet.entries", jsonOf(t, map[string]any{"reason": "theft"}))
		require.ErrorIs(t, err, ErrBadReason)
		other, err := f.s.Entries(apptest.As(apptest.Member(t, db, "bob")), EntriesInput{})
		require.NoError(t, err)
		assert.Empty(t, other.Entries, "each member sees their own")

		// admin.memberLedger: the member's own page, as wallet.entries shows it to them.
		raw, err = f.reg.Call(admin, "admin.memberLedger", jsonOf(t, map[string]any{"userId": ann, "first": 2}))
		require.NoError(t, err)
		assert.Equal(t, page, raw.(EntriesReply))
		_, err = f.reg.Call(admin, "admin.memberLedger", jsonOf(t, map[string]any{"userId": 4242}))
		apptest.RequireKey(t, err, "admin.error.userNotFound")
		_, err = f.reg.Call(admin, "admin.memberLedger", jsonOf(t, map[string]any{"userId": ann, "first": MaxEntries + 1}))
		require.Error(t, err)
		_, err = f.reg.Call(apptest.As(ann), "admin.memberLedger", jsonOf(t, map[string]any{"userId": ann}))
		require.Error(t, err, "administrators only")
		f.audit()
	})
}

func jsonOf(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func mustUser(t *testing.T, db *persistence.DB, id int64) persistence.User {
	t.Helper()
	u, err := db.Users().Get(t.Context(), id)
	require.NoError(t, err)
	return u
}
