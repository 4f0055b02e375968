package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"
)

// SocketToken signs a member's websocket credentials (the viewer's
// gqUserSocketToken): signature is the hex HMAC-SHA256, keyed with the node
// secret, of "socket:<userID>:<timestamp>", and timestamp is now in unix
// seconds.
func SocketToken(secret []byte, userID int64, now time.Time) (signature, timestamp string) {
	timestamp = strconv.FormatInt(now.Unix(), 10)
	return socketSignature(secret, userID, timestamp), timestamp
}

// VerifySocketToken reports whether signature is SocketToken's for userID
// at timestamp, and timestamp is at most maxAge old (and not more than a
// minute ahead of now, for clock skew between nodes).
func VerifySocketToken(secret []byte, userID int64, signature, timestamp string, now time.Time, maxAge time.Duration) bool {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || strconv.FormatInt(ts, 10) != timestamp {
		return false
	}
	at := time.Unix(ts, 0)
	if now.Sub(at) > maxAge || at.Sub(now) > time.Minute {
		return false
	}
	want := socketSignature(secret, userID, timestamp)
	return hmac.Equal([]byte(want), []byte(signature))
}

func socketSignature(secret []byte, userID int64, timestamp string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("socket:" + strconv.FormatInt(userID, 10) + ":" + timestamp))
	return hex.EncodeToString(m.Sum(nil))
}
