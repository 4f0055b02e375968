package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

func TestPaymentCallbackRoute(t *testing.T) {
	t.Parallel()
	type call struct{ provider, body, signature string }
	var got []call
	confirm := func(_ context.Context, provider string, body []byte, header func(string) string) error {
		got = append(got, call{provider, string(body), header("X-Signature")})
		if provider == "refused" {
			return &action.Error{Status: http.StatusUnauthorized, Key: "payments.error.signature"}
		}
		return nil
	}
	srv := New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}, PaymentCallback: confirm})
	serve := func(method, path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("X-Signature", "sig")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}

	// A provider's webhook sends no Origin and no cookie: it is no browser.
	rec := serve(http.MethodPost, "/api/pay/callback/sandbox", `{"paymentId":"1"}`)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.JSONEq(t, `{"status":"paid"}`, rec.Body.String())
	assert.Equal(t, []call{{"sandbox", `{"paymentId":"1"}`, "sig"}}, got, "the provider from the path, the body and the headers")

	rec = serve(http.MethodPost, "/api/pay/callback/refused", `{}`)
	assert.Equal(t, http.StatusUnauthorized, rec.Code, "the feature's refusal with its status")
	var refusal struct {
		Codes []string `json:"codes"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &refusal))
	assert.Equal(t, []string{"payments.error.signature"}, refusal.Codes)

	got = nil
	rec = serve(http.MethodGet, "/api/pay/callback/sandbox", "")
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	assert.Equal(t, http.MethodPost, rec.Header().Get("Allow"))
	rec = serve(http.MethodPost, "/api/pay/callback/sandbox", strings.Repeat("x", MaxCallbackBody+1))
	assert.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)
	assert.Empty(t, got, "neither reaches the feature")

	rec = serve(http.MethodPost, "/api/pay/callback/", "")
	assert.Equal(t, http.StatusNotFound, rec.Code, "no provider named")

	rec = httptest.NewRecorder()
	New(Config{Registry: action.NewRegistry(), Translator: keyTranslator{}}).
		ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/pay/callback/sandbox", nil))
	assert.Equal(t, http.StatusNotFound, rec.Code, "not served without a wallet")
}
