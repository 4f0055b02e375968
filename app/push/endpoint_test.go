package push

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPushCheckEndpoint(t *testing.T) {
	t.Parallel()
	tests := []struct {
		endpoint string
		loopback bool
		want     error
	}{
		{"https://fcm.googleapis.com/fcm/send/abc", false, nil},
		{"https://updates.push.services.mozilla.com/wpush/v2/x", false, nil},
		{"https://8.8.8.8/x", false, nil},
		{"", false, ErrBadEndpoint},
		{"http://fcm.googleapis.com/x", false, ErrBadEndpoint},
		{"https:///x", false, ErrBadEndpoint},
		{"https://u:p@fcm.googleapis.com/x", false, ErrBadEndpoint},
		{"https://fcm.googleapis.com/" + strings.Repeat("a", MaxEndpointBytes), false, ErrBadEndpoint},
		{"https://localhost/x", false, ErrPrivateEndpoint},
		{"https://push.localhost./x", false, ErrPrivateEndpoint},
		{"https://127.0.0.1:8443/x", false, ErrPrivateEndpoint},
		{"https://[::1]/x", false, ErrPrivateEndpoint},
		{"https://[::ffff:10.0.0.1]/x", false, ErrPrivateEndpoint},
		{"https://10.0.0.1/x", false, ErrPrivateEndpoint},
		{"https://172.16.5.4/x", false, ErrPrivateEndpoint},
		{"https://192.168.1.1/x", false, ErrPrivateEndpoint},
		{"https://169.254.169.254/x", false, ErrPrivateEndpoint},
		{"https://100.64.0.1/x", false, ErrPrivateEndpoint},
		{"https://0.0.0.0/x", false, ErrPrivateEndpoint},
		{"https://[fd00::1]/x", false, ErrPrivateEndpoint},
		{"https://224.0.0.1/x", false, ErrPrivateEndpoint},
		{"https://127.0.0.1:8443/x", true, nil},
		{"https://localhost/x", true, nil},
		{"https://10.0.0.1/x", true, ErrPrivateEndpoint},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, checkEndpoint(tt.endpoint, tt.loopback), "%q loopback=%v", tt.endpoint, tt.loopback)
	}
}

func TestPushCheckKeys(t *testing.T) {
	t.Parallel()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	require.NoError(t, err)
	point := key.PublicKey().Bytes()
	auth := make([]byte, 16)
	enc := base64.RawURLEncoding.EncodeToString
	assert.NoError(t, checkKeys(enc(point), enc(auth)))
	assert.NoError(t, checkKeys(base64.URLEncoding.EncodeToString(point), base64.URLEncoding.EncodeToString(auth)), "padded")
	assert.Equal(t, ErrBadKeys, checkKeys(enc(point[:33]), enc(auth)), "compressed point")
	assert.Equal(t, ErrBadKeys, checkKeys(enc(make([]byte, 65)), enc(auth)), "not on the curve")
	assert.Equal(t, ErrBadKeys, checkKeys(enc(point), enc(auth[:8])), "short auth")
	assert.Equal(t, ErrBadKeys, checkKeys("!!!", enc(auth)), "not base64url")
	assert.Equal(t, ErrBadKeys, checkKeys(strings.Repeat("A", 4096), enc(auth)), "too long")
}

// TestPushClientRefusesPrivateAddresses: a name is checked for what it
// resolves to when a push is sent, whatever it said when subscribed.
func TestPushClientRefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	tlsConfig := srv.Client().Transport.(*http.Transport).TLSClientConfig

	_, err := newClient(tlsConfig, false).Get("https://localhost" + port + "/x")
	require.ErrorIs(t, err, errPrivateAddress, "localhost resolves to loopback")

	res, err := newClient(tlsConfig, true).Get(srv.URL + "/x")
	require.NoError(t, err, "allowed for tests")
	_ = res.Body.Close()
	assert.Equal(t, http.StatusCreated, res.StatusCode)
}
