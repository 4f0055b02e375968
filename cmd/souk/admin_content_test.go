package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// contentPage is a page of admin.content.
type contentPage struct {
	Edges []struct {
		Node struct {
			ID        string            `json:"id"`
			Title     string            `json:"title"`
			Lang      string            `json:"lang"`
			URL       string            `json:"url"`
			EditURL   string            `json:"editUrl"`
			DeletedAt int64             `json:"deletedAt"`
			Extra     map[string]string `json:"extra"`
		} `json:"node"`
	} `json:"edges"`
}

// bulkResult is the reply of admin.contentBulk and admin.chatDelete.
type bulkResult struct {
	Done   []string `json:"done"`
	Failed []struct {
		ID      string `json:"id"`
		Message string `json:"message"`
		Key     string `json:"key"`
	} `json:"failed"`
}

// bulk runs admin.contentBulk as the admin.
func (f *authzFixture) bulk(kind, op string, ids ...string) bulkResult {
	f.t.Helper()
	var r bulkResult
	f.must(asAdmin, "admin.contentBulk", map[string]any{"kind": kind, "op": op, "ids": ids}, &r)
	return r
}

func TestAdminContentBulk(t *testing.T) {
	f := newAuthzFixture(t, map[string]bool{})

	// Each kind that can be deleted: its page (the row's url) is gone for
	// readers, then back.
	for _, kind := range []string{"article", "product", "topic"} {
		var page contentPage
		f.must(asAdmin, "admin.content", map[string]any{"kind": kind, "first": 1}, &page)
		require.NotEmpty(t, page.Edges, "the demo data has a %s", kind)
		id, url := page.Edges[0].Node.ID, page.Edges[0].Node.URL
		read := func() int { return f.call(asMember, "auth.pageData", map[string]any{"path": url}).status }
		require.Equal(t, ok, read(), "%s %s is readable at %s", kind, id, url)
		require.Equal(t, []string{id}, f.bulk(kind, "delete", id).Done, kind)
		assert.Equal(t, notFound, read(), "a deleted %s is gone", kind)
		again := f.bulk(kind, "delete", id)
		require.Len(t, again.Failed, 1)
		assert.Equal(t, "admin.error.content.alreadyDeleted", again.Failed[0].Key)
		assert.Equal(t, "This content is already deleted.", again.Failed[0].Message, "translated in the request's language")
		require.Equal(t, []string{id}, f.bulk(kind, "restore", id).Done, kind)
		assert.Equal(t, ok, read(), "a restored %s is back", kind)
	}

	// A comment: its target's count follows.
	comment := f.comment(asVIP, "moderated comment")
	var page contentPage
	f.must(asAdmin, "admin.content", map[string]any{"kind": "comment", "q": "moderated comment"}, &page)
	require.Len(t, page.Edges, 1)
	assert.Equal(t, comment, page.Edges[0].Node.ID)
	assert.Contains(t, page.Edges[0].Node.URL, "/en/article/")
	require.Equal(t, []string{comment}, f.bulk("comment", "delete", comment).Done)
	f.must(asAdmin, "admin.content", map[string]any{"kind": "comment", "q": "moderated comment"}, &page)
	assert.Empty(t, page.Edges, "live rows only by default")
	f.must(asAdmin, "admin.content", map[string]any{"kind": "comment", "q": "moderated comment", "status": "deleted"}, &page)
	require.Len(t, page.Edges, 1)
	assert.NotZero(t, page.Edges[0].Node.DeletedAt)
	require.Equal(t, []string{comment}, f.bulk("comment", "restore", comment).Done)
	var audit struct {
		Edges []struct {
			Node struct {
				Action string `json:"action"`
				Before string `json:"before"`
				After  string `json:"after"`
			} `json:"node"`
		} `json:"edges"`
	}
	f.must(asAdmin, "admin.audit", map[string]any{"target": "comment:" + comment}, &audit)
	require.Len(t, audit.Edges, 2, "the delete and the restore are audited")
	assert.Equal(t, "admin.contentBulk", audit.Edges[0].Node.Action)
	assert.Contains(t, audit.Edges[0].Node.Before, `"deletedAt":`, "the row before the restore")
	assert.Contains(t, audit.Edges[0].Node.After, `"deletedAt":0`, "the row after the restore")
	notDeleted := f.bulk("comment", "restore", comment, "999")
	require.Len(t, notDeleted.Failed, 2)
	assert.Equal(t, "admin.error.content.notDeleted", notDeleted.Failed[0].Key)
	assert.Equal(t, "admin.error.content.notFound", notDeleted.Failed[1].Key)

	// Restoring an article version whose language another live version took.
	f.must(asAdmin, "admin.content", map[string]any{"kind": "article", "first": 1}, &page)
	require.NotEmpty(t, page.Edges)
	article, lang, group := page.Edges[0].Node.ID, page.Edges[0].Node.Lang, page.Edges[0].Node.Extra["groupId"]
	require.Equal(t, []string{article}, f.bulk("article", "delete", article).Done)
	var saved struct {
		GqSaveArticle struct {
			Article struct {
				DatabaseID string `json:"databaseId"`
			} `json:"article"`
		} `json:"gqSaveArticle"`
	}
	f.must(asAdmin, "mutates.saveArticle", map[string]any{"group": group, "lang": lang,
		"title": "The replacement", "content": "<p>new</p>"}, &saved)
	collision := f.bulk("article", "restore", article)
	require.Len(t, collision.Failed, 1)
	assert.Equal(t, "admin.error.content.restoreCollision", collision.Failed[0].Key)

	for _, kind := range []string{"coupon", "node", "category", "page", "term"} {
		res := f.call(asAdmin, "admin.contentBulk", map[string]any{"kind": kind, "op": "delete", "ids": []string{"1"}})
		assert.Equal(t, http.StatusConflict, res.status, "%s: %s", kind, res)
	}
	res := f.call(asAdmin, "admin.contentBulk", map[string]any{"kind": "article", "op": "delete", "ids": []string{}})
	assert.Equal(t, http.StatusBadRequest, res.status, "at least one id")

	// Every kind lists.
	for _, kind := range []string{"article", "topic", "answer", "comment", "product", "coupon", "node", "category", "page", "term"} {
		f.must(asAdmin, "admin.content", map[string]any{"kind": kind, "status": "all"}, &page)
	}
	f.must(asAdmin, "admin.content", map[string]any{"kind": "term", "termKind": "shop_category"}, &page)
	require.NotEmpty(t, page.Edges)
	for _, e := range page.Edges {
		assert.Equal(t, "shop_category", e.Node.Extra["kind"])
		assert.Regexp(t, `^(/[a-z-]+)?/shop-archive/[a-z0-9-]+-\d+$`, e.Node.URL)
		assert.True(t, strings.HasSuffix(e.Node.EditURL, "/admin/content?kind=term&edit="+e.Node.ID), e.Node.EditURL)
	}
	for _, in := range []map[string]any{{"kind": "term", "termKind": "topic"}, {"kind": "node", "termKind": "tag"}} {
		assert.Equal(t, http.StatusBadRequest, f.call(asAdmin, "admin.content", in).status, "%v", in)
	}
}

func TestAdminChatMute(t *testing.T) {
	f := newAuthzFixture(t, map[string]bool{})
	talk := room("chat", asVIP)
	send := func(text string) result {
		return f.call(asVIP, "utils.chat", map[string]any{"text": text, "room": talk})
	}
	require.Equal(t, ok, send("before the mute").status)

	var muted struct {
		Mute struct {
			Until int64 `json:"until"`
		} `json:"mute"`
	}
	f.must(asAdmin, "admin.chatMute", map[string]any{"room": talk, "userId": f.ids[asVIP], "minutes": 10,
		"reason": "spam"}, &muted)
	assert.InDelta(t, time.Now().Add(10*time.Minute).UnixMilli(), muted.Mute.Until, 60_000)
	res := send("while muted")
	assert.Equal(t, forbidden, res.status, "%s", res)
	assert.Equal(t, "chat.error.muted", res.code)
	assert.Contains(t, string(res.body), "You are muted in this room until")

	var mutes struct {
		Mutes []struct {
			Room   string `json:"room"`
			Member struct {
				DatabaseID string `json:"databaseId"`
			} `json:"member"`
			Reason string `json:"reason"`
		} `json:"mutes"`
	}
	f.must(asAdmin, "admin.chatMutes", map[string]any{"room": talk}, &mutes)
	require.Len(t, mutes.Mutes, 1)
	assert.Equal(t, f.ids[asVIP], mutes.Mutes[0].Member.DatabaseID)
	assert.Equal(t, "spam", mutes.Mutes[0].Reason)

	res = f.call(asAdmin, "admin.chatMute", map[string]any{"room": talk, "userId": f.ids[asAdmin], "minutes": 10,
		"reason": "self"})
	assert.Equal(t, http.StatusConflict, res.status, "administrators are never muted: %s", res)
	res = f.call(asAdmin, "admin.chatMute", map[string]any{"room": "no-such-room", "userId": f.ids[asVIP],
		"minutes": 10, "reason": "x"})
	assert.Equal(t, notFound, res.status, "%s", res)
	res = f.call(asAdmin, "admin.chatMute", map[string]any{"room": talk, "userId": f.ids[asVIP], "minutes": 43201,
		"reason": "x"})
	assert.Equal(t, http.StatusBadRequest, res.status, "%s", res)

	var unmuted struct {
		WasMuted bool `json:"wasMuted"`
	}
	f.must(asAdmin, "admin.chatUnmute", map[string]any{"room": talk, "userId": f.ids[asVIP]}, &unmuted)
	assert.True(t, unmuted.WasMuted)
	// The room's send interval may still hold the VIP back for a moment.
	require.Eventually(t, func() bool { return send("after the unmute").status == ok }, 5*time.Second, 200*time.Millisecond)

	var messages struct {
		Edges []struct {
			Node struct {
				ID   string `json:"id"`
				Text string `json:"text"`
			} `json:"node"`
		} `json:"edges"`
	}
	f.must(asAdmin, "admin.chatMessages", map[string]any{"room": talk, "first": 1}, &messages)
	require.Len(t, messages.Edges, 1)
	assert.Equal(t, "after the unmute", messages.Edges[0].Node.Text, "newest first")
	var deleted bulkResult
	f.must(asAdmin, "admin.chatDelete", map[string]any{"ids": []string{messages.Edges[0].Node.ID}}, &deleted)
	assert.Equal(t, []string{messages.Edges[0].Node.ID}, deleted.Done)
	var history struct {
		Edges []struct {
			Node struct {
				Deleted bool `json:"deleted"`
			} `json:"node"`
		} `json:"edges"`
	}
	f.must(asAdmin, "admin.chatMessages", map[string]any{"room": talk, "first": 1}, &history)
	require.Len(t, history.Edges, 1)
	assert.True(t, history.Edges[0].Node.Deleted, "deleted messages stay listed, flagged")
}
