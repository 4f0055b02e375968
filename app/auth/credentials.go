package auth

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"souk/app/internal/signed"
	"souk/internal/mail"
	"souk/persistence"
)

// Config wires Credentials.
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
	Email mail.Sender
	// SMS sends codes by text message; nil means no SMS provider, so codes
	// to phones cannot be sent (outside Dev).
	SMS mail.Sender
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives the logs, such as the captcha answers of Dev; nil
	// means slog.Default().
	Logger *slog.Logger
	// PasswordCost is the argon2id cost of new password hashes; the zero
	// value means DefaultArgon2. Only tests lower it.
	PasswordCost Argon2Params
	// MaxConcurrentHashes is how many password hashes (logins, sign-ups,
	// resets) may run at once; more wait briefly in a short line, and
	// beyond it get ErrBusy. Zero means DefaultMaxConcurrentHashes of
	// PasswordCost.
	MaxConcurrentHashes int
	// Sessions issues and ends the sessions; give the node's authenticator
	// so that a session ended here is refused here at once, built with
	// the same clock (WithClock). Nil makes one of DB, Secret and Now,
	// whose tokens carry no rights but the admin flag.
	Sessions *Sessions
}

// Credentials checks who a caller is: captchas, codes, passwords, login
// links, and the sessions it starts and ends. It answers the auth actions
// that return no viewer. It is safe for concurrent use.
type Credentials struct {
	db       *persistence.DB
	keys     keys
	sessions *Sessions
	email    mail.Sender
	sms      mail.Sender
	outbox   *mail.DevOutbox // the dev sender, nil outside Dev
	dev      bool
	log      *slog.Logger
	now      func() time.Time
	cost     Argon2Params
	idKey    kdf       // argon2.IDKey
	hashes   *hashGate // bounds the hashes running at once
	limits   *limits
	failures *failures

	dummyOnce sync.Once
	dummyHash string // verified against when a login names nobody; set by dummyOnce

	lastPurge atomic.Int64 // epoch ms of the last purge of expired rows
}

// NewCredentials returns the credentials of cfg.
func NewCredentials(cfg Config) *Credentials {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	c := &Credentials{
		db:       cfg.DB,
		keys:     deriveKeys(cfg.Secret),
		email:    cfg.Email,
		sms:      cfg.SMS,
		dev:      cfg.Dev,
		log:      cfg.Logger,
		now:      now,
		cost:     cfg.PasswordCost,
		idKey:    argon2.IDKey,
		limits:   newLimits(),
		failures: newFailures(),
	}
	slots := cfg.MaxConcurrentHashes
	if slots <= 0 {
		slots = DefaultMaxConcurrentHashes(cfg.PasswordCost)
	}
	c.hashes = newHashGate(slots, hashQueueWait)
	if cfg.Dev && (c.email == nil || c.sms == nil) {
		c.outbox = &mail.DevOutbox{Logger: c.log}
		if c.email == nil {
			c.email = c.outbox
		}
		if c.sms == nil {
			c.sms = c.outbox
		}
	}
	c.sessions = cfg.Sessions
	if c.sessions == nil {
		c.sessions = NewSessions(cfg.DB, cfg.Secret, nil, WithClock(now))
	}
	return c
}

// Sessions returns the sessions members are signed in with; it is also
// the action.Authenticator of the node.
func (s *Credentials) Sessions() *Sessions { return s.sessions }

// Outbox returns the dev sender, or nil outside Dev or when every channel
// has a real sender.
func (s *Credentials) Outbox() *mail.DevOutbox { return s.outbox }

// Start signs userID in on the current request (Sessions.Start).
func (s *Credentials) Start(ctx context.Context, userID int64) error {
	return s.sessions.Start(ctx, userID)
}

// keys are the purpose-bound keys derived from the node secret, so that a
// signature made for one purpose never passes for another. The labels
// must not change, though most still name the package these keys were
// born in: code hashes are stored, and captchas, codes and access tokens
// in flight would all be refused.
type keys struct {
	captcha, codeHash, codeSign, access, socket signed.Key
}

func deriveKeys(secret []byte) keys {
	return keys{
		captcha:  signed.NewKey(secret, "souk account captcha"),
		codeHash: signed.NewKey(secret, "souk account code hash"),
		codeSign: signed.NewKey(secret, "souk account code sign"),
		access:   signed.NewKey(secret, "souk account access token"),
		socket:   signed.NewKey(secret, socketKeyLabel),
	}
}

// purgeEvery bounds how often a node deletes expired codes, captchas and tokens.
const purgeEvery = time.Minute

// purgeExpired deletes expired rows at most once per purgeEvery per node.
// A failure is only logged: the rows are refused anyway and the next
// purge retries.
func (s *Credentials) purgeExpired(ctx context.Context) {
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
