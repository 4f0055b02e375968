package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// RefreshTokenTTL is how long a refresh token is valid; every refresh
// hands out a new one valid this long again.
const RefreshTokenTTL = 30 * 24 * time.Hour

// Sessions issues, rotates and ends members' sessions: an access token
// (a JWT signed with HS256 by a key derived from the node secret, see
// accesstoken.go) and a refresh token (32 random bytes, stored as a SHA-256
// hash in a family of rotations). It is the node's action.Authenticator.
// It is safe for concurrent use.
type Sessions struct {
	db       *persistence.DB
	key      []byte
	now      func() time.Time
	verified verifiedTokens
}

var _ action.Authenticator = (*Sessions)(nil)

// NewSessions returns the sessions of db, signed with keys derived from the
// node secret.
func NewSessions(db *persistence.DB, secret []byte) *Sessions {
	return &Sessions{db: db, key: deriveKeys(secret).access, now: time.Now}
}

// Authenticate returns the viewer an access token was issued to. It reads
// no database: a forged, expired or malformed token is an error, and the
// transport treats its bearer as a guest.
func (s *Sessions) Authenticate(_ context.Context, accessToken string) (action.Viewer, error) {
	now := s.now()
	if v, ok := s.verified.get(accessToken, now); ok {
		return v, nil
	}
	v, expires, err := parseAccess(s.key, accessToken, now)
	if err != nil {
		return action.Viewer{}, err
	}
	s.verified.put(accessToken, v, expires, now)
	return v, nil
}

// Start signs userID in on the current request: it issues an access token
// and the first refresh token of a new family, stores the refresh token,
// and hands both to the transport through action.Request.SignIn.
func (s *Sessions) Start(ctx context.Context, userID int64) error {
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return fmt.Errorf("account: start session: %w", err)
	}
	now := s.now()
	refresh, hash, err := newToken()
	if err != nil {
		return err
	}
	expires := now.Add(RefreshTokenTTL)
	err = s.db.Sessions().Create(ctx, persistence.RefreshToken{
		Hash: hash, FamilyID: s.db.NewID(), UserID: u.ID,
		CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(expires),
	})
	if err != nil {
		return fmt.Errorf("account: start session: %w", err)
	}
	session, err := s.session(ctx, u, refresh, expires, now)
	if err != nil {
		return err
	}
	action.RequestFrom(ctx).SignIn(session)
	return nil
}

// session completes a session around a stored refresh token with a fresh
// access token carrying u's current rights.
func (s *Sessions) session(ctx context.Context, u persistence.User, refresh string, refreshExpires, now time.Time) (action.Session, error) {
	r, err := loadRights(ctx, s.db, u, now)
	if err != nil {
		return action.Session{}, err
	}
	access, accessExpires, err := issueAccess(s.key, u.ID, r, now)
	if err != nil {
		return action.Session{}, err
	}
	return action.Session{AccessToken: access, AccessExpires: accessExpires,
		RefreshToken: refresh, RefreshExpires: refreshExpires}, nil
}

// rotate exchanges a refresh token for a new session. Every failure is
// ErrSessionExpired: an unknown, expired or revoked token, and a token
// already exchanged, whose whole family it revokes (a stolen token was
// replayed, or the legitimate client's copy was).
func (s *Sessions) rotate(ctx context.Context, refreshToken string) (action.Session, error) {
	if refreshToken == "" {
		return action.Session{}, ErrSessionExpired
	}
	now := s.now()
	next, nextHash, err := newToken()
	if err != nil {
		return action.Session{}, err
	}
	expires := now.Add(RefreshTokenTTL)
	old, err := s.db.Sessions().Rotate(ctx, hashToken(refreshToken), persistence.RefreshToken{
		Hash: nextHash, CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(expires),
	}, persistence.Millis(now))
	switch {
	case errors.Is(err, persistence.ErrTokenReused):
		return action.Session{}, ErrSessionExpired
	case errors.Is(err, persistence.ErrNotFound):
		return action.Session{}, ErrSessionExpired
	case err != nil:
		return action.Session{}, fmt.Errorf("account: refresh: %w", err)
	}
	u, err := s.db.Users().Get(ctx, old.UserID)
	if errors.Is(err, persistence.ErrNotFound) {
		return action.Session{}, errors.Join(ErrSessionExpired, s.end(ctx, next))
	}
	if err != nil {
		return action.Session{}, fmt.Errorf("account: refresh: %w", err)
	}
	return s.session(ctx, u, next, expires, now)
}

// end revokes the family of a refresh token; an unknown token is fine.
func (s *Sessions) end(ctx context.Context, refreshToken string) error {
	if refreshToken == "" {
		return nil
	}
	err := s.db.Sessions().RevokeFamily(ctx, hashToken(refreshToken), persistence.Millis(s.now()))
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return fmt.Errorf("account: end session: %w", err)
	}
	return nil
}

// endAll revokes every session of a member.
func (s *Sessions) endAll(ctx context.Context, userID int64) error {
	if err := s.db.Sessions().RevokeUser(ctx, userID, persistence.Millis(s.now())); err != nil {
		return fmt.Errorf("account: end sessions: %w", err)
	}
	return nil
}

// newToken returns 32 random bytes as URL-safe text, and its hash.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("account: random token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

// hashToken is how tokens are stored and looked up: hex SHA-256. The
// tokens are 256 random bits, so no salt or slow hash is needed.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
