package signed

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

func TestKeyDerivation(t *testing.T) {
	t.Parallel()
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("souk account code hash"))
	assert.Equal(t, m.Sum(nil), NewKey(secret, "souk account code hash").Bytes(), "labels derive the keys stored hashes depend on")
	assert.NotEqual(t, NewKey(secret, "a").Bytes(), NewKey(secret, "b").Bytes())
	assert.NotEqual(t, NewKey(secret, "a").Bytes(), NewKey([]byte("other"), "a").Bytes())
}

func TestMACIsLengthPrefixed(t *testing.T) {
	t.Parallel()
	k := NewKey(secret, "test")
	m := hmac.New(sha256.New, k.Bytes())
	m.Write([]byte("1:a;2:bc;"))
	assert.Equal(t, m.Sum(nil), k.MAC("a", "bc"))
	assert.NotEqual(t, k.MAC("ab", "c"), k.MAC("a", "bc"), "moving a boundary changes the MAC")
	assert.NotEqual(t, k.MAC("a"), k.MAC("a", ""), "an empty part counts")
	assert.Equal(t, hex.EncodeToString(k.MAC("x")), k.Sign("x"))
}

func TestVerify(t *testing.T) {
	t.Parallel()
	k := NewKey(secret, "socket token")
	sig := k.Sign("42", "1700000000")
	assert.True(t, k.Verify(sig, "42", "1700000000"))
	assert.False(t, k.Verify(sig, "43", "1700000000"), "another member")
	assert.False(t, k.Verify(sig, "42", "1700000001"), "another stamp")
	assert.False(t, NewKey(secret, "chat delete").Verify(sig, "42", "1700000000"), "wrong purpose")
	assert.False(t, NewKey([]byte("other"), "socket token").Verify(sig, "42", "1700000000"), "another secret")
	tampered := []byte(sig)
	tampered[0] ^= 1
	assert.False(t, k.Verify(string(tampered), "42", "1700000000"))
	assert.False(t, k.Verify("", "42", "1700000000"))
}

func TestStamped(t *testing.T) {
	t.Parallel()
	k := NewKey(secret, "chat delete")
	now := time.Unix(1_700_000_000, 0)
	sig, stamp := k.SignStamped(now, "7", "99")
	assert.Equal(t, "1700000000", stamp)
	tampered := []byte(sig)
	tampered[len(tampered)-1] ^= 1
	cases := []struct {
		name string
		at   time.Time
		sig  string
		ok   bool
	}{
		{"at once", now, sig, true},
		{"at max age", now.Add(time.Minute), sig, true},
		{"expired", now.Add(time.Minute + time.Second), sig, false},
		{"within the skew", now.Add(-MaxSkew), sig, true},
		{"from the future", now.Add(-MaxSkew - time.Second), sig, false},
		{"tampered", now, string(tampered), false},
	}
	for _, c := range cases {
		assert.Equal(t, c.ok, k.VerifyStamped(c.sig, stamp, c.at, time.Minute, "7", "99"), c.name)
	}
	assert.False(t, k.VerifyStamped(sig, stamp, now, time.Minute, "7", "98"), "another message")
	assert.False(t, k.VerifyStamped(sig, "1700000001", now, time.Minute, "7", "99"), "a moved stamp")
}

func TestFresh(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_700_000_000, 0)
	at, ok := Fresh("1699999990", now, time.Minute)
	assert.True(t, ok)
	assert.Equal(t, time.Unix(1_699_999_990, 0), at)
	for _, bad := range []string{"", "x", "+1700000000", "01700000000", " 1700000000", "1700000000.5"} {
		_, ok := Fresh(bad, now, time.Hour)
		assert.False(t, ok, bad)
	}
}
