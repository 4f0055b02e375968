// Package signed makes and checks the HMAC-SHA256 signatures the features
// hand to clients and get back (socket tokens, captcha and code signs,
// social login states, chat deletions): a Key bound to one purpose, derived
// from the node secret, so that a signature made for one purpose never
// passes for another, and a timestamp stamp with its freshness check.
//
// A Key is a value: safe for concurrent use, and its zero value signs with
// an empty key (never use it).
package signed

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"
)

// MaxSkew is how far ahead of a node's clock a stamp may be, for the clock
// skew between the nodes that sign and check it.
const MaxSkew = time.Minute

// Key is an HMAC-SHA256 key bound to one purpose.
type Key struct {
	k []byte
}

// NewKey derives the key of one purpose from the node secret:
// HMAC-SHA256(secret, label). Labels are stable names ("souk account code
// hash"); changing one voids everything signed with it, and hashes stored
// with it.
func NewKey(secret []byte, label string) Key {
	return Key{k: sum(secret, []byte(label))}
}

// Bytes returns the raw key, for the libraries that take one (JWT).
func (k Key) Bytes() []byte { return k.k }

// Sum is HMAC-SHA256 of data, for fixed-layout bodies and sub-derivations.
func (k Key) Sum(data []byte) []byte { return sum(k.k, data) }

// MAC is HMAC-SHA256 of the parts, each length-prefixed so that no two
// lists of parts sign the same bytes.
func (k Key) MAC(parts ...string) []byte {
	m := hmac.New(sha256.New, k.k)
	for _, p := range parts {
		fmt.Fprintf(m, "%d:%s;", len(p), p)
	}
	return m.Sum(nil)
}

// Sign is the hex MAC of the parts.
func (k Key) Sign(parts ...string) string { return hex.EncodeToString(k.MAC(parts...)) }

// Verify reports, in constant time, whether signature is Sign(parts...).
func (k Key) Verify(signature string, parts ...string) bool {
	return hmac.Equal([]byte(signature), []byte(k.Sign(parts...)))
}

// SignStamped signs the parts and the stamp of now; both travel to the
// client and come back to VerifyStamped.
func (k Key) SignStamped(now time.Time, parts ...string) (signature, stamp string) {
	stamp = Stamp(now)
	return k.Sign(append(parts, stamp)...), stamp
}

// VerifyStamped reports whether signature is SignStamped's for the parts
// at stamp, and stamp is Fresh.
func (k Key) VerifyStamped(signature, stamp string, now time.Time, maxAge time.Duration, parts ...string) bool {
	if _, ok := Fresh(stamp, now, maxAge); !ok {
		return false
	}
	return k.Verify(signature, append(parts, stamp)...)
}

// Stamp writes now as decimal unix seconds.
func Stamp(now time.Time) string { return strconv.FormatInt(now.Unix(), 10) }

// Fresh reads a Stamp and reports whether it is at most maxAge before now
// and at most MaxSkew after it. A stamp not written by Stamp (signs, spaces,
// leading zeros) is refused.
func Fresh(stamp string, now time.Time, maxAge time.Duration) (time.Time, bool) {
	unix, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil || strconv.FormatInt(unix, 10) != stamp {
		return time.Time{}, false
	}
	at := time.Unix(unix, 0)
	if now.Sub(at) > maxAge || at.Sub(now) > MaxSkew {
		return time.Time{}, false
	}
	return at, true
}

func sum(key, data []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return m.Sum(nil)
}
