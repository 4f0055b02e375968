package wallet

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/internal/payment"
	"souk/persistence"
)

// TopUpInput starts a top-up.
type TopUpInput struct {
	Currency string `json:"currency" doc:"a site currency code"`
	Amount   Amount `json:"amount" doc:"decimal text with at most the currency's decimals, above 0 and at most 1,000,000.00"`
	Provider string `json:"provider,omitempty" doc:"the payment provider; sandbox (the default) is the only one"`
}

// QR is the payment QR dialog's data (SPEC.md §3 QR data).
type QR = payment.QR

// TopUpReply is the reply of wallet.topUp.
type TopUpReply struct {
	Payment PaymentView `json:"payment"`
	QR      QR          `json:"qr"`
}

// TopUp answers wallet.topUp.
func (s *Service) TopUp(ctx context.Context, in TopUpInput) (TopUpReply, error) {
	provider, err := s.provider(in.Provider)
	if err != nil {
		return TopUpReply{}, err
	}
	a, err := s.asset(ctx, in.Currency, false)
	if err != nil {
		return TopUpReply{}, err
	}
	amount, err := a.Parse(string(in.Amount), false)
	if err != nil {
		return TopUpReply{}, err
	}
	started, err := s.start(ctx, provider, a, persistence.Payment{UserID: action.RequestFrom(ctx).Viewer.UserID,
		Purpose: persistence.PaymentTopUp, Amount: amount})
	return TopUpReply(started), err
}

// provider is the provider of a name; "" is the sandbox.
func (s *Service) provider(name string) (Provider, error) {
	if name == "" {
		name = SandboxName
	}
	provider, ok := s.providers[name]
	if !ok {
		return nil, ErrProvider
	}
	return provider, nil
}

// start makes pay (its member, purpose and amount set; a pending payment
// of a in provider that expires after PaymentTTL) and its checkout, and
// answers what the QR dialog shows. A member holding MaxPendingPayments
// pending ones is refused.
func (s *Service) start(ctx context.Context, provider Provider, a Asset, pay persistence.Payment) (payment.Started, error) {
	lang := action.RequestFrom(ctx).Lang
	now := s.now()
	if err := s.checkPending(ctx, pay.UserID, now.UnixMilli()); err != nil {
		return payment.Started{}, err
	}
	pay.ID, pay.Provider, pay.Asset, pay.Status = s.db.NewID(), provider.Name(), a.Code, persistence.PaymentPending
	pay.CreatedAt, pay.ExpiresAt = now.UnixMilli(), now.Add(PaymentTTL).UnixMilli()
	checkout, err := provider.Create(ctx, pay)
	if err != nil {
		return payment.Started{}, fmt.Errorf("wallet: %s checkout: %w", provider.Name(), err)
	}
	pay.ProviderRef = checkout.ProviderRef
	if err := s.db.Payments().Create(ctx, pay); err != nil {
		return payment.Started{}, fmt.Errorf("wallet: store a payment: %w", err)
	}
	return payment.Started{Payment: s.paymentView(pay, a), QR: QR{
		Title: s.paymentTitle(lang, a, pay), QRCode: checkout.URL, Symbol: a.Symbol, Amount: a.Format(pay.Amount),
		Description: s.translate(lang, "payments.qr.description", map[string]any{"minutes": int(PaymentTTL.Minutes())}),
	}}, nil
}

// paymentTitle is a payment's title in lang: a top-up's, or an unlock's.
func (s *Service) paymentTitle(lang string, a Asset, pay persistence.Payment) string {
	key := "payments.qr.title"
	if pay.Purpose == persistence.PaymentUnlock {
		key = "payments.qr.unlockTitle"
	}
	if pay.Purpose == persistence.PaymentOrder {
		key = "payments.qr.orderTitle"
	}
	return s.translate(lang, key, map[string]any{"symbol": a.Symbol, "amount": a.Format(pay.Amount), "currency": a.Code})
}

// MaxPendingPayments is how many unpaid, unexpired top-ups a member may
// hold at once: a dialog reopened many times within 300 s is fine, a
// script filling the payments table is not.
const MaxPendingPayments = 10

// checkPending refuses a new top-up while the member holds
// MaxPendingPayments pending ones at now (epoch ms).
func (s *Service) checkPending(ctx context.Context, userID, now int64) error {
	recent, err := s.db.Payments().ListByUser(ctx, userID, MaxPendingPayments)
	if err != nil {
		return fmt.Errorf("wallet: pending payments: %w", err)
	}
	pending := 0
	for _, p := range recent {
		if p.Status == persistence.PaymentPending && p.ExpiresAt > now {
			pending++
		}
	}
	if pending >= MaxPendingPayments {
		return ErrTooManyPayments
	}
	return nil
}
