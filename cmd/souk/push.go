package main

import (
	"crypto/tls"
	"strings"
	"sync/atomic"

	"souk/app/push"
	"souk/transport/httpapi"
)

// pushTestTLS, when a test sets it before a node starts, lets that node's
// pushes reach a push service on loopback that these TLS settings trust
// (the address rule refuses loopback otherwise). Never set outside tests.
var pushTestTLS atomic.Pointer[tls.Config]

// newPush builds the Web Push service: its texts are translated by the
// node's catalog; the session grains of this node hand it the events they
// route, and say who has the site focused.
func newPush(d deps) *push.Service {
	cfg := push.Config{DB: d.db, Translator: d.translator, Subscriber: pushSubscriber(d.publicURL)}
	if tlsConfig := pushTestTLS.Load(); tlsConfig != nil {
		cfg.AllowLoopback, cfg.TLS = true, tlsConfig
	}
	if d.userSessions == nil {
		return push.New(cfg)
	}
	cfg.Presence = d.userSessions
	s := push.New(cfg)
	d.userSessions.OnDeliver(s.Event)
	return s
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
		{Name: "souk_push_removed", Help: "Push subscriptions this node removed because their push service said gone, since it started.",
			Value: func() float64 { return float64(stats.Removed.Load()) }},
	}
}
