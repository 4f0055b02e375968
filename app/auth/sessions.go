package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/app/internal/signed"
	"souk/persistence"
)

// RefreshTokenTTL is how long a refresh token is valid; every refresh
// hands out a new one valid this long again.
const RefreshTokenTTL = 30 * 24 * time.Hour

// RefreshReuseGrace is how long after its exchange a refresh token may be
// exchanged again before that counts as a reuse that ends the session: a
// member's tabs share the cookie and may refresh at the same moment, and a
// refresh whose answer was lost is retried with the same token. A thief
// who replays a token within it gets a session of the family, which the
// next reuse past the grace ends with the rest.
const RefreshReuseGrace = 20 * time.Second

// Sessions issues, rotates and ends members' sessions: an access token
// (a JWT signed with HS256 by a key derived from the node secret, see
// accesstoken.go) and a refresh token (32 random bytes, stored as a SHA-256
// hash in a family of rotations). It is the node's action.Authenticator.
// It is safe for concurrent use.
type Sessions struct {
	db        *persistence.DB
	key       []byte
	socketKey signed.Key
	rights    Rights
	now       func() time.Time
	after     func(time.Duration) <-chan time.Time // WatchRevocations' wait between reads
	verified  verifiedTokens
	revoked   recentMarks // session families ended
	changed   recentMarks // members whose rights changed
}

var _ action.Authenticator = (*Sessions)(nil)

// Rights reads what a member may do at now, for the claims of their access
// tokens (souk/app/account's TokenRights is one).
type Rights func(ctx context.Context, db *persistence.DB, u persistence.User, now time.Time) (credential.TokenRights, error)

// A SessionsOption changes a default of NewSessions.
type SessionsOption func(*Sessions)

// WithClock makes the sessions read the time from now instead of
// time.Now; nil keeps time.Now.
func WithClock(now func() time.Time) SessionsOption {
	return func(s *Sessions) {
		if now != nil {
			s.now = now
		}
	}
}

// WithTimer makes WatchRevocations wait between its reads with after
// instead of time.After; tests start the reads themselves. Nil keeps
// time.After.
func WithTimer(after func(time.Duration) <-chan time.Time) SessionsOption {
	return func(s *Sessions) {
		if after != nil {
			s.after = after
		}
	}
}

// NewSessions returns the sessions of db, signed with keys derived from the
// node secret, whose access tokens carry the rights that rights reads; nil
// rights give tokens only the member's admin flag.
func NewSessions(db *persistence.DB, secret []byte, rights Rights, opts ...SessionsOption) *Sessions {
	if rights == nil {
		rights = func(_ context.Context, _ *persistence.DB, u persistence.User, _ time.Time) (credential.TokenRights, error) {
			return credential.TokenRights{IsAdmin: u.IsAdmin}, nil
		}
	}
	k := deriveKeys(secret)
	s := &Sessions{db: db, key: k.access.Bytes(), socketKey: k.socket, rights: rights, now: time.Now, after: time.After}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// Authenticate returns the viewer an access token was issued to. It reads
// no database, but for a token older than a change of its member's rights
// (see RightsChanged): a forged, expired or malformed token is an error,
// and the transport treats its bearer as a guest.
//
// A token of a session that ended (logout, a replayed refresh token, a
// password reset) is refused once this node has seen the end: at once on
// the node that ended it, within RevocationPoll on the others (see
// WatchRevocations).
func (s *Sessions) Authenticate(ctx context.Context, accessToken string) (action.Viewer, error) {
	now := s.now()
	t, ok := s.verified.get(accessToken, now)
	if !ok {
		v, family, expires, err := parseAccess(s.key, accessToken, now)
		if err != nil {
			return action.Viewer{}, err
		}
		t = verifiedToken{viewer: v, family: family, expires: expires,
			rightsAt: persistence.Millis(expires.Add(-AccessTokenTTL))}
		s.verified.put(accessToken, t, now)
	}
	if t.family != 0 && s.revoked.has(t.family) {
		return action.Viewer{}, errSessionEnded
	}
	if s.changed.since(t.viewer.UserID) >= t.rightsAt {
		t = s.rereadRights(ctx, accessToken, t, now)
	}
	return t.viewer, nil
}

// rereadRights gives a verified token its member's current rights (they
// changed after the token was issued) and remembers them with the token
// until the next change. When they cannot be read the token keeps the
// rights it carries.
func (s *Sessions) rereadRights(ctx context.Context, accessToken string, t verifiedToken, now time.Time) verifiedToken {
	u, err := s.db.Users().Get(ctx, t.viewer.UserID)
	if err != nil {
		return t
	}
	r, err := s.rights(ctx, s.db, u, now)
	if err != nil {
		return t
	}
	t.viewer.IsAdmin, t.viewer.UserCan = r.IsAdmin, r.UserCan
	t.rightsAt = persistence.Millis(now) + 1
	s.verified.put(accessToken, t, now)
	return t
}

// RightsChanged records that a member's rights changed now (a VIP tier
// bought or ended, a level reached): their access tokens issued before
// carry the old rights, so from now on this node reads the rights of such
// a token again on its next use, and the other nodes do within
// RevocationPoll, without waiting for the client's next refresh.
func (s *Sessions) RightsChanged(ctx context.Context, userID int64) error {
	at := persistence.Millis(s.now())
	s.changed.mark(userID, at)
	if err := s.db.Sessions().MarkRightsChanged(ctx, userID, at); err != nil {
		return fmt.Errorf("auth: rights changed: %w", err)
	}
	return nil
}

// Start signs userID in on the current request: it issues an access token
// and the first refresh token of a new family, stores the refresh token,
// and hands both to the transport through action.Request.SignIn.
func (s *Sessions) Start(ctx context.Context, userID int64) error {
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return fmt.Errorf("auth: start session: %w", err)
	}
	if err := s.refuseBanned(ctx, u.ID); err != nil {
		return err
	}
	now := s.now()
	refresh, hash, err := newToken()
	if err != nil {
		return err
	}
	expires := now.Add(RefreshTokenTTL)
	family := s.db.NewID()
	err = s.db.Sessions().Create(ctx, persistence.RefreshToken{
		Hash: hash, FamilyID: family, UserID: u.ID,
		CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(expires),
	})
	if err != nil {
		return fmt.Errorf("auth: start session: %w", err)
	}
	session, err := s.session(ctx, u, family, refresh, expires, now)
	if err != nil {
		return err
	}
	action.RequestFrom(ctx).SignIn(session)
	return nil
}

// session completes a session around a stored refresh token with a fresh
// access token carrying u's current rights.
func (s *Sessions) session(ctx context.Context, u persistence.User, family int64, refresh string, refreshExpires, now time.Time) (action.Session, error) {
	r, err := s.rights(ctx, s.db, u, now)
	if err != nil {
		return action.Session{}, err
	}
	access, accessExpires, err := issueAccess(s.key, u.ID, family, r, now)
	if err != nil {
		return action.Session{}, err
	}
	return action.Session{AccessToken: access, AccessExpires: accessExpires,
		RefreshToken: refresh, RefreshExpires: refreshExpires, Family: family}, nil
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
	}, persistence.Millis(now), RefreshReuseGrace.Milliseconds())
	switch {
	case errors.Is(err, persistence.ErrTokenReused):
		// The family was ended: its access tokens go too.
		return action.Session{}, errors.Join(ErrSessionExpired, s.RefreshRevocations(ctx))
	case errors.Is(err, persistence.ErrNotFound):
		return action.Session{}, ErrSessionExpired
	case err != nil:
		return action.Session{}, fmt.Errorf("auth: refresh: %w", err)
	}
	u, err := s.db.Users().Get(ctx, old.UserID)
	if errors.Is(err, persistence.ErrNotFound) {
		return action.Session{}, errors.Join(ErrSessionExpired, s.end(ctx, next))
	}
	if err != nil {
		return action.Session{}, fmt.Errorf("auth: refresh: %w", err)
	}
	if err := s.refuseBanned(ctx, u.ID); err != nil {
		// A ban ends the member's sessions; this one outlived that.
		return action.Session{}, errors.Join(ErrSessionExpired, err, s.end(ctx, next))
	}
	return s.session(ctx, u, old.FamilyID, next, expires, now)
}

// end revokes the family of a refresh token; an unknown token is fine.
func (s *Sessions) end(ctx context.Context, refreshToken string) error {
	if refreshToken == "" {
		return nil
	}
	err := s.db.Sessions().RevokeFamily(ctx, hashToken(refreshToken), persistence.Millis(s.now()))
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return fmt.Errorf("auth: end session: %w", err)
	}
	return s.RefreshRevocations(ctx)
}

// endSession revokes one session of a member by its id (the family of its
// refresh tokens).
func (s *Sessions) endSession(ctx context.Context, userID, session int64) error {
	if err := s.db.Sessions().RevokeSession(ctx, session, userID, persistence.Millis(s.now())); err != nil {
		return fmt.Errorf("auth: end session: %w", err)
	}
	return s.RefreshRevocations(ctx)
}

// EndSession ends one session of a member (an operator's revocation), on
// every node within RevocationPoll; another member's session is left alone.
func (s *Sessions) EndSession(ctx context.Context, userID, session int64) error {
	return s.endSession(ctx, userID, session)
}

// EndAll ends every session of a member, on every node within
// RevocationPoll (a ban: see refuseBanned).
func (s *Sessions) EndAll(ctx context.Context, userID int64) error { return s.endAll(ctx, userID) }

// refuseBanned is ErrBanned for a member an administrator banned, while
// the ban is in force: no session starts or goes on for them. A ban that
// has ended refuses nothing.
func (s *Sessions) refuseBanned(ctx context.Context, userID int64) error {
	m, err := s.db.AdminMembers().Get(ctx, userID)
	switch {
	case err != nil:
		return fmt.Errorf("auth: banned: %w", err)
	case m.Ban.InForce(persistence.Millis(s.now())):
		return ErrBanned
	}
	return nil
}

// endAll revokes every session of a member.
func (s *Sessions) endAll(ctx context.Context, userID int64) error {
	if err := s.db.Sessions().RevokeUser(ctx, userID, persistence.Millis(s.now())); err != nil {
		return fmt.Errorf("auth: end sessions: %w", err)
	}
	return s.RefreshRevocations(ctx)
}

// RevocationPoll is how often WatchRevocations reads the sessions ended
// on other nodes.
const RevocationPoll = time.Second

// revocationLookback is how long an ended session is remembered: a
// token outlives its session by at most its own lifetime (an access token
// AccessTokenTTL, a socket token SocketTokenTTL, the longer), and the
// margin covers nodes' clocks that disagree and slow commits.
const revocationLookback = max(AccessTokenTTL, SocketTokenTTL) + time.Minute

// revocationOverlap is how far before the previous read the next one
// starts: a session ended on another node is committed with that node's
// clock, which may lag, or late.
const revocationOverlap = time.Minute

// RefreshRevocations reads the sessions ended since its previous read (the
// first read: within revocationLookback) from the database, and forgets
// those ended before the lookback, whose tokens have all expired.
func (s *Sessions) RefreshRevocations(ctx context.Context) error {
	now := s.now()
	oldest := now.Add(-revocationLookback)
	since := s.revoked.readFrom(oldest)
	families, err := s.db.Sessions().RevokedSince(ctx, persistence.Millis(since))
	if err != nil {
		return fmt.Errorf("auth: read ended sessions: %w", err)
	}
	s.revoked.merge(families, now, persistence.Millis(oldest))
	changes, err := s.db.Sessions().RightsChangedSince(ctx, persistence.Millis(s.changed.readFrom(oldest)))
	if err != nil {
		return fmt.Errorf("auth: read changed rights: %w", err)
	}
	s.changed.merge(changes, now, persistence.Millis(oldest))
	return nil
}

// WatchRevocations keeps the node's view of ended sessions current, every
// RevocationPoll (counted from the end of a read, so that slow reads never
// pile up), until ctx ends. A failed read keeps the last view and is
// logged.
func (s *Sessions) WatchRevocations(ctx context.Context, log *slog.Logger) {
	for {
		if err := s.RefreshRevocations(ctx); err != nil && ctx.Err() == nil {
			log.Warn("auth: read ended sessions", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.after(RevocationPoll):
		}
	}
}

// recentMarks are ids marked within revocationLookback, each with when:
// the session families ended, the members whose rights changed. It is
// safe for concurrent use.
type recentMarks struct {
	mu       sync.RWMutex
	marks    map[int64]int64 // guarded by mu: id → when it was marked, epoch ms
	lastRead time.Time       // guarded by mu: when the last read started; zero before the first
}

// Ended reports whether the session (a refresh token family) has ended, as
// far as this node has read (see WatchRevocations).
func (s *Sessions) Ended(session int64) bool { return s.revoked.has(session) }

func (r *recentMarks) has(id int64) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.marks[id]
	return ok
}

// since returns when id was last marked, epoch ms; -1 when it was not.
func (r *recentMarks) since(id int64) int64 {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if at, ok := r.marks[id]; ok {
		return at
	}
	return -1
}

// mark records id at (epoch ms) on this node, before any read finds it.
func (r *recentMarks) mark(id, at int64) {
	r.merge(map[int64]int64{id: at}, time.Time{}, 0)
}

// readFrom returns where the next read starts: revocationOverlap before
// the last one, and never before oldest.
func (r *recentMarks) readFrom(oldest time.Time) time.Time {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.lastRead.IsZero() {
		return oldest
	}
	from := r.lastRead.Add(-revocationOverlap)
	if from.Before(oldest) {
		return oldest
	}
	return from
}

// merge adds the marks a read found (keeping the latest of each id; an
// ended family never comes back to life), records the read made at now,
// and drops the marks made before oldest (epoch ms).
func (r *recentMarks) merge(marks map[int64]int64, now time.Time, oldest int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.marks == nil {
		r.marks = make(map[int64]int64, len(marks))
	}
	for id, at := range marks {
		if prior, ok := r.marks[id]; !ok || at > prior {
			r.marks[id] = at
		}
	}
	for id, at := range r.marks {
		if at <= oldest {
			delete(r.marks, id)
		}
	}
	if now.After(r.lastRead) {
		r.lastRead = now
	}
}

// newToken returns 32 random bytes as URL-safe text, and its hash.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("auth: random token: %w", err)
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
