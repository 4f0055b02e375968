package push

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
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
