package httpapi

import (
	"net/http"
	"strconv"
	"sync"
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

	// httpSeries and actionSeries map a seriesKey to its series, so that a
	// request does not hash its label values again (four lookups a request).
	httpSeries   sync.Map
	actionSeries sync.Map
}

// seriesKey names the series of a route and method (HTTP) or of an action
// (method empty), with a status code.
type seriesKey struct {
	name, method string
	code         int
}

// series are one request counter and its latency histogram.
type series struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

func newMetrics(gauges ...Gauge) *metrics {
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
	for _, g := range gauges {
		m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: g.Name, Help: g.Help}, g.Value))
	}
	return m
}

func (m *metrics) observeHTTP(route, method string, code int, d time.Duration) {
	key := seriesKey{name: route, method: method, code: code}
	s, ok := m.httpSeries.Load(key)
	if !ok {
		s, _ = m.httpSeries.LoadOrStore(key, series{
			requests: m.httpRequests.WithLabelValues(route, method, strconv.Itoa(code)),
			duration: m.httpDuration.WithLabelValues(route),
		})
	}
	s.(series).requests.Inc()
	s.(series).duration.Observe(d.Seconds())
}

func (m *metrics) observeAction(name string, code int, d time.Duration) {
	key := seriesKey{name: name, code: code}
	s, ok := m.actionSeries.Load(key)
	if !ok {
		s, _ = m.actionSeries.LoadOrStore(key, series{
			requests: m.actionRequests.WithLabelValues(name, strconv.Itoa(code)),
			duration: m.actionDuration.WithLabelValues(name),
		})
	}
	s.(series).requests.Inc()
	s.(series).duration.Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}
