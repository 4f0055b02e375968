package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/push"
)

// TestPushClientRefusesPrivateAddresses: a push service's name is checked
// for what it resolves to when a push is sent, whatever it said when
// subscribed; redirects are not followed.
func TestPushClientRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "https://10.0.0.1/inside", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	tlsConfig := srv.Client().Transport.(*http.Transport).TLSClientConfig

	_, err := newPushClient(tlsConfig, false).Get("https://localhost" + port + "/x")
	require.ErrorIs(t, err, push.ErrPrivateAddress, "localhost resolves to loopback")
	_, err = newPushClient(tlsConfig, false).Get(srv.URL + "/x")
	require.ErrorIs(t, err, push.ErrPrivateAddress, "a loopback address")

	client := newPushClient(tlsConfig, true)
	res, err := client.Get(srv.URL + "/x")
	require.NoError(t, err, "allowed for tests")
	_ = res.Body.Close()
	assert.Equal(t, http.StatusCreated, res.StatusCode)
	res, err = client.Get(srv.URL + "/moved")
	require.NoError(t, err)
	_ = res.Body.Close()
	assert.Equal(t, http.StatusFound, res.StatusCode, "a redirect is not followed")
}
