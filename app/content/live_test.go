package content_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/content"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
)

// liveFixture is the fixture whose service publishes to a recorder.
func liveFixture(t *testing.T, kind string) (*fixture, *apptest.LiveRecorder) {
	rec := &apptest.LiveRecorder{}
	return newFixture(t, kind, func(c *content.Config) { c.Live = rec }), rec
}

// articleChannel is the live channel of an article.
func articleChannel(id int64) string { return "article:" + strconv.FormatInt(id, 10) }

func TestLiveCommentsLikesDeletions(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) { testLiveCommentsLikesDeletions(t, kind) })
}

func testLiveCommentsLikesDeletions(t *testing.T, kind string) {
	f, rec := liveFixture(t, kind)
	take := func() (apptest.LiveEvent, map[string]any) {
		t.Helper()
		events := rec.Take()
		require.Len(t, events, 1)
		var data map[string]any
		require.NoError(t, json.Unmarshal([]byte(events[0].Data), &data))
		return events[0], data
	}

	// An open article's comment comes with the comment, as a guest sees it.
	c := f.comment(t, f.member, "article", welcomeEn, "hello")
	e, data := take()
	assert.Equal(t, "comment_created", e.Event)
	assert.Equal(t, articleChannel(welcomeEn), e.Channel)
	assert.Equal(t, "article", data["targetType"])
	assert.Equal(t, strconv.FormatInt(welcomeEn, 10), data["targetId"])
	assert.EqualValues(t, 1, data["commentCount"])
	var created content.CommentCreatedEvent
	require.NoError(t, json.Unmarshal([]byte(e.Data), &created))
	require.NotNil(t, created.Comment)
	assert.Equal(t, c.ID, created.Comment.ID)
	assert.Equal(t, "<p>hello</p>", created.Comment.Content)

	// A reply is on its article's page too.
	f.comment(t, f.vip, "comment", mustInt(t, c.ID), "a reply")
	e, data = take()
	assert.Equal(t, articleChannel(welcomeEn), e.Channel)
	assert.EqualValues(t, 2, data["commentCount"])

	// A gated article's comment is only counted.
	f.comment(t, f.vip, "article", insidersEn, "insider words")
	e, data = take()
	assert.Equal(t, articleChannel(insidersEn), e.Channel)
	assert.EqualValues(t, 1, data["commentCount"])
	assert.NotContains(t, data, "comment")
	assert.NotContains(t, e.Data, "insider words")

	// Another feature's target is told on the channel it names.
	f.topics.byID[77] = content.Access{AuthorID: f.vip.ID, Read: true, Comment: true, Channel: "topic:77"}
	f.comment(t, f.member, "topic", 77, "on a topic")
	e, _ = take()
	assert.Equal(t, "topic:77", e.Channel)

	// Likes, of the article and of a comment, on the article's page.
	f.must(t, as(f.vip, "en"), "mutates.like", map[string]any{"targetType": "article", "targetId": welcomeEn, "like": true}, nil)
	e, data = take()
	assert.Equal(t, "like_count", e.Event)
	assert.Equal(t, map[string]any{"targetType": "article", "targetId": strconv.FormatInt(welcomeEn, 10), "likeCount": 1.0}, data)
	f.must(t, as(f.vip, "en"), "mutates.like", map[string]any{"targetType": "comment", "targetId": c.ID, "like": true}, nil)
	e, data = take()
	assert.Equal(t, articleChannel(welcomeEn), e.Channel)
	assert.Equal(t, "comment", data["targetType"])

	// Deletions of a comment and of an article.
	f.must(t, as(f.member, "en"), "mutates.deleteAction", map[string]any{"type": "comment", "id": c.ID}, nil)
	e, data = take()
	assert.Equal(t, "deleted", e.Event)
	assert.Equal(t, articleChannel(welcomeEn), e.Channel)
	assert.Equal(t, map[string]any{"targetType": "comment", "id": c.ID}, data)
	f.must(t, as(f.admin, "en"), "mutates.deleteAction", map[string]any{"type": "article", "id": welcomeEs}, nil)
	e, _ = take()
	assert.Equal(t, articleChannel(welcomeEs), e.Channel)
}

// mustInt reads a view's id.
func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return n
}
