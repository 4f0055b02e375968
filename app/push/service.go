// Package push reaches members whose site is closed, through Web Push
// (RFC 8030, payloads encrypted as RFC 8291 says, the sender identified by
// VAPID, RFC 8292): it keeps each member's devices (push.subscribe), and
// turns the events routed to a member (a private message, a notification)
// into pushes with a localized title, body and link.
//
// Who owns what: the subscriptions are in the database; the VAPID key pair
// is generated once and kept in the settings, so every node signs alike.
// The member's session grain tells the Service of its node of each event
// it routes (cmd/souk wires actors.Sessions.OnDeliver to Event), so a
// member's events gather on one node: it debounces them per member and
// conversation (a burst is one push with a count) under one lock,
// and sends from a bounded pool of goroutines off the request path: a slow
// or failing push service never delays the site's own delivery. A member
// whose site is open and focused somewhere (the user session grain knows)
// gets no push, nor does one who turned the kind's pushes off or is in
// their do-not-disturb hours, and no kind the operators turned off is
// pushed (souk/app/internal/notifypref; dropped, not delayed).
package push

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/persistence"
)

// Limits and defaults.
const (
	// MaxDevices is how many devices a member keeps; subscribing another
	// drops the least recently subscribed.
	MaxDevices = 20
	// MaxEndpointBytes bounds a subscription's endpoint URL.
	MaxEndpointBytes = 2048
	// DefaultDebounce is how long the events of one conversation gather
	// into one push.
	DefaultDebounce = 3 * time.Second
	// DefaultTTL is how long a push service keeps a push for an offline
	// browser, in seconds.
	DefaultTTL = 24 * 60 * 60
	// DefaultAttempts bounds the tries of one push to one device.
	DefaultAttempts = 4
	// DefaultBackoff is the wait before the second try; it doubles after.
	DefaultBackoff = time.Second
	// sendTimeout bounds one request to a push service.
	sendTimeout = 10 * time.Second
	// maxSending bounds the pushes under way at once on a node; more wait.
	maxSending = 32
	// closeGrace is how long Close lets the pushes under way finish.
	closeGrace = 5 * time.Second
)

// Translator translates an i18n key into a language (souk/app/i18n.Catalog).
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// Presence says whether a member has the site open and focused on some
// node; *actors.Sessions is one.
type Presence interface {
	Focused(ctx context.Context, userID int64) (bool, error)
}

// Prefs says what reaches a member and what the operators allow;
// *notifypref.Store is one.
type Prefs interface {
	Get(ctx context.Context, userID int64) (notifypref.Prefs, error)
	Operators(ctx context.Context) (notifypref.Operators, error)
}

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Translator writes the pushes' texts; nil writes the keys.
	Translator Translator
	// Presence tells a focused member; nil: members are never focused.
	Presence Presence
	// Prefs, when set, drops the pushes a member turned off for their kind
	// or that arrive in their "do not disturb" range, and those the
	// operators turned off; nil pushes everything.
	Prefs Prefs
	// Subscriber is the VAPID contact (a mailto: or https URL of the site).
	Subscriber string
	// Debounce is how long a conversation's events gather; zero means
	// DefaultDebounce.
	Debounce time.Duration
	// Attempts and Backoff bound the retries of a push answered 429, 5xx
	// or not at all; zero means DefaultAttempts and DefaultBackoff.
	Attempts int
	Backoff  time.Duration
	// AllowLoopback lets members subscribe push services on loopback
	// addresses (tests only: the address rule refuses them otherwise).
	AllowLoopback bool
	// Client sends the pushes. It must refuse to connect to the addresses
	// PublicAddr refuses, once names are resolved, with ErrPrivateAddress
	// (cmd/souk builds it), and bound each request's time; nil sends
	// nothing (every push fails).
	Client *http.Client
	// Logger receives send failures; nil means slog.Default().
	Logger *slog.Logger
}

// Service answers the push actions and sends pushes. It is safe for
// concurrent use.
type Service struct {
	db         *persistence.DB
	translator Translator
	presence   Presence
	prefs      Prefs
	now        func() time.Time
	subscriber string
	debounce   time.Duration
	attempts   int
	backoff    time.Duration
	loopback   bool
	client     *http.Client
	log        *slog.Logger
	keys       vapidKeys
	owners     owners
	sending    chan struct{} // a slot per push under way
	stats      Stats
	// ctx ends the pushes still under way when Close has waited closeGrace.
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	pending map[pendingKey]*pendingPush // guarded by mu: the bursts being gathered
	closed  bool                        // guarded by mu: Close began
	wg      sync.WaitGroup              // the timers and sends under way
}

// Stats count the pushes of a node since it started.
type Stats struct {
	// Sent are pushes a push service accepted; Failed those given up on;
	// Removed the devices dropped because their push service said gone;
	// Skipped the bursts the member's preferences or the operators'
	// switches dropped.
	Sent, Failed, Removed, Skipped atomic.Int64
}

// New returns the push service.
func New(cfg Config) *Service {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Debounce <= 0 {
		cfg.Debounce = DefaultDebounce
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = DefaultAttempts
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Subscriber == "" {
		cfg.Subscriber = "mailto:push@souk.invalid"
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Service{ctx: ctx, cancel: cancel, db: cfg.DB, translator: cfg.Translator, presence: cfg.Presence, prefs: cfg.Prefs, now: time.Now, subscriber: cfg.Subscriber,
		debounce: cfg.Debounce, attempts: cfg.Attempts, backoff: cfg.Backoff, loopback: cfg.AllowLoopback,
		client: cfg.Client, log: cfg.Logger, sending: make(chan struct{}, maxSending),
		pending: make(map[pendingKey]*pendingPush)}
}

// Stats returns the node's push counters.
func (s *Service) Stats() *Stats { return &s.stats }

// Register adds the push actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "push.publicKey",
		Summary: "The site's VAPID public key (base64url), the browser's applicationServerKey for PushManager.subscribe.",
		Access:  action.Public,
	}, s.PublicKey)
	action.Register(r, action.Spec{
		Name: "push.subscribe",
		Summary: "Turns Web Push on for the viewer's browser (its PushSubscription): https push services only, never a private " +
			"address. The same endpoint again updates its keys and language; an endpoint another member subscribed moves to " +
			"the viewer. A member keeps at most 20 devices: the least recently subscribed is dropped.",
		Access: action.Member,
	}, s.Subscribe)
	action.Register(r, action.Spec{
		Name:    "push.unsubscribe",
		Summary: "Turns Web Push off for one of the viewer's browsers (404 push.error.notFound when it is not theirs).",
		Access:  action.Member,
	}, s.Unsubscribe)
	action.Register(r, action.Spec{
		Name:    "push.devices",
		Summary: "The viewer's browsers that receive Web Push, the most recently subscribed first.",
		Access:  action.Member,
	}, s.Devices)
}
