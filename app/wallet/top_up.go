package wallet

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// TopUpInput starts a top-up.
type TopUpInput struct {
	Currency string `json:"currency" doc:"a site currency code"`
	Amount   Amount `json:"amount" doc:"decimal text with at most the currency's decimals, above 0 and at most 1,000,000.00"`
	Provider string `json:"provider,omitempty" doc:"the payment provider; sandbox (the default) is the only one"`
}

// QR is the payment QR dialog's data (SPEC.md §3 QR data).
type QR struct {
	Title       string `json:"title" doc:"translated, e.g. Top up ¥12.30"`
	QRCode      string `json:"qrcode" doc:"the text the QR encodes: the provider's confirm page URL (GET /api/qrcode?str= draws it)"`
	Symbol      string `json:"symbol" doc:"the currency's sign"`
	Amount      string `json:"amount" doc:"with the currency's decimals"`
	Description string `json:"description" doc:"translated instructions"`
}

// TopUpReply is the reply of wallet.topUp.
type TopUpReply struct {
	Payment PaymentView `json:"payment"`
	QR      QR          `json:"qr"`
}

// TopUp answers wallet.topUp.
func (s *Service) TopUp(ctx context.Context, in TopUpInput) (TopUpReply, error) {
	req := action.RequestFrom(ctx)
	name := in.Provider
	if name == "" {
		name = SandboxName
	}
	provider, ok := s.providers[name]
	if !ok {
		return TopUpReply{}, ErrProvider
	}
	a, err := s.asset(ctx, in.Currency, false)
	if err != nil {
		return TopUpReply{}, err
	}
	amount, err := a.Parse(string(in.Amount), false)
	if err != nil {
		return TopUpReply{}, err
	}
	now := s.now()
	if err := s.checkPending(ctx, req.Viewer.UserID, now.UnixMilli()); err != nil {
		return TopUpReply{}, err
	}
	pay := persistence.Payment{ID: s.db.NewID(), UserID: req.Viewer.UserID, Provider: provider.Name(), Asset: a.Code,
		Amount: amount, Status: persistence.PaymentPending, CreatedAt: now.UnixMilli(), ExpiresAt: now.Add(PaymentTTL).UnixMilli()}
	checkout, err := provider.Create(ctx, pay)
	if err != nil {
		return TopUpReply{}, fmt.Errorf("wallet: %s checkout: %w", provider.Name(), err)
	}
	pay.ProviderRef = checkout.ProviderRef
	if err := s.db.Payments().Create(ctx, pay); err != nil {
		return TopUpReply{}, fmt.Errorf("wallet: store a payment: %w", err)
	}
	return TopUpReply{Payment: s.paymentView(pay, a), QR: QR{
		Title: s.paymentTitle(req.Lang, a, pay.Amount), QRCode: checkout.URL, Symbol: a.Symbol, Amount: a.Format(pay.Amount),
		Description: s.translate(req.Lang, "payments.qr.description", map[string]any{"minutes": int(PaymentTTL.Minutes())}),
	}}, nil
}

// paymentTitle is a top-up's title in lang.
func (s *Service) paymentTitle(lang string, a Asset, amount int64) string {
	return s.translate(lang, "payments.qr.title", map[string]any{"symbol": a.Symbol, "amount": a.Format(amount), "currency": a.Code})
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
