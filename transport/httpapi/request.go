package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"souk/app/action"
)

// envelope is the body of POST /api/request (SPEC.md §7).
type envelope struct {
	Action    string          `json:"action"`
	Data      json.RawMessage `json:"data"`
	Path      string          `json:"path"`
	Device    string          `json:"device"`
	Currency  string          `json:"currency"`
	Lang      string          `json:"lang"`
	VisitorID string          `json:"visitorId"`
	AuthToken string          `json:"authToken"`
}

var (
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	visitorPattern  = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
)

// Bounds of the envelope's free-form fields, in bytes. The fields with a
// pattern (currency, visitorId, device, lang) are dropped when they do not
// match it.
const (
	maxEnvelopePath  = 2048
	maxEnvelopeToken = 4096
)

// ErrBodyTooLarge etc. are the envelope's own failures.
var (
	errBadJSON  = &action.Error{Status: http.StatusBadRequest, Key: "common.error.badJSON"}
	errTooLarge = &action.Error{Status: http.StatusBadRequest, Key: "common.error.tooLarge"}
)

// handleRequest serves POST /api/request: a JSON body from this site only.
func (s *Server) handleRequest(w http.ResponseWriter, r *http.Request) {
	req := action.RequestFrom(r.Context())
	if s.refuseForged(w, r) {
		return
	}
	if !isJSON(r) {
		writeError(w, r, s.tr, errContentType)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			writeError(w, r, s.tr, errTooLarge)
			return
		}
		writeError(w, r, s.tr, errBadJSON)
		return
	}
	var env envelope
	if err := decodeEnvelope(body, &env); err != nil {
		writeError(w, r, s.tr, action.AsError(err))
		return
	}
	if env.Lang != "" {
		req.Lang = action.NormalizeLang(strings.ToLower(env.Lang))
	}
	switch {
	case env.Action == "":
		writeError(w, r, s.tr, action.Required("action"))
		return
	case len(env.Action) > action.MaxNameLength:
		writeError(w, r, s.tr, action.UnknownAction(env.Action))
		return
	case len(env.Path) > maxEnvelopePath:
		writeError(w, r, s.tr, action.BadField("path"))
		return
	case len(env.AuthToken) > maxEnvelopeToken:
		writeError(w, r, s.tr, action.BadField("authToken"))
		return
	}
	req.Path = env.Path
	req.Device = normalizeDevice(env.Device)
	req.Currency = strings.ToUpper(env.Currency)
	if !currencyPattern.MatchString(req.Currency) {
		req.Currency = ""
	}
	if visitorPattern.MatchString(env.VisitorID) {
		req.VisitorID = env.VisitorID
	}

	if env.AuthToken != "" {
		s.authenticate(r, req, env.AuthToken)
	}
	s.dispatch(w, r, env.Action, env.Data)
}

// dispatch calls the named action for the request and writes its reply,
// with the session cookies the action asked for.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request, name string, data json.RawMessage) {
	req := action.RequestFrom(r.Context())
	req.Action = name
	start := time.Now()
	reply, err := s.registry.Call(r.Context(), name, data)
	status := http.StatusOK
	if err != nil {
		e := action.AsError(err)
		status = e.Status
		switch {
		case e == action.ErrUnavailable:
			slog.WarnContext(r.Context(), "action unavailable", "err", err)
		case status >= 500 && status != http.StatusServiceUnavailable:
			slog.ErrorContext(r.Context(), "action failed", "err", err)
		}
		s.writeSession(w, r, req)
		writeError(w, r, s.tr, e)
	} else {
		s.writeSession(w, r, req)
		writeJSON(w, http.StatusOK, reply)
	}
	s.metrics.observeAction(s.actionLabel(name), status, time.Since(start))
}

// actionLabel keeps metric labels bounded: unknown names share one label.
func (s *Server) actionLabel(name string) string {
	if s.registry.Has(name) {
		return name
	}
	return "unknown"
}

func decodeEnvelope(body []byte, env *envelope) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return errBadJSON
	}
	// A body that is one valid JSON value decodes the same through Unmarshal,
	// without the Decoder's buffer; malformed bodies take the Decoder's path
	// below, which tells a wrong field's type apart from trailing garbage.
	err := json.Unmarshal(body, env)
	var syntaxErr *json.SyntaxError
	if !errors.As(err, &syntaxErr) {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return action.BadField(typeErr.Field)
		}
		if err != nil {
			return errBadJSON
		}
		return nil
	}
	*env = envelope{}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(env); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return action.BadField(typeErr.Field)
		}
		return errBadJSON
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errBadJSON
	}
	return nil
}

func normalizeDevice(d string) string {
	switch d {
	case "mobile", "tablet", "desktop":
		return d
	}
	return "desktop"
}

// requestContext fills the action request every handler sees: id, language
// from the i18n_redirected cookie or Accept-Language; the envelope refines it.
func requestContext(r *http.Request, id string) context.Context {
	req := &action.Request{RequestID: id, Lang: langOf(r), Device: "desktop", Path: r.URL.Path}
	return action.WithRequest(r.Context(), req)
}

func langOf(r *http.Request) string {
	if q := r.URL.Query().Get("lang"); q != "" {
		return action.NormalizeLang(strings.ToLower(q))
	}
	if c, err := r.Cookie("i18n_redirected"); err == nil && c.Value != "" {
		return action.NormalizeLang(strings.ToLower(c.Value))
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag = strings.ToLower(tag)
		switch {
		case strings.HasPrefix(tag, "zh"):
			return "zh-hans"
		case strings.HasPrefix(tag, "en"):
			return "en"
		case strings.HasPrefix(tag, "es"):
			return "es"
		}
	}
	return action.DefaultLang
}
