package main

import (
	"context"
	"log/slog"
	"strconv"

	"souk/app/admin"
	"souk/cluster"
	"souk/transport/realtime"
)

// newAdminMembers builds the members' administration: sessions end through
// auth, rights changes go through the rights events (marked, then the
// viewer event), balances and ledgers are read through the wallet.
func newAdminMembers(d deps, s *services, events rightsEvents) *admin.Members {
	cfg := admin.MembersConfig{DB: d.db, Sessions: s.sessions, Rights: events}
	if s.wallet != nil {
		cfg.Wallets = s.wallet
	}
	return admin.NewMembers(cfg)
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
