package community

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/persistence"
)

// topicTitles are the titles of a page's topics, in order.
func topicTitles(conn TopicConnection) []string {
	titles := make([]string, len(conn.Edges))
	for i, e := range conn.Edges {
		titles[i] = e.Node.Title
	}
	return titles
}

func TestTopics(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.topic(f.ann, f.free, "First")
		f.topic(f.bob, f.free, "Second")
		f.topic(f.ann, f.paid, "In the paid node")
		_, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Members only", Content: "<p>secret words</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		guest := apptest.As(0)

		// Site-wide, newest first, through the registry as a guest.
		raw, err := f.reg.Call(guest, "community.topics", json.RawMessage(`{"first": 2}`))
		require.NoError(t, err)
		page := raw.(TopicsReply).Topics
		assert.Equal(t, []string{"Members only", "In the paid node"}, topicTitles(page))
		assert.True(t, page.PageInfo.HasNextPage)
		gated := page.Edges[0].Node
		assert.True(t, gated.Locked)
		assert.Empty(t, gated.Excerpt, "a gated topic's excerpt is gated with its content")
		assert.Empty(t, gated.Content)
		open := page.Edges[1].Node
		assert.Equal(t, "In the paid node", open.Excerpt)
		assert.Empty(t, open.Content, "a list carries excerpts only")
		assert.Equal(t, open.ID, page.Edges[1].Cursor)

		next, err := f.s.Topics(guest, TopicsInput{First: 2, After: page.PageInfo.EndCursor})
		require.NoError(t, err)
		assert.Equal(t, []string{"Second", "First"}, topicTitles(next.Topics))
		assert.False(t, next.Topics.PageInfo.HasNextPage)

		// A member reads the gated excerpt; one node's topics only.
		member, err := f.s.Topics(as(f.cat), TopicsInput{NodeID: action.ID(f.free.ID)})
		require.NoError(t, err)
		assert.Equal(t, []string{"Members only", "Second", "First"}, topicTitles(member.Topics))
		assert.Equal(t, "secret words", member.Topics.Edges[0].Node.Excerpt)
		assert.Empty(t, member.Topics.Edges[0].Node.Content)

		empty, err := f.s.Topics(guest, TopicsInput{NodeID: action.ID(f.level.ID)})
		require.NoError(t, err)
		assert.Empty(t, empty.Topics.Edges)
		assert.NotNil(t, empty.Topics.Edges, "an empty page is a list")
		assert.False(t, empty.Topics.PageInfo.HasNextPage)

		_, err = f.s.Topics(guest, TopicsInput{NodeID: action.ID(f.level.ID + 1000)})
		apptest.RequireKey(t, err, ErrNodeNotFound.Key)
		_, err = f.s.Topics(guest, TopicsInput{After: "x"})
		apptest.RequireKey(t, err, ErrBadCursor.Key)
		_, err = f.reg.Call(guest, "community.topics", json.RawMessage(`{"first": 5000}`))
		require.NoError(t, err, "first above the maximum is clamped")
	})
}

// TestTopicsCarryTheViewersLikesAndVoteTotals: lists and pages say whether
// the viewer likes a topic or an answer, and lists count each vote's votes.
func TestTopicsCarryTheViewersLikesAndVoteTotals(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		normal := f.topic(f.ann, f.free, "Liked")
		answer := f.answer(f.bob, normal.ID, "An answer")
		_, err := db.Likes().Set(ctx, persistence.TargetTopic, int64(id(t, normal.ID)), f.bob, true)
		require.NoError(t, err)
		_, err = db.Likes().Set(ctx, persistence.TargetAnswer, int64(id(t, answer.ID)), f.ann, true)
		require.NoError(t, err)
		vote, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Pick one", Content: "<p>pick</p>",
			Cat: action.ID(f.free.ID), Types: TopicTypes{Type: persistence.TopicVote, Vote: &VoteInput{
				Deadline: f.future(time.Hour), Value: []VoteOption{{Text: "a"}, {Text: "b"}}}}})
		require.NoError(t, err)
		second := 1
		for _, voter := range []int64{f.bob, f.cat} {
			_, err := f.s.Vote(as(voter), CastVoteInput{TopicID: id(t, vote.Topic.ID), Option: &second})
			require.NoError(t, err)
		}

		byTitle := func(ctx context.Context) map[string]TopicView {
			r, err := f.s.Topics(ctx, TopicsInput{})
			require.NoError(t, err)
			out := map[string]TopicView{}
			for _, e := range r.Topics.Edges {
				out[e.Node.Title] = e.Node
			}
			return out
		}
		assert.True(t, byTitle(as(f.bob))["Liked"].IsLiked)
		assert.False(t, byTitle(as(f.ann))["Liked"].IsLiked, "another member does not like it")
		assert.False(t, byTitle(apptest.As(0))["Liked"].IsLiked)
		listed := byTitle(apptest.As(0))["Pick one"].Vote
		require.NotNil(t, listed)
		assert.EqualValues(t, 2, listed.Total, "a list counts the votes")
		assert.Equal(t, -1, listed.Voted)
		assert.Equal(t, 1, byTitle(as(f.cat))["Pick one"].Vote.Voted)

		content, err := f.s.PageContent(as(f.ann), "single", strconv.FormatInt(int64(id(t, normal.ID)), 10), "en", nil)
		require.NoError(t, err)
		var page Page
		require.NoError(t, json.Unmarshal(content.Data, &page))
		require.Len(t, page.Answers.Edges, 1)
		assert.True(t, page.Answers.Edges[0].Node.IsLiked, "ann likes bob's answer")
		assert.False(t, page.Topic.IsLiked, "ann does not like her own topic")
	})
}
