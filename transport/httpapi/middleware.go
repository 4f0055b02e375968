package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"souk/app/action"
)

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// observe gives each request an id (kept from a sane X-Request-Id header),
// the action request context, one log line and its metrics.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !requestIDPattern.MatchString(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		r = r.WithContext(requestContext(r, id))
		s.identify(r, action.RequestFrom(r.Context()))
		defer func() {
			if rec := recover(); rec != nil {
				if rec == http.ErrAbortHandler {
					panic(rec)
				}
				slog.ErrorContext(r.Context(), "panic", "panic", rec, "stack", string(debug.Stack()))
				if ww.Status() == 0 {
					writeError(ww, r, s.tr, action.ErrInternal)
				}
			}
			status := ww.Status()
			if status == 0 {
				status = http.StatusOK
			}
			route := chi.RouteContext(r.Context()).RoutePattern()
			if route == "" {
				route = "other"
			}
			elapsed := time.Since(start)
			s.metrics.observeHTTP(route, r.Method, status, elapsed)
			level := requestLogLevel(status)
			if !slog.Default().Enabled(r.Context(), level) {
				return
			}
			slog.Log(r.Context(), level, "http request",
				"method", r.Method, "path", r.URL.Path, "status", status,
				"bytes", ww.BytesWritten(), "duration_ms", float64(elapsed.Microseconds())/1000)
		}()
		next.ServeHTTP(ww, r)
	})
}

// requestLogLevel is the level of a request's access line: successes are
// debug (a line per request costs a busy node a tenth of its CPU; run with
// --log-level debug to see them), refusals info and failures error.
func requestLogLevel(status int) slog.Level {
	switch {
	case status >= 500:
		return slog.LevelError
	case status >= 400:
		return slog.LevelInfo
	}
	return slog.LevelDebug
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// LogHandler wraps a slog handler so that every line logged with a request's
// context carries its request_id and, inside an action, the action's name.
func LogHandler(inner slog.Handler) slog.Handler {
	return contextLogHandler{inner}
}

type contextLogHandler struct{ slog.Handler }

func (h contextLogHandler) Handle(ctx context.Context, rec slog.Record) error {
	if ctx != nil {
		if req := action.RequestFrom(ctx); req.RequestID != "" {
			rec.AddAttrs(slog.String("request_id", req.RequestID))
			if req.Action != "" {
				rec.AddAttrs(slog.String("action", req.Action))
			}
		}
	}
	return h.Handler.Handle(ctx, rec)
}

func (h contextLogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return contextLogHandler{h.Handler.WithAttrs(attrs)}
}

func (h contextLogHandler) WithGroup(name string) slog.Handler {
	return contextLogHandler{h.Handler.WithGroup(name)}
}
