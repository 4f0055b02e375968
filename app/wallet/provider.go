package wallet

import (
	"context"
	"time"

	"souk/persistence"
)

// Provider is a payment provider: it makes the checkout a member pays a
// top-up at, and reads the callbacks (webhooks) it sends when a payment is
// made. Implementations are safe for concurrent use.
type Provider interface {
	// Name is the provider's key: the wallet.topUp input's provider and
	// the last segment of its callback URL (/api/pay/callback/{name}).
	Name() string
	// Create makes the checkout of a new pending payment. The request ctx
	// carries names the member's language.
	Create(ctx context.Context, p persistence.Payment) (Checkout, error)
	// ParseCallback verifies a callback's signature and freshness and
	// reads it; a forged or stale callback is ErrCallbackForged. Whether
	// its nonce was seen is the caller's check.
	ParseCallback(cb Callback) (Confirmation, error)
}

// Callback is a provider's notification as it arrived, whatever carried it
// (the HTTP route is transport/httpapi's): its body, at most
// MaxCallbackBytes, and a reader of its headers.
type Callback struct {
	Body   []byte
	Header func(name string) string
}

// Checkout is where a member pays.
type Checkout struct {
	// URL is the page the member pays on: the QR code's text.
	URL string
	// ProviderRef is the provider's id of the payment, when it gives one.
	ProviderRef string
}

// Confirmation is what a verified callback says.
type Confirmation struct {
	PaymentID int64
	// Asset and Amount are what was paid (minor units): they must be the
	// payment's.
	Asset       string
	Amount      int64
	ProviderRef string
	// Nonce is unique per callback; a nonce seen before is a replay.
	Nonce string
	// At is when the provider signed the callback.
	At time.Time
}
