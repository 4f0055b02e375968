package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/app/action"
)

func TestPaymentCallbackRoute(t *testing.T) {
	t.Parallel()
	var got []string
	callback := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.URL.Path)
		w.WriteHeader(http.StatusOK)
	})
	srv := New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}, PaymentCallback: callback})
	rec := httptest.NewRecorder()
	// A provider's webhook sends no Origin and no cookie: it is no browser.
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/pay/callback/sandbox", strings.NewReader(`{}`)))
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, []string{"POST /api/pay/callback/sandbox"}, got, "the handler gets the provider in the path")

	rec = httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/pay/callback/", nil))
	assert.Equal(t, http.StatusNotFound, rec.Code, "no provider named")

	rec = httptest.NewRecorder()
	New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}}).
		ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/pay/callback/sandbox", nil))
	assert.Equal(t, http.StatusNotFound, rec.Code, "not served without a wallet")
}
