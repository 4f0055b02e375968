package account

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Abuse limits. They are kept in memory by each node: a cluster of N nodes
// behind a balancer lets through at most N times these rates, which is
// enough to stop scripted guessing while the hard guarantees (a captcha
// passes once, one code per target per minute, 5 wrong tries lock a code)
// are enforced in the database for the whole cluster.
type limits struct {
	// captchaIP limits auth.captcha and auth.captchaVerify per client address.
	captchaIP *keyedLimiter
	// codeIP and codeTarget limit auth.getCode.
	codeIP, codeTarget *keyedLimiter
	// loginIP and loginTarget limit auth.login.
	loginIP, loginTarget *keyedLimiter
	// verifyIP and verifyTarget limit auth.verifyCode, auth.register and
	// auth.resetPassword (every action that checks a code).
	verifyIP, verifyTarget *keyedLimiter
}

func newLimits() *limits {
	return &limits{
		captchaIP:    newKeyedLimiter(2*time.Second, 30),
		codeIP:       newKeyedLimiter(time.Minute, 10),
		codeTarget:   newKeyedLimiter(12*time.Minute, 5),
		loginIP:      newKeyedLimiter(3*time.Second, 20),
		loginTarget:  newKeyedLimiter(time.Minute, 10),
		verifyIP:     newKeyedLimiter(3*time.Second, 20),
		verifyTarget: newKeyedLimiter(time.Minute, 10),
	}
}

// keyedLimiter is a token bucket per key (a client address or a target):
// burst requests at once, then one per every. Keys idle long enough for
// their bucket to be full again are evicted, so memory follows the number
// of recently active keys.
type keyedLimiter struct {
	every time.Duration
	burst int

	mu        sync.Mutex
	buckets   map[string]*bucket // guarded by mu
	lastSweep time.Time          // guarded by mu
}

type bucket struct {
	limiter *rate.Limiter
	last    time.Time // guarded by keyedLimiter.mu
}

func newKeyedLimiter(every time.Duration, burst int) *keyedLimiter {
	return &keyedLimiter{every: every, burst: burst, buckets: make(map[string]*bucket)}
}

// allow takes one token of key's bucket at now, reporting whether there was one.
func (l *keyedLimiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{limiter: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
	b.last = now
	return b.limiter.AllowN(now, 1)
}

// idle is how long a bucket takes to refill completely.
func (l *keyedLimiter) idle() time.Duration { return l.every * time.Duration(l.burst) }

// sweep drops the full buckets, at most once per idle period. mu must be held.
func (l *keyedLimiter) sweep(now time.Time) {
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

// Login failures per target: after failureThreshold wrong logins within
// failureWindow, auth.login also wants a solved captcha.
const (
	failureThreshold = 3
	failureWindow    = 15 * time.Minute
)

// failures counts recent failed logins per target, in memory per node.
type failures struct {
	mu        sync.Mutex
	counts    map[string]failureCount // guarded by mu
	lastSweep time.Time               // guarded by mu
}

type failureCount struct {
	n     int
	first time.Time
}

func newFailures() *failures { return &failures{counts: make(map[string]failureCount)} }

// add counts a failure of key at now.
func (f *failures) add(key string, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sweep(now)
	c := f.counts[key]
	if c.n == 0 || now.Sub(c.first) >= failureWindow {
		c = failureCount{first: now}
	}
	c.n++
	f.counts[key] = c
}

// many reports whether key failed failureThreshold times within the window.
func (f *failures) many(key string, now time.Time) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.counts[key]
	return ok && c.n >= failureThreshold && now.Sub(c.first) < failureWindow
}

// reset forgets key's failures (it signed in).
func (f *failures) reset(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.counts, key)
}

// sweep drops counts older than the window, at most once per window. mu must be held.
func (f *failures) sweep(now time.Time) {
	if now.Sub(f.lastSweep) < failureWindow {
		return
	}
	f.lastSweep = now
	for key, c := range f.counts {
		if now.Sub(c.first) >= failureWindow {
			delete(f.counts, key)
		}
	}
}

// clientKey is the rate-limit key of the caller's address.
func clientKey(ip string) string {
	if ip == "" {
		return "unknown"
	}
	return ip
}
