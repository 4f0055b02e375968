package realtime

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/transport/ws"
)

// The socket's own refusals; a command's come from its handler.
var (
	// errBadSignature refuses a socket token that is forged or expired.
	errBadSignature = action.Errorf(http.StatusUnauthorized, "chat.error.badSignature")
	// errNotConnected refuses a command of a socket bound to nobody (no
	// connect yet): the socket's answer to action.ErrUnauthorized.
	errNotConnected = action.Errorf(http.StatusUnauthorized, "chat.error.notConnected")
	// errUnavailable refuses a join whose room could not be read.
	errUnavailable = action.Unavailable(actors.ErrUnavailable.Key)
)

// tooManyCommands refuses a frame over the connection's command limit;
// retryAfterMs says when the next one is allowed.
func tooManyCommands(wait time.Duration) *action.Error {
	return action.Errorf(http.StatusTooManyRequests, "chat.error.tooManyCommands",
		"retryAfterMs", max(wait.Milliseconds(), 1))
}

// refuse answers a refused frame with an error event and closes a
// connection that keeps causing them. A refusal of the server's own (a
// dependency unavailable, 503) is not the client's doing and does not
// count: its retryAfterMs tells the client to slow down instead.
func (h *Realtime) refuse(c *ws.Conn, st *connState, f ws.Frame, err error) {
	event := h.errorEvent(st.lang, f, err)
	c.SendJSON("error", event)
	if action.AsError(err).Status == http.StatusServiceUnavailable {
		return
	}
	now := time.Now()
	if now.Sub(st.since) > refusalWindow {
		st.since, st.refusals = now, 0
	}
	st.refusals++
	if st.refusals > refusalLimit {
		c.Close(ws.ClosePolicy, ws.ReasonAbusive)
	}
}

// errorEvent is the error event of a refusal: the action.Error's code and
// message in lang, the arguments the client reads as fields, and the
// refused command's clientId or message id.
func (h *Realtime) errorEvent(lang string, f ws.Frame, err error) Refusal {
	e := action.AsError(err)
	switch {
	case e == action.ErrUnauthorized:
		e = errNotConnected
	case e == action.ErrInternal, e == action.ErrUnavailable:
		h.log.Warn("realtime: command failed", "action", f.Action, "error", err)
	}
	out := Refusal{Code: e.Key, Message: e.Key, Action: f.Action}
	if h.cfg.Translator != nil {
		out.Message = h.cfg.Translator.Translate(lang, e.Key, e.Args)
	}
	switch levels := e.Args["levels"].(type) {
	case action.List:
		out.Levels = levels
	case []string:
		out.Levels = levels
	}
	out.RetryAfterMs = e.RetryAfter().Milliseconds()
	if n, ok := e.Args["max"].(int); ok {
		out.Max = n
	}
	var ref struct {
		ClientID string          `json:"clientId"`
		ID       json.RawMessage `json:"id"`
	}
	if len(f.Data) > 0 && json.Unmarshal(f.Data, &ref) == nil {
		out.ClientID = ref.ClientID
		var id action.ID
		if len(ref.ID) > 0 && json.Unmarshal(ref.ID, &id) == nil && id > 0 {
			out.ID = strconv.FormatInt(int64(id), 10)
		}
	}
	return out
}
