package push

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

// focusedSet is a Presence whose answer the test sets.
type focusedSet struct{ focused atomic.Bool }

func (f *focusedSet) Focused(context.Context, int64) (bool, error) { return f.focused.Load(), nil }

// flakyService answers each path with the statuses of its script in turn
// (201 once the script is done) and counts the requests.
type flakyService struct {
	srv    *httptest.Server
	mu     sync.Mutex
	script map[string][]int // guarded by mu
	hits   map[string]int   // guarded by mu
}

func newFlakyService(t *testing.T, script map[string][]int) *flakyService {
	f := &flakyService{script: script, hits: map[string]int{}}
	f.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.hits[r.URL.Path]++
		status := http.StatusCreated
		if s := f.script[r.URL.Path]; len(s) > 0 {
			status, f.script[r.URL.Path] = s[0], s[1:]
		}
		f.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *flakyService) hitsOf(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[path]
}

func subscribe(t *testing.T, db *persistence.DB, userID int64, endpoint string) {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	require.NoError(t, err)
	sub := persistence.PushSubscription{UserID: userID, Endpoint: endpoint, Lang: "en",
		P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Auth:   base64.RawURLEncoding.EncodeToString(make([]byte, 16))}
	require.NoError(t, db.Push().Save(t.Context(), &sub, MaxDevices))
}

// messageData is the event of a private message from from to to.
func messageData(to, from int64) []byte {
	return fmt.Appendf(nil, `{"seq":1,"message":{"content":"hi","from":{"id":"%d","name":"Ann","gqSlug":"ann"},"to":{"id":"%d"}}}`,
		from, to)
}

// TestPushRetries: 429 and 5xx are retried with backoff, at most Attempts
// times; other refusals are not; 410 removes the device; a focused member
// gets nothing; the sender's own copy of a message pushes nothing.
func TestPushRetries(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		flaky := newFlakyService(t, map[string][]int{
			"/busy":   {429, 503},
			"/down":   {500, 502, 503, 504, 500},
			"/bad":    {400},
			"/gone":   {410},
			"/absent": {404},
		})
		presence := &focusedSet{}
		s := New(Config{DB: db, Presence: presence, Debounce: 20 * time.Millisecond, Attempts: 3,
			Backoff: 5 * time.Millisecond, AllowLoopback: true, Client: flaky.srv.Client()})
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		for _, path := range []string{"/busy", "/down", "/bad", "/gone", "/absent", "/fine"} {
			subscribe(t, db, bob, flaky.srv.URL+path)
		}

		s.Event(bob, eventPrivateMessage, messageData(bob, ann))
		s.Event(ann, eventPrivateMessage, messageData(bob, ann)) // the sender's own copy
		s.Close()
		assert.Equal(t, 3, flaky.hitsOf("/busy"), "429, 503, then accepted")
		assert.Equal(t, 3, flaky.hitsOf("/down"), "given up after Attempts")
		assert.Equal(t, 1, flaky.hitsOf("/bad"), "a refusal is not retried")
		assert.Equal(t, 1, flaky.hitsOf("/fine"))
		assert.Equal(t, int64(2), s.Stats().Sent.Load())
		assert.Equal(t, int64(2), s.Stats().Failed.Load())
		assert.Equal(t, int64(2), s.Stats().Removed.Load())
		devices, err := db.Push().List(t.Context(), bob)
		require.NoError(t, err)
		assert.Len(t, devices, 4, "404 and 410 removed their devices")

		s = New(Config{DB: db, Presence: presence, Debounce: 20 * time.Millisecond, AllowLoopback: true,
			Client: flaky.srv.Client()})
		presence.focused.Store(true)
		s.Event(bob, eventPrivateMessage, messageData(bob, ann))
		s.Close()
		assert.Equal(t, 1, flaky.hitsOf("/fine"), "a focused member gets no push")
	})
}

func TestPushPayload(t *testing.T) {
	t.Parallel()
	s := New(Config{})
	it, ok := itemOf(2, eventPrivateMessage, messageData(2, 1))
	require.True(t, ok)
	assert.Equal(t, Payload{Title: "push.message.title", Body: "hi", URL: "/es/messages/ann", Tag: "pm1", Count: 1,
		Kind: "message", Lang: "es"}, s.payload(it, 1, "es"))
	assert.Equal(t, "/messages/ann", s.payload(it, 1, "zh-hans").URL)
	assert.Equal(t, "push.message.many", s.payload(it, 5, "en").Body)

	_, ok = itemOf(1, eventPrivateMessage, messageData(2, 1))
	assert.False(t, ok, "the sender's own copy")
	_, ok = itemOf(1, "unread", []byte(`{"seq":2}`))
	assert.False(t, ok)

	it, ok = itemOf(1, eventNotification, []byte(`{"seq":3,"notification":{"type":"system",`+
		`"title":"Maintenance","content":{"text":"Tonight","url":"/docs/faq"},"from":null}}`))
	require.True(t, ok)
	assert.Equal(t, Payload{Title: "push.notification.system", Body: "Tonight", URL: "/en/docs/faq", Tag: "nsystem", Count: 1,
		Kind: "system", Lang: "en"}, s.payload(it, 1, "en"))
	it, ok = itemOf(1, eventNotification, []byte(`{"seq":3,"notification":{"type":"strange","title":"x","content":{"url":"//evil.example/"}}}`))
	require.True(t, ok)
	p := s.payload(it, 1, "en")
	assert.Equal(t, "push.notification.other", p.Title)
	assert.Equal(t, "/en/notify", p.URL, "a scheme-relative link is not followed")
}

func TestPushCommunityKinds(t *testing.T) {
	t.Parallel()
	it, ok := itemOf(1, eventNotification, []byte(`{"seq":4,"notification":`+
		`{"type":"community","title":"How?","content":{"kind":"award","topicId":"5"},"from":{"id":"2","name":"Bob"}}}`))
	require.True(t, ok)
	p := New(Config{}).payload(it, 1, "zh-hans")
	assert.Equal(t, "push.notification.award", p.Title)
	assert.Equal(t, "How?", p.Body)
	assert.Equal(t, "ncommunity", p.Tag)
}
