package httpapi

import (
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"souk/app/action"
)

// Translator turns an i18n key into text in a language.
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// errorBody is the failure shape of SPEC.md §8. Codes are the i18n keys of
// the messages, one each, so a client can tell errors apart whatever the
// language.
type errorBody struct {
	StatusCode int      `json:"statusCode"`
	Messages   []string `json:"messages"`
	Codes      []string `json:"codes"`
	// RetryAfterMs is how long to wait before sending the same request
	// again, on a refusal that is worth retrying (503, 429 with a wait);
	// the Retry-After header says it in whole seconds.
	RetryAfterMs int64 `json:"retryAfterMs,omitempty"`
	// Field names the input the refusal is about (a JSON path such as
	// "value[2].names.es"), when the error says: a form marks that field.
	Field string `json:"field,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := encodeReply(v)
	if err != nil {
		slog.Error("encode reply", "err", err)
		status = http.StatusInternalServerError
		body = []byte(`{"statusCode":500,"messages":["Internal Server Error"],"codes":["common.error.internal"]}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// Declared, so that a large reply goes out in one piece, not chunked.
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// encodeReply is v's JSON: its own pre-encoded bytes when it has them.
func encodeReply(v any) ([]byte, error) {
	if p, ok := v.(action.PreEncoded); ok {
		if body := p.PreEncodedJSON(); body != nil {
			return body, nil
		}
	}
	return json.Marshal(v)
}

// writeError answers e in the request's language, with Retry-After when e
// says when to retry.
func writeError(w http.ResponseWriter, r *http.Request, tr Translator, e *action.Error) {
	lang := action.RequestFrom(r.Context()).Lang
	body := errorBody{
		StatusCode: e.Status,
		Messages:   []string{tr.Translate(lang, e.Key, e.Args)},
		Codes:      []string{e.Key},
	}
	if field, ok := e.Args["field"].(string); ok {
		body.Field = field
	}
	if wait := e.RetryAfter(); wait > 0 {
		body.RetryAfterMs = wait.Milliseconds()
		w.Header().Set("Retry-After", strconv.FormatInt(int64(math.Ceil(wait.Seconds())), 10))
	}
	writeJSON(w, e.Status, body)
}
