package main

import (
	"crypto/tls"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"souk/app/push"
	"souk/transport/httpapi"
)

// pushTestTLS, when a test sets it before a node starts, lets that node's
// pushes reach a push service on loopback that these TLS settings trust
// (the address rule refuses loopback otherwise). Never set outside tests.
var pushTestTLS atomic.Pointer[tls.Config]

// newPush builds the Web Push service: its texts are translated by the
// node's catalog; the session grains of this node hand it the events they
// route (deliverToReach), and say who has the site focused; prefs drops
// what members and operators turned off.
func newPush(d deps, prefs push.Prefs) *push.Service {
	tlsConfig := pushTestTLS.Load()
	cfg := push.Config{DB: d.db, Translator: d.translator, Subscriber: pushSubscriber(d.publicURL), Prefs: prefs,
		AllowLoopback: tlsConfig != nil, Client: newPushClient(tlsConfig, tlsConfig != nil)}
	if d.userSessions == nil {
		return push.New(cfg)
	}
	cfg.Presence = d.userSessions
	return push.New(cfg)
}

// Bounds of the pushes' connections.
const (
	pushDialTimeout    = 5 * time.Second
	pushRequestTimeout = 10 * time.Second
)

// newPushClient is the HTTP client of the pushes: its dialer refuses the
// addresses push.PublicAddr refuses (loopback too unless loopback), after
// the name is resolved, so that a push service's name pointing inside the
// network reaches nothing; redirects are not followed. tlsConfig nil uses
// the system's roots.
func newPushClient(tlsConfig *tls.Config, loopback bool) *http.Client {
	dialer := &net.Dialer{Timeout: pushDialTimeout, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !push.PublicAddr(ap.Addr(), loopback) {
			return push.ErrPrivateAddress
		}
		return nil
	}}
	transport := &http.Transport{
		DialContext:         dialer.DialContext,
		TLSClientConfig:     tlsConfig,
		TLSHandshakeTimeout: pushDialTimeout,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	return &http.Client{Transport: transport, Timeout: pushRequestTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// pushSubscriber is the VAPID contact push services may reach the site's
// operators at: the public https URL when there is one.
func pushSubscriber(publicURL string) string {
	if strings.HasPrefix(publicURL, "https://") {
		return publicURL
	}
	return ""
}

// pushGauges export the node's push counters in /metrics.
func pushGauges(s *push.Service) []httpapi.Gauge {
	stats := s.Stats()
	return []httpapi.Gauge{
		{Name: "souk_push_sent", Help: "Web Push messages push services accepted from this node, since it started.",
			Value: func() float64 { return float64(stats.Sent.Load()) }},
		{Name: "souk_push_failed", Help: "Web Push messages this node gave up on (refused, or still failing after the retries), since it started.",
			Value: func() float64 { return float64(stats.Failed.Load()) }},
		{Name: "souk_push_skipped", Help: "Web Push bursts this node dropped because the member or the operators turned them off, or the member was in their do-not-disturb hours, since it started.",
			Value: func() float64 { return float64(stats.Skipped.Load()) }},
		{Name: "souk_push_removed", Help: "Push subscriptions this node removed because their push service said gone, since it started.",
			Value: func() float64 { return float64(stats.Removed.Load()) }},
	}
}
