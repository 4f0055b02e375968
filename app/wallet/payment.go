package wallet

import (
	"context"
	"errors"

	"souk/app/action"
	"souk/app/internal/payment"
	"souk/app/member"
	"souk/persistence"
)

// PaymentView is a payment as its member sees it.
type PaymentView = payment.PaymentView

// status is p's status at now: a pending payment past its expiry is expired.
func (s *Service) status(p persistence.Payment) string {
	if p.Status == persistence.PaymentPending && s.now().UnixMilli() >= p.ExpiresAt {
		return persistence.PaymentExpired
	}
	return p.Status
}

func (s *Service) paymentView(p persistence.Payment, a Asset) PaymentView {
	return PaymentView{ID: member.FormatID(p.ID), Status: s.status(p), Purpose: p.Purpose, Currency: p.Asset,
		Amount: a.Format(p.Amount), CreatedAt: p.CreatedAt, ExpiresAt: p.ExpiresAt, PaidAt: p.PaidAt}
}

// payment loads a payment and its asset; ErrPaymentNotFound when none.
func (s *Service) payment(ctx context.Context, id int64) (persistence.Payment, Asset, error) {
	p, err := s.db.Payments().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return p, Asset{}, ErrPaymentNotFound
	}
	if err != nil {
		return p, Asset{}, err
	}
	assets, err := s.assetsByCode(ctx)
	if err != nil {
		return p, Asset{}, err
	}
	a, ok := assets[p.Asset]
	if !ok {
		a = Asset{Code: p.Asset, Decimals: 2}
	}
	return p, a, nil
}

// PaymentInput names one of the viewer's payments.
type PaymentInput struct {
	ID action.ID `json:"id" doc:"the payment's id"`
}

// PaymentReply is the reply of wallet.payment.
type PaymentReply struct {
	Payment PaymentView `json:"payment"`
}

// Payment answers wallet.payment: another member's payment is not found.
// A paid payment is settled first (see settle), so the member who sees
// "paid" also has the credit.
func (s *Service) Payment(ctx context.Context, in PaymentInput) (PaymentReply, error) {
	p, a, err := s.payment(ctx, int64(in.ID))
	if err != nil {
		return PaymentReply{}, err
	}
	if p.UserID != action.RequestFrom(ctx).Viewer.UserID {
		return PaymentReply{}, ErrPaymentNotFound
	}
	if err := s.settle(ctx, p); err != nil {
		return PaymentReply{}, err
	}
	return PaymentReply{Payment: s.paymentView(p, a)}, nil
}
