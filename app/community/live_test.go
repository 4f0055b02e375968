package community

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/app/internal/live"
	"souk/persistence"
)

// liveFixture is the fixture whose service publishes to a recorder.
func liveFixture(t *testing.T, db *persistence.DB) (*fixture, *apptest.LiveRecorder) {
	f := newFixture(t, db)
	rec := &apptest.LiveRecorder{}
	f.s = New(Config{DB: db, Now: f.clock.Now, Live: rec})
	return f, rec
}

// where lists the channels of events, in order.
func where(events []apptest.LiveEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Event + "@" + e.Channel
	}
	return out
}

// decode reads an event's data.
func decode[T any](t *testing.T, e apptest.LiveEvent) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(e.Data), &v))
	return v
}

func TestLiveEvents(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f, rec := liveFixture(t, db)
		node, feed := live.Node(f.free.ID), live.Feed

		// A topic: its node's list and the feed, built for a guest, once per idemKey.
		in := CreateTopicInput{Title: "Open", Content: "<p>open words</p>", Cat: action.ID(f.free.ID), IdemKey: "live-0001"}
		r, err := f.s.CreateTopic(as(f.ann), in)
		require.NoError(t, err)
		open := r.Topic
		events := rec.Take()
		require.Equal(t, []string{"topic_created@" + node, "topic_created@" + feed}, where(events))
		created := decode[TopicCreatedEvent](t, events[0])
		assert.Equal(t, open.ID, created.Topic.ID)
		assert.Equal(t, "open words", created.Topic.Excerpt)
		assert.Empty(t, created.Topic.Content)
		_, err = f.s.CreateTopic(as(f.ann), in)
		require.NoError(t, err)
		assert.Empty(t, rec.Take(), "a retry tells nothing again")

		// A gated topic: locked for everyone in the event, even though its author reads it.
		r, err = f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Gated", Content: "<p>gated words</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		gated := r.Topic
		assert.False(t, gated.Locked, "the author reads it")
		events = rec.Take()
		require.Len(t, events, 2)
		assert.NotContains(t, events[0].Data, "gated words")
		assert.True(t, decode[TopicCreatedEvent](t, events[0]).Topic.Locked)

		// Answers: the open topic's comes with it, the gated topic's only counted.
		f.answer(f.bob, open.ID, "open answer")
		events = rec.Take()
		require.Equal(t, []string{"answer_created@" + live.Topic(int64(id(t, open.ID)))}, where(events))
		answered := decode[AnswerCreatedEvent](t, events[0])
		assert.Equal(t, int64(1), answered.AnswerCount)
		require.NotNil(t, answered.Answer)
		assert.Equal(t, "<p>open answer</p>", answered.Answer.Content)
		gatedAnswer := f.answer(f.bob, gated.ID, "gated answer")
		events = rec.Take()
		require.Len(t, events, 1)
		answered = decode[AnswerCreatedEvent](t, events[0])
		assert.Equal(t, gated.ID, answered.TopicID)
		assert.Equal(t, int64(1), answered.AnswerCount)
		assert.Nil(t, answered.Answer)
		assert.NotContains(t, events[0].Data, "gated answer")

		// A vote's tallies, without the voter's choice.
		r, err = f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Vote", Content: "<p>pick</p>", Cat: action.ID(f.free.ID),
			Types: TopicTypes{Type: "vote", Vote: &VoteInput{Deadline: f.future(time.Hour),
				Value: []VoteOption{{Text: "a"}, {Text: "b"}}}}})
		require.NoError(t, err)
		rec.Take()
		option := 0
		_, err = f.s.Vote(as(f.bob), CastVoteInput{TopicID: id(t, r.Topic.ID), Option: &option})
		require.NoError(t, err)
		events = rec.Take()
		require.Equal(t, []string{"vote_tally@topic:" + r.Topic.ID}, where(events))
		tally := decode[VoteTallyEvent](t, events[0])
		assert.Equal(t, -1, tally.Vote.Voted)
		assert.Equal(t, int64(1), tally.Vote.Total)
		assert.Equal(t, int64(1), tally.Vote.Options[0].Count)

		// A bounty awarded.
		f.fund(f.ann, "USD", 1_000)
		r, err = f.s.CreateTopic(as(f.ann), f.bountyInput("5.00", "live-bounty", time.Hour))
		require.NoError(t, err)
		answer := f.answer(f.bob, r.Topic.ID, "take it")
		rec.Take()
		_, err = f.s.Award(as(f.ann), AwardInput{TopicID: id(t, r.Topic.ID), AnswerIDs: []action.ID{id(t, answer.ID)}})
		require.NoError(t, err)
		events = rec.Take()
		require.Equal(t, []string{"bounty_changed@topic:" + r.Topic.ID}, where(events))
		bounty := decode[BountyChangedEvent](t, events[0])
		assert.Equal(t, persistence.BountyAwarded, bounty.Bounty.State)
		require.Len(t, bounty.Bounty.Awards, 1)
		assert.Equal(t, "5.00", bounty.Bounty.Awards[0].Value)

		// Deletions: an answer on its topic's page, a topic everywhere it shows.
		require.NoError(t, f.s.DeleteAnswer(t.Context(), action.Viewer{UserID: f.bob}, int64(id(t, gatedAnswer.ID))))
		events = rec.Take()
		require.Equal(t, []string{"deleted@topic:" + gated.ID}, where(events))
		assert.JSONEq(t, `{"targetType":"answer","id":"`+gatedAnswer.ID+`"}`, events[0].Data)
		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.ann}, int64(id(t, open.ID))))
		events = rec.Take()
		assert.Equal(t, []string{"topic_deleted@" + node, "topic_deleted@topic:" + open.ID, "topic_deleted@" + feed},
			where(events))
		assert.JSONEq(t, `{"id":"`+open.ID+`"}`, events[0].Data)
		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.ann}, int64(id(t, gated.ID))))
		rec.Take()
		require.ErrorIs(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.ann}, int64(id(t, gated.ID))),
			persistence.ErrNotFound)
		assert.Empty(t, rec.Take(), "a topic is deleted once")
	})
}

// TestLiveFailureDoesNotFailActions: the change is done whether or not its
// event could be sent.
func TestLiveFailureDoesNotFailActions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f, rec := liveFixture(t, db)
		rec.Fail()
		topic := f.topic(f.ann, f.free, "Still posted")
		f.answer(f.bob, topic.ID, "still answered")
		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.ann}, int64(id(t, topic.ID))))
		assert.Empty(t, rec.Take())
	})
}
