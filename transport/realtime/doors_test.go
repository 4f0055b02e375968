package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/transport/httpapi"
)

// viewerAuth signs in, over HTTP, the member whose id is the access token.
type viewerAuth struct{}

func (viewerAuth) Authenticate(_ context.Context, token string) (action.Viewer, error) {
	id, err := strconv.ParseInt(token, 10, 64)
	return action.Viewer{UserID: id, UserCan: []string{"chat"}}, err
}

// TestBothDoorsShareOneChatPath: a chat message sent over the websocket
// and one sent with POST /api/request utils.chat take the same path in
// app/chat. The chat service's limit is changed in one place (MaxRunes),
// and both doors answer with it; each door refuses the other's names.
func TestBothDoorsShareOneChatPath(t *testing.T) {
	cl := newRTCluster(t, false)
	cl.maxRunes = 5
	n := cl.start()
	ann := addUser(t, n.db, "ann", false)
	api := httptest.NewServer(httpapi.New(httpapi.Config{Registry: n.reg, Translator: testCatalog(), Auth: viewerAuth{}}))
	t.Cleanup(api.Close)
	post := func(name string, data any) (int, map[string]any) {
		t.Helper()
		body, err := json.Marshal(map[string]any{"action": name, "data": data, "lang": "en"})
		require.NoError(t, err)
		req, err := http.NewRequest(http.MethodPost, api.URL+"/api/request", strings.NewReader(string(body)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: httpapi.AccessCookie, Value: strconv.FormatInt(ann, 10)})
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var out map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return res.StatusCode, out
	}
	const tooLong = "Messages are at most 5 characters"

	status, refusal := post("utils.chat", map[string]any{"text": "sixsix", "clientId": "h1"})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, []any{tooLong}, refusal["messages"], "HTTP answers with the chat service's limit")
	assert.Equal(t, []any{"chat.error.tooLong"}, refusal["codes"])

	a := dialChat(t, n.wsURL, ann)
	a.connect()
	a.waitFrame("connect", nil)
	e := a.waitErrorAfter("chat_room", map[string]any{"message": "sixsix", "clientId": "w1"}, "chat.error.tooLong")
	assert.Equal(t, tooLong, e["message"], "the websocket answers with the same limit, in the same words")
	assert.EqualValues(t, 5, e["max"])
	assert.Equal(t, "w1", e["clientId"])

	status, sent := post("utils.chat", map[string]any{"text": "five!", "clientId": "h2"})
	require.Equal(t, http.StatusOK, status, "%v", sent)
	e = a.waitErrorAfter("chat_room", map[string]any{"message": "fiver", "clientId": "w2"}, "chat.error.throttled")
	assert.Positive(t, e["retryAfterMs"], "the throttle the HTTP send started holds back the socket")
	cl.clock.Advance(2 * actors.SendInterval)
	a.send("chat_room", map[string]any{"message": "fiver", "clientId": "w2"})
	a.waitFrame("chat_ack", nil)

	status, refusal = post("chat_room", map[string]any{"message": "hi"})
	assert.Equal(t, http.StatusNotFound, status, "a socket command is no HTTP action")
	assert.Equal(t, []any{"common.error.unknownAction"}, refusal["codes"])
	a.send("utils.chat", map[string]any{"text": "hi"})
	a.waitError("common.error.unknownAction")
}
