package cluster

import "slices"

// View is what a node sees of the cluster, for operators (souk cluster
// status): the members of its topology, its peers, whether it serves and
// its NATS routes.
type View struct {
	Node     string   `json:"node"`
	MemberID string   `json:"memberId"`
	Members  []string `json:"members"` // member ids of its topology, sorted
	Peers    []string `json:"peers"`   // the other nodes' names as gossip shows them, sorted
	Serving  bool     `json:"serving"`
	Reason   string   `json:"reason,omitempty"` // why it does not serve
	Routes   int      `json:"natsRoutes"`       // -1: an external NATS
	Restarts int64    `json:"memberRestarts"`   // membership restarts under a new id
}

// View returns the node's view of the cluster now.
func (n *Node) View() View {
	v := View{Node: n.name, Routes: n.bus.Routes(), Restarts: n.restarts.Load(), Members: []string{}, Peers: []string{}}
	m := n.member.Load()
	if m != nil {
		v.MemberID = m.system.ID
		for _, mem := range m.cluster.MemberList.Members().Members() {
			v.Members = append(v.Members, mem.Id)
		}
		for _, p := range m.provider.Peers() {
			v.Peers = append(v.Peers, p.Node)
		}
	}
	slices.Sort(v.Members)
	slices.Sort(v.Peers)
	if err := n.Serving(); err != nil {
		v.Reason = err.Error()
	} else {
		v.Serving = true
	}
	return v
}
