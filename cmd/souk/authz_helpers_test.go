package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"github.com/stretchr/testify/require"

	"souk/app/demo"
	"souk/persistence"
)

// role is who calls an action in the authorization table.
type role int

const (
	asGuest role = iota
	asMember
	asVIP
	asAdmin
)

var roles = [...]role{asGuest, asMember, asVIP, asAdmin}

func (r role) String() string {
	return [...]string{"guest", "member", "vip", "admin"}[r]
}

// The outcomes of the table: a success, or the refusal of a guest (sign-in
// required) or of a member without the right.
const (
	ok        = http.StatusOK
	signIn    = http.StatusUnauthorized
	forbidden = http.StatusForbidden
	notFound  = http.StatusNotFound
	badInput  = http.StatusBadRequest
)

// result is a call's answer: the HTTP status (for a websocket command, the
// status of its error code, 200 for its answer event), the error code and
// the raw answer.
type result struct {
	status int
	code   string
	body   []byte
}

func (r result) String() string { return fmt.Sprintf("%d %s %s", r.status, r.code, r.body) }

// nodeLog keeps what a dev node logs: its captcha answers and the codes of
// its dev outbox.
type nodeLog struct {
	mu  sync.Mutex
	buf bytes.Buffer // guarded by mu
}

func (l *nodeLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// find returns the first submatch of the last line that matches re.
func (l *nodeLog) find(re *regexp.Regexp) (string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lines := strings.Split(l.buf.String(), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(lines[i]); m != nil {
			return m[1], true
		}
	}
	return "", false
}

// startLoggedServer is startServer keeping the node's log: --dev writes
// captcha answers and verification codes there. The node reads the
// caller's address from X-Forwarded-For, so that each client of the test
// is a person at an address of their own (see newClient), as on a real
// site: the per-address sign-in limits then hold for each of them.
func startLoggedServer(t *testing.T, rooms ...string) (string, *nodeLog) {
	t.Helper()
	dataDir := t.TempDir()
	if len(rooms) > 0 {
		createRooms(t, dataDir, rooms)
	}
	log := &nodeLog{}
	// The table's VIP writes a message in many rooms at once.
	base := runServer(t, []string{"serve", "--dev", "--http", "127.0.0.1:0", "--data", dataDir,
		"--trust-proxy", "--chat-member-limit", "100"}, log)
	return base, log
}

// authzFixture is a dev node with the demo admin, VIP and member signed
// in, each with a cookie jar of its own, and the resources the probes aim at.
type authzFixture struct {
	t       *testing.T
	base    string
	log     *nodeLog
	sockets map[string]bool // the registry's websocket commands
	clients [len(roles)]*http.Client
	ids     [len(roles)]string // databaseIds; "" for the guest
	tokens  [len(roles)]map[string]any
	codes   map[string][2]string // signup target -> verificationSign, code
	owned   authzOwned
}

func newAuthzFixture(t *testing.T, sockets map[string]bool) *authzFixture {
	var rooms []string
	for _, kind := range []string{"chat", "sign", "socket", "delete"} {
		for _, as := range roles {
			rooms = append(rooms, room(kind, as))
		}
	}
	base, log := startLoggedServer(t, append(rooms, ownedRoom)...)
	return signInDemo(t, base, log, sockets)
}

// signInDemo is the fixture of the node at base: the demo member, VIP and
// admin signed in, each on a client of their own.
func signInDemo(t *testing.T, base string, log *nodeLog, sockets map[string]bool) *authzFixture {
	f := &authzFixture{t: t, base: base, log: log, sockets: sockets, codes: map[string][2]string{}}
	f.clients[asGuest] = newClient(t)
	for _, as := range roles[asMember:] {
		l := demoLogin(as)
		f.clients[as] = newClient(t)
		res := f.call(as, "auth.login", map[string]any{"provider": "PASSWORD", "username": l.Email, "password": l.Password})
		require.Equal(t, ok, res.status, "sign in the demo %s: %s", l.Role, res)
		var login struct {
			Login struct {
				User struct {
					DatabaseID string         `json:"databaseId"`
					Token      map[string]any `json:"gqUserSocketToken"`
				} `json:"user"`
			} `json:"login"`
		}
		require.NoError(t, json.Unmarshal(res.body, &login))
		f.ids[as], f.tokens[as] = login.Login.User.DatabaseID, login.Login.User.Token
	}
	return f
}

// createRooms makes the chat rooms exist in the database of dataDir
// before a node starts on it.
func createRooms(t *testing.T, dataDir string, rooms []string) {
	t.Helper()
	db, err := persistence.Open(t.Context(), persistence.Config{DataDir: dataDir})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Migrate(t.Context()))
	for _, name := range rooms {
		_, err := db.ChatRooms().Create(t.Context(), name)
		require.NoError(t, err)
	}
}

// demoLogin is the demo account of as; the member's for a guest.
func demoLogin(as role) demo.Login {
	want := map[role]string{asGuest: "member", asMember: "member", asVIP: "vip", asAdmin: "admin"}[as]
	for _, l := range demo.Logins {
		if l.Role == want {
			return l
		}
	}
	panic("no demo login of role " + want)
}

func newClient(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	addr := fmt.Sprintf("192.0.2.%d", clientAddrs.Add(1)%250+1)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: forwardedFor{addr}}
}

// clientAddrs numbers the test's clients; each gets its own address from
// the documentation range, only ever written in a header.
var clientAddrs atomic.Int64

// forwardedFor sends every request as coming from addr (through a proxy
// the node trusts with --trust-proxy).
type forwardedFor struct{ addr string }

func (f forwardedFor) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("X-Forwarded-For", f.addr)
	return http.DefaultTransport.RoundTrip(req)
}

// isolated is a client holding a copy of as's cookies: an action that signs
// in or out there leaves as's own session alone.
func (f *authzFixture) isolated(as role) *http.Client {
	return f.copyOf(f.clients[as])
}

// copyOf is a new client holding the cookies client sends to /api/request.
func (f *authzFixture) copyOf(client *http.Client) *http.Client {
	c := newClient(f.t)
	u, err := url.Parse(f.base + "/api/request")
	require.NoError(f.t, err)
	c.Jar.SetCookies(u, client.Jar.Cookies(u))
	return c
}

// signedIn is a new client signed in as as (a guest's holds no cookie).
func (f *authzFixture) signedIn(as role) *http.Client {
	c := newClient(f.t)
	if as != asGuest {
		l := demoLogin(as)
		res := f.callWith(c, "auth.login", map[string]any{"provider": "PASSWORD", "username": l.Email, "password": l.Password})
		require.Equal(f.t, ok, res.status, "sign in the demo %s: %s", l.Role, res)
	}
	return c
}

// other is a demo member other than as (as itself when a guest calls).
func (f *authzFixture) other(as role) string {
	if as == asVIP {
		return f.ids[asAdmin]
	}
	return f.ids[asVIP]
}

// do runs an action or a websocket command as as.
func (f *authzFixture) do(as role, name string, data any) result {
	if f.sockets[name] {
		return f.command(as, name, data, "")
	}
	return f.call(as, name, data)
}

// call runs an HTTP action through POST /api/request with as's cookies.
func (f *authzFixture) call(as role, name string, data any) result {
	return f.callWith(f.clients[as], name, data)
}

func (f *authzFixture) callWith(client *http.Client, name string, data any) result {
	f.t.Helper()
	body, err := json.Marshal(map[string]any{"action": name, "data": data, "lang": "en", "device": "desktop", "path": "/en"})
	require.NoError(f.t, err)
	res, err := client.Post(f.base+"/api/request", "application/json", bytes.NewReader(body))
	require.NoError(f.t, err)
	defer res.Body.Close()
	reply, err := io.ReadAll(res.Body)
	require.NoError(f.t, err)
	out := result{status: res.StatusCode, body: reply}
	if res.StatusCode != http.StatusOK {
		var refusal struct {
			Codes []string `json:"codes"`
		}
		if json.Unmarshal(reply, &refusal) == nil && len(refusal.Codes) > 0 {
			out.code = refusal.Codes[0]
		}
	}
	return out
}

// must runs an action the test needs to succeed and decodes its reply.
func (f *authzFixture) must(as role, name string, data, into any) {
	f.t.Helper()
	res := f.call(as, name, data)
	require.Equal(f.t, ok, res.status, "%s as %s: %s", name, as, res)
	if into != nil {
		require.NoError(f.t, json.Unmarshal(res.body, into))
	}
}

// topUp starts a sandbox top-up of amount USD as as (the member's for a
// guest) and returns the confirm page's {id, token}.
func (f *authzFixture) topUp(as role, amount string) map[string]any {
	f.t.Helper()
	if as == asGuest {
		as = asMember
	}
	var reply struct {
		Payment struct {
			ID string `json:"id"`
		} `json:"payment"`
		QR struct {
			QRCode string `json:"qrcode"`
		} `json:"qr"`
	}
	f.must(as, "wallet.topUp", map[string]any{"currency": "USD", "amount": amount}, &reply)
	page, err := url.Parse(reply.QR.QRCode)
	require.NoError(f.t, err)
	require.Equal(f.t, "/en/pay/sandbox/"+reply.Payment.ID, page.Path, "the confirm page in the caller's language")
	return map[string]any{"id": reply.Payment.ID, "token": page.Query().Get("t")}
}

// socketStatus is the HTTP status of a websocket refusal's code, as the
// same refusal has through POST /api/request. chat.error.badSignature is a
// deletion signature's refusal (403) for delete_chat, and a socket token's
// (401) for any other command.
var socketStatus = map[string]int{
	"chat.error.notConnected": signIn,
	"chat.error.noAccess":     forbidden,
	"chat.error.forbidden":    forbidden,
	"chat.error.badSignature": forbidden,
	"common.error.forbidden":  forbidden,
	"chat.error.notFound":     notFound,
	"chat.error.badRoom":      badInput,
	"common.error.badField":   badInput,
}

// answers names the event that answers a websocket command's success.
var socketAnswers = map[string]string{
	"chat_room":   "chat_ack",
	"show_room":   "show_room",
	"join_room":   "join_success",
	"delete_chat": "delete_chat",
	"watch":       "watch",
	"unwatch":     "unwatch",
}

type frame struct {
	Action string          `json:"action"`
	Data   json.RawMessage `json:"data"`
}

// command runs a websocket command on a new socket of as (connected with
// its socket token unless a guest), after joining room when not empty (a
// refused join is fine: the command's answer says the rest).
func (f *authzFixture) command(as role, name string, data any, room string) result {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(f.t.Context(), 10*time.Second)
	defer cancel()
	conn, _, _, err := ws.Dial(ctx, "ws"+strings.TrimPrefix(f.base, "http")+"/api/ws?lang=en")
	require.NoError(f.t, err)
	defer conn.Close()
	require.NoError(f.t, conn.SetDeadline(time.Now().Add(10*time.Second)))
	send := func(action string, data any) {
		b, err := json.Marshal(map[string]any{"action": action, "data": data})
		require.NoError(f.t, err)
		require.NoError(f.t, wsutil.WriteClientText(conn, b))
	}
	// await reads frames until the answer event (matching when given) or
	// the error of action.
	await := func(action, answer string, matches func(json.RawMessage) bool) result {
		for {
			msg, err := wsutil.ReadServerText(conn)
			require.NoError(f.t, err, "waiting for the answer to %s", action)
			var fr frame
			require.NoError(f.t, json.Unmarshal(msg, &fr))
			switch {
			case fr.Action == answer && (matches == nil || matches(fr.Data)):
				return result{status: ok, body: fr.Data}
			case fr.Action == "error":
				var e struct {
					Code   string `json:"code"`
					Action string `json:"action"`
				}
				require.NoError(f.t, json.Unmarshal(fr.Data, &e))
				if e.Action == action {
					status := socketStatus[e.Code]
					if e.Code == "chat.error.badSignature" && action != "delete_chat" {
						status = signIn
					}
					return result{status: status, code: e.Code, body: fr.Data}
				}
			}
		}
	}
	if as != asGuest {
		tok := f.tokens[as]
		send("connect", map[string]any{"userId": f.ids[as], "signature": tok["signature"], "timestamp": tok["timestamp"]})
		res := await("connect", "connect", nil)
		require.Equal(f.t, ok, res.status, "connect as %s: %s", as, res)
	}
	self := func(d json.RawMessage) bool {
		var j struct {
			Self bool `json:"self"`
		}
		return json.Unmarshal(d, &j) == nil && j.Self
	}
	if room != "" {
		send("join_room", map[string]any{"room": room})
		await("join_room", "join_success", self)
	}
	send(name, data)
	var matches func(json.RawMessage) bool
	switch name {
	case "join_room":
		matches = self
	case "delete_chat":
		id := fmt.Sprint(data.(map[string]any)["id"])
		matches = func(d json.RawMessage) bool {
			var j struct {
				ID string `json:"id"`
			}
			return json.Unmarshal(d, &j) == nil && j.ID == id
		}
	}
	return await(name, socketAnswers[name], matches)
}

var (
	captchaAnswerLine = `dev: captcha answer".* answer=(\d+) captchaSign=%s `
	codeLine          = `dev outbox: message not sent" to=%s .* code=(\d+) `
)

// captcha is a solved captcha for target and purpose, drawn as as.
func (f *authzFixture) captcha(as role, purpose, target string) map[string]any {
	f.t.Helper()
	var reply struct {
		Guaqi struct {
			Utils struct {
				Captcha struct {
					Sign      string `json:"captchaSign"`
					Timestamp int64  `json:"timestamp"`
				} `json:"captcha"`
			} `json:"utils"`
		} `json:"guaqi"`
	}
	f.must(as, "auth.captcha", map[string]any{"action": purpose, "phoneOrEmail": target}, &reply)
	c := reply.Guaqi.Utils.Captcha
	answer, found := f.log.find(regexp.MustCompile(fmt.Sprintf(captchaAnswerLine, regexp.QuoteMeta(c.Sign))))
	require.True(f.t, found, "the dev log holds the captcha's answer")
	return map[string]any{"captchaSign": c.Sign, "captchaInput": answer, "timestamp": c.Timestamp,
		"phoneOrEmail": target, "action": purpose}
}

// signupCode is a sign-up code sent to target (asked for once, as as):
// its verificationSign and the code the dev outbox logged.
func (f *authzFixture) signupCode(as role, target string) (sign, code string) {
	f.t.Helper()
	if c, found := f.codes[target]; found {
		return c[0], c[1]
	}
	var reply struct {
		Guaqi struct {
			Utils struct {
				GetCode struct {
					Sign string `json:"verificationSign"`
				} `json:"getCode"`
			} `json:"utils"`
		} `json:"guaqi"`
	}
	f.must(as, "auth.getCode", f.captcha(as, "signup", target), &reply)
	code, found := f.log.find(regexp.MustCompile(fmt.Sprintf(codeLine, regexp.QuoteMeta(target))))
	require.True(f.t, found, "the dev outbox logged the code")
	f.codes[target] = [2]string{reply.Guaqi.Utils.GetCode.Sign, code}
	return reply.Guaqi.Utils.GetCode.Sign, code
}

// chatMessage is a chat message as sends in room (with the idempotency
// key clientID, when not empty): its id.
func (f *authzFixture) chatMessage(as role, room, text, clientID string) string {
	f.t.Helper()
	var reply struct {
		Guaqi struct {
			Utils struct {
				SendChat struct {
					ID string `json:"id"`
				} `json:"sendChat"`
			} `json:"utils"`
		} `json:"guaqi"`
	}
	f.must(as, "utils.chat", map[string]any{"text": text, "room": room, "clientId": clientID}, &reply)
	return reply.Guaqi.Utils.SendChat.ID
}

// privateMessage is a private message from as to toID (with the
// idempotency key clientID, when not empty): its id.
func (f *authzFixture) privateMessage(as role, toID, content, clientID string) string {
	f.t.Helper()
	var reply struct {
		GqSendMessage struct {
			Message struct {
				ID string `json:"id"`
			} `json:"message"`
		} `json:"gqSendMessage"`
	}
	f.must(as, "mutates.sendMessage", map[string]any{"to_id": toID, "content": content, "clientId": clientID}, &reply)
	return reply.GqSendMessage.Message.ID
}

// deleteSignature is utils.chatDelete's signature of as for message id.
func (f *authzFixture) deleteSignature(as role, id string) map[string]any {
	f.t.Helper()
	var reply map[string]any
	f.must(as, "utils.chatDelete", map[string]any{"id": id}, &reply)
	return map[string]any{"id": id, "room": reply["room"], "signature": reply["signature"], "timestamp": reply["timestamp"]}
}

// unreadMessages is as's count of unread private messages.
func (f *authzFixture) unreadMessages(as role) int {
	var reply struct {
		Unread struct {
			Messages int `json:"messages"`
		} `json:"unread"`
	}
	f.must(as, "utils.getUnreadCounts", nil, &reply)
	return reply.Unread.Messages
}

// nowSeconds is a timestamp as utils.chatDelete writes them.
func nowSeconds() string { return strconv.FormatInt(time.Now().Unix(), 10) }
