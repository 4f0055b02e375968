package httpapi

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"souk/app/action"
)

// MaxCallbackBody bounds a payment provider's callback body.
const MaxCallbackBody = 16 << 10

var (
	errMethodNotAllowed = &action.Error{Status: http.StatusMethodNotAllowed, Key: "common.error.methodNotAllowed"}
	errCallbackTooLarge = &action.Error{Status: http.StatusRequestEntityTooLarge, Key: "common.error.tooLarge"}
)

// handlePaymentCallback serves POST /api/pay/callback/{provider}: a payment
// provider's webhook. It comes from no browser (no Origin, no cookie), so
// the forgery check does not apply; the provider's signature is checked by
// Config.PaymentCallback. Answers are JSON: {"status":"paid"}, or the
// translated error with its status (401 forged or stale, 409 replayed or
// expired, 404 unknown provider or payment).
func (s *Server) handlePaymentCallback(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	status := http.StatusOK
	defer func() { s.metrics.observeAction("payment_callback", status, time.Since(start)) }()
	fail := func(err error) {
		e := action.AsError(err)
		status = e.Status
		if status >= 500 {
			s.logError(r, "payment callback failed", err)
		}
		writeError(w, r, s.tr, e)
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		fail(errMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxCallbackBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			fail(errCallbackTooLarge)
		} else {
			fail(&action.Error{Status: http.StatusBadRequest, Key: "common.error.badJSON"})
		}
		return
	}
	if err := s.payment(r.Context(), chi.URLParam(r, "provider"), body, r.Header.Get); err != nil {
		fail(err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"status": "paid"})
}
