package account_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
)

// TestAwardsBatch: the awards of messages queued from many goroutines are
// all written by Close, within each day's cap, a member reaching a level
// is moved up and told once, and a member the database no longer has
// costs the others nothing; after Close an award is written at once.
func TestAwardsBatch(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		g := newGrowthFixture(t, kind)
		ann := g.Member(t, persistence.User{Name: "Ann", Email: "ann@souk.dev"}, "")
		bob := g.Member(t, persistence.User{Name: "Bob", Email: "bob@souk.dev"}, "")
		awards := g.accounts.Awards()

		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() {
				for range 6 {
					awards.Award(ann.ID, account.GrowthChat)
					awards.Award(ann.ID, account.GrowthTopic)
				}
				for range 3 {
					awards.Award(ann.ID, account.GrowthAnswer)
				}
				awards.Award(bob.ID, account.GrowthPrivateMessage)
				awards.Award(1<<40, account.GrowthChat) // no such member
				awards.Award(bob.ID, "spam")            // no such reason: logged, skipped
			})
		}
		wg.Wait()
		awards.Close()

		points := func(id int64) int64 {
			p, err := g.DB.Growth().Points(t.Context(), id)
			require.NoError(t, err)
			return p
		}
		assert.EqualValues(t, 60, points(ann.ID), "the day's caps: 20 of 30 chat messages, 20 of 30 topics, 20 of 15 answers")
		assert.EqualValues(t, 5, points(bob.ID), "5 private messages")
		assert.Equal(t, "lv2", g.level(t, ann.ID), "60 points reach lv2")
		assert.Equal(t, []apptest.Delivery{{UserID: ann.ID, IdemKey: "viewer:level:" + authtest.FormatID(ann.ID) + ":lv2",
			Action: account.EventViewer, Data: `{"reason":"level"}`}}, g.deliveries.Take(), "the member is told once")

		awards.Award(bob.ID, account.GrowthPrivateMessage)
		assert.EqualValues(t, 6, points(bob.ID), "written at once after Close")
	})
}
