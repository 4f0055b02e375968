package realtime

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"time"

	"souk/transport/ws"
)

// Presence on the topic pages ("N viewing"): how many members watch a
// topic:<id> channel, on every node. Each node counts its own watchers of
// a topic (a member's several connections on one node count once) and
// tells the other nodes its count on the channel's presence subject
// (<prefix>.live.presence.topic.<id>), subscribed while it has watchers
// there: when its count changes, and every presenceEvery while it has any,
// so that the count of a node that died without a word expires after
// presenceExpiry such periods. A node that starts watching a topic asks
// the others for their counts. Whenever the sum changes, the node's
// watchers of the topic get a live frame {event: viewing, data: {count}};
// a connection that starts watching gets it at once.

// EventViewing is the live event of a topic page's presence.
const EventViewing = "viewing"

// DefaultPresenceEvery is how often a node repeats its counts.
const DefaultPresenceEvery = 10 * time.Second

// presenceExpiry is how many periods a node's count is kept unrepeated.
const presenceExpiry = 3

// ViewingEvent is the data of a viewing event.
type ViewingEvent struct {
	Count int `json:"count" doc:"how many members watch the topic's page, on every node"`
}

// presenceMsg is what a node tells the others of one topic.
type presenceMsg struct {
	Node  string `json:"node"`
	Count int    `json:"count"`
	// Ask asks every other node watching the topic for its count.
	Ask bool `json:"ask,omitempty"`
}

// remoteCount is another node's count of a topic's watchers.
type remoteCount struct {
	count int
	seen  time.Time
}

// presence counts the watchers of the topic channels (see above). It is
// safe for concurrent use.
type presence struct {
	bus    *LiveBus
	groups *ws.Groups
	log    *slog.Logger
	now    func() time.Time
	every  time.Duration
	// node names this node in the messages.
	node string

	mu sync.Mutex
	// local counts this node's connections per member, per topic channel. Guarded by mu.
	local map[string]map[int64]int
	// remote are the other nodes' counts per topic channel. Guarded by mu.
	remote map[string]map[string]remoteCount
	// shown is the count last sent to this node's watchers. Guarded by mu.
	shown map[string]int
	// unsub ends the presence subscription of each topic channel. Guarded by mu.
	unsub map[string]func()
}

func newPresence(bus *LiveBus, groups *ws.Groups, log *slog.Logger, now func() time.Time, every time.Duration) *presence {
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	return &presence{bus: bus, groups: groups, log: log, now: now, every: every, node: hex.EncodeToString(id),
		local: map[string]map[int64]int{}, remote: map[string]map[string]remoteCount{}, shown: map[string]int{},
		unsub: map[string]func(){}}
}

// counted reports whether channel has a presence: a topic page.
func counted(channel string) bool { return strings.HasPrefix(channel, "topic:") }

// join counts a connection of member that started watching channel, and
// tells the channel's watchers here the count (the new one too).
func (p *presence) join(channel string, member int64) {
	if !counted(channel) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	members := p.local[channel]
	first := members == nil
	if first {
		unsub, err := p.bus.subscribe("presence:"+channel, func(data []byte) { p.receive(channel, data) })
		if err != nil {
			p.log.Warn("realtime: subscribe to presence", "channel", channel, "error", err)
			return
		}
		members = map[int64]int{}
		p.local[channel], p.unsub[channel] = members, unsub
	}
	members[member]++
	if members[member] == 1 {
		p.publish(channel, len(members), first)
	}
	p.tell(channel, true)
}

// leave uncounts a connection of member that stopped watching channel.
func (p *presence) leave(channel string, member int64) {
	if !counted(channel) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	members := p.local[channel]
	if members[member] == 0 {
		return
	}
	if members[member]--; members[member] > 0 {
		return
	}
	delete(members, member)
	p.publish(channel, len(members), false)
	if len(members) > 0 {
		p.tell(channel, false)
		return
	}
	p.unsub[channel]()
	delete(p.unsub, channel)
	delete(p.local, channel)
	delete(p.remote, channel)
	delete(p.shown, channel)
}

// receive applies another node's message about channel.
func (p *presence) receive(channel string, data []byte) {
	var m presenceMsg
	if err := json.Unmarshal(data, &m); err != nil || m.Node == "" || m.Count < 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if m.Node == p.node || p.local[channel] == nil {
		return
	}
	nodes := p.remote[channel]
	if nodes == nil {
		nodes = map[string]remoteCount{}
		p.remote[channel] = nodes
	}
	if m.Count == 0 {
		delete(nodes, m.Node)
	} else {
		nodes[m.Node] = remoteCount{count: m.Count, seen: p.now()}
	}
	if m.Ask {
		p.publish(channel, len(p.local[channel]), false)
	}
	p.tell(channel, false)
}

// run repeats this node's counts every period and forgets the counts of
// the nodes that stopped repeating theirs, until done is closed.
func (p *presence) run(done <-chan struct{}) {
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			p.refresh()
		}
	}
}

func (p *presence) refresh() {
	p.mu.Lock()
	defer p.mu.Unlock()
	stale := p.now().Add(-presenceExpiry * p.every)
	for channel, members := range p.local {
		p.publish(channel, len(members), false)
		for node, c := range p.remote[channel] {
			if c.seen.Before(stale) {
				delete(p.remote[channel], node)
			}
		}
		p.tell(channel, false)
	}
}

// publish tells the other nodes this node's count of channel. p.mu must
// be held.
func (p *presence) publish(channel string, count int, ask bool) {
	data, err := json.Marshal(presenceMsg{Node: p.node, Count: count, Ask: ask})
	if err == nil {
		var subject string
		if subject, err = p.bus.subject("presence:" + channel); err == nil {
			err = p.bus.bus.Publish(subject, data)
		}
	}
	if err != nil {
		p.log.Warn("realtime: publish presence", "channel", channel, "error", err)
	}
}

// tell sends the channel's count to its watchers here when it changed
// (or always, with force). p.mu must be held.
func (p *presence) tell(channel string, force bool) {
	total := len(p.local[channel])
	for _, c := range p.remote[channel] {
		total += c.count
	}
	if !force && p.shown[channel] == total {
		return
	}
	p.shown[channel] = total
	frame, err := ws.Encode(EventLive, LiveFrame{Channel: channel, Event: EventViewing, Data: ViewingEvent{Count: total}})
	if err != nil {
		p.log.Warn("realtime: encode viewing", "channel", channel, "error", err)
		return
	}
	p.groups.Broadcast(channel, frame)
}
