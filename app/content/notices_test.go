package content_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/content"
	"souk/persistence"
)

// notices are the notifications of u, by type.
func (f *fixture) notices(t *testing.T, u persistence.User) map[string][]persistence.Notification {
	t.Helper()
	list, err := f.db.Notifications().List(t.Context(), u.ID, 0, 0, 100)
	require.NoError(t, err)
	out := map[string][]persistence.Notification{}
	for _, n := range list {
		out[n.Type] = append(out[n.Type], n)
	}
	return out
}

func TestCommentsAndLikesNotifyOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, persistence.KindSQLite)
	first := f.comment(t, f.vip, "article", welcomeEn, "first by the VIP")
	got := f.notices(t, f.admin)
	require.Len(t, got[content.TypeComment], 1, "the article's author hears of a comment")
	var body content.NoticeContent
	require.NoError(t, json.Unmarshal(got[content.TypeComment][0].Content, &body))
	assert.Equal(t, content.NoticeContent{TargetType: "article", TargetID: "1000000002", CommentID: first.ID,
		Excerpt: "first by the VIP"}, body)

	reply := f.comment(t, f.member, "comment", mustID(t, first.ID), "a reply for @vip and @admin and @nobody")
	vipID := strconv.FormatInt(f.vip.ID, 10)
	assert.Contains(t, reply.Content, `<a href="/profile/vip-`+vipID+`" data-mention="`+vipID+`" rel="nofollow noopener">@vip</a>`,
		"a mention of a member links to their profile")
	assert.Contains(t, reply.Content, "and @nobody</p>", "a slug of nobody stays text")
	assert.Len(t, f.notices(t, f.vip)[content.TypeComment], 1, "the author of the comment answered hears of it")
	assert.Empty(t, f.notices(t, f.vip)[content.TypeMention], "one notification per member and comment")
	assert.Len(t, f.notices(t, f.admin)[content.TypeComment], 2)
	assert.Empty(t, f.notices(t, f.admin)[content.TypeMention])

	f.comment(t, f.admin, "article", insidersEn, "only for insiders: @member @vip")
	assert.Empty(t, f.notices(t, f.member)[content.TypeMention], "a mention never reaches a member the gate keeps out")
	assert.Len(t, f.notices(t, f.vip)[content.TypeMention], 1)

	for _, on := range []bool{true, false, true} {
		f.must(t, as(f.member, "en"), "mutates.like", map[string]any{"targetType": "article", "targetId": welcomeEn, "like": on}, nil)
	}
	assert.Len(t, f.notices(t, f.admin)[content.TypeLike], 1, "liking again notifies once")
	f.must(t, as(f.admin, "en"), "mutates.like", map[string]any{"targetType": "article", "targetId": welcomeEn, "like": true}, nil)
	assert.Len(t, f.notices(t, f.admin)[content.TypeLike], 1, "nobody hears of their own like")
}
