package community

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/app/internal/pagemeta"
	"souk/persistence"
)

// The meta of community pages for their HTML: a topic is a forum posting
// (a bounty a question), a locked topic has no text, a node its name.
func TestPageMeta(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		open := f.topic(f.ann, f.free, "Open")
		f.answer(f.bob, open.ID, "first")
		content, err := f.s.PageContent(as(0), "single", open.ID, "en", nil)
		require.NoError(t, err)
		assert.Equal(t, "Open", content.Title)
		m := content.Meta
		assert.Equal(t, pagemeta.DiscussionForumPosting, m.Schema)
		assert.Equal(t, "<p>Open</p>", m.Body)
		assert.Equal(t, "Open", m.Description)
		assert.NotEmpty(t, m.Author)
		assert.EqualValues(t, 1, m.Answers)
		assert.Positive(t, m.Published)

		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Members", Content: "<p>for members</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		content, err = f.s.PageContent(as(0), "single", r.Topic.ID, "en", nil)
		require.NoError(t, err)
		assert.Equal(t, "Members", content.Title)
		assert.Empty(t, content.Meta.Body, "a guest's meta has no gated text")
		assert.Empty(t, content.Meta.Description)

		f.fund(f.ann, "USD", 10_000)
		r, err = f.s.CreateTopic(as(f.ann), f.bountyInput("30.00", "bounty-meta", time.Hour))
		require.NoError(t, err)
		content, err = f.s.PageContent(as(0), "single", r.Topic.ID, "en", nil)
		require.NoError(t, err)
		assert.Equal(t, pagemeta.QAPage, content.Meta.Schema)

		content, err = f.s.PageContent(as(0), "archive", strconv.FormatInt(f.free.ID, 10), "en", nil)
		require.NoError(t, err)
		assert.Empty(t, content.Meta.Schema)
		assert.NotEmpty(t, content.Title)
	})
}
