package wallet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"souk/app/action"
	"souk/app/internal/signed"
	"souk/app/member"
	"souk/persistence"
)

// Confirm applies a provider's callback (a webhook; transport/httpapi
// serves it at POST /api/pay/callback/{provider}): a forged or stale one
// is ErrCallbackForged (401), a replayed one (its nonce seen before, on any
// node) ErrCallbackReplayed (409), one for a payment that expired
// ErrPaymentExpired (409), an unknown provider ErrCallbackProvider (404);
// an accepted one marks the payment paid and credits the member with the
// operation topup:{paymentId}, so a callback delivered twice, or retried
// after a crash half-way, credits once. Once a callback is verified its
// work is finished even if the caller hangs up: a payment marked paid whose
// credit was cancelled half-way would wait for a retry that may never come.
func (s *Service) Confirm(ctx context.Context, provider string, cb Callback) error {
	p, ok := s.providers[provider]
	if !ok {
		return ErrCallbackProvider
	}
	conf, err := p.ParseCallback(cb)
	if err == nil {
		work, cancel := context.WithTimeout(context.WithoutCancel(ctx), confirmTimeout)
		err = s.confirm(work, p.Name(), conf)
		cancel()
	}
	if err != nil {
		e := action.AsError(err)
		if e == action.ErrInternal {
			s.log.Error("wallet: payment callback", "provider", provider, "error", err)
		} else {
			s.log.Info("wallet: payment callback refused", "provider", provider, "status", e.Status, "key", e.Key)
		}
	}
	return err
}

// confirmTimeout bounds the work of one verified callback.
const confirmTimeout = 15 * time.Second

// confirm applies a verified callback of provider.
func (s *Service) confirm(ctx context.Context, provider string, conf Confirmation) error {
	// Kept while a callback signed at conf.At is fresh on any node.
	keep := conf.At.Add(CallbackWindow + signed.MaxSkew).UnixMilli()
	if err := s.nonces.Use(ctx, provider+":"+conf.Nonce, keep); err != nil {
		if errors.Is(err, persistence.ErrConflict) {
			return ErrCallbackReplayed
		}
		return err
	}
	pay, err := s.db.Payments().Get(ctx, conf.PaymentID)
	if errors.Is(err, persistence.ErrNotFound) {
		return ErrPaymentNotFound
	}
	if err != nil {
		return err
	}
	if pay.Provider != provider || pay.Asset != conf.Asset || pay.Amount != conf.Amount {
		return ErrCallbackMismatch
	}
	now := s.now().UnixMilli()
	pay, _, err = s.db.Payments().MarkPaid(ctx, pay.ID, conf.ProviderRef, now)
	if errors.Is(err, persistence.ErrConflict) {
		return ErrPaymentExpired
	}
	if err != nil {
		return err
	}
	// Applied whether or not this call marked it paid: after a crash
	// between the two, the provider's retry (or settle) completes the
	// credit, and the key makes any other repeat a no-op.
	return s.settle(ctx, pay)
}

// settle applies what a paid payment buys: a top-up's credit, an unlock
// (see unlockOp), or a shop order (the OrderSettler of SetOrders). Its keys make it exactly-once, so it is safe
// wherever a paid payment is seen: the callback, and every later look at
// the payment, which completes what a crash or a hung-up callback left
// undone.
func (s *Service) settle(ctx context.Context, pay persistence.Payment) error {
	if pay.Status != persistence.PaymentPaid {
		return nil
	}
	if pay.Purpose == persistence.PaymentOrder {
		if orders := s.orderSettler(); orders != nil {
			res, ok, err := orders.SettleOrder(ctx, pay)
			if err != nil {
				return fmt.Errorf("wallet: settle order payment %d: %w", pay.ID, err)
			}
			if ok {
				s.changed(ctx, res, "")
				return nil
			}
		}
		// The order was paid otherwise, expired or was cancelled: what
		// this payment paid is the member's to spend (topUpOp below).
	}
	op := topUpOp(pay, pay.PaidAt)
	if pay.Purpose == persistence.PaymentUnlock {
		op = unlockOp(pay)
	}
	res, err := s.ledger.Apply(ctx, op)
	if errors.Is(err, persistence.ErrIdemMismatch) && pay.Purpose == persistence.PaymentUnlock {
		// The member had bought the content already (another payment, or
		// from the wallet): what this one paid is theirs to spend.
		res, err = s.ledger.Apply(ctx, topUpOp(pay, pay.PaidAt))
	}
	if err != nil {
		return fmt.Errorf("wallet: settle payment %d: %w", pay.ID, err)
	}
	s.changed(ctx, res, "")
	return nil
}

// topUpOp is the ledger operation of a paid top-up: the amount moves from
// the world outside to the member.
func topUpOp(pay persistence.Payment, at int64) persistence.WalletOp {
	id := member.FormatID(pay.ID)
	return persistence.WalletOp{
		IdemKey: "topup:" + id, UserID: pay.UserID, Reason: persistence.ReasonTopUp, Ref: "payment:" + id, At: at,
		Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: pay.Asset, Amount: -pay.Amount},
			{UserID: pay.UserID, Asset: pay.Asset, Amount: pay.Amount},
		},
	}
}
