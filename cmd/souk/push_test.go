package main

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/hkdf"
)

// pushService is a push service on loopback: it keeps every push it is
// sent, and answers 410 on the paths under /gone/.
type pushService struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []receivedPush // guarded by mu
}

type receivedPush struct {
	path   string
	header http.Header
	body   []byte
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.got = append(p.got, receivedPush{path: r.URL.Path, header: r.Header.Clone(), body: body})
		p.mu.Unlock()
		if strings.HasPrefix(r.URL.Path, "/gone/") {
			w.WriteHeader(http.StatusGone)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// received returns the pushes that reached path.
func (p *pushService) received(path string) []receivedPush {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []receivedPush
	for _, r := range p.got {
		if r.path == path {
			out = append(out, r)
		}
	}
	return out
}

// browser is a browser's push subscription: its P-256 key pair and auth
// secret, as PushManager.subscribe makes them.
type browser struct {
	key      *ecdh.PrivateKey
	auth     []byte
	endpoint string
}

func newBrowser(t *testing.T, endpoint string) browser {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	require.NoError(t, err)
	auth := make([]byte, 16)
	_, err = rand.Read(auth)
	require.NoError(t, err)
	return browser{key: key, auth: auth, endpoint: endpoint}
}

func (b browser) subscription(lang string) map[string]any {
	return map[string]any{"endpoint": b.endpoint, "lang": lang, "keys": map[string]any{
		"p256dh": base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(b.auth)}}
}

// decrypt opens an aes128gcm push body as RFC 8291 says: the header
// carries the salt, record size and the sender's ephemeral public key; the
// key and nonce come from ECDH with it, the auth secret and HKDF.
func (b browser) decrypt(t *testing.T, body []byte) []byte {
	t.Helper()
	require.Greater(t, len(body), 21)
	salt, idLen := body[:16], int(body[20])
	rs := binary.BigEndian.Uint32(body[16:20])
	require.GreaterOrEqual(t, rs, uint32(18))
	require.Equal(t, 65, idLen, "the key id is the sender's public key")
	senderPub := body[21 : 21+idLen]
	ciphertext := body[21+idLen:]
	require.LessOrEqual(t, len(ciphertext), int(rs), "one record")
	pub, err := ecdh.P256().NewPublicKey(senderPub)
	require.NoError(t, err)
	shared, err := b.key.ECDH(pub)
	require.NoError(t, err)
	keyInfo := append(append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...), senderPub...)
	ikm := make([]byte, 32)
	_, err = io.ReadFull(hkdf.New(sha256.New, shared, b.auth, keyInfo), ikm)
	require.NoError(t, err)
	prk := hkdf.Extract(sha256.New, ikm, salt)
	cek, nonce := make([]byte, 16), make([]byte, 12)
	_, err = io.ReadFull(hkdf.Expand(sha256.New, prk, []byte("Content-Encoding: aes128gcm\x00")), cek)
	require.NoError(t, err)
	_, err = io.ReadFull(hkdf.Expand(sha256.New, prk, []byte("Content-Encoding: nonce\x00")), nonce)
	require.NoError(t, err)
	block, err := aes.NewCipher(cek)
	require.NoError(t, err)
	gcm, err := cipher.NewGCM(block)
	require.NoError(t, err)
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	require.NoError(t, err)
	plain = bytes.TrimRight(plain, "\x00")
	require.NotEmpty(t, plain)
	require.Equal(t, byte(2), plain[len(plain)-1], "the last record's delimiter")
	return plain[:len(plain)-1]
}

// pushPayload is what the service worker reads.
type pushPayload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

func (b browser) payload(t *testing.T, r receivedPush) pushPayload {
	t.Helper()
	assert.Equal(t, "aes128gcm", r.header.Get("Content-Encoding"))
	var p pushPayload
	require.NoError(t, json.Unmarshal(b.decrypt(t, r.body), &p))
	return p
}

// newPushFixture is a dev node whose pushes reach push services on
// loopback that trust ps's certificate, with the demo callers signed in.
func newPushFixture(t *testing.T, ps *pushService) *authzFixture {
	roots := x509.NewCertPool()
	roots.AddCert(ps.srv.Certificate())
	pushTestTLS.Store(&tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12})
	log := &nodeLog{}
	base := runServer(t, []string{"serve", "--dev", "--http", "127.0.0.1:0", "--data", t.TempDir(), "--trust-proxy",
		"--metrics-token", pushMetricsToken}, log)
	pushTestTLS.Store(nil)
	return signInDemo(t, base, log, nil)
}

// pushMetricsToken reads the push fixture's /metrics.
const pushMetricsToken = "push-test-metrics-token-0123456789abcdef"

// metric reads one value of the node's /metrics.
func (f *authzFixture) metric(name string) string {
	f.t.Helper()
	req, err := http.NewRequest(http.MethodGet, f.base+"/metrics", nil)
	require.NoError(f.t, err)
	req.Header.Set("Authorization", "Bearer "+pushMetricsToken)
	res, err := http.DefaultClient.Do(req)
	require.NoError(f.t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(f.t, err)
	require.Equal(f.t, http.StatusOK, res.StatusCode, "%s", body)
	for line := range strings.SplitSeq(string(body), "\n") {
		if value, found := strings.CutPrefix(line, name+" "); found {
			return value
		}
	}
	return ""
}

// sentFrom is the sender of a private message as mutates.sendMessage
// answers it.
type sentFrom struct {
	GqSendMessage struct {
		Message struct {
			From struct {
				Name   string `json:"name"`
				GqSlug string `json:"gqSlug"`
			} `json:"from"`
		} `json:"message"`
	} `json:"gqSendMessage"`
}

// TestWebPush is issue 22's push test, on a real node: a private message
// to a member whose site is closed reaches their browser's push service,
// encrypted, with a localized title, body and link; a focused member gets
// no push; a burst is one push with a count; a device its push service
// says is gone is removed; bad subscriptions are refused.
func TestWebPush(t *testing.T) {
	t.Parallel()
	ps := newPushService(t)
	f := newPushFixture(t, ps)

	var key struct {
		PublicKey string `json:"publicKey"`
	}
	f.must(asGuest, "push.publicKey", map[string]any{}, &key)
	pub, err := base64.RawURLEncoding.DecodeString(key.PublicKey)
	require.NoError(t, err)
	_, err = ecdh.P256().NewPublicKey(pub)
	require.NoError(t, err, "the VAPID key is a P-256 point")
	var again struct {
		PublicKey string `json:"publicKey"`
	}
	f.must(asMember, "push.publicKey", map[string]any{}, &again)
	assert.Equal(t, key.PublicKey, again.PublicKey, "generated once")

	phone := newBrowser(t, ps.srv.URL+"/push/member-phone")
	f.must(asMember, "push.subscribe", phone.subscription("en"), nil)

	t.Run("refused subscriptions", func(t *testing.T) {
		bad := func(endpoint string, edit func(map[string]any)) result {
			sub := newBrowser(t, endpoint).subscription("en")
			if edit != nil {
				edit(sub)
			}
			return f.call(asMember, "push.subscribe", sub)
		}
		for endpoint, code := range map[string]string{
			"http://push.example.com/x":                      "push.error.endpoint",
			"https://user@push.example.com/x":                "push.error.endpoint",
			"ftp://push.example.com/x":                       "push.error.endpoint",
			"https://" + strings.Repeat("a", 2100) + ".com/": "push.error.endpoint",
			"https://10.1.2.3/x":                             "push.error.privateEndpoint",
			"https://192.168.0.10/x":                         "push.error.privateEndpoint",
			"https://169.254.169.254/latest":                 "push.error.privateEndpoint",
			"https://[fe80::1]/x":                            "push.error.privateEndpoint",
		} {
			res := bad(endpoint, nil)
			assert.Equal(t, badInput, res.status, "%s: %s", endpoint, res)
			assert.Equal(t, code, res.code, endpoint)
		}
		res := bad("https://push.example.com/x", func(s map[string]any) {
			s["keys"].(map[string]any)["auth"] = base64.RawURLEncoding.EncodeToString([]byte("short"))
		})
		assert.Equal(t, "push.error.keys", res.code, "%s", res)
		res = bad("https://push.example.com/x", func(s map[string]any) {
			s["keys"].(map[string]any)["p256dh"] = base64.RawURLEncoding.EncodeToString(make([]byte, 65))
		})
		assert.Equal(t, "push.error.keys", res.code, "not a point on the curve: %s", res)
		res = f.call(asVIP, "push.unsubscribe", map[string]any{"endpoint": phone.endpoint})
		assert.Equal(t, notFound, res.status, "another member's device: %s", res)
	})

	// A message to the member, whose site is closed.
	var sent sentFrom
	f.must(asVIP, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "Hello\nthere, push"}, &sent)
	require.Eventually(t, func() bool { return len(ps.received("/push/member-phone")) == 1 }, 10*time.Second, 50*time.Millisecond)
	first := ps.received("/push/member-phone")[0]
	got := phone.payload(t, first)
	from := sent.GqSendMessage.Message.From
	assert.Equal(t, pushPayload{Title: from.Name, Body: "Hello there, push", URL: "/en/messages/" + from.GqSlug,
		Tag: "pm" + f.ids[asVIP], Count: 1}, got)
	assert.Equal(t, "pm"+f.ids[asVIP], first.header.Get("Topic"), "collapsed per conversation at the push service")
	assert.Equal(t, "high", first.header.Get("Urgency"))
	assert.NotEmpty(t, first.header.Get("TTL"))
	assert.Contains(t, first.header.Get("Authorization"), "k="+key.PublicKey, "signed with the site's VAPID key")

	// The member opens the site and looks at it: no push.
	socket := f.openSocket(asMember)
	socket.send(t, "focus", map[string]any{"focused": true})
	f.must(asVIP, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "while you look"}, nil)
	never(t, func() bool { return len(ps.received("/push/member-phone")) > 1 }, 5*time.Second,
		"a member with the site focused gets no push")
	socket.send(t, "focus", map[string]any{"focused": false})
	f.must(asVIP, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "and now?"}, nil)
	require.Eventually(t, func() bool { return len(ps.received("/push/member-phone")) == 2 }, 10*time.Second, 50*time.Millisecond,
		"the page lost the focus: pushes again")
	assert.Equal(t, "and now?", phone.payload(t, ps.received("/push/member-phone")[1]).Body)
	socket.close()

	// A device gone from its push service, then a burst of 20 messages.
	gone := newBrowser(t, ps.srv.URL+"/gone/member-laptop")
	f.must(asMember, "push.subscribe", gone.subscription("es"), nil)
	var devices struct {
		Devices []struct {
			Endpoint string `json:"endpoint"`
		} `json:"devices"`
	}
	f.must(asMember, "push.devices", map[string]any{}, &devices)
	require.Len(t, devices.Devices, 2)
	var burst sentFrom
	for i := range 20 {
		f.must(asAdmin, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "burst " + string(rune('a'+i))}, &burst)
	}
	require.Eventually(t, func() bool { return len(ps.received("/push/member-phone")) >= 3 }, 10*time.Second, 50*time.Millisecond)
	never(t, func() bool { return len(ps.received("/push/member-phone")) > 3 }, 4*time.Second, "20 quick messages are one push")
	collapsed := phone.payload(t, ps.received("/push/member-phone")[2])
	assert.Equal(t, pushPayload{Title: burst.GqSendMessage.Message.From.Name, Body: "20 new messages",
		URL: "/en/messages/" + burst.GqSendMessage.Message.From.GqSlug, Tag: "pm" + f.ids[asAdmin], Count: 20}, collapsed)
	laptop := ps.received("/gone/member-laptop")
	require.Len(t, laptop, 1)
	assert.Equal(t, "20 mensajes nuevos", gone.payload(t, laptop[0]).Body, "written in the device's language")
	require.Eventually(t, func() bool {
		f.must(asMember, "push.devices", map[string]any{}, &devices)
		return len(devices.Devices) == 1
	}, 10*time.Second, 100*time.Millisecond, "a device answered 410 is removed")
	assert.Equal(t, phone.endpoint, devices.Devices[0].Endpoint)
	// Counted once the push service's answer is read.
	require.Eventually(t, func() bool { return f.metric("souk_push_removed") == "1" }, 5*time.Second, 50*time.Millisecond)
	assert.Equal(t, "3", f.metric("souk_push_sent"), "three pushes reached the phone")
	assert.Equal(t, "0", f.metric("souk_push_failed"))

	checkPushPrefs(t, f, ps, phone)

	f.must(asMember, "push.unsubscribe", map[string]any{"endpoint": phone.endpoint}, nil)
	f.must(asMember, "push.devices", map[string]any{}, &devices)
	assert.Empty(t, devices.Devices)
}

// never checks that cond stays false for d.
func never(t *testing.T, cond func() bool, d time.Duration, msg string) {
	t.Helper()
	require.Never(t, cond, d, 100*time.Millisecond, msg)
}

// memberSocket is a websocket of a signed-in demo caller.
type memberSocket struct {
	conn  io.ReadWriteCloser
	close func()
}

func (s memberSocket) send(t *testing.T, action string, data any) {
	t.Helper()
	b, err := json.Marshal(map[string]any{"action": action, "data": data})
	require.NoError(t, err)
	require.NoError(t, wsutil.WriteClientText(s.conn, b))
}

// openSocket opens a websocket bound to as with its socket token; it
// reads and drops what the server sends until closed.
func (f *authzFixture) openSocket(as role) memberSocket {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(f.t.Context(), 10*time.Second)
	defer cancel()
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(f.base, "http")+"/api/ws?lang=en")
	require.NoError(f.t, err)
	s := memberSocket{conn: conn}
	tok := f.tokens[as]
	s.send(f.t, "connect", map[string]any{"userId": f.ids[as], "signature": tok["signature"], "timestamp": tok["timestamp"]})
	for {
		msg, err := wsutil.ReadServerText(conn)
		require.NoError(f.t, err)
		var fr frame
		require.NoError(f.t, json.Unmarshal(msg, &fr))
		if fr.Action == "connect" {
			break
		}
		require.NotEqual(f.t, "error", fr.Action, "%s", msg)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if _, err := wsutil.ReadServerText(conn); err != nil {
				return
			}
		}
	}()
	var once sync.Once
	s.close = func() {
		once.Do(func() {
			_ = conn.Close()
			<-done
		})
	}
	f.t.Cleanup(s.close)
	return s
}
