package coupon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"souk/app/internal/coupons"

	"souk/app/action"
	"souk/app/internal/money"
	"souk/persistence"
)

// RedeemReply is the reply of account.couponRedeem.
type RedeemReply struct {
	Coupon CouponView `json:"coupon" doc:"the coupon, now used"`
	// Wallet is what reached the wallet, for money and credit coupons.
	Wallet *Redeemed `json:"wallet,omitempty" doc:"what was paid into the wallet; absent for level, custom and none"`
	Level  string    `json:"level,omitempty" doc:"the growth level key the member holds after a level coupon"`
}

// Redeemed is what a coupon paid into the wallet.
type Redeemed struct {
	Amount  Money  `json:"amount" doc:"what was added"`
	Balance string `json:"balance" doc:"the balance of the asset after, decimal text"`
}

// viewerEvent is account's event that the viewer's rights changed (a level
// reached); its data's reason is level.
const viewerEvent = "viewer"

// Redeem answers account.couponRedeem: an exchange coupon of the viewer's,
// unused and unexpired, is marked used in the same transaction as what it
// pays: money or credit from the site's revenue into the wallet (one
// ledger operation under the coupon's own key, so exactly once), or the
// growth points (and level) of its level; custom and none coupons are only
// marked used.
func (s *Service) Redeem(ctx context.Context, in CodeInput) (RedeemReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	c, err := s.own(ctx, in.CouponCode)
	if err != nil {
		return RedeemReply{}, err
	}
	u, err := s.db.Users().Get(ctx, viewer.UserID)
	if err != nil {
		return RedeemReply{}, fmt.Errorf("coupon: redeem: %w", err)
	}
	if err := coupons.Usable(c, viewer.UserID, u.LevelKey, s.now()); err != nil {
		return RedeemReply{}, err
	}
	if c.Type != persistence.CouponExchange {
		return RedeemReply{}, action.Errorf(http.StatusBadRequest, "coupon.error.notExchange")
	}
	now := persistence.Millis(s.now())
	var op *persistence.WalletOp
	var level *persistence.CouponLevel
	switch c.RedeemType {
	case RedeemMoney, RedeemCredit:
		if c.RedeemAmount <= 0 || c.RedeemAsset == "" {
			return RedeemReply{}, action.Errorf(http.StatusBadRequest, "coupon.error.invalid")
		}
		op = &persistence.WalletOp{IdemKey: persistence.CouponRedeemKey(c.Code), UserID: viewer.UserID,
			Reason: persistence.ReasonCoupon, Ref: c.Code, At: now, Postings: []persistence.Posting{
				{UserID: persistence.AccountRevenue, Asset: c.RedeemAsset, Amount: -c.RedeemAmount},
				{UserID: viewer.UserID, Asset: c.RedeemAsset, Amount: c.RedeemAmount},
			}}
	case RedeemLevel:
		if level, err = s.levelGrant(ctx, u, c.RedeemLevel); err != nil {
			return RedeemReply{}, err
		}
	}
	used, res, err := s.db.Coupons().Redeem(ctx, c.Code, viewer.UserID, now, op, level)
	if errors.Is(err, persistence.ErrConflict) {
		return RedeemReply{}, action.Errorf(http.StatusConflict, "coupon.error.used")
	}
	if err != nil {
		return RedeemReply{}, fmt.Errorf("coupon: redeem: %w", err)
	}
	v, err := s.viewer(ctx)
	if err != nil {
		return RedeemReply{}, err
	}
	view, err := v.view(ctx, used)
	if err != nil {
		return RedeemReply{}, err
	}
	reply := RedeemReply{Coupon: view}
	if op != nil {
		if s.balances != nil && !res.Replayed {
			s.balances.Changed(ctx, res)
		}
		balances, err := s.db.Wallets().Balances(ctx, viewer.UserID)
		if err != nil {
			return RedeemReply{}, fmt.Errorf("coupon: redeem: %w", err)
		}
		d := v.decimals[c.RedeemAsset]
		reply.Wallet = &Redeemed{Amount: Money{Currency: c.RedeemAsset, Amount: money.Format(c.RedeemAmount, d)},
			Balance: money.Format(balances[c.RedeemAsset], d)}
	}
	if level != nil {
		reply.Level = u.LevelKey
		if level.Key != "" {
			reply.Level = level.Key
			s.tellLevel(ctx, viewer.UserID, level.Key)
		}
	}
	return reply, nil
}

// levelGrant is what a level coupon does to u: their points raised to the
// level's threshold, and the level set when it is above the one they hold
// (never down).
func (s *Service) levelGrant(ctx context.Context, u persistence.User, key string) (*persistence.CouponLevel, error) {
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return nil, fmt.Errorf("coupon: levels: %w", err)
	}
	var target, held *persistence.Level
	for i := range levels {
		if levels[i].Key == key {
			target = &levels[i]
		}
		if levels[i].Key == u.LevelKey {
			held = &levels[i]
		}
	}
	if target == nil {
		return nil, action.Errorf(http.StatusBadRequest, "coupon.error.level")
	}
	grant := &persistence.CouponLevel{MinPoints: target.MinPoints}
	if held == nil || target.Rank > held.Rank {
		grant.Key = target.Key
	}
	return grant, nil
}

// tellLevel sends account's viewer event after a level reached, so that
// the member's rights are read again; a failure is only logged.
func (s *Service) tellLevel(ctx context.Context, userID int64, key string) {
	if s.sessions == nil {
		return
	}
	data, _ := json.Marshal(map[string]string{"reason": "level"})
	key = fmt.Sprintf("viewer:level:%d:%s", userID, key)
	if _, err := s.sessions.Deliver(ctx, userID, key, viewerEvent, data); err != nil {
		s.log.Warn("coupon: viewer event", "user", userID, "error", err)
	}
}
