// Package wallet holds the members' money and credit as the client sees
// them: balances, the ledger history, top-ups through a payment provider
// (the sandbox provider and its signed callback), VIP memberships bought
// with money or credit, gifts between members and the administrators'
// adjustments.
//
// Every change is one ledger operation (persistence.WalletOp) run by the
// wallet grain of the member it belongs to (souk/actors), exactly once per
// idempotency key: a client's idemKey, scoped to its member, or
// topup:{paymentId} for a top-up, so a callback delivered twice can never
// credit twice. After a change, every member it touched gets a wallet
// event with their balances, and a member whose rights changed (a VIP tier
// bought) a viewer event, through their session grains.
//
// Amounts are integer minor units inside and exact decimal text on the
// wire; no float touches them (see Asset).
package wallet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/internal/payment"
	"souk/persistence"
)

// PaymentTTL is how long a top-up can be paid after it was created (the QR
// dialog's countdown).
const PaymentTTL = 300 * time.Second

// deliverTimeout bounds the delivery of the live events of one change.
const deliverTimeout = 5 * time.Second

// Ledger applies ledger operations exactly once per idempotency key;
// *actors.Wallets is one (each member's grain runs theirs).
type Ledger interface {
	Apply(ctx context.Context, op persistence.WalletOp) (persistence.WalletResult, error)
}

// Deliverer routes a live event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

// Translator turns an i18n key into text in a language (the payment's
// title and description); *i18n.Catalog is one.
type Translator interface {
	Translate(lang, key string, args map[string]any) string
}

// Nonces records the nonces of the payment callbacks seen, on every node.
type Nonces interface {
	// Use records nonce as seen until expiresAt (epoch ms); it returns
	// persistence.ErrConflict when it was seen before.
	Use(ctx context.Context, nonce string, expiresAt int64) error
}

var (
	_ Ledger    = (*actors.Wallets)(nil)
	_ Ledger    = persistence.WalletsStore{}
	_ Deliverer = (*actors.Sessions)(nil)
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Ledger runs the operations; nil applies them on DB directly (a
	// single process without grains: tests, the described registry).
	Ledger Ledger
	// Sessions delivers the wallet and viewer events; nil sends none.
	Sessions Deliverer
	// Secret is the node secret the payment tokens and the sandbox's
	// callbacks are signed with.
	Secret []byte
	// PublicURL is the site's address, on which the sandbox's confirm
	// page URL (the QR's text) is built.
	PublicURL string
	// CallbackBase is where the sandbox provider POSTs its callbacks (this
	// node's own HTTP listener, e.g. http://127.0.0.1:8080); "" is PublicURL.
	CallbackBase string
	// HTTPClient sends the sandbox's callbacks; nil is a client with a
	// 10 s timeout.
	HTTPClient *http.Client
	// Translator writes the payments' titles; nil writes the keys.
	Translator Translator
	// Nonces remembers the callbacks' nonces; nil keeps them in the
	// database (the used-captcha table, under a prefix of their own).
	Nonces Nonces
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Logger receives delivery failures; nil is slog.Default().
	Logger *slog.Logger
}

// Service answers the wallet and payment actions and the payment
// callbacks. It is safe for concurrent use.
type Service struct {
	db        *persistence.DB
	ledger    Ledger
	sessions  Deliverer
	tr        Translator
	nonces    Nonces
	now       func() time.Time
	log       *slog.Logger
	publicURL string
	// sandbox is also in providers; its confirm page's actions use it.
	sandbox   *Sandbox
	providers map[string]Provider
	// orders settles the payments of shop orders (SetOrders); guarded by ordersMu.
	ordersMu sync.RWMutex
	orders   payment.OrderSettler
}

// New returns the wallet service with the sandbox provider.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Ledger == nil && cfg.DB != nil {
		cfg.Ledger = cfg.DB.Wallets()
	}
	if cfg.Nonces == nil && cfg.DB != nil {
		cfg.Nonces = dbNonces{db: cfg.DB}
	}
	if cfg.CallbackBase == "" {
		cfg.CallbackBase = cfg.PublicURL
	}
	s := &Service{db: cfg.DB, ledger: cfg.Ledger, sessions: cfg.Sessions, tr: cfg.Translator, nonces: cfg.Nonces,
		now: cfg.Now, log: cfg.Logger, publicURL: strings.TrimSuffix(cfg.PublicURL, "/")}
	s.sandbox = NewSandbox(SandboxConfig{Secret: cfg.Secret, PublicURL: s.publicURL,
		CallbackURL: strings.TrimSuffix(cfg.CallbackBase, "/") + CallbackPath + SandboxName,
		Client:      cfg.HTTPClient, Now: cfg.Now})
	s.providers = map[string]Provider{s.sandbox.Name(): s.sandbox}
	return s
}

// Register adds the wallet and payment actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "wallet.get",
		Summary: "The viewer's balances: money per site currency (text with the currency's decimals) and credit.",
		Access:  action.Member,
	}, s.Get)
	action.Register(r, action.Spec{
		Name: "wallet.entries",
		Summary: "A page of the viewer's ledger entries, newest first, optionally of one asset (a currency code or CREDIT) " +
			"and one reason; after (an endCursor) pages to older ones.",
		Access: action.Member,
	}, s.Entries)
	action.Register(r, action.Spec{
		Name: "wallet.topUp",
		Summary: "Starts a top-up of amount in currency through a payment provider (sandbox): a pending payment that " +
			"expires after 300 s, and the QR dialog's data (qrcode is the text the QR encodes: the provider's confirm page).",
		Access: action.Member,
	}, s.TopUp)
	action.Register(r, action.Spec{
		Name:    "wallet.payment",
		Summary: "One of the viewer's payments (pending, paid or expired), polled by the QR dialog.",
		Access:  action.Member,
	}, s.Payment)
	action.Register(r, action.Spec{
		Name:    "wallet.memberships",
		Summary: "The VIP tiers with what they unlock and their prices per currency and in credit, and the viewer's current tier.",
		Access:  action.Public,
	}, s.Memberships)
	action.Register(r, action.Spec{
		Name: "wallet.buyMembership",
		Summary: "Buys a VIP tier with a currency or CREDIT: the price is debited and the tier extended in one operation, " +
			"once per idemKey. The viewer gets a wallet and a viewer event.",
		Access: action.Member,
	}, s.BuyMembership)
	action.Register(r, action.Spec{
		Name:    "wallet.gift",
		Summary: "Gives an amount of a currency or of credit to another member, once per idemKey; both get a wallet event.",
		Access:  action.Member,
	}, s.Gift)
	action.Register(r, action.Spec{
		Name: "admin.walletAdjust",
		Summary: "Adds (positive) or removes (negative) an amount of a member's currency or credit, with a memo, once per " +
			"idemKey; the member gets a wallet event.",
		Access: action.Admin,
	}, s.Adjust)
	action.Register(r, action.Spec{
		Name:    "admin.memberLedger",
		Summary: "A page of a member's wallet ledger, newest first, as wallet.entries shows it to them.",
		Access:  action.Admin,
	}, s.MemberLedger)
	action.Register(r, action.Spec{
		Name:    "payments.sandboxShow",
		Summary: "The sandbox provider's confirm page: the payment its id and token (from the QR's URL) name.",
		Access:  action.Public,
	}, s.SandboxShow)
	action.Register(r, action.Spec{
		Name: "payments.sandboxPay",
		Summary: "Pays a sandbox payment as the provider would: the sandbox POSTs its signed callback to the site, which " +
			"credits the member; answers the payment after it.",
		Access: action.Public,
	}, s.SandboxPay)
}

// apply runs op on the ledger, turning its refusals into the client's
// errors (asset names the currency for an insufficient balance).
func (s *Service) apply(ctx context.Context, op persistence.WalletOp, asset string) (persistence.WalletResult, error) {
	res, err := s.ledger.Apply(ctx, op)
	switch {
	case errors.Is(err, persistence.ErrInsufficientFunds):
		return res, ErrInsufficient(asset)
	case errors.Is(err, persistence.ErrIdemMismatch):
		return res, ErrIdemMismatch
	case err != nil:
		return res, fmt.Errorf("wallet: apply %s: %w", op.Reason, err)
	}
	return res, nil
}

// user returns an existing member, or ErrUserNotFound.
func (s *Service) user(ctx context.Context, id int64) (persistence.User, error) {
	if id <= 0 {
		return persistence.User{}, action.Required("userId")
	}
	u, err := s.db.Users().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return u, ErrUserNotFound
	}
	return u, err
}

// translate is key in lang with args; the key itself without a translator.
func (s *Service) translate(lang, key string, args map[string]any) string {
	if s.tr == nil {
		return key
	}
	return s.tr.Translate(lang, key, args)
}

// dbNonces keeps the callbacks' nonces beside the used captchas: one row
// per nonce until it expires, pruned with them, seen by every node.
type dbNonces struct{ db *persistence.DB }

func (n dbNonces) Use(ctx context.Context, nonce string, expiresAt int64) error {
	return n.db.Codes().UseCaptcha(ctx, "payment-callback:"+nonce, expiresAt)
}
