package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"souk/app/action"
)

// Translator turns an i18n key into text in a language.
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// errorBody is the failure shape of SPEC.md §8.
type errorBody struct {
	StatusCode int      `json:"statusCode"`
	Messages   []string `json:"messages"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode reply", "err", err)
		status = http.StatusInternalServerError
		body = []byte(`{"statusCode":500,"messages":["Internal Server Error"]}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError answers e in the request's language.
func writeError(w http.ResponseWriter, r *http.Request, tr Translator, e *action.Error) {
	lang := action.RequestFrom(r.Context()).Lang
	writeJSON(w, e.Status, errorBody{
		StatusCode: e.Status,
		Messages:   []string{tr.Translate(lang, e.Key, e.Args)},
	})
}
