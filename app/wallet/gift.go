package wallet

import (
	"context"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// GiftInput gives an amount to another member.
type GiftInput struct {
	ToUserID action.ID `json:"toUserId" doc:"the recipient"`
	Currency string    `json:"currency" doc:"a site currency code, or CREDIT"`
	Amount   Amount    `json:"amount" doc:"decimal text (credit: an integer, text or number), above 0"`
	IdemKey  string    `json:"idemKey" doc:"8-100 characters of [A-Za-z0-9:_-], one per gift"`
}

// Validate checks what needs no database.
func (in *GiftInput) Validate() error {
	if in.ToUserID <= 0 {
		return action.Required("toUserId")
	}
	if in.Currency == "" {
		return action.Required("currency")
	}
	return checkIdemKey(in.IdemKey)
}

// GiftReply is the reply of wallet.gift.
type GiftReply struct {
	Wallet WalletView `json:"wallet" doc:"the giver's balances after"`
}

// Gift answers wallet.gift: one operation debits the giver and credits the
// recipient.
func (s *Service) Gift(ctx context.Context, in GiftInput) (GiftReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	if int64(in.ToUserID) == userID {
		return GiftReply{}, ErrSelf
	}
	a, err := s.asset(ctx, in.Currency, true)
	if err != nil {
		return GiftReply{}, err
	}
	amount, err := a.Parse(string(in.Amount), false)
	if err != nil {
		return GiftReply{}, err
	}
	to, err := s.user(ctx, int64(in.ToUserID))
	if err != nil {
		return GiftReply{}, err
	}
	op := persistence.WalletOp{
		IdemKey: "gift:" + member.IdemKey(userID, in.IdemKey), UserID: userID, Reason: persistence.ReasonGift,
		Ref: member.FormatID(to.ID), At: s.now().UnixMilli(),
		Postings: []persistence.Posting{
			{UserID: userID, Asset: a.Code, Amount: -amount},
			{UserID: to.ID, Asset: a.Code, Amount: amount},
		},
	}
	res, err := s.apply(ctx, op, a.Code)
	if err != nil {
		return GiftReply{}, err
	}
	s.changed(ctx, res, "")
	v, err := s.view(ctx, userID)
	return GiftReply{Wallet: v}, err
}
