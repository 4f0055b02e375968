package ws

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
)

// Frame is one JSON text frame {"action": "...", "data": {...}}.
type Frame struct {
	Action string          `json:"action"`
	Data   json.RawMessage `json:"data,omitempty"`
}

// Close codes the gateway sends (RFC 6455 §7.4.1).
const (
	CloseNormal      = 1000
	CloseGoingAway   = 1001
	CloseProtocol    = 1002
	CloseUnsupported = 1003
	CloseInvalidData = 1007
	ClosePolicy      = 1008
	CloseTooBig      = 1009
	CloseInternal    = 1011
)

// Reasons passed to Handler.Close when the gateway, not the handler, ends a
// connection. A handler-initiated Conn.Close passes its own reason through.
const (
	ReasonClientClosed   = "client closed"
	ReasonConnectionLost = "connection lost"
	ReasonPingTimeout    = "ping timeout"
	ReasonSlowConsumer   = "slow consumer"
	ReasonShutdown       = "server shutting down"
	ReasonTooBig         = "frame too large"
	ReasonBinary         = "binary frames are not supported"
	ReasonAbusive        = "abusive"
	ReasonProtocol       = "protocol error"
	ReasonInvalidUTF8    = "invalid utf-8"
	ReasonWriteFailed    = "write failed"
)

// outFrame is the payload of the frame as the JSON text, built by Encode.
type envelope struct {
	Action string `json:"action"`
	Data   any    `json:"data,omitempty"`
}

var encodeBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Encode returns the wire bytes of a frame (its JSON text), to encode a
// broadcast once and send it to many with Conn.Send or Groups.Broadcast. The
// result must not be modified afterwards: it is shared by every queue it is
// sent to.
func Encode(action string, data any) ([]byte, error) {
	buf := encodeBufs.Get().(*bytes.Buffer)
	defer encodeBufs.Put(buf)
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(envelope{Action: action, Data: data}); err != nil {
		return nil, fmt.Errorf("ws: encode %s: %w", action, err)
	}
	b := buf.Bytes()
	out := make([]byte, len(b)-1) // without the encoder's newline
	copy(out, b)
	return out, nil
}

// errorFrame is the data of an "error" frame.
type errorFrame struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}
