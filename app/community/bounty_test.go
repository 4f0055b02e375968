package community

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/notify"
	"souk/persistence"
)

// bountyInput is a USD bounty of value in the free node.
func (f *fixture) bountyInput(value, key string, deadline time.Duration) CreateTopicInput {
	return CreateTopicInput{Title: "Bounty " + key, Content: "<p>Help</p>", Cat: action.ID(f.free.ID), IdemKey: key,
		Types: TopicTypes{Type: "bounty", Bounty: &BountyInput{Type: "money", Currency: "USD", Value: Amount(value),
			Deadline: f.future(deadline)}}}
}

// TestBountyEscrowAwardRefund: the escrow, the award and the refund move
// the money once each, leave the ledger audit clean and the escrow empty.
func TestBountyEscrowAwardRefund(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.fund(f.ann, "USD", 10_000)

		// Escrow, exactly once per idemKey.
		r, err := f.s.CreateTopic(as(f.ann), f.bountyInput("30.00", "bounty-0001", time.Hour))
		require.NoError(t, err)
		bounty := r.Topic
		require.NotNil(t, bounty.Bounty)
		assert.Equal(t, "30.00", bounty.Bounty.Value)
		assert.Equal(t, "open", bounty.Bounty.State)
		again, err := f.s.CreateTopic(as(f.ann), f.bountyInput("30.00", "bounty-0001", time.Hour))
		require.NoError(t, err)
		assert.Equal(t, bounty.ID, again.Topic.ID, "a retry creates once")
		assert.Equal(t, int64(7_000), f.balance(f.ann, "USD"), "escrowed once")
		assert.Equal(t, int64(3_000), f.audit("USD"))
		assert.Equal(t, []int64{f.ann}, f.told, "the author is told the balance once")
		_, err = f.s.CreateTopic(as(f.ann), f.bountyInput("31.00", "bounty-0001", time.Hour))
		apptest.RequireKey(t, err, "wallet.error.idemMismatch")
		_, err = f.s.CreateTopic(as(f.ann), f.bountyInput("70.01", "bounty-0002", time.Hour))
		apptest.RequireKey(t, err, "wallet.error.insufficient")
		assert.Equal(t, int64(7_000), f.balance(f.ann, "USD"))
		list, err := db.Community().Topics(t.Context(), f.free.ID, 0, 50)
		require.NoError(t, err)
		assert.Len(t, list, 1, "a refused escrow writes no topic")

		// Answers by bob and cat, and one by ann herself.
		topicID := id(t, bounty.ID)
		bobs := f.answer(f.bob, bounty.ID, "bob's")
		cats := f.answer(f.cat, bounty.ID, "cat's")
		anns := f.answer(f.ann, bounty.ID, "ann's")
		other := f.topic(f.bob, f.free, "Other")
		elsewhere := f.answer(f.cat, other.ID, "elsewhere")

		award := func(as_ int64, in AwardInput) error {
			_, err := f.s.Award(as(as_), in)
			return err
		}
		apptest.RequireKey(t, award(f.bob, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, bobs.ID)}}),
			"community.error.notAuthor")
		apptest.RequireKey(t, award(f.bob, AwardInput{TopicID: id(t, other.ID), AnswerIDs: []action.ID{id(t, elsewhere.ID)}}),
			"community.error.notBounty")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, anns.ID)}}),
			"community.error.selfAward")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, elsewhere.ID)}}),
			"community.error.answerNotFound")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, bobs.ID), id(t, cats.ID)},
			Shares: []Amount{"10.00", "10.00"}}), "community.error.shares")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, bobs.ID)},
			Shares: []Amount{"30.00", "0"}}), "community.error.shares")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: 42, AnswerIDs: []action.ID{id(t, bobs.ID)}}),
			"community.error.topicNotFound")
		require.Error(t, (&AwardInput{TopicID: topicID}).Validate(), "answers are required")

		awarded, err := f.s.Award(as(f.ann), AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, bobs.ID), id(t, cats.ID)},
			Shares: []Amount{"20", "10.00"}})
		require.NoError(t, err)
		assert.Equal(t, "awarded", awarded.Topic.Bounty.State)
		require.Len(t, awarded.Topic.Bounty.Awards, 2)
		assert.Equal(t, "20.00", awarded.Topic.Bounty.Awards[0].Value)
		assert.Equal(t, int64(2_000), f.balance(f.bob, "USD"))
		assert.Equal(t, int64(1_000), f.balance(f.cat, "USD"))
		assert.Zero(t, f.audit("USD"), "the escrow is empty after the award")
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: topicID, AnswerIDs: []action.ID{id(t, bobs.ID)}}),
			"community.error.settled")
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: topicID, Content: "<p>more</p>"})
		apptest.RequireKey(t, err, "community.error.closed")

		// A bounty nobody was awarded is refunded after its deadline, once.
		r, err = f.s.CreateTopic(as(f.ann), f.bountyInput("15.55", "bounty-0003", time.Hour))
		require.NoError(t, err)
		late := r.Topic
		lateAnswer := f.answer(f.bob, late.ID, "late")
		assert.Equal(t, int64(5_445), f.balance(f.ann, "USD"))
		n, err := f.s.Sweep(t.Context())
		require.NoError(t, err)
		assert.Zero(t, n, "nothing is due before the deadline")
		f.clock.Add(time.Hour)
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: id(t, late.ID), AnswerIDs: []action.ID{id(t, lateAnswer.ID)}}),
			"community.error.expired")
		n, err = f.s.Sweep(t.Context())
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		n, err = f.s.Sweep(t.Context())
		require.NoError(t, err)
		assert.Zero(t, n, "a refund happens once")
		assert.Equal(t, int64(7_000), f.balance(f.ann, "USD"))
		assert.Zero(t, f.audit("USD"))
		stored, err := db.Community().Topic(t.Context(), int64(id(t, late.ID)))
		require.NoError(t, err)
		assert.Equal(t, persistence.BountyRefunded, stored.BountyState)
		apptest.RequireKey(t, award(f.ann, AwardInput{TopicID: id(t, late.ID), AnswerIDs: []action.ID{id(t, lateAnswer.ID)}}),
			"community.error.settled")

		// A claim whose money did not move (a node stopped in between) is
		// finished by the sweep; the ledger key keeps it at once.
		r, err = f.s.CreateTopic(as(f.ann), f.bountyInput("3", "bounty-0004", time.Hour))
		require.NoError(t, err)
		cut := f.answer(f.cat, r.Topic.ID, "cut")
		require.NoError(t, db.Community().ClaimBounty(t.Context(), int64(id(t, r.Topic.ID)), persistence.BountyAwarding,
			[]persistence.Share{{AnswerID: int64(id(t, cut.ID)), UserID: f.cat, Amount: 300}}, f.clock.Now().UnixMilli()))
		n, err = f.s.Sweep(t.Context())
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		assert.Equal(t, int64(1_300), f.balance(f.cat, "USD"))
		assert.Zero(t, f.audit("USD"))

		// Equal parts: the remainder's units go to the first answers.
		r, err = f.s.CreateTopic(as(f.ann), f.bountyInput("0.05", "bounty-0005", time.Hour))
		require.NoError(t, err)
		b1, c1 := f.answer(f.bob, r.Topic.ID, "b"), f.answer(f.cat, r.Topic.ID, "c")
		split, err := f.s.Award(as(f.ann), AwardInput{TopicID: id(t, r.Topic.ID), AnswerIDs: []action.ID{id(t, b1.ID), id(t, c1.ID)}})
		require.NoError(t, err)
		assert.Equal(t, "0.03", split.Topic.Bounty.Awards[0].Value)
		assert.Equal(t, "0.02", split.Topic.Bounty.Awards[1].Value)
		assert.Zero(t, f.audit("USD"))
		assert.Equal(t, int64(10_000), f.balance(f.ann, "USD")+f.balance(f.bob, "USD")+f.balance(f.cat, "USD"),
			"every cent ann was given is with ann, bob or cat: none made or lost")
		assert.Equal(t, int64(2_003), f.balance(f.bob, "USD"))
	})
}

// TestDeletedBountyIsRefunded: deleting a bounty topic keeps its escrow
// until the deadline, when the sweep refunds it.
func TestDeletedBountyIsRefunded(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.fund(f.ann, "CREDIT", 100)
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Credit", Content: "<p>x</p>", Cat: action.ID(f.free.ID),
			Types: TopicTypes{Type: "bounty", Bounty: &BountyInput{Type: "credit", Value: "40", Deadline: f.future(time.Minute)}}})
		require.NoError(t, err)
		assert.Equal(t, "credit", r.Topic.Bounty.Type)
		assert.Equal(t, int64(60), f.balance(f.ann, "CREDIT"))
		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.ann}, int64(id(t, r.Topic.ID))))
		f.clock.Add(time.Minute)
		n, err := f.s.Sweep(t.Context())
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		assert.Equal(t, int64(100), f.balance(f.ann, "CREDIT"))
		assert.Zero(t, f.audit("CREDIT"))
	})
}

// TestNotifications: a topic's author hears of answers, answers' authors
// of their awards, a bounty's author of its refund; each once.
func TestNotifications(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.s.notify = notify.New(notify.Config{DB: db})
		f.fund(f.ann, "CREDIT", 100)
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Q", Content: "<p>q</p>", Cat: action.ID(f.free.ID),
			Types: TopicTypes{Type: "bounty", Bounty: &BountyInput{Type: "credit", Value: "10", Deadline: f.future(time.Hour)}}})
		require.NoError(t, err)
		a := f.answer(f.bob, r.Topic.ID, "a")
		f.answer(f.ann, r.Topic.ID, "her own: no notice")
		_, err = f.s.Award(as(f.ann), AwardInput{TopicID: id(t, r.Topic.ID), AnswerIDs: []action.ID{id(t, a.ID)}})
		require.NoError(t, err)
		r, err = f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "R", Content: "<p>r</p>", Cat: action.ID(f.free.ID),
			Types: TopicTypes{Type: "bounty", Bounty: &BountyInput{Type: "credit", Value: "5", Deadline: f.future(time.Minute)}}})
		require.NoError(t, err)
		f.clock.Add(time.Minute)
		_, err = f.s.Sweep(t.Context())
		require.NoError(t, err)

		kinds := func(userID int64) []string {
			list, err := db.Notifications().List(t.Context(), userID, 0, 0, 10)
			require.NoError(t, err)
			var out []string
			for _, n := range list {
				var c CommunityContent
				require.NoError(t, json.Unmarshal(n.Content, &c))
				assert.Equal(t, TypeCommunity, n.Type)
				out = append(out, c.Kind)
			}
			slices.Sort(out)
			return out
		}
		assert.Equal(t, []string{"answer", "refund"}, kinds(f.ann))
		assert.Equal(t, []string{"award"}, kinds(f.bob))
	})
}
