package notify

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/app/internal/notifypref"
	"souk/persistence"
)

// TestSiteChannelOff: a notification of a kind its member turned off in
// the site is stored, listed and delivered, but already read: it is not
// counted, and the client shows it as nothing new. Private messages and
// system notices can't be turned off in the site; other members are not
// touched.
func TestSiteChannelOff(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		prefs := notifypref.NewStore(db)
		sessions := &apptest.Sessions{}
		s := New(Config{DB: db, Sessions: sessions, Prefs: prefs})
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		off := notifypref.Defaults()
		for _, k := range notifypref.Kinds {
			off.Kinds[k] = notifypref.Channels{}
		}
		off.Kinds[notifypref.Mentions] = notifypref.Channels{Site: true}
		require.NoError(t, prefs.Save(ctx, ann, off))

		created := 0
		create := func(to int64, typ, content string) (persistence.Notification, map[string]any) {
			t.Helper()
			created++
			n := persistence.Notification{ToID: to, FromID: bob, Type: typ, Title: "Bob", Content: json.RawMessage(content),
				IdemKey: fmt.Sprint("test:", created)}
			events, _, err := db.Notifications().Create(ctx, &n, s.NotificationWrite(&n, nil))
			require.NoError(t, err)
			s.Push(ctx, events)
			stored, err := db.Notifications().Get(ctx, n.ID)
			require.NoError(t, err)
			deliveries := sessions.Take()
			require.Len(t, deliveries, 1)
			var event map[string]any
			require.NoError(t, json.Unmarshal([]byte(deliveries[0].Data), &event))
			return stored, event
		}
		unread := func(event map[string]any) float64 {
			return event["unread"].(map[string]any)["notifications"].(float64)
		}
		read := func(event map[string]any) bool {
			return event["notification"].(map[string]any)["read"].(bool)
		}

		n, event := create(ann, "follow", `{"userId":"2"}`)
		assert.NotZero(t, n.ReadAt, "follows are off in ann's site: stored read")
		assert.True(t, read(event), "delivered read: no toast, no badge")
		assert.Zero(t, unread(event))

		n, event = create(ann, "community", `{"kind":"award","topicId":"5"}`)
		assert.NotZero(t, n.ReadAt, "an award is read by its content's kind")
		assert.True(t, read(event))

		n, event = create(ann, "mention", `{}`)
		assert.Zero(t, n.ReadAt, "mentions are on")
		assert.False(t, read(event))
		assert.Equal(t, float64(1), unread(event))

		for _, typ := range []string{"private_message", "system"} {
			n, event = create(ann, typ, `{}`)
			assert.Zero(t, n.ReadAt, "%s always reaches the site", typ)
			assert.False(t, read(event))
		}

		n, event = create(bob, "follow", `{"userId":"1"}`)
		assert.Zero(t, n.ReadAt, "bob keeps the defaults")
		assert.Equal(t, float64(1), unread(event))

		list, err := db.Notifications().List(ctx, ann, 0, 0, 10)
		require.NoError(t, err)
		assert.Len(t, list, 5, "every notification is listed")
		count, err := s.UnreadNotifications(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, 3, count, "the mention, the message and the system notice")
	})
}

func TestEventKind(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "follow", EventKind("follow", json.RawMessage(`{}`)))
	assert.Equal(t, "refund", EventKind("community", json.RawMessage(`{"kind":"refund"}`)))
	assert.Equal(t, "community", EventKind("community", json.RawMessage(`{}`)))
	assert.Equal(t, "community", EventKind("community", json.RawMessage(`nope`)))
}
