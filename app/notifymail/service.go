// Package notifymail reaches members by email: an email for a private
// message or a mention still unread after a delay (Operators.EmailDelay,
// 15 minutes unless the operators say otherwise), and an optional daily
// digest of unread notifications at the operators' hour in the member's
// time zone. Every email is localized (zh-hans, en, es) in a text and an
// HTML body and carries a signed unsubscribe link that works without
// signing in (notify.unsubscribe).
//
// Who owns what: the emails owed are jobs in the database (persistence's
// EmailJobsStore), so a node that stops loses none, and every node of a
// cluster runs the same loop over them: a node claims the due jobs with a
// lease in one statement, so each email is sent by one node, and only the
// lease holder ends or retries a job. The member's session grain tells
// the Service of its node of each event it routes (cmd/souk wires
// actors.Sessions.OnDeliver to Event); Event hands them to one goroutine
// that schedules the jobs, so the grain never waits on the database. A
// job re-reads everything when it is due: still unread, the member's
// address, preferences and quiet hours, and the operators' switches.
package notifymail

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/internal/mail"
	"souk/persistence"
)

// Limits and defaults.
const (
	// DefaultPoll is how often a node looks for due jobs.
	DefaultPoll = 2 * time.Second
	// DefaultAttempts bounds the tries of one email.
	DefaultAttempts = 5
	// DefaultBackoff is the wait before the second try; it doubles after.
	DefaultBackoff = time.Minute
	// lease is how long a claimed job is its node's: longer than a batch
	// of claimBatch sends at the mail sender's own timeout.
	lease = 5 * time.Minute
	// claimBatch is how many due jobs a node claims at once.
	claimBatch = 5
	// sendTimeout bounds one email.
	sendTimeout = 45 * time.Second
	// queueSize bounds the events waiting to be scheduled; more are dropped.
	queueSize = 1024
	// digestScan is how often a node looks for members whose digest hour
	// has come.
	digestScan = time.Minute
	// keepEnded is how long ended jobs are kept (a day's digest key must
	// outlive the day).
	keepEnded = 7 * 24 * time.Hour
	// pruneEvery is how often a node deletes the ended jobs past keepEnded.
	pruneEvery = time.Hour
)

// Translator translates an i18n key into a language (souk/app/i18n.Catalog).
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// Prefs reads the members' notification preferences and the operators'
// switches, and turns a member's emails off (*notifypref.Store).
type Prefs interface {
	Get(ctx context.Context, userID int64) (notifypref.Prefs, error)
	Operators(ctx context.Context) (notifypref.Operators, error)
	Unsubscribe(ctx context.Context, userID int64, kind string) error
}

var _ Prefs = (*notifypref.Store)(nil)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Mailer sends the emails; nil: none is scheduled (notify.unsubscribe
	// still works).
	Mailer mail.Mailer
	// Prefs reads the preferences; nil reads them through a
	// notifypref.Store of its own on DB.
	Prefs Prefs
	// Translator writes the emails; nil writes the keys.
	Translator Translator
	// Secret is the node secret the unsubscribe links are signed with.
	Secret []byte
	// PublicURL is the site's address the links start with
	// (https://souk.example, no trailing slash).
	PublicURL string
	// Delay, when positive, replaces the operators' email delay (tests).
	Delay time.Duration
	// Poll is how often a node looks for due jobs; zero means DefaultPoll.
	Poll time.Duration
	// Attempts and Backoff bound the retries of an email the mail server
	// refused; zero means DefaultAttempts and DefaultBackoff.
	Attempts int
	Backoff  time.Duration
	// Logger receives failures; nil means slog.Default().
	Logger *slog.Logger
}

// Service schedules and sends the emails and answers notify.unsubscribe.
// It is safe for concurrent use.
type Service struct {
	cfg    Config
	db     *persistence.DB
	tokens tokens
	log    *slog.Logger
	stats  Stats
	queue  chan scheduled // events waiting to become jobs, drained by Run
	// now is the clock; tests move it.
	now func() time.Time
	// digestDays is the last local day each digest member's job was
	// scheduled on this node; only Run's goroutine touches it.
	digestDays map[int64]string
}

// Stats count the emails of a node since it started.
type Stats struct {
	// Sent are emails the mail server accepted; Failed those given up on
	// after every attempt; Skipped the jobs that had nothing left to say
	// (read since) or that preferences refused.
	Sent, Failed, Skipped atomic.Int64
}

// New returns the email service.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = DefaultAttempts
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Prefs == nil {
		cfg.Prefs = notifypref.NewStore(cfg.DB)
	}
	return &Service{cfg: cfg, db: cfg.DB, tokens: newTokens(cfg.Secret), log: cfg.Logger,
		queue: make(chan scheduled, queueSize), now: time.Now, digestDays: make(map[int64]string)}
}

// Stats returns the node's email counters.
func (s *Service) Stats() *Stats { return &s.stats }

// Register adds notify.unsubscribe to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "notify.unsubscribe",
		Summary: "Turns off the emails an unsubscribe link names (t in /unsubscribe?t=…, signed by the site; no sign-in): " +
			"one kind, the digest, or every email. Idempotent; a forged or damaged link is refused " +
			"(400 notify.unsubscribe.error.badLink).",
		Access: action.Public,
	}, s.Unsubscribe)
}
