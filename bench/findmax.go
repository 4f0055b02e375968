package bench

import (
	"context"
	"fmt"
	"math"
	"time"
)

// The capacity search (chat --find-max): the rate starts low and grows by
// findMaxGrowth while each step holds the latency target with nothing
// lost; between the last rate that held and the first that broke it, a few
// bisections narrow the ceiling. Every step is a whole chat run of
// --duration on the same nodes.
const (
	// findMaxGrowth multiplies the rate after a step that held.
	findMaxGrowth = 1.5
	// findMaxStartShare is the first step's share of the send limit.
	findMaxStartShare = 0.125
	// findMaxBisections bounds the narrowing steps.
	findMaxBisections = 2
	// findMaxPrecision stops the narrowing once the two rates are this close.
	findMaxPrecision = 1.1
)

// FindStep is one step of the capacity search.
type FindStep struct {
	Rate           float64 `json:"rate"`
	DeliveriesPerS float64 `json:"deliveries_per_s"`
	P50            float64 `json:"p50_ms"`
	P99            float64 `json:"p99_ms"`
	Lost           int64   `json:"lost"`
	Errors         int64   `json:"errors"`
	Held           bool    `json:"held"`
}

// sendLimit is the highest chat rate the server's per-member limit allows
// for the run's publishers (one message per member every minSendInterval).
func (o *Options) sendLimit() float64 {
	return math.Floor(float64(o.publishers()) / minSendInterval.Seconds())
}

// held reports whether a chat step met the search's target: p99 within
// it, nothing lost, no errors.
func held(rep *Report, target time.Duration) bool {
	lost := int64(0)
	if rep.Lost != nil {
		lost = *rep.Lost
	}
	return rep.LatencyMs != nil && rep.LatencyMs.P99 <= float64(target.Milliseconds()) && lost == 0 && rep.Errors == 0
}

// findMax runs the capacity search on r's nodes and returns the report of
// the highest rate that held (or, when none did, of the first step), with
// every step in its Params and the ceiling in its headline.
func findMax(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	limit := o.sendLimit()
	if limit < 1 {
		return nil, fmt.Errorf("--find-max: %d publishers cannot send one message a second", o.publishers())
	}
	rate := o.Rate
	if rate <= 0 {
		rate = math.Max(1, math.Floor(limit*findMaxStartShare))
	}
	var steps []FindStep
	var best, first *Report
	bestRate, badRate := 0.0, 0.0
	step := func(rate float64) (bool, error) {
		o.Rate = rate
		r.logf("== find-max: %.0f msgs/s (target p99 ≤ %s)", rate, o.FindP99)
		r.cpuCores = nil
		rep, err := runChat(ctx, r)
		if err != nil {
			return false, err
		}
		ok := held(rep, o.FindP99)
		s := FindStep{Rate: rate, DeliveriesPerS: rep.DeliveriesPerS, Errors: rep.Errors, Held: ok}
		if rep.LatencyMs != nil {
			s.P50, s.P99 = rep.LatencyMs.P50, rep.LatencyMs.P99
		}
		if rep.Lost != nil {
			s.Lost = *rep.Lost
		}
		steps = append(steps, s)
		if first == nil {
			first = rep
		}
		if ok {
			best, bestRate = rep, rate
		} else {
			badRate = rate
		}
		return ok, nil
	}
	for {
		ok, err := step(rate)
		if err != nil {
			return nil, err
		}
		if !ok || rate >= limit {
			break
		}
		rate = math.Min(math.Max(rate+1, math.Floor(rate*findMaxGrowth)), limit)
	}
	for i := 0; i < findMaxBisections && bestRate > 0 && badRate > 0 && badRate/bestRate > findMaxPrecision; i++ {
		if _, err := step(math.Floor((bestRate + badRate) / 2)); err != nil {
			return nil, err
		}
	}
	rep := best
	if rep == nil {
		rep = first
	}
	rep.Params["find_max"] = map[string]any{"p99_target_ms": o.FindP99.Milliseconds(), "send_limit": limit, "steps": steps}
	findMaxHeadline(rep, o, bestRate, badRate, limit)
	return rep, nil
}

// findMaxHeadline puts the ceiling first in rep's headline and says what
// bounded it.
func findMaxHeadline(rep *Report, o *Options, bestRate, badRate, limit float64) {
	target := fmt.Sprintf("p99 ≤ %d ms, 0 lost", o.FindP99.Milliseconds())
	ok := bestRate > 0
	ceiling := []Figure{
		{Name: "ceiling: messages per second held", Value: bestRate, Unit: "/s", Target: target, Met: &ok},
		{Name: "ceiling: deliveries per second held", Value: map[bool]float64{true: rep.DeliveriesPerS}[ok], Unit: "/s"},
	}
	rep.Headline = append(ceiling, rep.Headline...)
	switch {
	case bestRate == 0:
		rep.Notes = append(rep.Notes, fmt.Sprintf("find-max: even the first step broke the target (%s)", target))
	case badRate == 0:
		rep.Notes = append(rep.Notes, fmt.Sprintf("find-max: held %s up to the send limit of %.0f msgs/s (%d publishers, one message each per %s): the ceiling is the limit, add members or rooms to go further",
			target, limit, o.publishers(), minSendInterval))
	default:
		rep.Notes = append(rep.Notes, fmt.Sprintf("find-max: %.0f msgs/s held %s; %.0f msgs/s broke it", bestRate, target, badRate))
	}
}
