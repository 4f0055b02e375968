package bench

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The server's frames are {"action":"…","data":{…}}, encoded with the action
// first. Receivers read the few fields they need by scanning, not decoding:
// at hundreds of thousands of frames a second a JSON decoder would make the
// client the bottleneck it must not be.

var actionPrefix = []byte(`{"action":"`)

// frameAction returns the frame's action, or nil.
func frameAction(p []byte) []byte {
	if !bytes.HasPrefix(p, actionPrefix) {
		return nil
	}
	rest := p[len(actionPrefix):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return nil
	}
	return rest[:end]
}

// intField reads the integer after the last occurrence of key (`"seq":`),
// which may be quoted; ok is false when there is none.
func intField(p, key []byte) (int64, bool) {
	i := bytes.LastIndex(p, key)
	if i < 0 {
		return 0, false
	}
	return leadingInt(p[i+len(key):])
}

func leadingInt(p []byte) (int64, bool) {
	if len(p) > 0 && p[0] == '"' {
		p = p[1:]
	}
	var n int64
	digits := 0
	for _, c := range p {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int64(c-'0')
		digits++
	}
	return n, digits > 0
}

// stringField reads the string after key (`"code":"`) up to its closing quote.
func stringField(p, key []byte) string {
	i := bytes.Index(p, key)
	if i < 0 {
		return ""
	}
	rest := p[i+len(key):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return ""
	}
	return string(rest[:end])
}

var (
	keySeq      = []byte(`"seq":`)
	keyLastSeq  = []byte(`"lastSeq":`)
	keyCode     = []byte(`"code":"`)
	keyClientID = []byte(`"clientId":"`)
	keySelf     = []byte(`"self":true`)
	// stampPrefix starts every bench message: ⟨stampPrefix⟩<unix nanos sent>.
	stampPrefix = []byte(`"message":"t`)
)

// sentAt is the send time stamped in a message, in unix nanoseconds.
func sentAt(p []byte) (int64, bool) {
	i := bytes.Index(p, stampPrefix)
	if i < 0 {
		return 0, false
	}
	return leadingInt(p[i+len(stampPrefix):])
}

// maxMessageRunes is the server's longest chat message; the bench pads with
// three-byte characters to reach a size in bytes within it.
const (
	maxMessageRunes = 120
	maxMessageBytes = 280
	// minMessageBytes holds the stamp and the tag.
	minMessageBytes = 40
)

// appendMessage appends a message of exactly size bytes: the send stamp
// t<unix nanos>.<tag>, then padding.
func appendMessage(b []byte, sentNanos int64, tag string, size int) []byte {
	start := len(b)
	b = append(b, 't')
	b = strconv.AppendInt(b, sentNanos, 10)
	b = append(b, '.')
	b = append(b, tag...)
	head := len(b) - start
	left := size - head
	room := maxMessageRunes - head
	wide := 0
	if left > room {
		wide = (left - room + 1) / 2
	}
	for range wide {
		b = append(b, "中"...)
	}
	for range max(left-3*wide, 0) {
		b = append(b, 'x')
	}
	return b
}

// appendFrame appends a client frame {"action":action,"data":data}.
func appendFrame(b []byte, action string, data any) []byte {
	b = append(b, actionPrefix...)
	b = append(b, action...)
	b = append(b, `","data":`...)
	enc, _ := json.Marshal(data)
	b = append(b, enc...)
	return append(b, '}')
}
