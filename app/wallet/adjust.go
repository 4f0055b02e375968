package wallet

import (
	"context"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// MaxMemoRunes bounds an adjustment's memo.
const MaxMemoRunes = 200

// AdjustInput changes a member's balance by hand.
type AdjustInput struct {
	UserID   action.ID `json:"userId" doc:"the member"`
	Currency string    `json:"currency" doc:"a site currency code, or CREDIT"`
	Amount   Amount    `json:"amount" doc:"signed decimal text: positive adds, negative removes (not below zero)"`
	Memo     string    `json:"memo" doc:"why, up to 200 characters of plain text; the member sees it in their history"`
	IdemKey  string    `json:"idemKey" doc:"8-100 characters of [A-Za-z0-9:_-], one per adjustment"`
}

// Validate checks what needs no database.
func (in *AdjustInput) Validate() error {
	in.Memo = member.PlainText(in.Memo, false)
	switch {
	case in.UserID <= 0:
		return action.Required("userId")
	case in.Currency == "":
		return action.Required("currency")
	case utf8.RuneCountInString(in.Memo) > MaxMemoRunes:
		return action.BadField("memo")
	}
	return checkIdemKey(in.IdemKey)
}

// AdjustReply is the reply of admin.walletAdjust.
type AdjustReply struct {
	Wallet WalletView `json:"wallet" doc:"the member's balances after"`
}

// Adjust answers admin.walletAdjust: the amount moves between the world
// outside and the member.
func (s *Service) Adjust(ctx context.Context, in AdjustInput) (AdjustReply, error) {
	adminID := action.RequestFrom(ctx).Viewer.UserID
	a, err := s.asset(ctx, in.Currency, true)
	if err != nil {
		return AdjustReply{}, err
	}
	amount, err := a.Parse(string(in.Amount), true)
	if err != nil {
		return AdjustReply{}, err
	}
	u, err := s.user(ctx, int64(in.UserID))
	if err != nil {
		return AdjustReply{}, err
	}
	op := persistence.WalletOp{
		IdemKey: "adjust:" + member.IdemKey(adminID, in.IdemKey), UserID: u.ID, Reason: persistence.ReasonAdjust,
		Ref: "admin:" + member.FormatID(adminID), Memo: in.Memo, At: s.now().UnixMilli(),
		Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: a.Code, Amount: -amount},
			{UserID: u.ID, Asset: a.Code, Amount: amount},
		},
	}
	res, err := s.apply(ctx, op, a.Code)
	if err != nil {
		return AdjustReply{}, err
	}
	s.changed(ctx, res, "")
	v, err := s.view(ctx, u.ID)
	return AdjustReply{Wallet: v}, err
}
