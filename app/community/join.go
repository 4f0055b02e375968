package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// JoinInput names the node to join.
type JoinInput struct {
	NodeID action.ID `json:"nodeId" doc:"the node's databaseId"`
}

// Validate checks what needs no database.
func (in *JoinInput) Validate() error {
	if in.NodeID <= 0 {
		return action.Required("nodeId")
	}
	return nil
}

// JoinReply is the reply of community.join and community.leave.
type JoinReply struct {
	Node NodeView `json:"node" doc:"the node after, isJoin and memberCount updated"`
}

// Join answers community.join. A paid join is one ledger operation from
// the member to the node's owner (the site's revenue when the site owns
// it) under join:{member}:{node}, applied before the membership is
// written: a retry replays the payment and joins once.
func (s *Service) Join(ctx context.Context, in JoinInput) (JoinReply, error) {
	v := action.RequestFrom(ctx).Viewer
	n, err := s.node(ctx, int64(in.NodeID))
	if err != nil {
		return JoinReply{}, err
	}
	joined, err := s.db.Community().IsMember(ctx, n.ID, v.UserID)
	if err != nil {
		return JoinReply{}, fmt.Errorf("community: %w", err)
	}
	if !joined {
		if err := s.admit(ctx, v, n); err != nil {
			return JoinReply{}, err
		}
		if _, err := s.db.Community().Join(ctx, n.ID, v.UserID, s.now().UnixMilli()); err != nil {
			return JoinReply{}, fmt.Errorf("community: %w", err)
		}
	}
	return s.joinReply(ctx, n.ID)
}

// admit checks the node's join rule for the member, and takes a paid
// node's price.
func (s *Service) admit(ctx context.Context, v action.Viewer, n persistence.Node) error {
	if isNodeAdmin(n, v.UserID) {
		return nil
	}
	switch n.JoinType {
	case persistence.JoinFree, "":
		return nil
	case persistence.JoinLevel:
		u, err := s.db.Users().Get(ctx, v.UserID)
		if err != nil {
			return fmt.Errorf("community: viewer: %w", err)
		}
		ok, err := s.levelAtLeast(ctx, u.LevelKey, n.JoinLevel)
		if err != nil || ok {
			return err
		}
		name := n.JoinLevel
		if l, err := s.db.Levels().Get(ctx, persistence.LevelKindGrowth, n.JoinLevel); err == nil {
			name = localized(l.Names, action.RequestFrom(ctx).Lang)
		}
		return ErrLevel(name)
	case persistence.JoinMoney:
		to := n.OwnerID
		if to == 0 {
			to = persistence.AccountRevenue
		}
		op := persistence.WalletOp{
			IdemKey: "join:" + member.FormatID(v.UserID) + ":" + member.FormatID(n.ID), UserID: v.UserID,
			Reason: persistence.ReasonNodeJoin, Ref: member.FormatID(n.ID), At: s.now().UnixMilli(),
			Postings: []persistence.Posting{
				{UserID: v.UserID, Asset: n.JoinAsset, Amount: -n.JoinAmount},
				{UserID: to, Asset: n.JoinAsset, Amount: n.JoinAmount},
			},
		}
		_, err := s.apply(ctx, op, n.JoinAsset)
		return err
	}
	return ErrJoinClosed
}

// joinReply is the node as the viewer now sees it.
func (s *Service) joinReply(ctx context.Context, nodeID int64) (JoinReply, error) {
	n, err := s.node(ctx, nodeID)
	if err != nil {
		return JoinReply{}, err
	}
	view, err := s.nodeView(ctx, n)
	return JoinReply{Node: view}, err
}

// localized is names in lang, or in the default language.
func localized(names map[string]string, lang string) string {
	if n := names[lang]; n != "" {
		return n
	}
	return names[action.DefaultLang]
}
