package cluster

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
)

// Grain requests are routed here rather than through protoactor's
// Cluster.Request, whose PID cache is only cleared when a member leaves:
// when a member joins, the grains that move to it are stopped by their old
// owner, and a request already queued behind that stop is dropped without
// an answer (the caller waited for the whole timeout), while a cached PID
// keeps pointing at the stopped activation until a dead letter comes back.
//
// The router keeps its own view of the owners, updated from the topology
// event as soon as it arrives: a cached PID whose owner changed is dropped,
// an activation is asked of the owner's placement actor directly (not of
// disthash's view, which is updated after ours), and a request in flight to
// a grain that moved is abandoned at once with ErrMoved so that the caller
// sends it again, to the new owner, without waiting for its timeout.

var (
	// ErrMoved is returned when the grain's owner changed while the
	// request was in flight: the request may or may not have been handled,
	// and can be sent again (grain commands are idempotent) at once.
	ErrMoved = errors.New("cluster: the grain moved to another member")
	// ErrNoActivation is returned when the owner could not activate the grain.
	ErrNoActivation = errors.New("cluster: the grain could not be activated")
)

// router routes grain requests of one member incarnation.
type router struct {
	system *actor.ActorSystem

	mu      sync.RWMutex
	rdv     *pcluster.Rendezvous // guarded by mu: the owners per the last topology
	prev    *pcluster.Rendezvous // guarded by mu: the owners per the one before
	changed chan struct{}        // guarded by mu: closed (and replaced) at each topology change
	pids    map[string]*actor.PID
}

func newRouter(system *actor.ActorSystem) *router {
	return &router{
		system:  system,
		rdv:     pcluster.NewRendezvous(),
		prev:    pcluster.NewRendezvous(),
		changed: make(chan struct{}),
		pids:    make(map[string]*actor.PID),
	}
}

// topology takes a new member set: it drops the cached PIDs of grains
// whose owner changed and wakes the requests in flight.
func (r *router) topology(members []*pcluster.Member) {
	rdv := pcluster.NewRendezvous()
	rdv.UpdateMembers(members)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prev, r.rdv = r.rdv, rdv
	for key, pid := range r.pids {
		kind, identity := splitKey(key)
		if rdv.GetByClusterIdentity(&pcluster.ClusterIdentity{Kind: kind, Identity: identity}) != pid.Address {
			delete(r.pids, key)
		}
	}
	close(r.changed)
	r.changed = make(chan struct{})
}

func routeKey(kind, identity string) string { return kind + "/" + identity }

func splitKey(key string) (kind, identity string) {
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return key, ""
}

// owner returns the address of the member that owns the grain in the
// current view ("" when no member hosts the kind) and a channel closed at
// the next topology change.
func (r *router) owner(kind, identity string) (string, <-chan struct{}) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.rdv.GetByClusterIdentity(&pcluster.ClusterIdentity{Kind: kind, Identity: identity}), r.changed
}

// moved reports whether the last topology change gave the grain another
// owner (true for every grain at the first topology).
func (r *router) moved(kind, identity string) bool {
	ci := &pcluster.ClusterIdentity{Kind: kind, Identity: identity}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.prev.GetByClusterIdentity(ci) != r.rdv.GetByClusterIdentity(ci)
}

func (r *router) cached(key, owner string) *actor.PID {
	r.mu.RLock()
	pid := r.pids[key]
	r.mu.RUnlock()
	if pid != nil && pid.Address != owner {
		r.forget(key, pid)
		return nil
	}
	return pid
}

// forget drops key's cached PID if it still is pid.
func (r *router) forget(key string, pid *actor.PID) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if cur := r.pids[key]; cur != nil && cur.Equal(pid) {
		delete(r.pids, key)
	}
}

// activate asks the owner's placement actor for the grain's PID.
func (r *router) activate(key, kind, identity, owner string, timeout time.Duration) (*actor.PID, error) {
	req := &pcluster.ActivationRequest{ClusterIdentity: &pcluster.ClusterIdentity{Kind: kind, Identity: identity}}
	placement := actor.NewPID(owner, disthash.PartitionActivatorActorName)
	res, err := r.system.Root.RequestFuture(placement, req, timeout).Result()
	if err != nil {
		return nil, fmt.Errorf("cluster: activate %s at %s: %w", key, owner, err)
	}
	reply, ok := res.(*pcluster.ActivationResponse)
	if !ok || reply.GetFailed() || reply.GetPid() == nil {
		return nil, fmt.Errorf("%w: %s at %s", ErrNoActivation, key, owner)
	}
	r.mu.Lock()
	// Keep it only if the owner is still the same (a topology change may
	// have come meanwhile).
	if r.rdv.GetByClusterIdentity(req.ClusterIdentity) == owner {
		r.pids[key] = reply.GetPid()
	}
	r.mu.Unlock()
	return reply.GetPid(), nil
}

// request sends one attempt of msg to the grain and waits for its answer,
// at most timeout. It returns ErrMoved as soon as a topology change moves
// the grain away from the member the attempt went to.
func (r *router) request(kind, identity string, msg any, timeout time.Duration) (any, error) {
	deadline := time.Now().Add(timeout)
	key := routeKey(kind, identity)
	owner, changed := r.owner(kind, identity)
	if owner == "" {
		return nil, ErrNotReady
	}
	pid := r.cached(key, owner)
	if pid == nil {
		var err error
		if pid, err = r.activate(key, kind, identity, owner, timeout); err != nil {
			return nil, err
		}
	}
	wait := time.Until(deadline)
	if wait <= 0 {
		return nil, fmt.Errorf("cluster: request %s: %w", key, actor.ErrTimeout)
	}
	future := r.system.Root.RequestFuture(pid, msg, wait)
	type result struct {
		res any
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := future.Result()
		done <- result{res, err}
	}()
	for {
		select {
		case out := <-done:
			if out.err != nil {
				// A stopped activation (dead letter) or one that never
				// answered: look the grain up again next time.
				r.forget(key, pid)
				return nil, fmt.Errorf("cluster: request %s at %s: %w", key, pid.Address, out.err)
			}
			return out.res, nil
		case <-changed:
			var now string
			now, changed = r.owner(kind, identity)
			if now != pid.Address {
				r.forget(key, pid)
				return nil, fmt.Errorf("%w: %s from %s to %s", ErrMoved, key, pid.Address, now)
			}
		}
	}
}

// Owner returns the address of the member that owns the grain in this
// node's current view of the topology ("" when none hosts the kind).
func (n *Node) Owner(kind, identity string) string {
	m := n.member.Load()
	if m == nil {
		return ""
	}
	owner, _ := m.router.owner(kind, identity)
	return owner
}

// Moved reports whether the last topology change this node saw gave the
// grain another owner: its activation, and the memory it held, are new.
// It is true for every grain when no member was seen before (a new member
// incarnation), and true when the node has no member.
func (n *Node) Moved(kind, identity string) bool {
	m := n.member.Load()
	if m == nil {
		return true
	}
	return m.router.moved(kind, identity)
}

// Request sends msg to the grain kind/identity and waits for its answer,
// at most timeout, once: the caller retries (see ErrMoved). It returns
// ErrNotReady while this node is not in the topology.
func (n *Node) Request(kind, identity string, msg any, timeout time.Duration) (any, error) {
	m := n.member.Load()
	if m == nil || !m.ready.Load() {
		return nil, ErrNotReady
	}
	return m.router.request(kind, identity, msg, timeout)
}
