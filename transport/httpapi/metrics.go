package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus collectors, in a registry of their own
// so that several servers can live in one test process.
type metrics struct {
	registry       *prometheus.Registry
	httpRequests   *prometheus.CounterVec
	httpDuration   *prometheus.HistogramVec
	actionRequests *prometheus.CounterVec
	actionDuration *prometheus.HistogramVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "souk_http_requests_total",
			Help: "HTTP requests served, by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "souk_http_request_duration_seconds",
			Help:    "HTTP request latency by route pattern.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}, []string{"route"}),
		actionRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "souk_action_requests_total",
			Help: "Actions called through /api/request, by action and status code.",
		}, []string{"action", "code"}),
		actionDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "souk_action_duration_seconds",
			Help:    "Action latency by action.",
			Buckets: prometheus.ExponentialBuckets(0.0002, 2, 15),
		}, []string{"action"}),
	}
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.httpDuration, m.actionRequests, m.actionDuration,
	)
	return m
}

func (m *metrics) observeHTTP(route, method string, code int, d time.Duration) {
	m.httpRequests.WithLabelValues(route, method, strconv.Itoa(code)).Inc()
	m.httpDuration.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) observeAction(name string, code int, d time.Duration) {
	m.actionRequests.WithLabelValues(name, strconv.Itoa(code)).Inc()
	m.actionDuration.WithLabelValues(name).Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}
