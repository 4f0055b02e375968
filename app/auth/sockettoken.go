package auth

import (
	"strconv"
	"strings"
	"time"

	"souk/app/internal/signed"
)

// socketKeyLabel derives the key of the websocket credentials.
const socketKeyLabel = "souk socket token"

// SocketTokenTTL is how long a viewer's gqUserSocketToken opens the
// websocket: the client reconnects with the token of its last page load.
// A session's end is remembered at least this long (see
// RefreshRevocations), so that its socket tokens never come back to life.
const SocketTokenTTL = 24 * time.Hour

// SocketToken signs a member's websocket credentials (the viewer's
// gqUserSocketToken): signature is the hex HMAC-SHA256, keyed for socket
// tokens from the node secret, of "socket", the member's id and the
// timestamp. The timestamp, opaque to the client, is now in unix seconds,
// followed by ".<session>" when the credentials belong to a session, so
// that they die with it.
func SocketToken(secret []byte, userID, session int64, now time.Time) (signature, timestamp string) {
	return signSocketToken(signed.NewKey(secret, socketKeyLabel), userID, session, now)
}

// SocketToken signs userID's websocket credentials in session (0 for
// none) with the node secret of s, as the package's SocketToken does.
func (s *Credentials) SocketToken(userID, session int64, now time.Time) (signature, timestamp string) {
	return signSocketToken(s.keys.socket, userID, session, now)
}

func signSocketToken(key signed.Key, userID, session int64, now time.Time) (signature, timestamp string) {
	timestamp = signed.Stamp(now)
	if session != 0 {
		timestamp += "." + strconv.FormatInt(session, 10)
	}
	return key.Sign("socket", strconv.FormatInt(userID, 10), timestamp), timestamp
}

// VerifySocketToken reports whether signature is SocketToken's for userID
// at timestamp, and timestamp is at most maxAge old (and not more than
// signed.MaxSkew ahead of now). It returns the session the credentials
// belong to, 0 for none.
func VerifySocketToken(secret []byte, userID int64, signature, timestamp string, now time.Time, maxAge time.Duration) (session int64, ok bool) {
	grant, ok := verifySocketToken(signed.NewKey(secret, socketKeyLabel), userID, signature, timestamp, now, maxAge)
	return grant.Session, ok
}

// SocketGrant is what a valid socket token vouches for.
type SocketGrant struct {
	// Session is the session the token was issued in; 0 for none.
	Session int64
	// Issued is when the token was signed (a page load): the connection's
	// inbox replay never reaches much further back.
	Issued time.Time
}

// VerifySocket checks userID's socket token at the sessions' clock: signed
// by this cluster, at most SocketTokenTTL old, and of a session that has
// not ended, as far as this node has read (see WatchRevocations).
func (s *Sessions) VerifySocket(userID int64, signature, timestamp string) (SocketGrant, bool) {
	grant, ok := verifySocketToken(s.socketKey, userID, signature, timestamp, s.now(), SocketTokenTTL)
	if !ok || (grant.Session != 0 && s.revoked.has(grant.Session)) {
		return SocketGrant{}, false
	}
	return grant, true
}

func verifySocketToken(key signed.Key, userID int64, signature, timestamp string, now time.Time, maxAge time.Duration) (grant SocketGrant, ok bool) {
	unix, sess, hasSession := strings.Cut(timestamp, ".")
	issued, fresh := signed.Fresh(unix, now, maxAge)
	if !fresh {
		return SocketGrant{}, false
	}
	var session int64
	if hasSession {
		var err error
		if session, err = strconv.ParseInt(sess, 10, 64); err != nil || session <= 0 || strconv.FormatInt(session, 10) != sess {
			return SocketGrant{}, false
		}
	}
	if !key.Verify(signature, "socket", strconv.FormatInt(userID, 10), timestamp) {
		return SocketGrant{}, false
	}
	return SocketGrant{Session: session, Issued: issued}, true
}
