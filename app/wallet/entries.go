package wallet

import (
	"context"
	"slices"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Page sizes of wallet.entries.
const (
	DefaultEntries = 20
	MaxEntries     = 50
)

// reasons are the reasons an entries filter may name.
var reasons = []string{
	persistence.ReasonTopUp, persistence.ReasonPurchase, persistence.ReasonMembership, persistence.ReasonBountyEscrow,
	persistence.ReasonBountyAward, persistence.ReasonNodeJoin, persistence.ReasonCoupon, persistence.ReasonRefund,
	persistence.ReasonAdjust, persistence.ReasonGift,
}

// EntriesInput asks for a page of the viewer's ledger history.
type EntriesInput struct {
	Asset  string `json:"asset,omitempty" doc:"only this asset: a site currency code or CREDIT; empty: all"`
	Reason string `json:"reason,omitempty" doc:"only this reason: topup, purchase, membership, bounty_escrow, bounty_award, node_join, coupon, refund, adjust or gift; empty: all"`
	After  string `json:"after,omitempty" doc:"an endCursor: the next (older) page"`
	First  int    `json:"first,omitempty" doc:"page size, 1-50; default 20"`
}

// Validate checks what needs no database.
func (in *EntriesInput) Validate() error {
	if in.Reason != "" && !slices.Contains(reasons, in.Reason) {
		return ErrBadReason
	}
	if in.First < 0 || in.First > MaxEntries {
		return action.BadField("first")
	}
	return nil
}

// Entry is one line of a member's ledger history.
type Entry struct {
	ID           string          `json:"id"`
	Asset        string          `json:"asset" doc:"a currency code or CREDIT"`
	Amount       string          `json:"amount" doc:"signed: \"-12.30\" or \"12.30\" (credit: a signed integer)"`
	BalanceAfter string          `json:"balanceAfter" doc:"the balance of the asset after the entry"`
	Reason       string          `json:"reason"`
	Ref          string          `json:"ref" doc:"what the operation was about: payment:{id}, a tier key, a member id"`
	Memo         string          `json:"memo"`
	Peer         *member.Summary `json:"peer" doc:"the other member of a gift; null otherwise"`
	CreatedAt    int64           `json:"createdAt" doc:"epoch milliseconds"`
}

// PageInfo says where a page ends and whether more follow.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"cursor of the last entry; pass it as after; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// EntriesReply is the reply of wallet.entries.
type EntriesReply struct {
	Entries  []Entry  `json:"entries"`
	PageInfo PageInfo `json:"pageInfo"`
}

// Entries answers wallet.entries.
func (s *Service) Entries(ctx context.Context, in EntriesInput) (EntriesReply, error) {
	reply := EntriesReply{Entries: []Entry{}}
	userID := action.RequestFrom(ctx).Viewer.UserID
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	assets, err := s.assetsByCode(ctx)
	if err != nil {
		return reply, err
	}
	if in.Asset != "" {
		if _, ok := assets[in.Asset]; !ok {
			return reply, ErrCurrency
		}
	}
	first := in.First
	if first == 0 {
		first = DefaultEntries
	}
	list, err := s.db.Wallets().Entries(ctx, userID, persistence.EntryFilter{Asset: in.Asset, Reason: in.Reason, Before: before, Limit: first + 1})
	if err != nil {
		return reply, err
	}
	if reply.PageInfo.HasNextPage = len(list) > first; reply.PageInfo.HasNextPage {
		list = list[:first]
	}
	peers := make([]int64, 0, len(list))
	for _, e := range list {
		peers = append(peers, e.PeerID)
	}
	summaries, err := member.Summaries(ctx, s.db, peers...)
	if err != nil {
		return reply, err
	}
	for _, e := range list {
		a, ok := assets[e.Asset]
		if !ok { // a currency the site no longer has
			a = Asset{Code: e.Asset, Decimals: 2}
		}
		entry := Entry{ID: member.FormatID(e.ID), Asset: e.Asset, Amount: a.Format(e.Amount), BalanceAfter: a.Format(e.BalanceAfter),
			Reason: e.Reason, Ref: e.Ref, Memo: e.Memo, CreatedAt: e.CreatedAt}
		if peer, ok := summaries[e.PeerID]; ok {
			entry.Peer = &peer
		}
		reply.Entries = append(reply.Entries, entry)
	}
	if n := len(reply.Entries); n > 0 {
		reply.PageInfo.EndCursor = reply.Entries[n-1].ID
	}
	return reply, nil
}
