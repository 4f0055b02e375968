package auth

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
//
// A limit on an account (a login target: phone or email) is kept per
// account and address together, so that requests from one address never
// spend the limit of the account's owner at another: an attacker could
// otherwise lock anyone out of login and recovery. Guessing spread over
// many addresses is stopped by proofs instead: a captcha after
// failureThreshold failed logins, a code locked after maxCodeAttempts.
type limits struct {
	// captchaIP limits auth.captcha and auth.captchaVerify per client address.
	captchaIP *ratelimit.Keyed
	// codeIP limits auth.getCode per address; codeAccount per account and
	// address, counting only the requests whose captcha passed.
	codeIP, codeAccount *ratelimit.Keyed
	// loginIP and loginAccount limit auth.login, per address and per
	// account and address; a login that must bring a captcha counts on
	// loginAccount only once its captcha passed. Every login runs a 64 MiB
	// hash, so one address gets a small burst (the hash gate bounds them
	// all together).
	loginIP, loginAccount *ratelimit.Keyed
	// autoLoginIP limits mutates.autoLogin per address; it hashes no
	// password, so it keeps a larger burst than loginIP.
	autoLoginIP *ratelimit.Keyed
	// verifyIP and verifyAccount limit auth.verifyCode, auth.register and
	// auth.resetPassword (every action that checks a code).
	verifyIP, verifyAccount *ratelimit.Keyed
}

func newLimits() *limits {
	return &limits{
		captchaIP:     ratelimit.New(2*time.Second, 30),
		codeIP:        ratelimit.New(time.Minute, 10),
		codeAccount:   ratelimit.New(12*time.Minute, 5),
		loginIP:       ratelimit.New(3*time.Second, loginBurstIP),
		loginAccount:  ratelimit.New(time.Minute, 10),
		autoLoginIP:   ratelimit.New(3*time.Second, 20),
		verifyIP:      ratelimit.New(3*time.Second, 20),
		verifyAccount: ratelimit.New(time.Minute, 10),
	}
}

// loginBurstIP is how many logins one address may start at once: enough
// for a few people behind one address to sign in together, while the hash
// gate bounds the memory of all of them.
const loginBurstIP = 8

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

// accountKey is the rate-limit key of an account (a login target) asked
// for from the caller's address.
func accountKey(target, ip string) string {
	return target + "\x00" + clientKey(ip)
}

// clientKey is the rate-limit key of the caller's address.
func clientKey(ip string) string {
	if ip == "" {
		return "unknown"
	}
	return ip
}
