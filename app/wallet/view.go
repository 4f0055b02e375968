package wallet

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"souk/app/member"
	"souk/persistence"
)

// WalletView is a member's balances as the client reads them.
type WalletView struct {
	Money  map[string]string `json:"money" doc:"balance per site currency code, with exactly its decimals (\"12.30\"); every site currency is present"`
	Credit int64             `json:"credit" doc:"credit balance"`
}

// assets returns the site's currencies in their order.
func (s *Service) assets(ctx context.Context) ([]Asset, error) {
	list, err := s.db.Currencies().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("wallet: currencies: %w", err)
	}
	out := make([]Asset, 0, len(list))
	for _, c := range list {
		out = append(out, moneyAsset(c))
	}
	return out, nil
}

// asset returns the asset of code: a site currency, or credit when
// withCredit; anything else is ErrCurrency.
func (s *Service) asset(ctx context.Context, code string, withCredit bool) (Asset, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == persistence.AssetCredit {
		if withCredit {
			return creditAsset, nil
		}
		return Asset{}, ErrCurrency
	}
	list, err := s.assets(ctx)
	if err != nil {
		return Asset{}, err
	}
	for _, a := range list {
		if a.Code == code {
			return a, nil
		}
	}
	return Asset{}, ErrCurrency
}

// assetsByCode is every asset (the site's currencies and credit) by code.
func (s *Service) assetsByCode(ctx context.Context) (map[string]Asset, error) {
	list, err := s.assets(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Asset, len(list)+1)
	for _, a := range list {
		out[a.Code] = a
	}
	out[creditAsset.Code] = creditAsset
	return out, nil
}

// view returns a member's balances.
func (s *Service) view(ctx context.Context, userID int64) (WalletView, error) {
	balances, err := s.db.Wallets().Balances(ctx, userID)
	if err != nil {
		return WalletView{}, fmt.Errorf("wallet: balances: %w", err)
	}
	assets, err := s.assets(ctx)
	if err != nil {
		return WalletView{}, err
	}
	v := WalletView{Money: make(map[string]string, len(assets)), Credit: balances[persistence.AssetCredit]}
	for _, a := range assets {
		v.Money[a.Code] = a.Format(balances[a.Code])
	}
	return v, nil
}

// Websocket actions of the live events.
const (
	// EventWallet carries a member's balances after a change.
	EventWallet = "wallet"
	// EventViewer tells a member's clients that their rights changed.
	EventViewer = "viewer"
)

// Reasons of a viewer event.
const (
	ViewerMembership = "membership"
	ViewerLevel      = "level"
)

// ViewerEvent is the data of the viewer event.
type ViewerEvent struct {
	Reason string `json:"reason" doc:"membership (a VIP tier bought or ended) or level (a level up)"`
}

// changed pushes, after an applied operation, a wallet event to every
// member it touched and, for each of viewers, a viewer event with reason.
// A replayed operation changed nothing and pushes nothing. Failures are
// logged: the balances are stored, and a client reads them when it reloads.
func (s *Service) changed(ctx context.Context, res persistence.WalletResult, reason string, viewers ...int64) {
	if s.sessions == nil || res.Replayed {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deliverTimeout)
	defer cancel()
	op := member.FormatID(res.OpID)
	for _, id := range res.Members {
		v, err := s.view(ctx, id)
		if err != nil {
			s.log.Warn("wallet: balances for the wallet event", "user", id, "error", err)
			continue
		}
		s.deliver(ctx, id, "wallet:"+op+":"+member.FormatID(id), EventWallet, v)
	}
	for _, id := range viewers {
		s.deliver(ctx, id, "viewer:"+op+":"+member.FormatID(id), EventViewer, ViewerEvent{Reason: reason})
	}
}

func (s *Service) deliver(ctx context.Context, userID int64, idemKey, event string, data any) {
	b, err := json.Marshal(data)
	if err == nil {
		_, err = s.sessions.Deliver(ctx, userID, idemKey, event, b)
	}
	if err != nil {
		s.log.Warn("wallet: deliver an event", "user", userID, "action", event, "error", err)
	}
}
