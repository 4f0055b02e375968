package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/community"
	"souk/persistence"
)

// liveEvent is a live frame's data with the fields the tests read.
type liveEvent struct {
	Channel string `json:"channel"`
	Event   string `json:"event"`
	Data    struct {
		ID          string                `json:"id"`
		TopicID     string                `json:"topicId"`
		AnswerCount int64                 `json:"answerCount"`
		Topic       *community.TopicView  `json:"topic"`
		Answer      *community.AnswerView `json:"answer"`
		Vote        *community.VoteView   `json:"vote"`
	} `json:"data"`
	raw json.RawMessage
}

// watchChannel watches channel and waits for the answer.
func (cc *chatClient) watchChannel(channel string) {
	cc.t.Helper()
	cc.send("watch", map[string]any{"channel": channel})
	cc.waitFrame("watch", func(d json.RawMessage) bool { return string(d) == `{"channel":"`+channel+`"}` })
}

// waitLive waits for the live event of channel that ok accepts (nil: any).
func (cc *chatClient) waitLive(channel, event string, ok func(liveEvent) bool) liveEvent {
	cc.t.Helper()
	var got liveEvent
	cc.waitFrame(EventLive, func(d json.RawMessage) bool {
		var e liveEvent
		if json.Unmarshal(d, &e) != nil || e.Channel != channel || e.Event != event {
			return false
		}
		e.raw = d
		if ok != nil && !ok(e) {
			return false
		}
		got = e
		return true
	})
	return got
}

// lives is every live event received so far.
func (cc *chatClient) lives() []liveEvent {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	var out []liveEvent
	for _, f := range cc.frames {
		var e liveEvent
		if f.Action == EventLive && json.Unmarshal(f.Data, &e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// liveNode creates a free community node.
func liveNode(t *testing.T, db *persistence.DB) persistence.Node {
	t.Helper()
	n := persistence.Node{Kind: persistence.NodeKindNode, Slug: "live", JoinType: persistence.JoinFree,
		Names: map[string]string{"en": "Live"}}
	require.NoError(t, db.Community().UpsertNode(t.Context(), &n))
	return n
}

// as is a request context of the member.
func as(userID int64) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en", Viewer: action.Viewer{UserID: userID}})
}

// TestLiveChannelsAcrossNodes: a member's socket on one node gets the
// events of what is posted through another; a gated topic's events carry
// none of its content; unwatch stops them.
func TestLiveChannelsAcrossNodes(t *testing.T) {
	_, nodes := startNodes(t, 2)
	n1, n2 := nodes[0], nodes[1]
	node := liveNode(t, n1.db)
	ann, bob, cat := addUser(t, n1.db, "ann", false), addUser(t, n1.db, "bob", false), addUser(t, n1.db, "cat", false)

	bobOn2 := dialChat(t, n2.wsURL, bob)
	bobOn2.connect()
	bobOn2.waitFrame("connect", nil)
	nodeChannel := "node:" + strconv.FormatInt(node.ID, 10)
	bobOn2.watchChannel(nodeChannel)
	bobOn2.watchChannel("feed")

	post := func(title string, roles community.Roles) community.TopicView {
		var reply community.TopicReply
		require.NoError(t, n1.call(as(ann), "mutates.createTopic", community.CreateTopicInput{Title: title,
			Content: "<p>the words of " + title + "</p>", Cat: action.ID(node.ID), Roles: roles}, &reply))
		return reply.Topic
	}
	open := post("Open", nil)
	e := bobOn2.waitLive(nodeChannel, "topic_created", nil)
	require.NotNil(t, e.Data.Topic)
	assert.Equal(t, open.ID, e.Data.Topic.ID)
	assert.Equal(t, "the words of Open", e.Data.Topic.Excerpt)
	assert.NotContains(t, string(e.raw), `"content"`, "a list's topic carries its excerpt only")
	bobOn2.waitLive("feed", "topic_created", func(e liveEvent) bool { return e.Data.Topic.ID == open.ID })

	gated := post("Gated", community.Roles{{Type: "login"}})
	e = bobOn2.waitLive(nodeChannel, "topic_created", func(e liveEvent) bool { return e.Data.Topic.ID == gated.ID })
	assert.True(t, e.Data.Topic.Locked)
	assert.Empty(t, e.Data.Topic.Excerpt)
	assert.NotContains(t, string(e.raw), "the words of", "a gated topic's content never goes out")

	openChannel, gatedChannel := "topic:"+open.ID, "topic:"+gated.ID
	bobOn2.watchChannel(openChannel)
	bobOn2.watchChannel(gatedChannel)
	answer := func(topic community.TopicView, text string) {
		var reply community.AnswerReply
		require.NoError(t, n1.call(as(cat), "mutates.createAnswer", community.CreateAnswerInput{
			TopicID: action.ID(mustID(t, topic.ID)), Content: "<p>" + text + "</p>"}, &reply))
	}
	answer(open, "an open answer")
	e = bobOn2.waitLive(openChannel, "answer_created", nil)
	assert.Equal(t, open.ID, e.Data.TopicID)
	assert.Equal(t, int64(1), e.Data.AnswerCount)
	require.NotNil(t, e.Data.Answer)
	assert.Equal(t, "<p>an open answer</p>", e.Data.Answer.Content)

	answer(gated, "a gated answer")
	e = bobOn2.waitLive(gatedChannel, "answer_created", nil)
	assert.Equal(t, int64(1), e.Data.AnswerCount)
	assert.Nil(t, e.Data.Answer, "a gated topic's answer is not in its event")
	assert.NotContains(t, string(e.raw), "a gated answer")

	// After unwatch, the open topic's answers no longer come; the gated
	// topic's answer published after them shows that they would have.
	bobOn2.send("unwatch", map[string]any{"channel": openChannel})
	bobOn2.waitFrame("unwatch", nil)
	answer(open, "unseen")
	answer(gated, "a fence")
	bobOn2.waitLive(gatedChannel, "answer_created", func(e liveEvent) bool { return e.Data.AnswerCount == 2 })
	opens := 0
	for _, e := range bobOn2.lives() {
		if e.Channel == openChannel && e.Event != EventViewing {
			opens++
		}
	}
	assert.Equal(t, 1, opens, "no event of an unwatched channel")

	// A vote's tallies, without the voter's own choice.
	var vote community.TopicReply
	require.NoError(t, n1.call(as(ann), "mutates.createTopic", community.CreateTopicInput{Title: "Vote",
		Content: "<p>pick</p>", Cat: action.ID(node.ID), Types: community.TopicTypes{Type: "vote",
			Vote: &community.VoteInput{Deadline: time.Now().Add(time.Hour).UnixMilli(),
				Value: []community.VoteOption{{Text: "yes"}, {Text: "no"}}}}}, &vote))
	voteChannel := "topic:" + vote.Topic.ID
	bobOn2.watchChannel(voteChannel)
	option := 1
	var voted community.VoteReply
	require.NoError(t, n1.call(as(cat), "community.vote", community.CastVoteInput{
		TopicID: action.ID(mustID(t, vote.Topic.ID)), Option: &option}, &voted))
	assert.Equal(t, 1, voted.Vote.Voted, "the voter's reply has their choice")
	e = bobOn2.waitLive(voteChannel, "vote_tally", nil)
	require.NotNil(t, e.Data.Vote)
	assert.Equal(t, vote.Topic.ID, e.Data.TopicID)
	assert.Equal(t, int64(1), e.Data.Vote.Total)
	assert.Equal(t, int64(1), e.Data.Vote.Options[1].Count)
	assert.Equal(t, -1, e.Data.Vote.Voted, "the event has nobody's choice")
}

// errorsWith counts the error frames of code received so far.
func (cc *chatClient) errorsWith(code string) int {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	n := 0
	for _, f := range cc.frames {
		var e Refusal
		if f.Action == "error" && json.Unmarshal(f.Data, &e) == nil && e.Code == code {
			n++
		}
	}
	return n
}

// mustID reads a view's id.
func mustID(t *testing.T, s string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return id
}

// TestWatchRefusals: guests cannot watch a page's channel (the site's only:
// TestGuestWatchesSite), names are checked, a connection watches at most
// MaxWatched channels, and a node keeps a channel's subscription only while
// a connection watches it.
func TestWatchRefusals(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)

	guest := dialChat(t, n.wsURL, 0)
	guest.send("watch", map[string]any{"channel": "feed"})
	guest.waitError("chat.error.notConnected")

	cc := dialChat(t, n.wsURL, ann)
	cc.connect()
	cc.waitFrame("connect", nil)
	for i, bad := range []string{"", "node:", "node:abc", "node:0", "node:1.2", "room:1", "topic:1:2", "feed.>"} {
		cc.send("watch", map[string]any{"channel": bad})
		require.Eventually(t, func() bool { return cc.errorsWith("common.error.badField") == i+1 }, 5*time.Second,
			5*time.Millisecond, "channel %q is refused", bad)
	}
	for i := 1; i <= MaxWatched; i++ {
		cc.watchChannel(fmt.Sprint("node:", i))
	}
	cc.watchChannel("node:1") // watched already: nothing more
	e := cc.waitErrorAfter("watch", map[string]any{"channel": "feed"}, "live.error.tooManyChannels")
	assert.EqualValues(t, MaxWatched, e["max"])
	assert.Equal(t, "You are following too many pages live (at most 16)", e["message"])
	assert.Equal(t, MaxWatched, n.h.live.subscribed())

	cc.send("unwatch", map[string]any{"channel": "node:1"})
	cc.waitFrame("unwatch", nil)
	cc.watchChannel("feed")
	assert.Equal(t, MaxWatched, n.h.live.subscribed())

	other := dialChat(t, n.wsURL, ann)
	other.connect()
	other.waitFrame("connect", nil)
	other.watchChannel("feed")
	require.NoError(t, n.h.cfg.Live.Publish(t.Context(), "feed", "topic_deleted", map[string]string{"id": "7"}))
	cc.waitLive("feed", "topic_deleted", func(e liveEvent) bool { return e.Data.ID == "7" })
	other.waitLive("feed", "topic_deleted", nil)

	_ = cc.c.conn.Close()
	require.Eventually(t, func() bool { return n.h.live.subscribed() == 1 }, 5*time.Second, 5*time.Millisecond,
		"the closed connection's channels are unsubscribed, feed stays for the other")
	other.send("unwatch", map[string]any{"channel": "feed"})
	other.waitFrame("unwatch", nil)
	assert.Equal(t, 0, n.h.live.subscribed())
}

// TestGuestWatchesSite: a guest's socket (no connect) watches the site
// channel and gets its layout events; every other channel is refused.
func TestGuestWatchesSite(t *testing.T) {
	cl := newRTCluster(t, false)
	n := cl.start()

	guest := dialChat(t, n.wsURL, 0)
	guest.watchChannel("site")
	guest.watchChannel("site") // watched already: nothing more
	require.NoError(t, n.h.cfg.Live.Publish(t.Context(), "site", "layout", map[string]int64{"version": 3}))
	e := guest.waitLive("site", "layout", nil)
	assert.JSONEq(t, `{"channel":"site","event":"layout","data":{"version":3}}`, string(e.raw))

	guest.send("watch", map[string]any{"channel": "feed"})
	guest.waitError("chat.error.notConnected")
	guest.send("unwatch", map[string]any{"channel": "node:1"})
	require.Eventually(t, func() bool { return guest.errorsWith("chat.error.notConnected") == 2 }, 5*time.Second,
		5*time.Millisecond, "a guest unwatches the site channel only")
	assert.Equal(t, 1, n.h.live.subscribed(), "the site channel alone")

	guest.send("unwatch", map[string]any{"channel": "site"})
	guest.waitFrame("unwatch", nil)
	assert.Equal(t, 0, n.h.live.subscribed())
}
