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

// page answers a community page as the member (0: a guest).
func (f *fixture) page(userID int64, view, id string, args string) (string, Page, error) {
	f.t.Helper()
	var raw json.RawMessage
	if args != "" {
		raw = json.RawMessage(args)
	}
	content, err := f.s.PageContent(as(userID), view, id, "en", raw)
	var p Page
	if err == nil {
		require.NoError(f.t, json.Unmarshal(content.Data, &p))
	}
	return content.Title, p, err
}

func TestPages(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		open := f.topic(f.ann, f.free, "Open")
		answer := f.answer(f.bob, open.ID, "first")
		f.answer(f.cat, open.ID, "second")
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Members", Content: "<p>for members</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		gated := r.Topic
		gatedAnswer := f.answer(f.bob, gated.ID, "gated answer")

		title, p, err := f.page(0, "single", open.ID, `{"first": 1}`)
		require.NoError(t, err)
		assert.Equal(t, "Open", title)
		require.NotNil(t, p.Topic)
		assert.Equal(t, "<p>Open</p>", p.Topic.Content)
		require.NotNil(t, p.Node)
		assert.Equal(t, "free", p.Node.GqSlug)
		require.Len(t, p.Answers.Edges, 1)
		assert.True(t, p.Answers.PageInfo.HasNextPage)
		_, p, err = f.page(0, "single", open.ID, `{"after": "`+p.Answers.PageInfo.EndCursor+`"}`)
		require.NoError(t, err)
		require.Len(t, p.Answers.Edges, 1)
		assert.Equal(t, "<p>second</p>", p.Answers.Edges[0].Node.Content)

		// A gated topic: a guest gets the excerpt and the gate, never the
		// content or the answers, by the topic's id or an answer's.
		_, p, err = f.page(0, "single", gated.ID, "")
		require.NoError(t, err)
		assert.True(t, p.Topic.Locked)
		assert.Empty(t, p.Topic.Content)
		assert.Equal(t, &gate.Role{Type: gate.Login}, p.Topic.Gate)
		assert.Empty(t, p.Topic.Excerpt, "the excerpt is the content's")
		assert.Nil(t, p.Answers)
		_, p, err = f.page(0, "answer", gatedAnswer.ID, "")
		require.NoError(t, err)
		assert.Nil(t, p.Answer)
		assert.Empty(t, p.Topic.Content)
		_, p, err = f.page(f.cat, "single", gated.ID, "")
		require.NoError(t, err)
		assert.False(t, p.Topic.Locked)
		assert.Equal(t, "<p>for members</p>", p.Topic.Content)

		_, p, err = f.page(f.cat, "answer", answer.ID, "")
		require.NoError(t, err)
		require.NotNil(t, p.Answer)
		assert.Equal(t, answer.ID, p.Answer.ID)
		assert.Equal(t, open.ID, p.Topic.ID)

		title, p, err = f.page(0, "archive", itoa(f.free.ID), "")
		require.NoError(t, err)
		assert.Equal(t, "free", title)
		require.Len(t, p.Topics.Edges, 2)
		assert.Equal(t, gated.ID, p.Topics.Edges[0].Node.ID, "newest first")
		assert.Empty(t, p.Topics.Edges[1].Node.Content, "lists carry excerpts")
		assert.Equal(t, "Open", p.Topics.Edges[1].Node.Excerpt)

		// Unknown, deleted and wrong-kind ids are 404s.
		require.NoError(t, f.s.DeleteAnswer(t.Context(), action.Viewer{UserID: f.bob}, int64(id(t, answer.ID))))
		for _, c := range [][2]string{{"single", "42"}, {"answer", answer.ID}, {"archive", open.ID}, {"tag", itoa(f.free.ID)},
			{"single", "x"}, {"answer", open.ID}} {
			_, _, err := f.page(0, c[0], c[1], "")
			require.ErrorIs(t, err, persistence.ErrNotFound, "%v", c)
		}
		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.root, IsAdmin: true}, int64(id(t, open.ID))))
		_, _, err = f.page(0, "single", open.ID, "")
		require.ErrorIs(t, err, persistence.ErrNotFound)
		_, _, err = f.page(0, "archive", itoa(f.free.ID), `{"after": "x"}`)
		apptest.RequireKey(t, err, "common.error.badField")
	})
}

func TestTargets(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		topic := f.topic(f.ann, f.free, "Mine")
		answer := f.answer(f.bob, topic.ID, "his")
		topicID, answerID := int64(id(t, topic.ID)), int64(id(t, answer.ID))

		a, err := f.s.TopicAccess(ctx, action.Viewer{}, topicID)
		require.NoError(t, err)
		assert.Equal(t, f.ann, a.AuthorID)
		assert.True(t, a.Read)
		assert.False(t, a.Comment, "a guest comments nothing")
		a, err = f.s.AnswerAccess(ctx, action.Viewer{UserID: f.cat}, answerID)
		require.NoError(t, err)
		assert.Equal(t, f.bob, a.AuthorID)
		assert.True(t, a.Comment)

		// A topic gated by a comment: commentable, not readable.
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Comment first", Content: "<p>x</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Cmt}}})
		require.NoError(t, err)
		a, err = f.s.TopicAccess(ctx, action.Viewer{UserID: f.bob}, int64(id(t, r.Topic.ID)))
		require.NoError(t, err)
		assert.False(t, a.Read)
		assert.True(t, a.Comment)

		// Deleting: not someone else's; the node's admin (cat) and the author may.
		require.ErrorIs(t, f.s.DeleteAnswer(ctx, action.Viewer{UserID: f.ann}, answerID), action.ErrForbidden)
		require.ErrorIs(t, f.s.DeleteTopic(ctx, action.Viewer{UserID: f.bob}, topicID), action.ErrForbidden)
		require.NoError(t, f.s.DeleteAnswer(ctx, action.Viewer{UserID: f.cat}, answerID))
		require.ErrorIs(t, f.s.DeleteAnswer(ctx, action.Viewer{UserID: f.bob}, answerID), persistence.ErrNotFound)
		require.NoError(t, f.s.DeleteTopic(ctx, action.Viewer{UserID: f.ann}, topicID))
		_, err = f.s.TopicAccess(ctx, action.Viewer{UserID: f.ann}, topicID)
		require.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = f.s.AnswerAccess(ctx, action.Viewer{UserID: f.ann}, answerID)
		require.ErrorIs(t, err, persistence.ErrNotFound)
		n, err := db.Community().Node(ctx, f.free.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(1), n.TopicCount, "a deleted topic leaves the node's count at once")
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
