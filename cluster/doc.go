// Package cluster starts a Souk node: a protoactor actor system and cluster
// whose membership comes from hashicorp/memberlist (Provider), and the NATS
// bus that carries fan-out between nodes (Bus).
//
// # Membership
//
// Every node runs memberlist on its gossip address (--gossip) and joins the
// seeds (--join); gossip is encrypted with --gossip-key. Each node's
// memberlist metadata carries its protoactor member id and actor address, so
// the live memberlist nodes are the protoactor topology. memberlist calls
// its delegates under its own locks: they only signal the provider's loop
// goroutine, which alone reads the member list and calls
// MemberList.UpdateClusterTopology.
//
// protoactor blocks a member id for good once it leaves a topology. A node
// that was cut off and comes back is therefore a zombie for the others:
// each peer that blocks it tells it so over memberlist; when more than half
// of the cluster (or exactly half, breaking the tie by id) do, the node
// restarts its membership under a new id (Node.restart). Grains held by the
// old member are activated again from the database wherever they land.
//
// A node is Ready once it sees its own member id in the topology; /readyz
// reports this.
//
// # Ownership
//
// Node.mu serializes start, restart and stop; the current member is an
// atomic pointer read by every call. The Provider's loop goroutine owns the
// topology updates and the NATS route list; Bus is safe for concurrent use.
//
// # NATS subjects
//
// Every subject starts with "souk.<cluster name>" (--cluster-name, default
// "souk"), so clusters can share a NATS server:
//
//	souk.<cluster>.room.<room>   every accepted event of a chat room,
//	                             published once by the room's grain
//	souk.<cluster>.node.<node>   events for users with connections on that
//	                             node, published by their session grains
//
// Room and node names are restricted to letters, digits, '-' and '_' so
// they are single subject tokens.
//
// By default NATS is embedded in the process. A single node talks to it in
// process, without opening a port. In a cluster without --nats, each
// embedded server listens for routes (--nats-cluster, by default the
// gossip host on a random port), advertises the route URL in its memberlist
// metadata, and routes to the servers of the live peers, so the servers
// form one NATS cluster that follows the membership. With --nats, nodes
// connect to that external server or cluster instead.
package cluster
