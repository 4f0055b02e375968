package community

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/app/internal/picked"
	"souk/persistence"
)

// A list by ids (a builder's hand-picked topics): the topics not deleted,
// in the order given, gated ones as the list shows them, one page without
// a cursor; the node filter still applies.
func TestTopicsByIDs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		first := f.topic(f.ann, f.free, "First")
		second := f.topic(f.bob, f.free, "Second")
		paid := f.topic(f.ann, f.paid, "In the paid node")
		gated, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Members only", Content: "<p>secret words</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		guest := apptest.As(0)
		byIDs := func(in string) TopicConnection {
			t.Helper()
			raw, err := f.reg.Call(guest, "community.topics", json.RawMessage(in))
			require.NoError(t, err)
			conn := raw.(TopicsReply).Topics
			assert.False(t, conn.PageInfo.HasNextPage)
			return conn
		}

		page := byIDs(fmt.Sprintf(`{"ids": [%q, "%d", %q, %q, %q, %q], "first": 1}`,
			paid.ID, 1<<40, first.ID, gated.Topic.ID, second.ID, first.ID))
		assert.Equal(t, []string{"In the paid node", "First", "Members only", "Second"}, topicTitles(page),
			"in the order given, an unknown id and a repeat left out, first not used")
		assert.True(t, page.Edges[2].Node.Locked, "gated for a guest, as in the list")
		assert.Empty(t, page.Edges[2].Node.Excerpt)
		for _, e := range page.Edges {
			assert.Empty(t, e.Node.Content, "a list carries excerpts only")
		}

		inNode := byIDs(fmt.Sprintf(`{"ids": [%q, %q, %q], "nodeId": "%d"}`, paid.ID, second.ID, first.ID, f.free.ID))
		assert.Equal(t, []string{"Second", "First"}, topicTitles(inNode), "the node filter still applies")

		require.NoError(t, f.s.DeleteTopic(t.Context(), action.Viewer{UserID: f.bob}, int64(id(t, second.ID))))
		assert.Equal(t, []string{"First"}, topicTitles(byIDs(fmt.Sprintf(`{"ids": [%q, %q]}`, second.ID, first.ID))),
			"a deleted topic is left out")

		tooMany := `{"ids": [` + strings.TrimSuffix(strings.Repeat(`"`+first.ID+`",`, picked.Max+1), ",") + `]}`
		for _, in := range []string{tooMany, `{"ids": [0]}`, `{"ids": ["x"]}`, `{"ids": [-2]}`} {
			_, err := f.reg.Call(guest, "community.topics", json.RawMessage(in))
			apptest.RequireKey(t, err, action.BadField("ids").Key)
		}
	})
}
