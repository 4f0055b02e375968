// Package account holds members' accounts: registration, the viewer (the
// signed-in member as the client shows them), the profile, and the growth
// levels and VIP tiers with the rights they give. Signing in, sessions,
// captchas and codes are souk/app/auth's, which this package does not
// import: registration checks its credentials through Signups, the viewer's
// socket token is signed through SocketTokens, and auth builds its sign-in
// replies with this package's viewers; cmd/souk wires the two together.
//
// Members earn growth points for what they do (GrowthRules, with daily
// caps) and move up the growth levels their points reach (never down on
// their own); the ledger balances shown in the viewer are souk/app/wallet's.
//
// Concurrency: a Service is safe for concurrent use; beyond its
// configuration it keeps only a cache of the growth caps members reached
// today (cappedToday, guarded by its own lock).
package account

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/persistence"
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// SocketTokens signs the viewer's socket token; the viewer needs it.
	SocketTokens SocketTokens
	// Signups checks a sign-up's credentials and signs the new member in;
	// auth.register needs it.
	Signups Signups
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives the account's logs; nil means slog.Default().
	Logger *slog.Logger
	// Notifications turns on the viewer's count of unread notifications
	// (gqNotification): auth.viewer reads it with the member's row, the
	// other replies through Notifications; nil counts none.
	Notifications NotificationCounter
	// AvatarHosts are the hosts (lower case, no port) a profile picture may
	// be an https URL of; empty: none, only the site's generated avatars.
	AvatarHosts []string
	// Sessions pushes the viewer event after a level up; nil pushes none.
	Sessions Deliverer
	// Avatars makes avatars from members' images (updateUser's
	// avatarMediaId); nil refuses avatarMediaId.
	Avatars Avatars
}

// Avatars makes a member's avatar from an image of theirs
// (souk/app/media implements it).
type Avatars interface {
	// MakeAvatar crops and scales member userID's image mediaID into a new
	// media item of theirs and returns its address (a /api/media/ path).
	// Its refusals are translated errors.
	MakeAvatar(ctx context.Context, userID, mediaID int64) (string, error)
}

// Signups checks the credentials of a sign-up and signs the new member in
// (*auth.Credentials implements it).
type Signups interface {
	// CheckSignup checks the caller's rate limits, the identity, the
	// password and the sign-up code, using the code up. It returns the
	// verified identity and the password's hash.
	CheckSignup(ctx context.Context, in credential.Signup) (credential.Identity, string, error)
	// Start signs userID in on the current request.
	Start(ctx context.Context, userID int64) error
}

// SocketTokens signs the websocket credentials of the viewer
// (*auth.Credentials implements it).
type SocketTokens interface {
	// SocketToken signs userID's credentials at now, bound to session (0
	// for none) so that they die with it.
	SocketToken(userID, session int64, now time.Time) (signature, timestamp string)
}

// NotificationCounter counts a member's unread notifications in the store
// (souk/app/notify implements it).
type NotificationCounter interface {
	UnreadNotifications(ctx context.Context, userID int64) (int, error)
}

// Service answers the account actions. It is safe for concurrent use.
type Service struct {
	db      *persistence.DB
	sockets SocketTokens
	signups Signups
	log     *slog.Logger
	now     func() time.Time
	notices NotificationCounter // nil counts none
	// avatarHosts are Config.AvatarHosts as a set.
	avatarHosts map[string]bool
	sessions    Deliverer // nil pushes nothing
	avatars     Avatars   // nil refuses avatarMediaId
	// capped are the growth reasons members reached today's cap of.
	capped cappedToday
}

// New returns the account service.
func New(cfg Config) *Service {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	hosts := make(map[string]bool, len(cfg.AvatarHosts))
	for _, h := range cfg.AvatarHosts {
		hosts[strings.ToLower(h)] = true
	}
	return &Service{db: cfg.DB, sockets: cfg.SocketTokens, signups: cfg.Signups, log: cfg.Logger, now: now,
		notices: cfg.Notifications, avatarHosts: hosts, sessions: cfg.Sessions,
		avatars: cfg.Avatars}
}

// Register adds the account actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{Name: "auth.viewer", Access: action.Public,
		Summary: "The signed-in member (SPEC.md §3 Viewer); null for a guest."}, s.Viewer)
	action.Register(r, action.Spec{Name: "auth.register", Access: action.Public,
		Summary: "Creates an account with a verified phone or email and a password, and signs it in."}, s.RegisterUser)
	action.Register(r, action.Spec{Name: "updateUser", Access: action.Member,
		Summary: "Updates the caller's profile (the more-information dialog) and marks it complete."}, s.UpdateUser)
	action.Register(r, action.Spec{Name: "utils.levelTips", Access: action.Public,
		Summary: "The growth levels and VIP tiers, the caller's current ones, their growth points, what the next level unlocks and needs, and how points are earned."}, s.LevelTips)
	action.Register(r, action.Spec{Name: "account.signIn", Access: action.Member,
		Summary: "The daily sign-in: 10 growth points once per UTC day (account.error.signedIn the second time); answers the caller's growth after it."}, s.SignIn)
	action.Register(r, action.Spec{Name: "account.growth", Access: action.Member,
		Summary: "The caller's growth: points, level, the next level and its threshold, and today's points per reason with their caps."}, s.Growth)
}
