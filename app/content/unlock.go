package content

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/persistence"
)

// UnlockInput names gated content to buy.
type UnlockInput struct {
	TargetType string    `json:"targetType" doc:"article, topic or answer"`
	TargetID   action.ID `json:"targetId"`
	Asset      string    `json:"asset,omitempty" doc:"the currency code (or CREDIT) of the entry to pay when the content has several prices; the first priced entry by default"`
}

// Validate checks the input's shape.
func (in *UnlockInput) Validate() error {
	in.Asset = strings.ToUpper(strings.TrimSpace(in.Asset))
	switch {
	case in.TargetType == persistence.TargetComment || !validTargetType(in.TargetType):
		return action.BadField("targetType")
	case in.TargetID <= 0:
		return action.Required("targetId")
	case len(in.Asset) > 16:
		return action.BadField("asset")
	}
	return nil
}

// UnlockResult says the content is the viewer's.
type UnlockResult struct {
	Success bool   `json:"success"`
	Asset   string `json:"asset" doc:"what was paid in"`
	Amount  int64  `json:"amount" doc:"the price paid, in minor units (credits for CREDIT)"`
}

// UnlockReply is the reply of content.unlock.
type UnlockReply struct {
	GqUnlock UnlockResult `json:"gqUnlock"`
}

// Unlock answers content.unlock: one ledger operation (ReasonPurchase)
// under persistence.UnlockKey moves the price from the viewer to the
// site's revenue (an article) or the author (a topic, an answer); the
// operation is the unlock, so a retry pays nothing more.
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
		if asset, _ := r.Price(); r.Priced() && (in.Asset == "" || in.Asset == asset) {
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
