package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
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
