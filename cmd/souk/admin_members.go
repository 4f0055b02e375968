package main

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	"souk/app/action"
	"souk/app/admin"
	"souk/app/wallet"
	"souk/cluster"
	"souk/persistence"
	"souk/transport/realtime"
)

// newAdminMembers builds the members' administration: sessions end through
// auth, rights changes go through the rights events (marked, then the
// viewer event), balances and ledgers are read through the wallet.
func newAdminMembers(d deps, s *services, events rightsEvents) *admin.Members {
	cfg := admin.MembersConfig{DB: d.db, Sessions: s.sessions, Rights: events}
	if s.wallet != nil {
		cfg.Wallets = adminWallets{db: d.db, wallet: s.wallet}
	}
	return admin.NewMembers(cfg)
}

// adminWallets reads a member's balances for the console through the
// wallet, as the member sees them, in the site's currency order.
type adminWallets struct {
	db     *persistence.DB
	wallet *wallet.Service
}

func (w adminWallets) Balances(ctx context.Context, userID int64) (admin.MemberWallet, error) {
	out := admin.MemberWallet{Balances: []admin.MemberBalance{}}
	req := action.RequestFrom(ctx)
	asMember := action.WithRequest(ctx, &action.Request{Action: req.Action, Lang: req.Lang, Currency: req.Currency,
		RequestID: req.RequestID, Viewer: action.Viewer{UserID: userID}})
	got, err := w.wallet.Get(asMember, wallet.GetInput{})
	if err != nil {
		return out, err
	}
	currencies, err := w.db.Currencies().List(ctx)
	if err != nil {
		return out, fmt.Errorf("currencies: %w", err)
	}
	for _, c := range currencies {
		if amount, ok := got.Wallet.Money[c.Code]; ok {
			out.Balances = append(out.Balances, admin.MemberBalance{Currency: c.Code, Amount: amount})
		}
	}
	out.Credit = got.Wallet.Credit
	return out, nil
}

// revokeSubject is the bus subject an operator's ban or session revocation
// is told on: every node reads the ended sessions and closes their
// sockets at once, instead of within auth.RevocationPoll.
const revokeSubject = "admin.revoke"

// listenRevocations subscribes the node to revokeSubject and makes the
// members' administration publish on it. The returned function
// unsubscribes.
func (s *services) listenRevocations(bus *cluster.Bus, sockets *realtime.Realtime) (func(), error) {
	subject := bus.Subject(revokeSubject)
	unsubscribe, err := bus.Subscribe(subject, func(data []byte) {
		ctx := context.Background()
		if err := s.sessions.RefreshRevocations(ctx); err != nil {
			slog.Warn("admin: read ended sessions", "member", string(data), "error", err)
			return
		}
		sockets.SweepNow()
	})
	if err != nil {
		return nil, err
	}
	s.members.SetRevocationBroadcast(func(ctx context.Context, userID int64) error {
		return bus.Publish(subject, []byte(strconv.FormatInt(userID, 10)))
	})
	return unsubscribe, nil
}
