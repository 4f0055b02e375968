package ws

import (
	"net"
	"net/http"
	"strings"
	"sync"
)

// addrLimits counts each client address's connections, and those of them
// not signed in yet (guests), against Config.MaxPerAddr and
// Config.MaxGuestsPerAddr. It is safe for concurrent use.
type addrLimits struct {
	max, maxGuests int

	mu     sync.Mutex
	counts map[string]*addrCount // guarded by mu; no entry holds zero
}

type addrCount struct{ all, guests int }

// admit counts a new guest connection of addr, or reports false when addr
// holds as many as it may.
func (l *addrLimits) admit(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.counts[addr]
	if n == nil {
		n = &addrCount{}
	}
	if (l.max > 0 && n.all >= l.max) || (l.maxGuests > 0 && n.guests >= l.maxGuests) {
		return false
	}
	n.all++
	n.guests++
	l.counts[addr] = n
	return true
}

// release forgets a connection of addr; guest tells whether it was one.
func (l *addrLimits) release(addr string, guest bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.releaseLocked(addr, guest)
}

// releaseConn forgets c, a guest unless it signed in.
func (l *addrLimits) releaseConn(c *Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.releaseLocked(c.addr, !c.signedIn.Load())
}

// releaseLocked forgets a connection of addr; mu must be held.
func (l *addrLimits) releaseLocked(addr string, guest bool) {
	n := l.counts[addr]
	if n == nil {
		return
	}
	n.all--
	if guest && n.guests > 0 {
		n.guests--
	}
	if n.all <= 0 {
		delete(l.counts, addr)
	}
}

// clientAddr is the address a request's connection is counted under: the
// peer's IP, or with TrustProxy the address the nearest proxy saw (the
// last X-Forwarded-For entry). An IPv6 address counts as its /64, which
// one client usually holds whole.
func clientAddr(r *http.Request, trustProxy bool) string {
	var ip net.IP
	if trustProxy {
		if fwd := r.Header.Values("X-Forwarded-For"); len(fwd) > 0 {
			parts := strings.Split(fwd[len(fwd)-1], ",")
			ip = net.ParseIP(strings.TrimSpace(parts[len(parts)-1]))
		}
	}
	if ip == nil {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		ip = net.ParseIP(host)
	}
	switch {
	case ip == nil:
		return r.RemoteAddr
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
