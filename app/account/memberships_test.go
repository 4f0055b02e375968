package account_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"souk/app/account"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
)

// TestWatchMembershipsTellsEndedTiers: when a member's VIP tier ends, the
// watch pushes the viewer event (once per tier and end, on any number of
// nodes), and a tier still running or without an end is left alone.
func TestWatchMembershipsTellsEndedTiers(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		g := newGrowthFixture(t, kind)
		start := g.Clock.Now()
		ending := g.Member(t, persistence.User{Email: "ending@souk.dev", LevelKey: "lv1", VIPKey: "vip1",
			VIPExpiresAt: persistence.Millis(start.Add(90 * time.Second))}, "pw-123456")
		g.Member(t, persistence.User{Email: "later@souk.dev", LevelKey: "lv1", VIPKey: "vip1",
			VIPExpiresAt: persistence.Millis(start.Add(time.Hour))}, "pw-123456")
		g.Member(t, persistence.User{Email: "forever@souk.dev", LevelKey: "lv1", VIPKey: "vip1"}, "pw-123456")

		ticks := make(chan time.Time)
		after := func(time.Duration) <-chan time.Time { return ticks }
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() {
			defer close(done)
			g.accounts.WatchMemberships(ctx, account.MembershipWatch, after)
		}()
		tick := func(d time.Duration) {
			g.Clock.Add(d)
			ticks <- g.Clock.Now()
			ticks <- g.Clock.Now() // the second send waits until the first round is done
		}
		tick(30 * time.Second)
		assert.Empty(t, g.deliveries.Take(), "no tier has ended yet")
		tick(90 * time.Second)
		assert.Equal(t, []apptest.Delivery{{UserID: ending.ID,
			IdemKey: "viewer:membership:" + authtest.FormatID(ending.ID) + ":vip1:" + authtest.FormatID(ending.VIPExpiresAt),
			Action:  account.EventViewer, Data: `{"reason":"membership"}`}}, g.deliveries.Take(), "the tier that ended, once")
		tick(30 * time.Second)
		assert.Empty(t, g.deliveries.Take(), "told once")
		cancel()
		<-done
	})
}
