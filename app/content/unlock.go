package content

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/internal/payment"
	"souk/persistence"
)

// UnlockInput names gated content to buy.
type UnlockInput struct {
	TargetType string    `json:"targetType" doc:"article, topic or answer"`
	TargetID   action.ID `json:"targetId"`
	Asset      string    `json:"asset,omitempty" doc:"the currency code (or CREDIT) of the entry to pay when the content has several prices; the first priced entry by default"`
	Type       string    `json:"type,omitempty" doc:"the type of the entry to pay: money, credit or qrcode; the first priced entry (of asset) by default"`
}

// Validate checks the input's shape.
func (in *UnlockInput) Validate() error {
	in.Asset = strings.ToUpper(strings.TrimSpace(in.Asset))
	switch {
	case in.Type != "" && !(gate.Role{Type: in.Type}).Priced():
		return action.BadField("type")
	case in.TargetType == persistence.TargetComment || !validTargetType(in.TargetType):
		return action.BadField("targetType")
	case in.TargetID <= 0:
		return action.Required("targetId")
	case len(in.Asset) > 16:
		return action.BadField("asset")
	}
	return nil
}

// UnlockResult says the content is the viewer's, or, for a qrcode entry,
// how to pay for it.
type UnlockResult struct {
	Success bool   `json:"success" doc:"the content is the viewer's now; false while a qrcode payment waits"`
	Asset   string `json:"asset" doc:"what was paid in"`
	Amount  int64  `json:"amount" doc:"the price paid, in minor units (credits for CREDIT)"`
	// Payment and QR are a qrcode entry's: the provider payment that buys
	// the content once paid, and its QR dialog.
	Payment *payment.PaymentView `json:"payment,omitempty" doc:"a qrcode entry: the pending payment (poll wallet.payment; the viewer gets a wallet event when it is paid), after which the content is the viewer's"`
	QR      *payment.QR          `json:"qr,omitempty" doc:"a qrcode entry: the payment QR dialog's data"`
}

// UnlockReply is the reply of content.unlock.
type UnlockReply struct {
	GqUnlock UnlockResult `json:"gqUnlock"`
}

// Unlock answers content.unlock: one ledger operation (ReasonPurchase)
// under persistence.UnlockKey moves the price from the viewer to the
// site's revenue (an article) or the author (a topic, an answer); the
// operation is the unlock, so a retry pays nothing more. A qrcode entry is
// paid through the wallet's payment provider instead: the reply carries a
// pending payment and its QR, and the wallet applies the same operation
// when the provider confirms the payment (see souk/app/internal/payment).
func (s *Service) Unlock(ctx context.Context, in UnlockInput) (UnlockReply, error) {
	var reply UnlockReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	viewer := action.RequestFrom(ctx).Viewer
	id := int64(in.TargetID)
	access, err := s.access(ctx, viewer, in.TargetType, id)
	if err != nil {
		return reply, err
	}
	if access.Read {
		return reply, ErrNotForSale
	}
	var role *gate.Role
	for i, r := range access.Roles {
		asset, _ := r.Price()
		if r.Priced() && (in.Type == "" || in.Type == r.Type) && (in.Asset == "" || in.Asset == asset) {
			role = &access.Roles[i]
			break
		}
	}
	if role == nil {
		return reply, ErrNotForSale
	}
	asset, amount := role.Price()
	payee := access.AuthorID
	if in.TargetType == persistence.TargetArticle || payee == 0 {
		payee = persistence.AccountRevenue
	}
	if role.Type == gate.QRCode {
		return s.startUnlock(ctx, payment.Unlock{UserID: viewer.UserID, TargetType: in.TargetType, TargetID: id,
			PayeeID: payee, Asset: asset, Amount: amount})
	}
	ref := in.TargetType + ":" + strconv.FormatInt(id, 10)
	_, err = s.ledger.Apply(ctx, persistence.WalletOp{
		IdemKey: persistence.UnlockKey(viewer.UserID, in.TargetType, id), UserID: viewer.UserID,
		Reason: persistence.ReasonPurchase, Ref: ref, Memo: "unlock " + ref,
		Postings: []persistence.Posting{
			{UserID: viewer.UserID, Asset: asset, Amount: -amount},
			{UserID: payee, Asset: asset, Amount: amount},
		},
		At: persistence.Millis(s.now()),
	})
	switch {
	case errors.Is(err, persistence.ErrInsufficientFunds):
		return reply, ErrFunds
	case errors.Is(err, persistence.ErrIdemMismatch):
		// Bought before at another price: the content is the viewer's.
	case err != nil:
		return reply, err
	}
	reply.GqUnlock = UnlockResult{Success: true, Asset: asset, Amount: amount}
	return reply, nil
}

// startUnlock makes the provider payment of a qrcode entry.
func (s *Service) startUnlock(ctx context.Context, in payment.Unlock) (UnlockReply, error) {
	if s.payments == nil {
		return UnlockReply{}, ErrNoProvider
	}
	started, err := s.payments.StartUnlock(ctx, in)
	if err != nil {
		return UnlockReply{}, err
	}
	return UnlockReply{GqUnlock: UnlockResult{Asset: in.Asset, Amount: in.Amount, Payment: &started.Payment,
		QR: &started.QR}}, nil
}
