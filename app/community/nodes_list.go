package community

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"souk/persistence"
)

// NodesListInput asks for a page of nodes.
type NodesListInput struct {
	First int    `json:"first,omitempty" doc:"nodes per page, default 20, at most 50"`
	After string `json:"after,omitempty" doc:"the endCursor of the page before"`
}

// NodesListReply is the reply of archive.nodesList.
type NodesListReply struct {
	CommunityCats NodeConnection `json:"communityCats"`
}

// NodeConnection is a Relay page of nodes.
type NodeConnection struct {
	Edges    []NodeEdge `json:"edges"`
	PageInfo PageInfo   `json:"pageInfo"`
}

// NodeEdge is one node of a page.
type NodeEdge struct {
	Cursor string   `json:"cursor"`
	Node   NodeView `json:"node"`
}

// NodesList answers archive.nodesList: the nodes in the site's order.
func (s *Service) NodesList(ctx context.Context, in NodesListInput) (NodesListReply, error) {
	after, ok := parseNodeCursor(in.After)
	if !ok {
		return NodesListReply{}, ErrBadCursor
	}
	first := clampFirst(in.First)
	nodes, err := s.db.Community().Nodes(ctx, persistence.NodeKindNode, after, first+1)
	if err != nil {
		return NodesListReply{}, fmt.Errorf("community: %w", err)
	}
	reply := NodesListReply{CommunityCats: NodeConnection{Edges: []NodeEdge{}}}
	if len(nodes) > first {
		nodes, reply.CommunityCats.PageInfo.HasNextPage = nodes[:first], true
	}
	views, err := s.nodeViews(ctx, nodes)
	if err != nil {
		return NodesListReply{}, err
	}
	for i, n := range nodes {
		cursor := nodeCursor(n)
		reply.CommunityCats.Edges = append(reply.CommunityCats.Edges, NodeEdge{Cursor: cursor, Node: views[i]})
		reply.CommunityCats.PageInfo.EndCursor = cursor
	}
	return reply, nil
}

// nodeCursor is where the page after n starts: "{position}.{id}".
func nodeCursor(n persistence.Node) string {
	return strconv.FormatInt(n.Position, 10) + "." + strconv.FormatInt(n.ID, 10)
}

// parseNodeCursor reads a nodeCursor; "" is the first page.
func parseNodeCursor(s string) (persistence.NodeCursor, bool) {
	if s == "" {
		return persistence.NodeCursor{}, true
	}
	pos, id, found := strings.Cut(s, ".")
	p, err1 := strconv.ParseInt(pos, 10, 64)
	n, err2 := strconv.ParseInt(id, 10, 64)
	if !found || err1 != nil || err2 != nil || n <= 0 {
		return persistence.NodeCursor{}, false
	}
	return persistence.NodeCursor{Position: p, ID: n}, true
}
