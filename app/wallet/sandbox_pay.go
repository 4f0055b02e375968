package wallet

import (
	"context"
	"fmt"
	"net/http"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// SandboxInput names a sandbox payment with the token of its confirm page.
type SandboxInput struct {
	ID    action.ID `json:"id" doc:"the payment's id (the confirm page's path)"`
	Token string    `json:"token" maxBytes:"128" doc:"the confirm page's t parameter"`
}

// SandboxPayment is a payment as the sandbox's confirm page shows it.
type SandboxPayment struct {
	ID        string `json:"id"`
	Status    string `json:"status" doc:"pending, paid or expired"`
	Title     string `json:"title" doc:"translated, e.g. Top up ¥12.30"`
	Purpose   string `json:"purpose" doc:"topup (credits the member's wallet), unlock (buys gated content) or order (pays a shop order)"`
	Currency  string `json:"currency"`
	Symbol    string `json:"symbol"`
	Amount    string `json:"amount" doc:"with the currency's decimals"`
	ExpiresAt int64  `json:"expiresAt" doc:"epoch milliseconds"`
}

// SandboxReply is the reply of payments.sandboxShow and payments.sandboxPay.
type SandboxReply struct {
	Payment SandboxPayment `json:"payment"`
}

// sandboxPayment loads the sandbox payment in; a wrong token, or a
// payment of another provider, is not found.
func (s *Service) sandboxPayment(ctx context.Context, in SandboxInput) (persistence.Payment, Asset, error) {
	if in.ID <= 0 || !s.sandbox.ValidToken(int64(in.ID), in.Token) {
		return persistence.Payment{}, Asset{}, ErrPaymentNotFound
	}
	p, a, err := s.payment(ctx, int64(in.ID))
	if err == nil && p.Provider != SandboxName {
		err = ErrPaymentNotFound
	}
	return p, a, err
}

func (s *Service) sandboxReply(ctx context.Context, p persistence.Payment, a Asset) SandboxReply {
	return SandboxReply{Payment: SandboxPayment{ID: member.FormatID(p.ID), Status: s.status(p),
		Title: s.paymentTitle(action.RequestFrom(ctx).Lang, a, p), Purpose: p.Purpose, Currency: p.Asset, Symbol: a.Symbol,
		Amount: a.Format(p.Amount), ExpiresAt: p.ExpiresAt}}
}

// SandboxShow answers payments.sandboxShow.
func (s *Service) SandboxShow(ctx context.Context, in SandboxInput) (SandboxReply, error) {
	p, a, err := s.sandboxPayment(ctx, in)
	if err != nil {
		return SandboxReply{}, err
	}
	return s.sandboxReply(ctx, p, a), nil
}

// SandboxPay answers payments.sandboxPay: the sandbox sends its callback
// to the site over HTTP, as a provider's webhook arrives, and the payment
// is answered as the site stored it after. Paying a paid payment again
// sends nothing; it settles the credit, in case the first callback was
// cut off between marking the payment paid and crediting it.
func (s *Service) SandboxPay(ctx context.Context, in SandboxInput) (SandboxReply, error) {
	p, a, err := s.sandboxPayment(ctx, in)
	if err != nil {
		return SandboxReply{}, err
	}
	switch s.status(p) {
	case persistence.PaymentPaid:
		if err := s.settle(ctx, p); err != nil {
			return SandboxReply{}, err
		}
		return s.sandboxReply(ctx, p, a), nil
	case persistence.PaymentExpired:
		return SandboxReply{}, ErrPaymentExpired
	}
	if err := s.sandbox.Pay(ctx, p); err != nil {
		if refused, ok := err.(*CallbackRefused); ok && refused.Status == http.StatusConflict {
			// Expired meanwhile, or paid by another tab: the stored state says.
			s.log.Info("wallet: sandbox callback refused", "payment", p.ID, "error", err)
		} else {
			return SandboxReply{}, fmt.Errorf("%w: %w", ErrProviderFailed, err)
		}
	}
	if p, a, err = s.payment(ctx, p.ID); err != nil {
		return SandboxReply{}, err
	}
	if s.status(p) == persistence.PaymentExpired {
		return SandboxReply{}, ErrPaymentExpired
	}
	return s.sandboxReply(ctx, p, a), nil
}
