package bench

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// stallFloor is the shortest gap between two deliveries kept: shorter
	// ones are the rooms' own pace.
	stallFloor = 100 * time.Millisecond
	// maxStallsKept bounds the gaps kept per listener (the longest).
	maxStallsKept = 64
	// stallTarget is DESIGN.md's failover target: a room whose node died
	// serves again within 2 s.
	stallTarget = 2 * time.Second
	// listenersListed bounds the listeners the JSON report lists one by one.
	listenersListed = 2000
)

// gap is a time without deliveries to one listener.
type gap struct {
	from time.Time
	d    time.Duration
}

// stalls is one listener's delivery timing: out-of-order deliveries and
// the longest gaps between two deliveries that began while publishers were
// sending. Owned by its member (under the member's mu).
type stalls struct {
	last       time.Time
	outOfOrder int64
	gaps       []gap // at most maxStallsKept, the longest
}

// sendWindow is when the publishers were sending: a gap counts as a stall
// when it began inside it. A zero to means they still are.
type sendWindow struct{ from, to time.Time }

// delivered notes a delivery at now; below says its seq is below one
// already delivered.
func (s *stalls) delivered(now time.Time, below bool, w sendWindow) {
	if below {
		s.outOfOrder++
	}
	if !w.from.IsZero() {
		from := s.last
		if from.Before(w.from) {
			from = w.from
		}
		if w.to.IsZero() || from.Before(w.to) {
			s.note(from, now.Sub(from))
		}
	}
	s.last = now
}

// finish notes the gap from the last delivery to the end of sending: a
// listener that got nothing more was stalled until then.
func (s *stalls) finish(w sendWindow) {
	from := s.last
	if from.Before(w.from) {
		from = w.from
	}
	if from.Before(w.to) {
		s.note(from, w.to.Sub(from))
		s.last = w.to
	}
}

func (s *stalls) note(from time.Time, d time.Duration) {
	if d < stallFloor {
		return
	}
	if len(s.gaps) < maxStallsKept {
		s.gaps = append(s.gaps, gap{from, d})
		return
	}
	i := 0
	for j, g := range s.gaps {
		if g.d < s.gaps[i].d {
			i = j
		}
	}
	if d > s.gaps[i].d {
		s.gaps[i] = gap{from, d}
	}
}

// longest is the longest gap that began in [from, to); a zero to: any time
// after from.
func (s *stalls) longest(from, to time.Time) gap {
	var out gap
	for _, g := range s.gaps {
		if !g.from.Before(from) && (to.IsZero() || g.from.Before(to)) && g.d > out.d {
			out = g
		}
	}
	return out
}

// window is the publishers' sending window so far.
func (cr *chatRun) window() sendWindow {
	var w sendWindow
	if ns := cr.sendFrom.Load(); ns != 0 {
		w.from = time.Unix(0, ns)
	}
	if ns := cr.sendTo.Load(); ns != 0 {
		w.to = time.Unix(0, ns)
	}
	return w
}

// ackRecorder records, by send time, how long each chat message took from
// its first send to its acknowledgement, resends included.
type ackRecorder struct {
	mu sync.Mutex
	s  *series // guarded by mu; nil until begin
}

// ackSlice is the ack series' bucket: fine enough to cut at an event.
const ackSlice = 100 * time.Millisecond

func (a *ackRecorder) begin(start time.Time) {
	a.mu.Lock()
	a.s = newSeries(start, ackSlice)
	a.mu.Unlock()
}

func (a *ackRecorder) record(sent, acked time.Time) {
	a.mu.Lock()
	if a.s != nil {
		a.s.record(sent, acked.Sub(sent))
	}
	a.mu.Unlock()
}

// latency is the distribution of the messages first sent in [from, to) s
// of the run.
func (a *ackRecorder) latency(from, to float64) Latency {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.s == nil {
		return Latency{}
	}
	per := float64(time.Second / ackSlice)
	h, _ := a.s.total(int(math.Round(from*per)), int(math.Round(to*per)))
	return latencyOf(h)
}

// ListenerSummary is the chat listeners' own figures: each member's lost,
// duplicated and out-of-order deliveries and its longest stall (the
// longest time between two deliveries, or from the last one to the end,
// that began while the publishers were sending).
type ListenerSummary struct {
	Count          int   `json:"count"`
	WithLoss       int   `json:"with_loss"`
	WithDuplicates int   `json:"with_duplicates"`
	WithOutOfOrder int   `json:"with_out_of_order"`
	OutOfOrder     int64 `json:"out_of_order"`
	// LongestStallMs is the distribution, over the listeners, of each
	// one's longest stall.
	LongestStallMs Latency `json:"longest_stall_ms"`
	// StalledOverTarget counts the listeners stalled longer than 2 s.
	StalledOverTarget int `json:"stalled_over_2s"`
	// Clients lists every listener (up to 2,000), the longest stall first.
	Clients []ListenerFigures `json:"clients,omitempty"`
}

// ListenerFigures are one listener's figures.
type ListenerFigures struct {
	Member int    `json:"member"`
	Room   string `json:"room"`
	// Node is the node its first socket went to (1-based; with --target,
	// the target's position).
	Node           int     `json:"node"`
	Reconnects     int64   `json:"reconnects"`
	Lost           int64   `json:"lost"`
	Duplicated     int64   `json:"duplicated"`
	OutOfOrder     int64   `json:"out_of_order"`
	LongestStallMs float64 `json:"longest_stall_ms"`
	// StallFromS is when, in seconds of the run, its longest stall began.
	StallFromS float64 `json:"stall_from_s"`
}

// listeners closes every listener's last gap and sums up: the totals of
// lost and duplicated deliveries, and the summary. nodeOf numbers a target.
func (cr *chatRun) listeners(w sendWindow, nodeOf func(string) int) (lost, dups int64, sum *ListenerSummary) {
	sum = &ListenerSummary{}
	stallHist := newHist()
	for _, m := range cr.members {
		acked := m.room.acked()
		m.mu.Lock()
		f := ListenerFigures{Member: m.idx, Room: m.room.name, Node: nodeOf(m.firstTarget), Reconnects: m.reconnects.Load(),
			Duplicated: m.dups, OutOfOrder: m.outOfOrder}
		for _, seq := range acked {
			if !m.ok || !m.has(seq) {
				f.Lost++
			}
		}
		if len(acked) > 0 {
			// A room nobody sent in says nothing of stalls.
			m.finish(w)
			if g := m.longest(w.from, time.Time{}); g.d > 0 {
				f.LongestStallMs = round2(float64(g.d) / float64(time.Millisecond))
				f.StallFromS = round2(g.from.Sub(w.from).Seconds())
			}
		}
		m.mu.Unlock()
		lost += f.Lost
		dups += f.Duplicated
		sum.Count++
		sum.OutOfOrder += f.OutOfOrder
		if f.Lost > 0 {
			sum.WithLoss++
		}
		if f.Duplicated > 0 {
			sum.WithDuplicates++
		}
		if f.OutOfOrder > 0 {
			sum.WithOutOfOrder++
		}
		if f.LongestStallMs > float64(stallTarget/time.Millisecond) {
			sum.StalledOverTarget++
		}
		_ = stallHist.RecordValue(min(max(int64(f.LongestStallMs*1000), minLatencyUs), maxLatencyUs))
		sum.Clients = append(sum.Clients, f)
	}
	sum.LongestStallMs = latencyOf(stallHist)
	slices.SortStableFunc(sum.Clients, func(a, b ListenerFigures) int { return cmp.Compare(b.LongestStallMs, a.LongestStallMs) })
	if len(sum.Clients) > listenersListed {
		sum.Clients = sum.Clients[:listenersListed]
	}
	return lost, dups, sum
}

// longestStalls gives each phase ([from, to) seconds of the run, back to
// back) the longest stall of the listeners accepts picks (nil: all) whose
// gap overlaps it most: the stall around an event began at the last
// delivery before it.
func (cr *chatRun) longestStalls(w sendWindow, cuts [][2]float64, accepts func(*member) bool) []float64 {
	longest := make([]time.Duration, len(cuts))
	at := func(s float64) time.Time { return w.from.Add(time.Duration(s * float64(time.Second))) }
	for _, m := range cr.members {
		if accepts != nil && !accepts(m) {
			continue
		}
		m.mu.Lock()
		for _, g := range m.gaps {
			best, bestOverlap := -1, time.Duration(0)
			for i, c := range cuts {
				overlap := minTime(g.from.Add(g.d), at(c[1])).Sub(maxTime(g.from, at(c[0])))
				if overlap > bestOverlap {
					best, bestOverlap = i, overlap
				}
			}
			if best >= 0 {
				longest[best] = max(longest[best], g.d)
			}
		}
		m.mu.Unlock()
	}
	out := make([]float64, len(cuts))
	for i, d := range longest {
		out[i] = round2(float64(d) / float64(time.Millisecond))
	}
	return out
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// sendMarks are the atomics window reads.
type sendMarks struct{ sendFrom, sendTo atomic.Int64 }
