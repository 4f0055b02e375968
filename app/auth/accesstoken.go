package auth

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"souk/app/action"
	"souk/app/internal/credential"
)

// AccessTokenTTL is how long an access token is valid. A change of rights
// (level, VIP, admin, dark room) reaches the token at the next refresh, at
// most this long after, or at once where it is announced (see
// Sessions.RightsChanged); an ended session's tokens are refused within
// RevocationPoll (see Sessions.Authenticate).
const AccessTokenTTL = 15 * time.Minute

// accessIssuer is the iss claim of every access token.
const accessIssuer = "souk"

// accessClaims are the claims of an access token: enough for any node to
// know the caller and their rights without reading the database.
type accessClaims struct {
	jwt.RegisteredClaims
	Admin   bool     `json:"adm,omitempty"`
	UserCan []string `json:"can,omitempty"`
	Level   string   `json:"lv,omitempty"`
	VIP     string   `json:"vip,omitempty"`
	// Family is the session (refresh token family) the token belongs to:
	// ending the session refuses its access tokens on every node.
	Family int64 `json:"fam,omitempty"`
}

var (
	errBadAccessToken = errors.New("auth: bad access token")
	// errSessionEnded refuses a valid token whose session was ended.
	errSessionEnded = errors.New("auth: the access token's session ended")
)

// issueAccess signs an access token for userID with r's rights, in the
// session family.
func issueAccess(key []byte, userID, family int64, r credential.TokenRights, now time.Time) (string, time.Time, error) {
	exp := now.Add(AccessTokenTTL)
	claims := accessClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    accessIssuer,
			Subject:   strconv.FormatInt(userID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
		Admin:   r.IsAdmin,
		UserCan: r.UserCan,
		Level:   r.Level,
		VIP:     r.VIP,
		Family:  family,
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("auth: sign access token: %w", err)
	}
	return token, exp, nil
}

// parseAccess verifies token (HS256 only, our issuer, unexpired at now) and
// returns the viewer it was issued to, its session family and when it
// expires.
func parseAccess(key []byte, token string, now time.Time) (action.Viewer, int64, time.Time, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(accessIssuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return action.Viewer{}, 0, time.Time{}, fmt.Errorf("%w: %w", errBadAccessToken, err)
	}
	id, err := strconv.ParseInt(claims.Subject, 10, 64)
	if err != nil || id <= 0 {
		return action.Viewer{}, 0, time.Time{}, fmt.Errorf("%w: subject %q", errBadAccessToken, claims.Subject)
	}
	return action.Viewer{UserID: id, IsAdmin: claims.Admin, UserCan: claims.UserCan, Session: claims.Family}, claims.Family, claims.ExpiresAt.Time, nil
}

// maxVerifiedTokens bounds the access tokens a node remembers as verified.
const maxVerifiedTokens = 16_384

// verifiedToken is an access token whose signature and claims were checked.
type verifiedToken struct {
	viewer  action.Viewer // UserCan is shared: read only
	family  int64
	expires time.Time
	// rightsAt is when viewer's rights were read, epoch ms: when the token
	// was issued, or later when they were read again (Sessions.RightsChanged).
	rightsAt int64
}

// verifiedTokens remembers the tokens a node verified until they expire: a
// member's client sends the same token with every request for up to
// AccessTokenTTL, and checking it again (decoding the JWT, its claims and
// the HMAC) was a twentieth of a signed-in request's cost. Only a token that
// passed parseAccess is kept, keyed by the whole token, so a forged one is
// never a hit. It is safe for concurrent use.
type verifiedTokens struct {
	mu     sync.RWMutex
	tokens map[string]verifiedToken // guarded by mu
}

func (c *verifiedTokens) get(token string, now time.Time) (verifiedToken, bool) {
	c.mu.RLock()
	v, ok := c.tokens[token]
	c.mu.RUnlock()
	if !ok || !now.Before(v.expires) {
		return verifiedToken{}, false
	}
	return v, true
}

func (c *verifiedTokens) put(token string, v verifiedToken, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tokens == nil {
		c.tokens = make(map[string]verifiedToken)
	}
	if len(c.tokens) >= maxVerifiedTokens {
		for k, t := range c.tokens {
			if !now.Before(t.expires) {
				delete(c.tokens, k)
			}
		}
		if len(c.tokens) >= maxVerifiedTokens {
			// All live: start again rather than grow without bound.
			clear(c.tokens)
		}
	}
	c.tokens[token] = v
}
