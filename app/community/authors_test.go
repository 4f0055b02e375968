package community

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/persistence"
)

// A profile's tabs: one member's topics and answers, newest first, a page
// at a time, with the gates of the topic pages.
func TestAuthorLists(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		first := f.topic(f.ann, f.free, "Ann's first")
		f.topic(f.bob, f.free, "Bob's")
		second := f.topic(f.ann, f.paid, "Ann's second")
		gated, err := f.s.CreateTopic(as(f.bob), CreateTopicInput{Title: "Members only", Content: "<p>secret</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		guest := apptest.As(0)

		raw, err := f.reg.Call(guest, "community.topics", json.RawMessage(`{"authorId": "`+idText(f.ann)+`", "first": 1}`))
		require.NoError(t, err)
		page := raw.(TopicsReply).Topics
		assert.Equal(t, []string{"Ann's second"}, topicTitles(page))
		assert.True(t, page.PageInfo.HasNextPage)
		next, err := f.s.Topics(guest, TopicsInput{AuthorID: action.ID(f.ann), After: page.PageInfo.EndCursor})
		require.NoError(t, err)
		assert.Equal(t, []string{"Ann's first"}, topicTitles(next.Topics))
		assert.False(t, next.Topics.PageInfo.HasNextPage)
		inNode, err := f.s.Topics(guest, TopicsInput{AuthorID: action.ID(f.ann), NodeID: action.ID(f.free.ID)})
		require.NoError(t, err)
		assert.Equal(t, []string{"Ann's first"}, topicTitles(inNode.Topics))
		_, err = f.s.Topics(guest, TopicsInput{AuthorID: -1})
		apptest.RequireKey(t, err, action.BadField("authorId").Key)

		// Ann answers an open topic, a gated one and one deleted later.
		open := f.answer(f.ann, first.ID, "open answer")
		f.answer(f.bob, first.ID, "not ann's")
		hidden := f.answer(f.ann, gated.Topic.ID, "behind the gate")
		f.answer(f.ann, second.ID, "gone with its topic")
		_, err = db.Community().DeleteTopic(t.Context(), int64(id(t, second.ID)), 1)
		require.NoError(t, err)

		answers, err := f.s.Answers(guest, AnswersInput{AuthorID: action.ID(f.ann)})
		require.NoError(t, err)
		edges := answers.Answers.Edges
		require.Len(t, edges, 2, "an answer of a deleted topic is not listed")
		assert.Equal(t, hidden.ID, edges[0].Node.ID, "newest first")
		assert.True(t, edges[0].Node.Locked)
		assert.Empty(t, edges[0].Node.Content, "a guest does not read behind the topic's gate")
		assert.Equal(t, "Members only", edges[0].Node.Topic.Title)
		assert.Equal(t, open.ID, edges[1].Node.ID)
		assert.False(t, edges[1].Node.Locked)
		assert.Equal(t, "<p>open answer</p>", edges[1].Node.Content)
		assert.Equal(t, first.ID, edges[1].Node.Topic.DatabaseID)

		member, err := f.s.Answers(as(f.cat), AnswersInput{AuthorID: action.ID(f.ann), First: 1})
		require.NoError(t, err)
		require.Len(t, member.Answers.Edges, 1)
		assert.Equal(t, "<p>behind the gate</p>", member.Answers.Edges[0].Node.Content, "a member passes a login gate")
		assert.True(t, member.Answers.PageInfo.HasNextPage)
		rest, err := f.s.Answers(as(f.cat), AnswersInput{AuthorID: action.ID(f.ann), After: member.Answers.PageInfo.EndCursor})
		require.NoError(t, err)
		require.Len(t, rest.Answers.Edges, 1)
		assert.False(t, rest.Answers.PageInfo.HasNextPage)

		none, err := f.s.Answers(guest, AnswersInput{AuthorID: action.ID(f.root)})
		require.NoError(t, err)
		assert.NotNil(t, none.Answers.Edges)
		assert.Empty(t, none.Answers.Edges)
		_, err = f.reg.Call(guest, "community.answers", json.RawMessage(`{}`))
		apptest.RequireKey(t, err, action.Required("authorId").Key)
		_, err = f.s.Answers(guest, AnswersInput{AuthorID: action.ID(f.ann), After: "x"})
		apptest.RequireKey(t, err, ErrBadCursor.Key)
	})
}

func idText(id int64) string { return strconv.FormatInt(id, 10) }
