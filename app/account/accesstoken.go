package account

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"souk/app/action"
)

// AccessTokenTTL is how long an access token is valid. A change of rights
// (level, VIP, admin, dark room) or a revoked session reaches the token at
// the next refresh, at most this long after.
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
}

var errBadAccessToken = errors.New("account: bad access token")

// issueAccess signs an access token for userID with r's rights.
func issueAccess(key []byte, userID int64, r rights, now time.Time) (string, time.Time, error) {
	exp := now.Add(AccessTokenTTL)
	claims := accessClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    accessIssuer,
			Subject:   strconv.FormatInt(userID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
		Admin:   r.isAdmin,
		UserCan: r.userCan,
	}
	if r.level != nil {
		claims.Level = r.level.Key
	}
	if r.vip != nil {
		claims.VIP = r.vip.Key
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("account: sign access token: %w", err)
	}
	return token, exp, nil
}

// parseAccess verifies token (HS256 only, our issuer, unexpired at now) and
// returns the viewer it was issued to.
func parseAccess(key []byte, token string, now time.Time) (action.Viewer, error) {
	var claims accessClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(accessIssuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return action.Viewer{}, fmt.Errorf("%w: %w", errBadAccessToken, err)
	}
	id, err := strconv.ParseInt(claims.Subject, 10, 64)
	if err != nil || id <= 0 {
		return action.Viewer{}, fmt.Errorf("%w: subject %q", errBadAccessToken, claims.Subject)
	}
	return action.Viewer{UserID: id, IsAdmin: claims.Admin, UserCan: claims.UserCan}, nil
}
