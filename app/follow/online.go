package follow

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"souk/app/action"
	"souk/app/member"
)

// Locator tells on which cluster nodes a member has live connections
// (souk/actors.Sessions: the member's session grain).
type Locator interface {
	Nodes(ctx context.Context, userID int64) (map[string]int, error)
}

// Bounds of the online answers each node keeps.
const (
	// OnlineFresh is how long a node answers a member's online state from
	// its last look: a popular profile costs its session grain one look a
	// period per node, however many visitors ask.
	OnlineFresh = 15 * time.Second
	// onlineRemembered is the most members whose state a node keeps; a
	// full cache is emptied.
	onlineRemembered = 4096
)

// OnlineInput names the member.
type OnlineInput struct {
	UserID action.ID `json:"userId" doc:"the member"`
}

// OnlineReply is the reply of profile.online.
type OnlineReply struct {
	Online struct {
		UserID string `json:"userId"`
		Online bool   `json:"online" doc:"the member has a live connection on some node (as seen at most 15 s ago)"`
	} `json:"online"`
}

// onlineCache keeps the recent answers of a node.
type onlineCache struct {
	mu sync.Mutex
	// seen is each member's last answer; guarded by mu.
	seen map[int64]onlineSeen
}

type onlineSeen struct {
	online bool
	at     time.Time
}

func (c *onlineCache) get(userID int64, now time.Time) (online, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.seen[userID]
	if !ok || now.Sub(s.at) >= OnlineFresh {
		return false, false
	}
	return s.online, true
}

func (c *onlineCache) put(userID int64, online bool, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen == nil || len(c.seen) >= onlineRemembered {
		c.seen = make(map[int64]onlineSeen)
	}
	c.seen[userID] = onlineSeen{online: online, at: now}
}

// Online answers profile.online: whether a member has a live connection,
// from their session grain; without a Locator (a single process without
// the cluster), nobody is online. A grain that cannot be reached answers
// offline rather than an error: the dot is a hint.
func (s *Service) Online(ctx context.Context, in OnlineInput) (OnlineReply, error) {
	var reply OnlineReply
	u, err := s.member(ctx, int64(in.UserID))
	if err != nil {
		return reply, err
	}
	reply.Online.UserID = member.FormatID(u.ID)
	if s.presence == nil {
		return reply, nil
	}
	now := s.now()
	if online, ok := s.online.get(u.ID, now); ok {
		reply.Online.Online = online
		return reply, nil
	}
	nodes, err := s.presence.Nodes(ctx, u.ID)
	if err != nil {
		slog.WarnContext(ctx, "online: look up the session", "user", u.ID, "err", err)
		return reply, nil
	}
	for _, n := range nodes {
		if n > 0 {
			reply.Online.Online = true
			break
		}
	}
	s.online.put(u.ID, reply.Online.Online, now)
	return reply, nil
}
