package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
)

func randomToken() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// quiet keeps a chatty library's records at warning level and above.
func quiet(l *slog.Logger) *slog.Logger {
	return slog.New(&minLevel{next: l.Handler(), min: slog.LevelWarn})
}

type minLevel struct {
	next slog.Handler
	min  slog.Level
}

func (h *minLevel) Enabled(ctx context.Context, level slog.Level) bool {
	return level >= h.min && h.next.Enabled(ctx, level)
}

func (h *minLevel) Handle(ctx context.Context, r slog.Record) error { return h.next.Handle(ctx, r) }

func (h *minLevel) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &minLevel{next: h.next.WithAttrs(attrs), min: h.min}
}

func (h *minLevel) WithGroup(name string) slog.Handler {
	return &minLevel{next: h.next.WithGroup(name), min: h.min}
}

// summaryWindow is how long repeats of a connection error to one address
// are counted instead of logged.
const summaryWindow = time.Minute

// summarize turns protoactor's connection errors about a remote address
// into one warning per address and message a minute, the repeats counted
// in the next one: when a peer dies, every survivor's endpoint writer
// fails to reach it dozens of times before the membership drops it, which
// is expected and no reason to page anyone. Other records pass unchanged.
func summarize(l *slog.Logger) *slog.Logger {
	return slog.New(&summarizer{next: l.Handler(), seen: &summaryState{last: make(map[string]*summaryEntry)}})
}

type summarizer struct {
	next  slog.Handler
	attrs []slog.Attr // added with WithAttrs, searched for the address too
	seen  *summaryState
}

type summaryState struct {
	mu   sync.Mutex
	last map[string]*summaryEntry // guarded by mu: by message and address
}

type summaryEntry struct {
	at       time.Time // when it was last logged
	repeated int       // records dropped since
}

func (h *summarizer) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h *summarizer) Handle(ctx context.Context, r slog.Record) error {
	address := ""
	find := func(a slog.Attr) bool {
		if a.Key == "address" {
			address = a.Value.String()
			return false
		}
		return true
	}
	for _, a := range h.attrs {
		find(a)
	}
	r.Attrs(find)
	if address == "" || r.Level < slog.LevelWarn || !connectionError(r.Message) {
		return h.next.Handle(ctx, r)
	}
	key := r.Message + "\x00" + address
	h.seen.mu.Lock()
	e := h.seen.last[key]
	if e != nil && r.Time.Sub(e.at) < summaryWindow {
		e.repeated++
		h.seen.mu.Unlock()
		return nil
	}
	repeated := 0
	if e != nil {
		repeated = e.repeated
	}
	if len(h.seen.last) > 1024 {
		clear(h.seen.last)
	}
	h.seen.last[key] = &summaryEntry{at: r.Time}
	h.seen.mu.Unlock()
	out := slog.NewRecord(r.Time, slog.LevelWarn, r.Message+" (a peer unreachable; repeats summarized once a minute)", r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(a)
		return true
	})
	if repeated > 0 {
		out.AddAttrs(slog.Int("repeated", repeated))
	}
	return h.next.Handle(ctx, out)
}

// connectionError reports whether a protoactor message is about reaching a
// remote endpoint.
func connectionError(msg string) bool {
	return strings.HasPrefix(msg, "EndpointWriter") || strings.HasPrefix(msg, "EndpointReader") ||
		strings.HasPrefix(msg, "failed to connect to remote address") || strings.HasPrefix(msg, "EndpointWatcher")
}

func (h *summarizer) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &summarizer{next: h.next.WithAttrs(attrs), attrs: append(slices.Clone(h.attrs), attrs...), seen: h.seen}
}

func (h *summarizer) WithGroup(name string) slog.Handler {
	return &summarizer{next: h.next.WithGroup(name), attrs: h.attrs, seen: h.seen}
}
