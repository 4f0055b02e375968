package content_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/content"
	"souk/internal/authtest"
	"souk/persistence"
)

func TestCreateCommentRefusals(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	f.topics.byID[77] = content.Access{AuthorID: f.vip.ID, Read: true, Comment: false}
	member := as(f.member, "en")
	tests := []struct {
		what   string
		in     map[string]any
		status int
		key    string
	}{
		{"unknown target type", map[string]any{"targetType": "shop", "targetId": welcomeEn, "content": "<p>x</p>"},
			http.StatusBadRequest, "common.error.badField"},
		{"no target", map[string]any{"targetType": "article", "content": "<p>x</p>"},
			http.StatusBadRequest, "common.error.required"},
		{"empty content", map[string]any{"targetType": "article", "targetId": welcomeEn, "content": "<p> </p>"},
			http.StatusBadRequest, "content.error.content"},
		{"only a script", map[string]any{"targetType": "article", "targetId": welcomeEn,
			"content": `<script>alert(1)</script><iframe src="https://x.example"></iframe><p onclick="x()"></p>`},
			http.StatusBadRequest, "content.error.content"},
		{"too long", map[string]any{"targetType": "article", "targetId": welcomeEn,
			"content": "<p>" + strings.Repeat("a", content.MaxCommentRunes+1) + "</p>"},
			http.StatusBadRequest, "content.error.tooLong"},
		{"an article nobody wrote", map[string]any{"targetType": "article", "targetId": 99, "content": "<p>x</p>"},
			http.StatusNotFound, "content.error.notFound"},
		{"a topic nobody wrote", map[string]any{"targetType": "topic", "targetId": 99, "content": "<p>x</p>"},
			http.StatusNotFound, "content.error.notFound"},
		{"a closed topic", map[string]any{"targetType": "topic", "targetId": 77, "content": "<p>x</p>"},
			http.StatusForbidden, "content.error.closed"},
		{"a gated article", map[string]any{"targetType": "article", "targetId": insidersEn, "content": "<p>x</p>"},
			http.StatusForbidden, "content.error.gated"},
		{"a reply to a comment nobody wrote", map[string]any{"targetType": "article", "targetId": welcomeEn,
			"content": "<p>x</p>", "replyTo": 5}, http.StatusBadRequest, "content.error.replyTo"},
		{"a reply to a comment of nothing", map[string]any{"targetType": "comment", "targetId": 5, "content": "<p>x</p>"},
			http.StatusNotFound, "content.error.notFound"},
	}
	for _, tt := range tests {
		err := f.call(member, "mutates.createComment", tt.in, nil)
		authtest.RequireKey(t, err, tt.status, tt.key)
	}
	other := f.comment(t, f.vip, "article", guideEn, "on another article")
	err := f.call(member, "mutates.createComment", map[string]any{"targetType": "article", "targetId": welcomeEn,
		"content": "<p>x</p>", "replyTo": other.DatabaseID}, nil)
	authtest.RequireKey(t, err, http.StatusBadRequest, "content.error.replyTo")
	err = f.call(as(guest, "en"), "mutates.createComment", map[string]any{"targetType": "article", "targetId": welcomeEn,
		"content": "<p>x</p>"}, nil)
	authtest.RequireKey(t, err, http.StatusUnauthorized, "common.error.unauthorized")

	list, err := f.db.Comments().List(t.Context(), "article", welcomeEn, 0, 10)
	require.NoError(t, err)
	assert.Empty(t, list, "a refused comment stores nothing")
}

func TestCommentsRepliesAndPages(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	ctx := as(f.member, "en")
	in := map[string]any{"targetType": "article", "targetId": welcomeEn, "clientId": "c-1",
		"content": `<p>Hello <strong>all</strong><script>alert(1)</script> <a href="javascript:x()">x</a></p>`}
	var first, again content.CreateCommentReply
	f.must(t, ctx, "mutates.createComment", in, &first)
	f.must(t, ctx, "mutates.createComment", in, &again)
	assert.Equal(t, first.GqCreateComment.Comment.ID, again.GqCreateComment.Comment.ID, "a retry stores one comment")
	assert.Equal(t, "<p>Hello <strong>all</strong> x</p>", first.GqCreateComment.Comment.Content)
	assert.Equal(t, f.member.Slug, first.GqCreateComment.Comment.Author.GqSlug)

	reply := f.comment(t, f.vip, "comment", mustID(t, first.GqCreateComment.Comment.ID), "a reply")
	assert.Equal(t, first.GqCreateComment.Comment.ID, reply.ReplyTo)
	assert.Equal(t, "article", reply.TargetType)
	for i := range 3 {
		f.comment(t, f.admin, "article", welcomeEn, "more "+string(rune('a'+i)))
	}

	var page content.CommentsReply
	f.must(t, as(guest, "en"), "content.comments", map[string]any{"targetType": "article", "targetId": welcomeEn, "first": 3}, &page)
	require.Len(t, page.Comments.Edges, 3)
	assert.True(t, page.Comments.PageInfo.HasNextPage)
	assert.Equal(t, int64(5), page.CommentCount)
	var next content.CommentsReply
	f.must(t, as(guest, "en"), "content.comments", map[string]any{"targetType": "article", "targetId": welcomeEn,
		"first": 3, "after": page.Comments.PageInfo.EndCursor}, &next)
	require.Len(t, next.Comments.Edges, 2)
	assert.False(t, next.Comments.PageInfo.HasNextPage)

	for _, bad := range []map[string]any{
		{"targetType": "article", "targetId": welcomeEn, "first": 51},
		{"targetType": "article", "targetId": welcomeEn, "after": "x"},
		{"targetType": "comment", "targetId": welcomeEn},
	} {
		authtest.RequireKey(t, f.call(ctx, "content.comments", bad, nil), http.StatusBadRequest, "common.error.badField")
	}
	authtest.RequireKey(t, f.call(ctx, "content.comments", map[string]any{"targetType": "article", "targetId": 99}, nil),
		http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, f.call(as(guest, "en"), "content.comments", map[string]any{"targetType": "article",
		"targetId": insidersEn}, nil), http.StatusForbidden, "content.error.gated")
}

func TestLikes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	like := func(u persistence.User, targetType string, id any, on bool) content.LikeResult {
		var reply content.LikeReply
		f.must(t, as(u, "en"), "mutates.like", map[string]any{"targetType": targetType, "targetId": id, "like": on}, &reply)
		return reply.GqLike
	}
	assert.Equal(t, int64(1), like(f.member, "article", welcomeEn, true).LikeCount)
	assert.Equal(t, int64(1), like(f.member, "article", welcomeEn, true).LikeCount, "liking twice counts once")
	assert.Equal(t, int64(2), like(f.vip, "article", welcomeEn, true).LikeCount)
	got := like(f.member, "article", welcomeEn, false)
	assert.Equal(t, content.LikeResult{Success: true, IsLiked: false, LikeCount: 1}, got)

	c := f.comment(t, f.vip, "article", welcomeEn, "like me")
	assert.Equal(t, int64(1), like(f.member, "comment", c.DatabaseID, true).LikeCount)
	var page content.CommentsReply
	f.must(t, as(f.member, "en"), "content.comments", map[string]any{"targetType": "article", "targetId": welcomeEn}, &page)
	require.Len(t, page.Comments.Edges, 1)
	assert.True(t, page.Comments.Edges[0].Node.IsLiked)
	assert.Equal(t, int64(1), page.Comments.Edges[0].Node.LikeCount)

	member := as(f.member, "en")
	authtest.RequireKey(t, f.call(member, "mutates.like", map[string]any{"targetType": "article", "targetId": insidersEn, "like": true}, nil),
		http.StatusForbidden, "content.error.gated")
	authtest.RequireKey(t, f.call(member, "mutates.like", map[string]any{"targetType": "article", "targetId": 99, "like": true}, nil),
		http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, f.call(member, "mutates.like", map[string]any{"targetType": "node", "targetId": 1, "like": true}, nil),
		http.StatusBadRequest, "common.error.badField")
	authtest.RequireKey(t, f.call(as(guest, "en"), "mutates.like", map[string]any{"targetType": "article", "targetId": welcomeEn, "like": true}, nil),
		http.StatusUnauthorized, "common.error.unauthorized")
}

func TestDeleteAction(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	f.topics.byID[77] = content.Access{AuthorID: f.vip.ID, Read: true, Comment: true}
	c := f.comment(t, f.vip, "article", welcomeEn, "mine")
	del := func(u persistence.User, typ string, id any) error {
		return f.call(as(u, "en"), "mutates.deleteAction", map[string]any{"id": id, "type": typ}, nil)
	}
	authtest.RequireKey(t, del(f.member, "comment", c.DatabaseID), http.StatusForbidden, "common.error.forbidden")
	require.NoError(t, del(f.vip, "comment", c.DatabaseID))
	authtest.RequireKey(t, del(f.vip, "comment", c.DatabaseID), http.StatusNotFound, "content.error.notFound")
	var page content.CommentsReply
	f.must(t, as(guest, "en"), "content.comments", map[string]any{"targetType": "article", "targetId": welcomeEn}, &page)
	assert.Empty(t, page.Comments.Edges, "a deleted comment leaves the list at once")
	assert.Zero(t, page.CommentCount)

	byAdmin := f.comment(t, f.member, "article", welcomeEn, "moderated")
	require.NoError(t, del(f.admin, "comment", byAdmin.DatabaseID))

	authtest.RequireKey(t, del(f.member, "topic", 77), http.StatusForbidden, "common.error.forbidden")
	require.NoError(t, del(f.vip, "topic", 77))
	assert.Equal(t, []int64{77}, f.topics.deleted, "a topic is deleted by its feature")
	authtest.RequireKey(t, del(f.vip, "topic", 77), http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, del(f.vip, "answer", 1), http.StatusBadRequest, "common.error.badField")

	authtest.RequireKey(t, del(f.vip, "article", welcomeEn), http.StatusForbidden, "common.error.forbidden")
	require.NoError(t, del(f.admin, "article", welcomeEn))
	authtest.RequireKey(t, f.call(as(guest, "en"), "content.article", map[string]any{"id": welcomeEn}, nil),
		http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, del(f.admin, "article", welcomeEn), http.StatusNotFound, "content.error.notFound")
	authtest.RequireKey(t, del(f.admin, "shop", 1), http.StatusBadRequest, "common.error.badField")
	authtest.RequireKey(t, del(f.admin, "comment", 0), http.StatusBadRequest, "common.error.required")
	authtest.RequireKey(t, del(guest, "comment", 1), http.StatusUnauthorized, "common.error.unauthorized")
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	var id int64
	for _, r := range s {
		require.True(t, r >= '0' && r <= '9', "id %q", s)
		id = id*10 + int64(r-'0')
	}
	return id
}

func TestCommentsAreThrottledPerMember(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	at := time.Now()
	svc := content.New(content.Config{DB: f.db, Now: func() time.Time { return at }})
	in := content.CreateCommentInput{TargetType: "article", TargetID: action.ID(welcomeEn), Content: "<p>again</p>"}
	for range content.CommentBurst {
		_, err := svc.CreateComment(as(f.member, "en"), in)
		require.NoError(t, err)
	}
	_, err := svc.CreateComment(as(f.member, "en"), in)
	authtest.RequireKey(t, err, http.StatusTooManyRequests, "content.error.throttled")
	_, err = svc.CreateComment(as(f.vip, "en"), in)
	require.NoError(t, err, "another member's bucket is their own")
	at = at.Add(content.CommentEvery)
	_, err = svc.CreateComment(as(f.member, "en"), in)
	require.NoError(t, err)
}
