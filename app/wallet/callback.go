package wallet

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"souk/app/action"
	"souk/app/internal/signed"
	"souk/app/member"
	"souk/persistence"
)

// CallbackHandler serves POST /api/pay/callback/{provider}: a provider's
// signed confirmation of a payment. A forged or stale callback is answered
// 401, a replayed one (its nonce seen before, on any node) 409, one for a
// payment that expired 409; an accepted one marks the payment paid and
// credits the member with the operation topup:{paymentId}, so a callback
// delivered twice, or retried after a crash half-way, credits once.
// Answers are JSON: {"status":"paid"}, or {statusCode, messages, codes}.
func (s *Service) CallbackHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			s.writeCallbackError(w, r, &action.Error{Status: http.StatusMethodNotAllowed, Key: "common.error.methodNotAllowed"})
			return
		}
		name := strings.TrimPrefix(r.URL.Path, CallbackPath)
		p, ok := s.providers[name]
		if !ok {
			s.writeCallbackError(w, r, ErrCallbackProvider)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxCallbackBytes)
		conf, err := p.ParseCallback(r)
		if err == nil {
			// Once a callback is verified its work is finished even if the
			// provider hangs up: a payment marked paid whose credit was
			// cancelled half-way would wait for a retry that may never come.
			ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), confirmTimeout)
			err = s.confirm(ctx, p.Name(), conf)
			cancel()
		}
		if err != nil {
			e := action.AsError(err)
			if e == action.ErrInternal {
				s.log.Error("wallet: payment callback", "provider", name, "error", err)
			} else {
				s.log.Info("wallet: payment callback refused", "provider", name, "status", e.Status, "key", e.Key)
			}
			s.writeCallbackError(w, r, e)
			return
		}
		writeCallbackJSON(w, http.StatusOK, map[string]string{"status": persistence.PaymentPaid})
	})
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

// settle credits a paid payment's top-up. Its key makes it exactly-once,
// so it is safe wherever a paid payment is seen: the callback, and every
// later look at the payment, which completes a credit a crash or a
// hung-up callback left undone.
func (s *Service) settle(ctx context.Context, pay persistence.Payment) error {
	if pay.Status != persistence.PaymentPaid {
		return nil
	}
	res, err := s.apply(ctx, topUpOp(pay, pay.PaidAt), pay.Asset)
	if err != nil {
		return err
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

func (s *Service) writeCallbackError(w http.ResponseWriter, r *http.Request, e *action.Error) {
	lang := action.RequestFrom(r.Context()).Lang
	writeCallbackJSON(w, e.Status, map[string]any{
		"statusCode": e.Status, "messages": []string{s.translate(lang, e.Key, e.Args)}, "codes": []string{e.Key}})
}

func writeCallbackJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
