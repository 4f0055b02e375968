package main

import (
	"encoding/base64"
	"flag"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"souk/cluster"
)

// ClusterFlags are the flags of the cluster member and the NATS bus. Their
// zero values start a single node with NATS in the process.
type ClusterFlags struct {
	// NodeID numbers the node 1..1023 (ids it generates stay unique across
	// the cluster) and names it node-<id>; 0 picks a random number.
	NodeID int
	// Name separates clusters sharing a network or a NATS server.
	Name string
	// Gossip is the memberlist bind address; empty: loopback, random port.
	Gossip string
	// Advertise is the host other nodes reach this one at.
	Advertise string
	// Join lists seed gossip addresses, comma-separated.
	Join string
	// GossipKey is the base64 gossip encryption key (16, 24 or 32 bytes).
	GossipKey string
	// Remote is the actor remoting (gRPC) bind address.
	Remote string
	// NATS is an external NATS URL list; empty embeds a server.
	NATS string
	// NATSListen is the embedded server's client address.
	NATSListen string
	// NATSCluster is the embedded server's route address.
	NATSCluster string
}

func (c *ClusterFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&c.NodeID, "node-id", c.NodeID, "this node's number 1-1023, unique in the cluster (ids and the node name node-<id>); 0: random (env SOUK_NODE_ID)")
	fs.StringVar(&c.Name, "cluster-name", "souk", "cluster name; prefixes every NATS subject, so clusters can share a NATS server (env SOUK_CLUSTER_NAME)")
	fs.StringVar(&c.Gossip, "gossip", c.Gossip, "memberlist gossip bind address host:port; empty: a single node on loopback (env SOUK_GOSSIP)")
	fs.StringVar(&c.Advertise, "advertise", c.Advertise, "host other nodes reach this node at, when --gossip or --remote binds all interfaces (env SOUK_ADVERTISE)")
	fs.StringVar(&c.Join, "join", c.Join, "gossip addresses of nodes to join, host:port[,host:port] (env SOUK_JOIN)")
	fs.StringVar(&c.GossipKey, "gossip-key", c.GossipKey, "base64 key of 16, 24 or 32 bytes that encrypts gossip; the same on every node (env SOUK_GOSSIP_KEY)")
	fs.StringVar(&c.Remote, "remote", c.Remote, "actor remoting (gRPC) bind address host:port; empty: the gossip host on a random port (env SOUK_REMOTE)")
	fs.StringVar(&c.NATS, "nats", c.NATS, "external NATS server or cluster, nats://host:port[,nats://…]; empty: NATS embedded in the process (env SOUK_NATS)")
	fs.StringVar(&c.NATSListen, "nats-listen", c.NATSListen, "client address host:port of the embedded NATS server; empty: none for a single node, a random loopback port in a cluster (env SOUK_NATS_LISTEN)")
	fs.StringVar(&c.NATSCluster, "nats-cluster", c.NATSCluster, "route address host:port of the embedded NATS server, which routes to the other nodes' servers; empty: the gossip host on a random port (env SOUK_NATS_CLUSTER)")
}

var clusterNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (c ClusterFlags) validate() error {
	if c.NodeID < 0 || c.NodeID > 1023 {
		return &configError{"node-id", strconv.Itoa(c.NodeID), "want 1 to 1023, or 0 for a random number"}
	}
	if c.Name != "" && !clusterNamePattern.MatchString(c.Name) {
		return &configError{"cluster-name", c.Name, "want 1-64 letters, digits, '-' or '_'"}
	}
	for _, f := range []struct{ flag, value string }{
		{"gossip", c.Gossip}, {"remote", c.Remote}, {"nats-listen", c.NATSListen}, {"nats-cluster", c.NATSCluster},
	} {
		if f.value != "" && !isHostPort(f.value) {
			return &configError{f.flag, f.value, "want host:port, e.g. 127.0.0.1:7946 (port 0: a free port)"}
		}
	}
	if c.Advertise != "" && (strings.ContainsAny(c.Advertise, ":/ ") && net.ParseIP(c.Advertise) == nil) {
		return &configError{"advertise", c.Advertise, "want a host name or an IP address, without a port"}
	}
	for _, seed := range c.joinList() {
		if !isHostPort(seed) {
			return &configError{"join", c.Join, "want host:port[,host:port], e.g. 127.0.0.1:7946"}
		}
	}
	if c.Join != "" && c.Gossip == "" {
		return &configError{"join", c.Join, "set --gossip too: a node that joins others must be reachable"}
	}
	if c.GossipKey != "" {
		if _, err := c.gossipKey(); err != nil {
			return &configError{"gossip-key", "(hidden)", "want base64 of 16, 24 or 32 bytes, e.g. the output of: head -c 32 /dev/urandom | base64"}
		}
	}
	if c.NATS != "" {
		for _, raw := range strings.Split(c.NATS, ",") {
			u, err := url.Parse(strings.TrimSpace(raw))
			if err != nil || (u.Scheme != "nats" && u.Scheme != "tls") || u.Host == "" {
				return &configError{"nats", redactURL(raw), "want nats://host:port[,nats://host:port], or empty for the embedded server"}
			}
		}
		if c.NATSListen != "" || c.NATSCluster != "" {
			return &configError{"nats", redactURL(c.NATS), "--nats-listen and --nats-cluster configure the embedded server: leave them empty with --nats"}
		}
	}
	return nil
}

func isHostPort(s string) bool {
	host, port, err := net.SplitHostPort(s)
	if err != nil || strings.ContainsAny(host, " /") {
		return false
	}
	n, err := strconv.Atoi(port)
	return err == nil && n >= 0 && n <= 65535
}

func (c ClusterFlags) joinList() []string {
	var seeds []string
	for _, s := range strings.Split(c.Join, ",") {
		if s = strings.TrimSpace(s); s != "" {
			seeds = append(seeds, s)
		}
	}
	return seeds
}

func (c ClusterFlags) gossipKey() ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(c.GossipKey)
	if err != nil {
		return nil, err
	}
	switch len(key) {
	case 16, 24, 32:
		return key, nil
	}
	return nil, fmt.Errorf("gossip key of %d bytes", len(key))
}

// clusterConfig turns the flags into the node's cluster configuration.
func (c ClusterFlags) clusterConfig() cluster.Config {
	key, _ := c.gossipKey()
	name := ""
	if c.NodeID > 0 {
		name = "node-" + strconv.Itoa(c.NodeID)
	}
	return cluster.Config{
		Name:        c.Name,
		NodeName:    name,
		Gossip:      c.Gossip,
		Advertise:   c.Advertise,
		Join:        c.joinList(),
		GossipKey:   key,
		Remote:      c.Remote,
		NATS:        c.NATS,
		NATSListen:  c.NATSListen,
		NATSCluster: c.NATSCluster,
	}
}
