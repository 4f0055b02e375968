// Package ratelimit holds the token buckets that feature packages keep per
// key (a client address, a member, a login target) against abuse. They live
// in each node's memory: a cluster of N nodes behind a balancer lets through
// at most N times a limit, so hard guarantees belong in the database.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Keyed is a token bucket per key: burst requests at once, then one every
// so often. Keys idle long enough for their bucket to be full again are
// evicted, so memory follows the number of recently active keys. It is
// safe for concurrent use.
type Keyed struct {
	every time.Duration
	burst int

	mu        sync.Mutex
	buckets   map[string]*bucket // guarded by mu
	lastSweep time.Time          // guarded by mu
}

type bucket struct {
	limiter *rate.Limiter
	last    time.Time // guarded by Keyed.mu
}

// New returns buckets of burst tokens, one added every every.
func New(every time.Duration, burst int) *Keyed {
	return &Keyed{every: every, burst: burst, buckets: make(map[string]*bucket)}
}

// Allow takes one token of key's bucket at now, reporting whether there was one.
func (l *Keyed) Allow(key string, now time.Time) bool {
	return l.Wait(key, now) == 0
}

// Wait takes one token of key's bucket at now and returns 0, or, when the
// bucket is empty, takes nothing and returns how long until it holds one.
func (l *Keyed) Wait(key string, now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{limiter: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
	b.last = now
	r := b.limiter.ReserveN(now, 1)
	if !r.OK() {
		return l.every
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

// Keys returns how many keys hold a bucket.
func (l *Keyed) Keys() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// idle is how long a bucket takes to refill completely.
func (l *Keyed) idle() time.Duration { return l.every * time.Duration(l.burst) }

// sweep drops the full buckets, at most once per idle period. mu must be held.
func (l *Keyed) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < l.idle() {
		return
	}
	l.lastSweep = now
	for key, b := range l.buckets {
		if now.Sub(b.last) >= l.idle() {
			delete(l.buckets, key)
		}
	}
}
