package cluster

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestOneSideOfEachPairSolicitsTheRoute: of two nodes exactly one connects
// to the other (both doing it made NATS drop the duplicate route and wait
// a second before trying again).
func TestOneSideOfEachPairSolicitsTheRoute(t *testing.T) {
	t.Parallel()
	urls := []string{"nats-route://127.0.0.1:4001", "nats-route://127.0.0.1:4002", "nats-route://10.0.0.1:6222"}
	for _, a := range urls {
		assert.False(t, solicits(a, a))
		assert.False(t, solicits(a, ""))
		for _, b := range urls {
			if a != b {
				assert.NotEqual(t, solicits(a, b), solicits(b, a), "%s and %s", a, b)
			}
		}
	}
}

// TestBusMeshWithOneSidedRoutes: three embedded servers given each other's
// route URLs, as the provider does when a node joins, deliver each other's
// messages both ways.
func TestBusMeshWithOneSidedRoutes(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	open := func(name string) *Bus {
		b, err := OpenBus(BusConfig{Prefix: "mesh", Cluster: "127.0.0.1:0", Name: name}, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = b.Close(context.Background()) })
		return b
	}
	buses := []*Bus{open("a"), open("b"), open("c")}
	for _, b := range buses {
		var peers []string
		for _, p := range buses {
			peers = append(peers, p.RouteURL())
		}
		b.SetRoutes(peers)
	}
	for i, to := range buses {
		var got atomic.Int64
		unsub, err := to.Subscribe(to.Subject("to", string(rune('a'+i))), func([]byte) { got.Add(1) })
		if err != nil {
			t.Fatal(err)
		}
		for j, from := range buses {
			if i == j {
				continue
			}
			got.Store(0)
			for got.Load() == 0 { // until the routes and the interest are there
				_ = from.Publish(to.Subject("to", string(rune('a'+i))), []byte("m"))
				time.Sleep(5 * time.Millisecond)
			}
		}
		unsub()
	}
}
