package account

import (
	"sync"
	"time"

	"souk/app/internal/ratelimit"
)

// Abuse limits. They are kept in memory by each node: a cluster of N nodes
// behind a balancer lets through at most N times these rates, which is
// enough to stop scripted guessing while the hard guarantees (a captcha
// passes once, one code per target per minute, 5 wrong tries lock a code)
// are enforced in the database for the whole cluster.
type limits struct {
	// captchaIP limits auth.captcha and auth.captchaVerify per client address.
	captchaIP *ratelimit.Keyed
	// codeIP and codeTarget limit auth.getCode.
	codeIP, codeTarget *ratelimit.Keyed
	// loginIP and loginTarget limit auth.login.
	loginIP, loginTarget *ratelimit.Keyed
	// verifyIP and verifyTarget limit auth.verifyCode, auth.register and
	// auth.resetPassword (every action that checks a code).
	verifyIP, verifyTarget *ratelimit.Keyed
}

func newLimits() *limits {
	return &limits{
		captchaIP:    ratelimit.New(2*time.Second, 30),
		codeIP:       ratelimit.New(time.Minute, 10),
		codeTarget:   ratelimit.New(12*time.Minute, 5),
		loginIP:      ratelimit.New(3*time.Second, 20),
		loginTarget:  ratelimit.New(time.Minute, 10),
		verifyIP:     ratelimit.New(3*time.Second, 20),
		verifyTarget: ratelimit.New(time.Minute, 10),
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
