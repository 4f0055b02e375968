package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLivePagesOnTheNode: a served node wires the features' live events to
// its sockets: the member's socket watching the lounge and the welcome
// article sees a topic posted and a comment and a like made through
// POST /api/request by the admin.
func TestLivePagesOnTheNode(t *testing.T) {
	f := newAuthzFixture(t, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(f.base, "http")+"/api/ws?lang=en")
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(20*time.Second)))
	send := func(action string, data any) {
		b, err := json.Marshal(map[string]any{"action": action, "data": data})
		require.NoError(t, err)
		require.NoError(t, wsutil.WriteClientText(conn, b))
	}
	// next reads frames until one of action (and, for live, of event).
	next := func(action, event string) json.RawMessage {
		for {
			msg, err := wsutil.ReadServerText(conn)
			require.NoError(t, err, "waiting for %s %s", action, event)
			var fr struct {
				Action string          `json:"action"`
				Data   json.RawMessage `json:"data"`
			}
			require.NoError(t, json.Unmarshal(msg, &fr))
			require.NotEqual(t, "error", fr.Action, "%s", fr.Data)
			if fr.Action != action {
				continue
			}
			var live struct {
				Event string          `json:"event"`
				Data  json.RawMessage `json:"data"`
			}
			if action != "live" {
				return fr.Data
			}
			require.NoError(t, json.Unmarshal(fr.Data, &live))
			if live.Event == event {
				return live.Data
			}
		}
	}
	tok := f.tokens[asMember]
	send("connect", map[string]any{"userId": f.ids[asMember], "signature": tok["signature"], "timestamp": tok["timestamp"]})
	next("connect", "")
	for _, channel := range []string{"node:" + loungeNode, "article:" + demoArticle} {
		send("watch", map[string]any{"channel": channel})
		next("watch", "")
	}

	var topic topicReply
	f.must(asAdmin, "mutates.createTopic", map[string]any{"title": "Live on the node", "content": "<p>hello all</p>",
		"cat": loungeNode}, &topic)
	var created struct {
		Topic struct {
			ID      string `json:"id"`
			Excerpt string `json:"excerpt"`
		} `json:"topic"`
	}
	require.NoError(t, json.Unmarshal(next("live", "topic_created"), &created))
	assert.Equal(t, topic.Topic.ID, created.Topic.ID)
	assert.Equal(t, "hello all", created.Topic.Excerpt)

	f.must(asAdmin, "mutates.createComment", map[string]any{"targetType": "article", "targetId": demoArticle,
		"content": "<p>a live comment</p>"}, nil)
	assert.Contains(t, string(next("live", "comment_created")), "a live comment")
	f.must(asAdmin, "mutates.like", map[string]any{"targetType": "article", "targetId": demoArticle, "like": true}, nil)
	assert.Contains(t, string(next("live", "like_count")), `"targetId":"`+demoArticle+`"`)
}
