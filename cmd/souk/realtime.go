package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
	"souk/transport/realtime"
	"souk/transport/ws"
)

// realtimeNode is the node's cluster member and websocket gateway.
type realtimeNode struct {
	sys      *actors.System
	handler  *realtime.Realtime
	gateway  *ws.Gateway
	stopOnce sync.Once
}

// startCluster joins the cluster, waiting until this node sees itself in
// the topology; sockets are served once startSockets ran.
func startCluster(ctx context.Context, cfg Config, db *persistence.DB) (*realtimeNode, error) {
	ccfg := cfg.Cluster.clusterConfig()
	ccfg.Logger = slog.Default()
	ccfg.Registry = newClusterRegistry(db, ccfg.Name)
	blobs, err := mediaBlobs(cfg, db)
	if err != nil {
		return nil, err
	}
	sys, err := actors.Start(ctx, ccfg, db, actors.WithBlobs(blobs))
	if err != nil {
		return nil, err
	}
	return &realtimeNode{sys: sys}, nil
}

// startSockets builds the websocket gateway: the realtime protocol over
// the node's grains, its replay readers straight on the database, and
// every command frame run by the action registry. rcfg brings the
// registry, translator and the account functions; the rest is filled here.
func (r *realtimeNode) startSockets(cfg Config, db *persistence.DB, rcfg realtime.Config) error {
	rcfg.Rooms = r.sys.Rooms()
	rcfg.Sessions = r.sys.Sessions()
	rcfg.RoomLog = roomLog{db.Chat()}
	rcfg.Inbox = inboxLog{db.Inbox()}
	rcfg.OnTopology = r.sys.Node().OnTopology
	handler, err := realtime.New(rcfg)
	if err != nil {
		return err
	}
	r.handler = handler
	r.gateway = ws.New(ws.Config{Handler: handler, TrustProxy: cfg.TrustProxy,
		MaxPerAddr: cfg.WSMaxPerAddr, MaxGuestsPerAddr: cfg.WSMaxGuestsPerAddr, FlushDelay: flushDelay(cfg.WSFlushDelay)})
	gateway := r.gateway
	r.sys.Node().OnServing(func(err error) {
		if err != nil {
			n := gateway.CloseAll(reasonIsolated)
			slog.Warn("websockets closed: this node does not serve", "connections", n, "reason", err)
		}
	})
	return nil
}

var (
	_ realtime.Commands = (*action.Registry)(nil)
	_ realtime.RoomLog  = roomLog{}
	_ realtime.InboxLog = inboxLog{}
)

// roomLog reads a room's stored events for the realtime feeds.
type roomLog struct{ store persistence.ChatStore }

func (l roomLog) LastSeq(ctx context.Context, room string) (int64, error) {
	return l.store.LastSeq(ctx, room)
}

func (l roomLog) Since(ctx context.Context, room string, seq int64, limit int) ([]*actors.ChatEvent, error) {
	list, err := l.store.Since(ctx, room, seq, limit)
	if err != nil {
		return nil, err
	}
	out := make([]*actors.ChatEvent, len(list))
	for i, e := range list {
		out[i] = actors.EventFromStore(e)
	}
	return out, nil
}

// inboxLog reads a member's stored inbox events for the realtime cursors.
type inboxLog struct{ store persistence.InboxStore }

func (l inboxLog) LastSeq(ctx context.Context, userID int64) (int64, error) {
	return l.store.LastSeq(ctx, userID)
}

func (l inboxLog) Since(ctx context.Context, userID, seq int64, limit int) ([]realtime.InboxEvent, error) {
	list, err := l.store.Since(ctx, userID, seq, limit)
	if err != nil {
		return nil, err
	}
	out := make([]realtime.InboxEvent, len(list))
	for i, e := range list {
		out[i] = realtime.InboxEvent{Seq: e.Seq, Action: e.Action, Data: e.Data, CreatedAt: e.CreatedAt}
	}
	return out, nil
}

// ready reports whether this node may serve: it sees itself in the
// cluster topology and is not cut off from its peers.
func (r *realtimeNode) ready() error {
	if err := r.sys.Ready(); err != nil {
		return errors.New("cluster topology not seen yet")
	}
	return r.sys.Node().Serving()
}

// route serves GET /api/ws with the gateway and everything else with next.
func (r *realtimeNode) route(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/api/ws" {
			if err := r.sys.Node().Serving(); err != nil {
				// Clients retry, and the load balancer sends them to a node that serves.
				w.Header().Set("Retry-After", "1")
				http.Error(w, "this node does not serve: "+err.Error(), http.StatusServiceUnavailable)
				return
			}
			r.gateway.ServeHTTP(w, req)
			return
		}
		next.ServeHTTP(w, req)
	})
}

// stop closes the websockets, leaves the cluster and drains NATS. Later
// calls do nothing.
func (r *realtimeNode) stop(ctx context.Context) error {
	var err error
	r.stopOnce.Do(func() {
		if r.gateway != nil {
			err = r.gateway.Shutdown(ctx)
			r.handler.Stop()
		}
		err = errors.Join(err, r.sys.Stop(ctx))
	})
	return err
}

// flushDelay is ws.Config.FlushDelay for --ws-flush-delay, whose 0 means
// no delay (ws's zero means its default).
func flushDelay(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}
