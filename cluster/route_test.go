package cluster

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/remote"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func testMember(addr string) *pcluster.Member {
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	return &pcluster.Member{Id: "id-" + addr, Host: host, Port: int32(p), Kinds: []string{"room"}}
}

// movedIdentity returns a room identity that a topology of a and b places
// on b (and one of a alone places on a, trivially).
func movedIdentity(t *testing.T, a, b *pcluster.Member) string {
	t.Helper()
	rdv := pcluster.NewRendezvous()
	rdv.UpdateMembers(pcluster.Members{a, b})
	for i := range 1000 {
		id := fmt.Sprintf("room-%d", i)
		if rdv.GetByClusterIdentity(&pcluster.ClusterIdentity{Kind: "room", Identity: id}) == b.Address() {
			return id
		}
	}
	t.Fatal("no identity moves to b")
	return ""
}

// stayingIdentity returns a room identity that stays on a when b joins.
func stayingIdentity(t *testing.T, a, b *pcluster.Member) string {
	t.Helper()
	rdv := pcluster.NewRendezvous()
	rdv.UpdateMembers(pcluster.Members{a, b})
	for i := range 1000 {
		id := fmt.Sprintf("room-%d", i)
		if rdv.GetByClusterIdentity(&pcluster.ClusterIdentity{Kind: "room", Identity: id}) == a.Address() {
			return id
		}
	}
	t.Fatal("no identity stays on a")
	return ""
}

// TestRouterDropsPIDsOfMovedGrains: when a member joins, the cached PIDs of
// the grains it now owns are dropped at once (not at the next dead letter),
// those of the grains that stay are kept, and waiters are woken.
func TestRouterDropsPIDsOfMovedGrains(t *testing.T) {
	t.Parallel()
	a, b := testMember("127.0.0.1:7001"), testMember("127.0.0.1:7002")
	r := newRouter(actor.NewActorSystem())
	r.topology([]*pcluster.Member{a})
	moving, staying := movedIdentity(t, a, b), stayingIdentity(t, a, b)
	r.pids[routeKey("room", moving)] = actor.NewPID(a.Address(), "partition-activator/"+moving)
	r.pids[routeKey("room", staying)] = actor.NewPID(a.Address(), "partition-activator/"+staying)
	owner, changed := r.owner("room", moving)
	assert.Equal(t, a.Address(), owner)
	assert.True(t, r.moved("room", staying), "at the first topology every grain is new")

	r.topology([]*pcluster.Member{a, b})

	select {
	case <-changed:
	default:
		t.Fatal("a topology change must wake the requests in flight")
	}
	owner, _ = r.owner("room", moving)
	assert.Equal(t, b.Address(), owner)
	assert.True(t, r.moved("room", moving))
	assert.False(t, r.moved("room", staying))
	assert.NotContains(t, r.pids, routeKey("room", moving))
	assert.Contains(t, r.pids, routeKey("room", staying))
	assert.Nil(t, r.cached(routeKey("room", moving), b.Address()))
	assert.NotNil(t, r.cached(routeKey("room", staying), a.Address()))
}

// TestRouterAbandonsARequestToAMovedGrain: a request in flight to an
// activation that will never answer (it was stopped by its old owner with
// the request still queued) returns ErrMoved when the topology moves the
// grain, instead of waiting for its timeout.
func TestRouterAbandonsARequestToAMovedGrain(t *testing.T) {
	// Not parallel: every protoactor remote start sets grpc's global
	// logger, which races (go test -race) with the grpc goroutines of a
	// remote another test runs at the same time.
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.NewTextHandler(io.Discard, nil))
	}))
	rem := remote.NewRemote(system, remote.Configure("127.0.0.1", 0))
	rem.Start()
	t.Cleanup(func() { rem.Shutdown(false) })
	a, b := testMember(system.Address()), testMember("127.0.0.1:1")
	received := make(chan struct{}, 1)
	silent := system.Root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		if _, ok := ctx.Message().(string); ok {
			received <- struct{}{} // and never answers
		}
	}))
	require.Equal(t, a.Address(), silent.Address)

	r := newRouter(system)
	r.topology([]*pcluster.Member{a})
	moving := movedIdentity(t, a, b)
	r.pids[routeKey("room", moving)] = silent

	errc := make(chan error, 1)
	go func() {
		_, err := r.request("room", moving, "hello", 10*time.Minute) // far longer than the test
		errc <- err
	}()
	<-received
	r.topology([]*pcluster.Member{a, b})
	err := <-errc
	require.ErrorIs(t, err, ErrMoved)
	assert.NotContains(t, r.pids, routeKey("room", moving))
}

// TestBindBeforeTheMemberStarts: Config.Bind sees the node with its name
// and bus set before its member is in the topology.
func TestBindBeforeTheMemberStarts(t *testing.T) {
	// Not parallel: every protoactor remote start sets grpc's global
	// logger, which races (go test -race) with the grpc goroutines of a
	// remote another test runs at the same time.
	var bound *Node
	var readyAtBind error
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	n, err := Start(ctx, Config{
		NodeName: "bind-test",
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Bind: func(n *Node) {
			bound = n
			readyAtBind = n.Ready()
			assert.NotNil(t, n.Bus())
			assert.Equal(t, "bind-test", n.Name())
		},
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = n.Stop(context.Background()) })
	assert.Same(t, n, bound)
	assert.ErrorIs(t, readyAtBind, ErrNotReady)
}
