package wallet

import (
	"context"
	"strconv"

	"souk/app/internal/payment"
	"souk/app/member"
	"souk/persistence"
)

// StartUnlock makes the provider payment of a purchase of gated content
// (content.unlock on a qrcode entry): a pending payment of in.Amount that
// buys in's target once the provider confirms it (see settle and
// unlockOp), and its QR dialog's data. Only money is paid through a
// provider.
func (s *Service) StartUnlock(ctx context.Context, in payment.Unlock) (payment.Started, error) {
	return s.startPurchase(ctx, in.Asset, persistence.Payment{UserID: in.UserID, Purpose: persistence.PaymentUnlock,
		Amount: in.Amount, TargetType: in.TargetType, TargetID: in.TargetID, PayeeID: in.PayeeID})
}

// startPurchase makes the provider payment pay, in the money asset code,
// of something bought (its Purpose, target and payee set), and its QR
// dialog's data: the default provider, an amount above 0 and within the
// currency's bound.
func (s *Service) startPurchase(ctx context.Context, code string, pay persistence.Payment) (payment.Started, error) {
	provider, err := s.provider("")
	if err != nil {
		return payment.Started{}, err
	}
	a, err := s.asset(ctx, code, false)
	if err != nil {
		return payment.Started{}, err
	}
	if pay.Amount <= 0 || pay.Amount > a.Max {
		return payment.Started{}, ErrAmount
	}
	return s.start(ctx, provider, a, pay)
}

// unlockOp is the ledger operation of a paid unlock payment: the amount
// comes in from the world outside to the member and goes on to the payee,
// in one operation under the content's persistence.UnlockKey, so paying
// and unlocking are one exactly-once step (content.unlock's purchase from
// the wallet uses the same key). Its Ref names the payment, so that a
// second payment for content bought already is told apart (settle then
// credits it to the member).
func unlockOp(pay persistence.Payment) persistence.WalletOp {
	target := pay.TargetType + ":" + strconv.FormatInt(pay.TargetID, 10)
	return persistence.WalletOp{
		IdemKey: persistence.UnlockKey(pay.UserID, pay.TargetType, pay.TargetID), UserID: pay.UserID,
		Reason: persistence.ReasonPurchase, Ref: "payment:" + member.FormatID(pay.ID), Memo: "unlock " + target,
		At: pay.PaidAt,
		Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: pay.Asset, Amount: -pay.Amount},
			{UserID: pay.UserID, Asset: pay.Asset, Amount: pay.Amount},
			{UserID: pay.UserID, Asset: pay.Asset, Amount: -pay.Amount},
			{UserID: pay.PayeeID, Asset: pay.Asset, Amount: pay.Amount},
		},
	}
}

// StartOrder makes the provider payment of a pending shop order: a
// pending payment of in.Amount that pays in.OrderID once the provider
// confirms it (see settle and SetOrders), and its QR dialog's data.
func (s *Service) StartOrder(ctx context.Context, in payment.Order) (payment.Started, error) {
	return s.startPurchase(ctx, in.Asset, persistence.Payment{UserID: in.UserID, Purpose: persistence.PaymentOrder,
		Amount: in.Amount, TargetType: persistence.PaymentOrder, TargetID: in.OrderID, PayeeID: persistence.AccountRevenue})
}

// SetOrders makes orders settle the paid payments of purpose order; until
// then (and with nil) such a payment is credited to its member.
func (s *Service) SetOrders(orders payment.OrderSettler) {
	s.ordersMu.Lock()
	s.orders = orders
	s.ordersMu.Unlock()
}

func (s *Service) orderSettler() payment.OrderSettler {
	s.ordersMu.RLock()
	defer s.ordersMu.RUnlock()
	return s.orders
}
