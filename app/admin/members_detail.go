package admin

import (
	"context"
	"fmt"

	"souk/app/member"
	"souk/persistence"
)

// MemberBan is a member's ban as the console shows it.
type MemberBan struct {
	At     int64           `json:"at" doc:"epoch ms"`
	Until  int64           `json:"until" doc:"epoch ms; 0: never ends"`
	Reason string          `json:"reason"`
	By     *MemberBanActor `json:"by" doc:"the administrator who banned; null when none was recorded"`
}

// MemberBanActor is the administrator who banned.
type MemberBanActor struct {
	DatabaseID string `json:"databaseId"`
	Name       string `json:"name"`
}

// MemberSession is one live session of a member.
type MemberSession struct {
	ID         string `json:"id" doc:"the session's id, for admin.revokeSession"`
	CreatedAt  int64  `json:"createdAt" doc:"epoch ms: the sign-in"`
	LastUsedAt int64  `json:"lastUsedAt" doc:"epoch ms: the latest token refresh"`
	ExpiresAt  int64  `json:"expiresAt" doc:"epoch ms: when it ends unless refreshed"`
}

// MemberBalance is a member's balance of one site currency.
type MemberBalance struct {
	Currency string `json:"currency"`
	Amount   string `json:"amount" doc:"decimal text with the currency's decimals"`
}

// MemberWallet is a member's balances.
type MemberWallet struct {
	Balances []MemberBalance `json:"balances" doc:"in the site's currency order"`
	Credit   int64           `json:"credit"`
}

// LevelChoice is a level or VIP tier a picker offers.
type LevelChoice struct {
	Key  string `json:"key"`
	Name string `json:"name" doc:"in the request's language"`
}

// MemberReply is the reply of admin.member.
type MemberReply struct {
	Member      AdminMemberRow  `json:"member"`
	Description string          `json:"description"`
	Ban         *MemberBan      `json:"ban" doc:"the ban in force; null when none"`
	Sessions    []MemberSession `json:"sessions" doc:"live sessions, the most recently used first"`
	Wallet      MemberWallet    `json:"wallet"`
	Levels      []LevelChoice   `json:"levels" doc:"the site's growth levels, lowest first"`
	VIPTiers    []LevelChoice   `json:"vipTiers" doc:"the site's VIP tiers, lowest first"`
}

// Get answers admin.member.
func (m *Members) Get(ctx context.Context, in MemberInput) (MemberReply, error) {
	a, err := m.member(ctx, in.UserID)
	if err != nil {
		return MemberReply{}, err
	}
	names, err := m.levelNames(ctx)
	if err != nil {
		return MemberReply{}, err
	}
	now := m.now()
	reply := MemberReply{Member: names.row(a, now), Description: a.Description, Sessions: []MemberSession{},
		Levels: choices(names.growth, names.lang), VIPTiers: choices(names.vip, names.lang)}
	if a.Ban.InForce(now) {
		reply.Ban = &MemberBan{At: a.Ban.At, Until: a.Ban.Until, Reason: a.Ban.Reason}
		if a.Ban.By != 0 {
			by, err := member.Summaries(ctx, m.cfg.DB, a.Ban.By)
			if err != nil {
				return reply, err
			}
			reply.Ban.By = &MemberBanActor{DatabaseID: by[a.Ban.By].DatabaseID, Name: by[a.Ban.By].Name}
		}
	}
	sessions, err := m.cfg.DB.AdminMembers().LiveSessions(ctx, a.ID, now)
	if err != nil {
		return reply, fmt.Errorf("admin: member sessions: %w", err)
	}
	for _, s := range sessions {
		reply.Sessions = append(reply.Sessions, MemberSession{ID: member.FormatID(s.ID), CreatedAt: s.CreatedAt,
			LastUsedAt: s.LastUsedAt, ExpiresAt: s.ExpiresAt})
	}
	reply.Wallet, err = m.wallet(ctx, a.ID)
	return reply, err
}

func choices(levels []persistence.Level, lang string) []LevelChoice {
	out := make([]LevelChoice, 0, len(levels))
	for _, l := range levels {
		out = append(out, LevelChoice{Key: l.Key, Name: localName(l.Names, lang)})
	}
	return out
}

// wallet is the member's balances in the site's currency order.
func (m *Members) wallet(ctx context.Context, userID int64) (MemberWallet, error) {
	if m.cfg.Wallets == nil {
		return MemberWallet{Balances: []MemberBalance{}}, nil
	}
	w, err := m.cfg.Wallets.Balances(ctx, userID)
	if err != nil {
		return MemberWallet{Balances: []MemberBalance{}}, fmt.Errorf("admin: member wallet: %w", err)
	}
	if w.Balances == nil {
		w.Balances = []MemberBalance{}
	}
	return w, nil
}
