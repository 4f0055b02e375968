package community

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// NodeView is a node as the client reads it (SPEC.md §3 "Node").
type NodeView struct {
	ID         string `json:"id"`
	DatabaseID string `json:"databaseId"`
	GqSlug     string `json:"gqSlug" doc:"the node's URL segment: /community-archive/{gqSlug}-{databaseId}"`
	Thumb      string `json:"thumb"`
	Count      int64  `json:"count" doc:"the node's topics"`
	// CommunityCatMetas is the node's meta.
	CommunityCatMetas CatMeta `json:"communityCatMetas"`
}

// CatMeta is a node's meta (SPEC.md §3 "Community category meta").
type CatMeta struct {
	Name        map[string]string `json:"name" doc:"per language code"`
	Description map[string]string `json:"description" doc:"per language code"`
	IsJoin      bool              `json:"isJoin" doc:"the viewer joined the node"`
	MemberCount int64             `json:"memberCount"`
	Admin       []member.Summary  `json:"admin"`
	Settings    NodeSettings      `json:"settings"`
}

// NodeSettings are a node's settings.
type NodeSettings struct {
	NodeType string   `json:"nodeType"`
	JoinRole JoinRole `json:"joinRole"`
}

// JoinRole is how a member joins a node.
type JoinRole struct {
	Type string `json:"type" doc:"free, money, level or other (the admins add members)"`
	// Value is the price or the level key.
	Value    string   `json:"value" doc:"money: the price as decimal text; level: the level key; otherwise empty"`
	Currency string   `json:"currency,omitempty" doc:"money: the price's currency code or CREDIT"`
	Pay      *JoinPay `json:"pay,omitempty" doc:"money: the price again, where the client reads it"`
}

// JoinPay is a paid node's price.
type JoinPay struct {
	Value    string `json:"value"`
	Currency string `json:"currency"`
}

// nodeViews builds the client's views of nodes for the viewer.
func (s *Service) nodeViews(ctx context.Context, nodes []persistence.Node) ([]NodeView, error) {
	viewer := action.RequestFrom(ctx).Viewer.UserID
	ids := make([]int64, len(nodes))
	var admins []int64
	for i, n := range nodes {
		ids[i] = n.ID
		admins = append(admins, n.Admins...)
	}
	joined, err := s.db.Community().JoinedOf(ctx, viewer, ids)
	if err != nil {
		return nil, fmt.Errorf("community: %w", err)
	}
	people, err := member.Summaries(ctx, s.db, admins...)
	if err != nil {
		return nil, err
	}
	out := make([]NodeView, len(nodes))
	for i, n := range nodes {
		id := member.FormatID(n.ID)
		role := JoinRole{Type: n.JoinType}
		switch n.JoinType {
		case persistence.JoinMoney:
			a := s.assetByCode(ctx, n.JoinAsset)
			role.Value, role.Currency = a.format(n.JoinAmount), n.JoinAsset
			role.Pay = &JoinPay{Value: role.Value, Currency: n.JoinAsset}
		case persistence.JoinLevel:
			role.Value = n.JoinLevel
		}
		meta := CatMeta{Name: n.Names, Description: n.Descriptions, IsJoin: joined[n.ID], MemberCount: n.MemberCount,
			Admin: make([]member.Summary, 0, len(n.Admins)), Settings: NodeSettings{NodeType: n.NodeType, JoinRole: role}}
		for _, a := range n.Admins {
			meta.Admin = append(meta.Admin, people[a])
		}
		out[i] = NodeView{ID: id, DatabaseID: id, GqSlug: n.Slug, Thumb: n.Thumb, Count: n.TopicCount,
			CommunityCatMetas: meta}
	}
	return out, nil
}

// nodeView is the view of one node.
func (s *Service) nodeView(ctx context.Context, n persistence.Node) (NodeView, error) {
	views, err := s.nodeViews(ctx, []persistence.Node{n})
	if err != nil {
		return NodeView{}, err
	}
	return views[0], nil
}

// PageInfo is a Relay page's info.
type PageInfo struct {
	EndCursor   string `json:"endCursor"`
	HasNextPage bool   `json:"hasNextPage"`
}
