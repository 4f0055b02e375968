package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"souk/actors"
	"souk/app/account"
	"souk/app/chat"
	"souk/persistence"
	"souk/transport/ws"
)

// socketTokenMaxAge is how long a viewer's gqUserSocketToken opens the
// websocket: the client reconnects with the token of the last page load.
const socketTokenMaxAge = 24 * time.Hour

// realtime is the node's cluster member and websocket gateway.
type realtime struct {
	sys      *actors.System
	handler  *ws.Realtime
	gateway  *ws.Gateway
	stopOnce sync.Once
}

// startRealtime joins the cluster (waiting until this node sees itself in
// the topology) and builds the websocket gateway on it.
// auth tells whether a socket token's session has ended.
func startRealtime(ctx context.Context, cfg Config, db *persistence.DB, secret []byte, auth *account.Sessions) (*realtime, error) {
	ccfg := cfg.Cluster.clusterConfig()
	ccfg.Logger = slog.Default()
	sys, err := actors.Start(ctx, ccfg, db)
	if err != nil {
		return nil, err
	}
	accounts := account.New(account.Config{DB: db, Secret: secret})
	chats := chat.New(chat.Config{DB: db, Rooms: sys.Rooms(), Secret: secret})
	handler, err := ws.NewRealtime(ws.RealtimeConfig{
		Rooms:    sys.Rooms(),
		Sessions: sys.Sessions(),
		VerifySocket: func(userID int64, signature, timestamp string) (int64, bool) {
			session, ok := account.VerifySocketToken(secret, userID, signature, timestamp, time.Now(), socketTokenMaxAge)
			return session, ok && (session == 0 || !auth.Ended(session))
		},
		SessionEnded: auth.Ended,
		LookupUser: func(ctx context.Context, userID int64) (ws.RealtimeUser, error) {
			v, err := accounts.ViewerFor(ctx, userID)
			if err != nil {
				return ws.RealtimeUser{}, err
			}
			id, _ := strconv.ParseInt(v.DatabaseID, 10, 64)
			return ws.RealtimeUser{ID: id, Name: v.Name, Slug: v.GqSlug, AvatarURL: v.Avatar.URL,
				UserCan: v.GqRoles.UserCan, IsAdmin: v.GqRoles.IsAdmin}, nil
		},
		VerifyDelete: func(userID, messageID int64, signature, timestamp string) bool {
			return chat.VerifyDeleteSignature(secret, userID, messageID, signature, timestamp, time.Now())
		},
		ChatLevels: chats.ChatLevels,
		OnTopology: sys.Node().OnTopology,
	})
	if err != nil {
		_ = sys.Stop(context.WithoutCancel(ctx))
		return nil, err
	}
	gw := ws.New(ws.Config{Handler: handler, TrustProxy: cfg.TrustProxy})
	return &realtime{sys: sys, handler: handler, gateway: gw}, nil
}

// ready reports whether this node sees itself in the cluster topology.
func (r *realtime) ready() error {
	if err := r.sys.Ready(); err != nil {
		return errors.New("cluster topology not seen yet")
	}
	return nil
}

// route serves GET /api/ws with the gateway and everything else with next.
func (r *realtime) route(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/api/ws" {
			r.gateway.ServeHTTP(w, req)
			return
		}
		next.ServeHTTP(w, req)
	})
}

// stop closes the websockets, leaves the cluster and drains NATS. Later
// calls do nothing.
func (r *realtime) stop(ctx context.Context) error {
	var err error
	r.stopOnce.Do(func() {
		err = r.gateway.Shutdown(ctx)
		r.handler.Stop()
		err = errors.Join(err, r.sys.Stop(ctx))
	})
	return err
}
