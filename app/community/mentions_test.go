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
	"souk/app/notify"
	"souk/persistence"
)

// TestMentions: @slug in a topic or an answer links to the member's
// profile and tells the member once, unless the topic's gate keeps them
// out; a slug of nobody stays text.
func TestMentions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		f.s.notify = notify.New(notify.Config{DB: db})
		mentions := func(userID int64) []MentionContent {
			list, err := db.Notifications().List(t.Context(), userID, 0, 0, 20)
			require.NoError(t, err)
			var out []MentionContent
			for _, n := range list {
				if n.Type == TypeMention {
					var c MentionContent
					require.NoError(t, json.Unmarshal(n.Content, &c))
					out = append(out, c)
				}
			}
			return out
		}
		link := func(slug string, userID int64) string {
			id := strconv.FormatInt(userID, 10)
			return `<a href="/profile/` + slug + `-` + id + `" data-mention="` + id + `" rel="nofollow noopener">@` + slug + `</a>`
		}

		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Ask", Content: "<p>@bob and @ghost, and @ann herself</p>",
			Cat: action.ID(f.free.ID)})
		require.NoError(t, err)
		topic := r.Topic
		assert.Equal(t, "<p>"+link("bob", f.bob)+" and @ghost, and "+link("ann", f.ann)+" herself</p>", topic.Content)
		got := mentions(f.bob)
		require.Len(t, got, 1)
		assert.Equal(t, MentionContent{TargetType: "topic", TargetID: topic.ID, TopicID: topic.ID, Excerpt: "@bob and @ghost, and @ann herself"}, got[0])
		assert.Empty(t, mentions(f.ann), "nobody hears of their own mention")

		// An edit names cat too: cat hears of it, bob not again.
		_, err = f.s.CreateTopic(as(f.ann), CreateTopicInput{ID: id(t, topic.ID), Title: "Ask", Content: topic.Content + "<p>@cat</p>"})
		require.NoError(t, err)
		assert.Len(t, mentions(f.bob), 1)
		assert.Len(t, mentions(f.cat), 1)

		a := f.answer(f.bob, topic.ID, "thanks @ann")
		assert.Equal(t, "<p>thanks "+link("ann", f.ann)+"</p>", a.Content)
		got = mentions(f.ann)
		require.Len(t, got, 1)
		assert.Equal(t, MentionContent{TargetType: "answer", TargetID: a.ID, TopicID: topic.ID, Excerpt: "thanks @ann"}, got[0])

		// A gated topic never tells a member the gate keeps out.
		_, err = f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Inner", Content: "<p>@cat @bob</p>", Cat: action.ID(f.free.ID),
			Roles: Roles{{Type: gate.Level, Value: "lv3"}}})
		require.NoError(t, err)
		assert.Len(t, mentions(f.cat), 1, "cat (lv1) may not read it")
		assert.Len(t, mentions(f.bob), 1)
	})
}
