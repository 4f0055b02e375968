package page

import (
	"encoding/json"
	"sync"
)

// maxEncodedBytes bounds what encodedBlocks holds, keys and values; past
// it, the cache starts again empty.
const maxEncodedBytes = 8 << 20

// encodedBlocks keeps the pages' blocks as encoding/json writes them
// (compact, with <, > and & escaped), keyed by the stored text. A page's
// blocks are the same for every request until the page changes, and
// encoding/json checks and compacts a raw value byte by byte on every
// reply: for a home page of 16 KB of blocks that was most of
// auth.pageData's time.
type encodedBlocks struct {
	mu    sync.RWMutex
	m     map[string][]byte // guarded by mu
	bytes int               // guarded by mu: keys and values held
}

// of returns raw as json.Marshal writes it; nil when raw is empty or not JSON.
func (e *encodedBlocks) of(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return nil
	}
	e.mu.RLock()
	b, ok := e.m[string(raw)]
	e.mu.RUnlock()
	if ok {
		return b
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.m == nil || e.bytes+len(raw)+len(b) > maxEncodedBytes {
		e.m, e.bytes = make(map[string][]byte), 0
	}
	e.m[string(raw)] = b
	e.bytes += len(raw) + len(b)
	return b
}

// PreEncodedJSON is the reply's JSON with its blocks taken from the cache
// (action.PreEncoded); nil, and the reply is encoded as usual, when it
// has none.
func (r PageDataReply) PreEncodedJSON() []byte {
	if r.blocksJSON == nil {
		return nil
	}
	rest := r
	rest.Blocks, rest.blocksJSON = nil, nil
	body, err := json.Marshal(rest)
	if err != nil || len(body) < 2 {
		return nil
	}
	out := make([]byte, 0, len(body)+len(r.blocksJSON)+len(`,"blocks":`))
	out = append(out, body[:len(body)-1]...)
	out = append(out, `,"blocks":`...)
	out = append(out, r.blocksJSON...)
	return append(out, '}')
}
