// Package payment holds what the features share about payments through
// the wallet's payment provider: the views of a payment and of its QR
// dialog that the client shows, and the purchase of gated content paid
// there (souk/app/content starts it, souk/app/wallet makes and settles
// it), so that neither feature imports the other.
package payment

import (
	"context"

	"souk/persistence"
)

// PaymentView is a payment as its member sees it.
type PaymentView struct {
	ID        string `json:"id"`
	Status    string `json:"status" doc:"pending, paid or expired (a pending payment past expiresAt)"`
	Purpose   string `json:"purpose" doc:"topup (credits the wallet), unlock (buys gated content) or order (pays a shop order)"`
	Currency  string `json:"currency"`
	Amount    string `json:"amount" doc:"with the currency's decimals"`
	CreatedAt int64  `json:"createdAt" doc:"epoch milliseconds"`
	ExpiresAt int64  `json:"expiresAt" doc:"epoch milliseconds: 300 s after createdAt"`
	PaidAt    int64  `json:"paidAt" doc:"epoch milliseconds; 0 until paid"`
}

// QR is the payment QR dialog's data (SPEC.md §3 QR data).
type QR struct {
	Title       string `json:"title" doc:"translated, e.g. Top up ¥12.30"`
	QRCode      string `json:"qrcode" doc:"the text the QR encodes: the provider's confirm page URL (GET /api/qrcode?str= draws it)"`
	Symbol      string `json:"symbol" doc:"the currency's sign"`
	Amount      string `json:"amount" doc:"with the currency's decimals"`
	Description string `json:"description" doc:"translated instructions"`
}

// Unlock is the purchase of gated content through the provider: once
// paid, Amount of Asset moves from the member UserID to PayeeID (a member,
// or persistence.AccountRevenue) in the ledger operation of
// persistence.UnlockKey(UserID, TargetType, TargetID), exactly once.
type Unlock struct {
	UserID     int64
	TargetType string
	TargetID   int64
	PayeeID    int64
	// Asset is a currency code (never credit: a provider takes money).
	Asset string
	// Amount is in minor units.
	Amount int64
}

// Started is a payment made and waiting to be paid: what the QR dialog
// shows.
type Started struct {
	Payment PaymentView `json:"payment"`
	QR      QR          `json:"qr"`
}

// Order is the payment of a pending shop order through the provider
// (souk/app/shop starts it, souk/app/wallet makes it): once paid, Amount
// of Asset moves from the world outside through UserID to the site's
// revenue and the order is marked paid, in one transaction, exactly once
// (OrderSettler).
type Order struct {
	UserID  int64
	OrderID int64
	// Asset is a currency code; Amount is in minor units.
	Asset  string
	Amount int64
}

// OrderSettler settles the orders paid through the provider; souk/app/shop's
// Service is one.
type OrderSettler interface {
	// SettleOrder applies a paid payment of purpose order to its order:
	// the ledger operation and the order marked paid in one transaction,
	// exactly once (a rerun answers ok and changes nothing). ok is false
	// when the order cannot take it (paid otherwise, expired, cancelled):
	// the wallet then credits the payment to the member's balance.
	SettleOrder(ctx context.Context, pay persistence.Payment) (res persistence.WalletResult, ok bool, err error)
}
