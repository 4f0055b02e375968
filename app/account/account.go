// Package account holds members' accounts: sign-up and password login by
// phone or email, captchas, verification codes, sessions (short-lived
// access tokens any node verifies alone, rotated refresh tokens with reuse
// detection, one-time login links), the viewer and the profile.
//
// Concurrency: a Service and a Sessions are safe for concurrent use. The
// state that must hold across nodes (used captchas, codes and their wrong
// tries, refresh tokens) lives in the database and changes by conditional
// statements; only the rate limiters and the login-failure counters are
// per node, in memory (see limits.go).
package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"souk/app/action"
	"souk/persistence"
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Secret is the node secret shared by every node; it signs captchas,
	// codes and tokens.
	Secret []byte
	// Dev is demo mode: captcha answers are logged, and codes go to a
	// DevOutbox when no sender is configured for their channel.
	Dev bool
	// Email sends codes by email; nil means email codes cannot be sent
	// (outside Dev).
	Email Sender
	// SMS sends codes by text message; nil means no SMS provider, so codes
	// to phones cannot be sent (outside Dev).
	SMS Sender
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives the account's logs, such as the captcha answers of
	// Dev; nil means slog.Default().
	Logger *slog.Logger
	// PasswordCost is the argon2id cost of new password hashes; the zero
	// value means DefaultArgon2. Only tests lower it.
	PasswordCost Argon2Params
	// Notifications turns on the viewer's count of unread notifications
	// (gqNotification): auth.viewer reads it with the member's row, the
	// other replies through Notifications; nil counts none.
	Notifications NotificationCounter
	// Sessions issues and ends the sessions; give the node's authenticator
	// so that a session ended here is refused here at once. Nil makes one
	// of DB and Secret.
	Sessions *Sessions
}

// NotificationCounter counts a member's unread notifications in the store
// (souk/app/notify implements it).
type NotificationCounter interface {
	UnreadNotifications(ctx context.Context, userID int64) (int, error)
}

// Service answers the account actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	secret   []byte
	keys     keys
	sessions *Sessions
	email    Sender
	sms      Sender
	outbox   *DevOutbox // the dev sender, nil outside Dev
	dev      bool
	log      *slog.Logger
	now      func() time.Time
	cost     Argon2Params
	limits   *limits
	failures *failures
	notices  NotificationCounter // nil counts none

	dummyOnce sync.Once
	dummyHash string // verified against when a login names nobody; set by dummyOnce

	lastPurge atomic.Int64 // epoch ms of the last purge of expired rows
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
	s := &Service{
		db:       cfg.DB,
		secret:   cfg.Secret,
		keys:     deriveKeys(cfg.Secret),
		email:    cfg.Email,
		sms:      cfg.SMS,
		dev:      cfg.Dev,
		log:      cfg.Logger,
		now:      now,
		cost:     cfg.PasswordCost,
		limits:   newLimits(),
		failures: newFailures(),
		notices:  cfg.Notifications,
	}
	if cfg.Dev && (s.email == nil || s.sms == nil) {
		s.outbox = &DevOutbox{Logger: s.log}
		if s.email == nil {
			s.email = s.outbox
		}
		if s.sms == nil {
			s.sms = s.outbox
		}
	}
	s.sessions = cfg.Sessions
	if s.sessions == nil {
		s.sessions = NewSessions(cfg.DB, cfg.Secret)
	}
	s.sessions.now = now
	return s
}

// Sessions returns the sessions the service signs members in with; it is
// also the action.Authenticator of the node.
func (s *Service) Sessions() *Sessions { return s.sessions }

// Outbox returns the dev sender, or nil outside Dev or when every channel
// has a real sender.
func (s *Service) Outbox() *DevOutbox { return s.outbox }

// Register adds the account actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{Name: "auth.viewer", Access: action.Public,
		Summary: "The signed-in member (SPEC.md §3 Viewer); null for a guest."}, s.Viewer)
	action.Register(r, action.Spec{Name: "auth.captcha", Access: action.Public,
		Summary: "A new captcha picture; its signed answer expires in 5 minutes and passes once."}, s.Captcha)
	action.Register(r, action.Spec{Name: "auth.captchaVerify", Access: action.Public,
		Summary: "Checks a captcha answer without using the captcha up (auth.getCode uses it); a wrong answer voids it."}, s.CaptchaVerify)
	action.Register(r, action.Spec{Name: "auth.getCode", Access: action.Public,
		Summary: "Uses a solved captcha to send a 6-digit code (valid 10 minutes, one per target per 60 s) by email or SMS. Answers alike whether or not an account exists."}, s.GetCode)
	action.Register(r, action.Spec{Name: "auth.verifyCode", Access: action.Public,
		Summary: "Checks a code without using it up and answers a sign auth.resetPassword accepts instead of the code; 5 wrong codes lock it."}, s.VerifyCode)
	action.Register(r, action.Spec{Name: "auth.register", Access: action.Public,
		Summary: "Creates an account with a verified phone or email and a password, and signs it in."}, s.RegisterUser)
	action.Register(r, action.Spec{Name: "auth.login", Access: action.Public,
		Summary: "Signs in with an email or phone and a password; after 3 failures a solved captcha is also required."}, s.Login)
	action.Register(r, action.Spec{Name: "auth.resetPassword", Access: action.Public,
		Summary: "Sets a new password with a verified code and ends every session of the account."}, s.ResetPassword)
	action.Register(r, action.Spec{Name: "auth.refresh", Access: action.Public,
		Summary: "Exchanges the refresh token cookie for a new session; a token shown twice ends all sessions of its sign-in (401)."}, s.Refresh)
	action.Register(r, action.Spec{Name: "auth.logout", Access: action.Public,
		Summary: "Ends the session of the refresh token cookie and clears the cookies."}, s.Logout)
	action.Register(r, action.Spec{Name: "mutates.autoLogin", Access: action.Public,
		Summary: "Signs in with a one-time login token (the ?token= of a link admin.loginToken made)."}, s.AutoLogin)
	action.Register(r, action.Spec{Name: "admin.loginToken", Access: action.Admin,
		Summary: "Makes a one-time login link for a member, valid 24 hours."}, s.LoginToken)
	action.Register(r, action.Spec{Name: "updateUser", Access: action.Member,
		Summary: "Updates the caller's profile (the more-information dialog) and marks it complete."}, s.UpdateUser)
	action.Register(r, action.Spec{Name: "utils.levelTips", Access: action.Public,
		Summary: "The growth levels and VIP tiers, the caller's current ones and what the next level unlocks."}, s.LevelTips)
}

// keys are the purpose-bound keys derived from the node secret, so that a
// signature made for one purpose never passes for another.
type keys struct {
	captcha, codeHash, codeSign, access []byte
}

func deriveKeys(secret []byte) keys {
	return keys{
		captcha:  deriveKey(secret, "captcha"),
		codeHash: deriveKey(secret, "code hash"),
		codeSign: deriveKey(secret, "code sign"),
		access:   deriveKey(secret, "access token"),
	}
}

func deriveKey(secret []byte, purpose string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("souk account " + purpose))
	return m.Sum(nil)
}

// mac is HMAC-SHA256 of the parts, each length-prefixed so that no two
// lists of parts sign the same bytes.
func mac(key []byte, parts ...string) []byte {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		fmt.Fprintf(m, "%d:%s;", len(p), p)
	}
	return m.Sum(nil)
}

// purgeEvery bounds how often a node deletes expired codes, captchas and tokens.
const purgeEvery = time.Minute

// purgeExpired deletes expired rows at most once per purgeEvery per node.
// A failure is only logged: the rows are refused anyway and the next
// purge retries.
func (s *Service) purgeExpired(ctx context.Context) {
	now := persistence.Millis(s.now())
	last := s.lastPurge.Load()
	if now-last < purgeEvery.Milliseconds() || !s.lastPurge.CompareAndSwap(last, now) {
		return
	}
	err := errors.Join(s.db.Codes().PurgeExpired(ctx, now), s.db.Sessions().PurgeExpired(ctx, now))
	if err != nil {
		s.log.WarnContext(ctx, "purge expired codes and tokens", "err", err)
	}
}
