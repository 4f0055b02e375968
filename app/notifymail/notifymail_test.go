package notifymail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/app/internal/notifypref"
	"souk/internal/i18ntest"
	"souk/internal/mail"
	"souk/persistence"
)

func TestJobOf(t *testing.T) {
	t.Parallel()
	pm := `{"message":{"databaseId":"9","from":{"id":"1"},"to":{"id":"2"}}}`
	for _, tt := range []struct {
		name, action, data string
		user               int64
		want               *persistence.EmailJob
	}{
		{"a message to the member", eventPrivateMessage, pm, 2,
			&persistence.EmailJob{UserID: 2, Kind: persistence.EmailMessages, Topic: "1", RefID: 9}},
		{"the sender's own copy", eventPrivateMessage, pm, 1, nil},
		{"a mention", eventNotification, `{"notification":{"databaseId":"5","type":"mention"}}`, 2,
			&persistence.EmailJob{UserID: 2, Kind: persistence.EmailMentions, RefID: 5}},
		{"another notification", eventNotification, `{"notification":{"databaseId":"5","type":"follow"}}`, 2, nil},
		{"a garbled message", eventPrivateMessage, `{"message":{"databaseId":"x","from":{"id":"1"},"to":{"id":"2"}}}`, 2, nil},
		{"not JSON", eventNotification, `{`, 2, nil},
		{"a counter", "unread", `{}`, 2, nil},
	} {
		job, ok := jobOf(tt.user, tt.action, []byte(tt.data))
		if tt.want == nil {
			assert.False(t, ok, tt.name)
			continue
		}
		assert.True(t, ok, tt.name)
		assert.Equal(t, *tt.want, job, tt.name)
	}
}

// TestMessageEmail sends a private message to an offline member: nothing
// before the delay, one localized email after it, none again.
func TestMessageEmail(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := f.member(t, "Ann <b>&</b>", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev")
		require.NoError(t, db.Push().Save(t.Context(), &persistence.PushSubscription{UserID: bob.ID,
			Endpoint: "https://push.example/bob", P256dh: "k", Auth: "a", Lang: "es"}, 3))
		f.send(t, ann, bob, "hola <script>alert(1)</script>\nsegunda línea")
		assert.Empty(t, f.after(t, testDelay-time.Second), "not before the delay")
		emails := f.after(t, time.Second)
		require.Len(t, emails, 1)
		e := emails[0]
		assert.Equal(t, "bob@souk.dev", e.To)
		assert.Equal(t, "Ann <b>&</b> te ha enviado un mensaje privado", e.Subject, "in the member's language")
		assert.Contains(t, e.Text, "hola <script>alert(1)</script>\nsegunda línea", "the text body is text")
		assert.Contains(t, e.Text, "https://souk.example/es/messages/ann")
		assert.NotContains(t, e.HTML, "<script>", "the HTML body escapes what members wrote")
		assert.Contains(t, e.HTML, "hola &lt;script&gt;alert(1)&lt;/script&gt;")
		assert.Contains(t, e.HTML, "Ann &lt;b&gt;&amp;&lt;/b&gt;")
		assert.Contains(t, e.HTML, `href="https://souk.example/es/messages/ann"`)
		unsubscribe := "https://souk.example/es/unsubscribe?t=" + f.tokens.make(bob.ID, unsubscribeMessages)
		assert.Equal(t, "<"+unsubscribe+">", e.Headers["List-Unsubscribe"])
		assert.Contains(t, e.Text, unsubscribe)
		assert.Contains(t, e.Text, "https://souk.example/es/unsubscribe?t="+f.tokens.make(bob.ID, unsubscribeAll))
		assert.Contains(t, e.Text, "https://souk.example/es/account/notification")
		assert.Empty(t, f.after(t, time.Hour), "sent once")
		assert.EqualValues(t, 1, f.stats.Sent.Load())

		// A burst from one sender is one email that counts them; read in
		// time, none.
		for i := range 3 {
			f.send(t, ann, bob, fmt.Sprint("burst ", i))
		}
		emails = f.after(t, testDelay)
		require.Len(t, emails, 1)
		assert.Equal(t, "Ann <b>&</b> te ha enviado 3 mensajes privados", emails[0].Subject)
		assert.Contains(t, emails[0].Text, "burst 2", "the latest is quoted")

		f.send(t, ann, bob, "read soon")
		_, _, err := db.Messages().MarkRead(t.Context(), bob.ID, ann.ID)
		require.NoError(t, err)
		assert.Empty(t, f.after(t, testDelay), "read before the delay: no email")
		assert.EqualValues(t, 1, f.stats.Skipped.Load())
		jobs, err := db.EmailJobs().ListForMember(t.Context(), bob.ID)
		require.NoError(t, err)
		require.Len(t, jobs, 3)
		assert.Equal(t, persistence.EmailSkipped, jobs[0].State)
		assert.Equal(t, persistence.EmailSent, jobs[1].State)
	})
}

// TestEmailPreferences checks the member's and the operators' switches,
// quiet hours, and a member without an address.
func TestEmailPreferences(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob, nobody := f.member(t, "Ann", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev"), f.member(t, "Cid", "")

		f.send(t, ann, nobody, "no address")
		assert.Empty(t, f.after(t, testDelay))

		f.send(t, ann, bob, "turned off before it was due")
		f.prefs.set(func(m *notifypref.Prefs, _ *notifypref.Operators) {
			m.Kinds[notifypref.Messages] = notifypref.Channels{Site: true, Push: true, Email: false}
		})
		assert.Empty(t, f.after(t, testDelay))
		f.send(t, ann, bob, "off: not even scheduled")
		jobs, err := db.EmailJobs().ListForMember(t.Context(), bob.ID)
		require.NoError(t, err)
		assert.Len(t, jobs, 1)

		f.prefs.set(func(m *notifypref.Prefs, o *notifypref.Operators) {
			m.Kinds[notifypref.Messages] = notifypref.Channels{Site: true, Push: true, Email: true}
			o.Email = map[notifypref.Kind]bool{notifypref.Messages: false}
		})
		f.send(t, ann, bob, "the operators turned it off")
		assert.Empty(t, f.after(t, testDelay))

		// Quiet hours: 12:30 to 14:00 UTC; due at 12:45, sent at 14:00.
		f.prefs.set(func(m *notifypref.Prefs, o *notifypref.Operators) {
			o.Email = nil
			m.DND = notifypref.DND{Enabled: true, Start: 12*60 + 30, End: 14 * 60}
		})
		f.clock.Add(-f.clock.Now().Sub(time.Date(2026, 11, 24, 12, 30, 0, 0, time.UTC)))
		f.send(t, ann, bob, "in quiet hours")
		assert.Empty(t, f.after(t, testDelay), "deferred, not sent")
		assert.Empty(t, f.after(t, 74*time.Minute), "still quiet at 13:59")
		emails := f.after(t, time.Minute)
		require.Len(t, emails, 1, "sent when the quiet hours end")
		assert.Equal(t, "Ann 给您发了一条私信", emails[0].Subject, "no device: the default language")
	})
}

// TestEmailRetries refuses the email at the mail server: it is tried again
// after a doubling backoff, then given up.
func TestEmailRetries(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := f.member(t, "Ann", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev")
		f.out.refuse(errors.New("451 try again later"))
		f.send(t, ann, bob, "hello")
		assert.Empty(t, f.after(t, testDelay))
		jobs, err := db.EmailJobs().ListForMember(t.Context(), bob.ID)
		require.NoError(t, err)
		require.Len(t, jobs, 1)
		assert.Equal(t, 1, jobs[0].Attempts)
		assert.Contains(t, jobs[0].LastError, "451")
		assert.Equal(t, persistence.Millis(f.clock.Now().Add(time.Minute)), jobs[0].DueAt, "the first backoff")
		assert.Empty(t, f.after(t, time.Minute))
		jobs, err = db.EmailJobs().ListForMember(t.Context(), bob.ID)
		require.NoError(t, err)
		assert.Equal(t, persistence.Millis(f.clock.Now().Add(2*time.Minute)), jobs[0].DueAt, "doubled")
		assert.Empty(t, f.after(t, 2*time.Minute))
		jobs, err = db.EmailJobs().ListForMember(t.Context(), bob.ID)
		require.NoError(t, err)
		assert.Equal(t, persistence.EmailFailed, jobs[0].State, "given up after 3 attempts")
		assert.EqualValues(t, 1, f.stats.Failed.Load())

		f.out.refuse(nil)
		f.send(t, ann, bob, "the server is back")
		assert.Len(t, f.after(t, testDelay), 1)
	})
}

// TestMentionEmail emails an unread mention with a link to where it was.
func TestMentionEmail(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := f.member(t, "Ann", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev")
		n := persistence.Notification{ToID: bob.ID, FromID: ann.ID, Type: typeMention, Title: "mention",
			Content: json.RawMessage(`{"excerpt":"hey @bob look","url":"/community/topic/7"}`), IdemKey: "m1"}
		_, _, err := db.Notifications().Create(t.Context(), &n)
		require.NoError(t, err)
		f.event(t, bob.ID, eventNotification, map[string]any{"notification": map[string]any{"databaseId": fmt.Sprint(n.ID), "type": typeMention}})
		emails := f.after(t, testDelay)
		require.Len(t, emails, 1)
		assert.Equal(t, "Ann 提到了您", emails[0].Subject)
		assert.Contains(t, emails[0].Text, "hey @bob look")
		assert.Contains(t, emails[0].Text, "https://souk.example/community/topic/7")
	})
}

// TestDigest schedules the digest at the operators' hour in the member's
// time zone, once a day, and sends the unread notifications.
func TestDigest(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ann, bob := f.member(t, "Ann", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev")
		store := notifypref.NewStore(db)
		p := notifypref.Defaults()
		p.Digest, p.TimeZone = true, "Asia/Shanghai" // UTC+8: 08:00 there is 00:00 UTC
		require.NoError(t, store.Save(t.Context(), bob.ID, p))
		f.prefs.set(func(m *notifypref.Prefs, _ *notifypref.Operators) { *m = p })
		for i, typ := range []string{"follow", "like"} {
			_, _, err := db.Notifications().Create(t.Context(), &persistence.Notification{ToID: bob.ID, FromID: ann.ID,
				Type: typ, Title: typ, IdemKey: fmt.Sprint("d", i), CreatedAt: persistence.Millis(f.clock.Now())})
			require.NoError(t, err)
		}
		f.scheduleDigests(t.Context())
		assert.Empty(t, f.after(t, 0), "12:00 UTC is 20:00 in Shanghai")
		f.clock.Add(12 * time.Hour) // 00:00 UTC, 08:00 in Shanghai
		f.scheduleDigests(t.Context())
		emails := f.after(t, 0)
		require.Len(t, emails, 1)
		assert.Equal(t, "每日摘要：2 条未读通知", emails[0].Subject)
		assert.Contains(t, emails[0].Text, "Ann")
		assert.Contains(t, emails[0].Text, "https://souk.example/unsubscribe?t="+f.tokens.make(bob.ID, unsubscribeDigest))

		f.digestDays = map[int64]string{} // another node, which has not scheduled it
		f.scheduleDigests(t.Context())
		assert.Empty(t, f.after(t, 0), "one digest a day, whatever node scans")
	})
}

// TestEmailKeysAreTranslated checks every text an email is written with.
func TestEmailKeysAreTranslated(t *testing.T) {
	t.Parallel()
	keys := append(i18ntest.Keys(ErrBadLink), "email.greeting", "email.footer.reason", "email.footer.settings",
		"email.footer.unsubscribeAll", "email.message.image")
	for _, kind := range []string{persistence.EmailMessages, persistence.EmailMentions, persistence.EmailDigest} {
		keys = append(keys, "email.footer.unsubscribe."+kind)
	}
	for _, prefix := range []string{"email.message.", "email.mention."} {
		for _, k := range []string{"subject", "subjectMany", "intro", "introMany", "open"} {
			keys = append(keys, prefix+k)
		}
	}
	keys = append(keys, "email.digest.subject", "email.digest.intro", "email.digest.open", titleKey("unknown"))
	for _, kind := range notificationTitles {
		keys = append(keys, titleKey(kind))
	}
	i18ntest.RequireTranslated(t, keys...)
}

// TestRun runs the node's loop on the real clock: an event becomes a job,
// and the job an email once due.
func TestRun(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		out := &outbox{}
		s := New(Config{DB: db, Mailer: out, Prefs: newPrefs(), Translator: catalog(), Secret: testSecret,
			PublicURL: "https://souk.example", Delay: 100 * time.Millisecond, Poll: 20 * time.Millisecond})
		f := &fixture{Service: s, db: db, clock: apptest.NewClock(time.Now()), out: out}
		ann, bob := f.member(t, "Ann", "ann@souk.dev"), f.member(t, "Bob", "bob@souk.dev")
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go s.Run(ctx)
		m := persistence.PrivateMessage{FromID: ann.ID, ToID: bob.ID, Content: "hi", IdemKey: "run"}
		_, _, err := db.Messages().Send(t.Context(), &m)
		require.NoError(t, err)
		data, err := json.Marshal(map[string]any{"message": map[string]any{"databaseId": fmt.Sprint(m.ID),
			"from": map[string]any{"id": fmt.Sprint(ann.ID)}, "to": map[string]any{"id": fmt.Sprint(bob.ID)}}})
		require.NoError(t, err)
		s.Event(bob.ID, eventPrivateMessage, data)
		var got []mail.Email
		require.Eventually(t, func() bool {
			got = append(got, out.take()...)
			return len(got) == 1
		}, 10*time.Second, 10*time.Millisecond)
		assert.Equal(t, "bob@souk.dev", got[0].To)
	})
}
