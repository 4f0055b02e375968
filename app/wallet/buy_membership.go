package wallet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// BuyMembershipInput buys a VIP tier.
type BuyMembershipInput struct {
	Tier     string `json:"tier" doc:"the tier's key"`
	Currency string `json:"currency" doc:"a site currency code, or CREDIT"`
	IdemKey  string `json:"idemKey" doc:"8-100 characters of [A-Za-z0-9:_-], one per purchase: a retry with it buys nothing more, another tier or currency with it is refused"`
}

// Validate checks what needs no database.
func (in *BuyMembershipInput) Validate() error {
	if in.Tier == "" {
		return action.Required("tier")
	}
	if in.Currency == "" {
		return action.Required("currency")
	}
	return checkIdemKey(in.IdemKey)
}

// BuyMembershipReply is the reply of wallet.buyMembership.
type BuyMembershipReply struct {
	Wallet     WalletView `json:"wallet"`
	Membership Membership `json:"membership"`
}

// BuyMembership answers wallet.buyMembership.
func (s *Service) BuyMembership(ctx context.Context, in BuyMembershipInput) (BuyMembershipReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	tier, err := s.db.Levels().Get(ctx, persistence.LevelKindVIP, in.Tier)
	if errors.Is(err, persistence.ErrNotFound) {
		return BuyMembershipReply{}, ErrTier
	}
	if err != nil {
		return BuyMembershipReply{}, fmt.Errorf("wallet: tier: %w", err)
	}
	a, err := s.asset(ctx, in.Currency, true)
	if err != nil {
		return BuyMembershipReply{}, err
	}
	price := tier.Prices[a.Code]
	if price <= 0 || tier.DurationDays <= 0 {
		return BuyMembershipReply{}, ErrNoPrice
	}
	op := persistence.WalletOp{
		IdemKey: "membership:" + member.IdemKey(userID, in.IdemKey), UserID: userID, Reason: persistence.ReasonMembership,
		Ref: tier.Key, At: s.now().UnixMilli(),
		Postings: []persistence.Posting{
			{UserID: userID, Asset: a.Code, Amount: -price},
			{UserID: persistence.AccountRevenue, Asset: a.Code, Amount: price},
		},
		Membership: &persistence.MembershipChange{UserID: userID, VIPKey: tier.Key,
			ExtendMillis: (time.Duration(tier.DurationDays) * 24 * time.Hour).Milliseconds()},
	}
	res, err := s.apply(ctx, op, a.Code)
	if err != nil {
		return BuyMembershipReply{}, err
	}
	s.changed(ctx, res, ViewerMembership, userID)
	v, err := s.view(ctx, userID)
	return BuyMembershipReply{Wallet: v, Membership: Membership{Key: tier.Key, ExpiresAt: res.VIPExpiresAt}}, err
}
