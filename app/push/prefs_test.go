package push

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// mentionData is the event of a mention notification to to.
func mentionData(to int64) []byte {
	return fmt.Appendf(nil, `{"seq":2,"notification":{"id":"%d","type":"mention","title":"Ann","content":{"text":"@you"}}}`, to)
}

// TestPushPrefs: a member who turned push off for messages, or who is in
// their do-not-disturb range, gets no push for a message, while the others
// (and their other kinds) still do; a kind the operators turned off
// pushes nothing to anyone.
func TestPushPrefs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		flaky := newFlakyService(t, nil)
		prefs := notifypref.NewStore(db)
		ann := apptest.Member(t, db, "ann")
		members := map[string]int64{}
		for _, name := range []string{"bob", "cid", "dan"} {
			members[name] = apptest.Member(t, db, name)
			subscribe(t, db, members[name], flaky.srv.URL+"/"+name)
		}
		noMessages := notifypref.Defaults()
		noMessages.Kinds[notifypref.Messages] = notifypref.Channels{Site: true, Email: true}
		require.NoError(t, prefs.Save(ctx, members["bob"], noMessages))
		// cid's quiet hours are the two hours around now, in Tokyo.
		tokyo, err := time.LoadLocation("Asia/Tokyo")
		require.NoError(t, err)
		now := time.Now().In(tokyo)
		minute := now.Hour()*60 + now.Minute()
		quiet := notifypref.Defaults()
		quiet.TimeZone = "Asia/Tokyo"
		quiet.DND = notifypref.DND{Enabled: true, Start: (minute + 1380) % 1440, End: (minute + 60) % 1440}
		require.NoError(t, prefs.Save(ctx, members["cid"], quiet))

		s := New(Config{DB: db, Presence: &focusedSet{}, Prefs: prefs, Debounce: 20 * time.Millisecond, AllowLoopback: true,
			Client: flaky.srv.Client()})
		for _, id := range members {
			s.Event(id, eventPrivateMessage, messageData(id, ann))
		}
		s.Event(members["bob"], eventNotification, mentionData(members["bob"]))
		s.Close()
		assert.Equal(t, 1, flaky.hitsOf("/bob"), "bob's mention, not his message")
		assert.Equal(t, 0, flaky.hitsOf("/cid"), "cid is in do not disturb")
		assert.Equal(t, 1, flaky.hitsOf("/dan"))
		assert.Equal(t, int64(2), s.Stats().Sent.Load())
		assert.Equal(t, int64(2), s.Stats().Skipped.Load())

		require.NoError(t, db.Settings().Put(ctx, sitesettings.KeyNotify, notifypref.Operators{
			Push: map[notifypref.Kind]bool{notifypref.Mentions: false}}))
		s = New(Config{DB: db, Presence: &focusedSet{}, Prefs: notifypref.NewStore(db), Debounce: 20 * time.Millisecond,
			AllowLoopback: true, Client: flaky.srv.Client()})
		s.Event(members["dan"], eventNotification, mentionData(members["dan"]))
		s.Event(members["dan"], eventPrivateMessage, messageData(members["dan"], ann))
		s.Close()
		assert.Equal(t, 2, flaky.hitsOf("/dan"), "the message, not the mention the operators turned off")
		assert.Equal(t, int64(1), s.Stats().Skipped.Load())
	})
}
