// Package ops answers operators' questions about the running cluster:
// admin.clusterStatus gathers every node's own view (its topology, its
// peers, whether it serves, the grains it hosts, its websockets and NATS
// routes) and says whether the views agree. cmd/souk's `souk cluster
// status` prints it.
package ops

import (
	"context"
	"slices"
	"strconv"
	"time"

	"souk/app/action"
)

// gatherWait is how long the action waits for the nodes' answers.
const gatherWait = 700 * time.Millisecond

// NodeStatus is one node's view of the cluster.
type NodeStatus struct {
	Node       string         `json:"node" doc:"the node's name (node-<id>)"`
	MemberID   string         `json:"memberId" doc:"its current cluster member id"`
	Serving    bool           `json:"serving" doc:"it takes traffic: /readyz answers 200"`
	Reason     string         `json:"reason,omitempty" doc:"why it does not serve"`
	Members    []string       `json:"members" doc:"the member ids of its topology, sorted"`
	Peers      []string       `json:"peers" doc:"the other nodes it sees through gossip, sorted"`
	Grains     map[string]int `json:"grains" doc:"grains active on it by kind: room, session, wallet, upload"`
	Websockets int64          `json:"websockets" doc:"its open websocket connections"`
	NATSRoutes int            `json:"natsRoutes" doc:"its embedded NATS server's routes to the others; -1 with an external NATS"`
	Restarts   int64          `json:"memberRestarts" doc:"times its membership restarted under a new id"`
	// ChatPerSecond and DeliveriesPerSecond are rates over the last
	// RateWindow (Rates); zero on a node just started.
	ChatPerSecond       float64 `json:"chatPerSecond" doc:"chat messages its room grains accepted per second, over the last few seconds"`
	DeliveriesPerSecond float64 `json:"deliveriesPerSecond" doc:"websocket frames it wrote per second, over the last few seconds"`
	DB                  DBPool  `json:"db" doc:"its database connections now"`
	Version             string  `json:"version" doc:"the build it runs"`
	StartedAt           int64   `json:"startedAt" doc:"epoch ms"`
	RespondedAt         int64   `json:"respondedAt" doc:"epoch ms"`
}

// DBPool is a node's database connections (sql.DB.Stats of its pools,
// added together).
type DBPool struct {
	Open    int `json:"open" doc:"connections open, in use or idle"`
	InUse   int `json:"inUse" doc:"connections running a query or a transaction"`
	Idle    int `json:"idle" doc:"connections open and waiting"`
	MaxOpen int `json:"maxOpen" doc:"the bound of open connections (0: none)"`
}

// Cluster gathers the nodes' views (cmd/souk implements it over the bus).
type Cluster interface {
	// Views returns the views of the nodes that answer within ctx.
	Views(ctx context.Context) ([]NodeStatus, error)
}

// Service answers the operators' actions.
type Service struct{ cluster Cluster }

// New returns the ops service.
func New(c Cluster) *Service { return &Service{cluster: c} }

// Register adds the operators' actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "admin.clusterStatus",
		Summary: "Every node's own view of the cluster (members, peers, serving or why not, grains by kind, websockets, " +
			"chat messages and deliveries per second, database connections, NATS routes), gathered over the bus for 0.7 s, and whether the views agree. `souk cluster status` prints it.",
		Access: action.Admin,
	}, s.ClusterStatus)
}

// ClusterStatusReply is admin.clusterStatus's answer.
type ClusterStatusReply struct {
	Nodes  []NodeStatus `json:"nodes" doc:"the nodes that answered, by name"`
	Agree  bool         `json:"agree" doc:"every node that answered serves and sees the same members, which are all the nodes that answered"`
	Issues []string     `json:"issues" doc:"what disagrees, in English for the operator's terminal"`
}

// ClusterStatus gathers the views.
func (s *Service) ClusterStatus(ctx context.Context, _ struct{}) (ClusterStatusReply, error) {
	ctx, cancel := context.WithTimeout(ctx, gatherWait)
	defer cancel()
	nodes, err := s.cluster.Views(ctx)
	if err != nil {
		return ClusterStatusReply{}, err
	}
	slices.SortFunc(nodes, func(a, b NodeStatus) int {
		switch {
		case a.Node < b.Node:
			return -1
		case a.Node > b.Node:
			return 1
		}
		return 0
	})
	issues := Compare(nodes)
	return ClusterStatusReply{Nodes: nodes, Agree: len(issues) == 0, Issues: issues}, nil
}

// Compare lists where the views disagree: a node that does not serve, a
// node whose topology is not exactly the answering nodes' member ids.
func Compare(nodes []NodeStatus) []string {
	issues := []string{}
	var all []string
	for _, n := range nodes {
		all = append(all, n.MemberID)
	}
	slices.Sort(all)
	for _, n := range nodes {
		if !n.Serving {
			issues = append(issues, n.Node+" does not serve: "+n.Reason)
		}
		if !slices.Equal(n.Members, all) {
			issues = append(issues, n.Node+" sees "+strconv.Itoa(len(n.Members))+" members, "+strconv.Itoa(len(all))+" nodes answered")
		}
	}
	return issues
}
