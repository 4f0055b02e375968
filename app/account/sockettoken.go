package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// SocketToken signs a member's websocket credentials (the viewer's
// gqUserSocketToken): signature is the hex HMAC-SHA256, keyed with the node
// secret, of "socket:<userID>:<timestamp>". The timestamp, opaque to the
// client, is now in unix seconds, followed by ".<session>" when the
// credentials belong to a session, so that they die with it.
func SocketToken(secret []byte, userID, session int64, now time.Time) (signature, timestamp string) {
	timestamp = strconv.FormatInt(now.Unix(), 10)
	if session != 0 {
		timestamp += "." + strconv.FormatInt(session, 10)
	}
	return socketSignature(secret, userID, timestamp), timestamp
}

// VerifySocketToken reports whether signature is SocketToken's for userID
// at timestamp, and timestamp is at most maxAge old (and not more than a
// minute ahead of now, for clock skew between nodes). It returns the
// session the credentials belong to, 0 for none.
func VerifySocketToken(secret []byte, userID int64, signature, timestamp string, now time.Time, maxAge time.Duration) (session int64, ok bool) {
	unix, sess, hasSession := strings.Cut(timestamp, ".")
	ts, err := strconv.ParseInt(unix, 10, 64)
	if err != nil || strconv.FormatInt(ts, 10) != unix {
		return 0, false
	}
	if hasSession {
		if session, err = strconv.ParseInt(sess, 10, 64); err != nil || session <= 0 || strconv.FormatInt(session, 10) != sess {
			return 0, false
		}
	}
	at := time.Unix(ts, 0)
	if now.Sub(at) > maxAge || at.Sub(now) > time.Minute {
		return 0, false
	}
	want := socketSignature(secret, userID, timestamp)
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return 0, false
	}
	return session, true
}

func socketSignature(secret []byte, userID int64, timestamp string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("socket:" + strconv.FormatInt(userID, 10) + ":" + timestamp))
	return hex.EncodeToString(m.Sum(nil))
}
