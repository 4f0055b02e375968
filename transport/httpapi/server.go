package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"souk/app/action"
)

// DefaultMaxBody is the largest /api/request body accepted, in bytes.
const DefaultMaxBody = 1 << 20

// Config wires a Server.
type Config struct {
	Registry   *action.Registry
	Translator Translator
	// Ready reports whether the node may take traffic (migrations ran, the
	// database answers); /readyz answers 503 until it does.
	Ready func(ctx context.Context) error
	// Fallback serves every path no API route claims: the web client.
	Fallback http.Handler
	// MaxBody limits the /api/request body; zero means DefaultMaxBody.
	MaxBody int64
	// Auth verifies access tokens; nil leaves every caller a guest.
	Auth action.Authenticator
	// TrustProxy takes the client's address and scheme from the
	// X-Forwarded-For and X-Forwarded-Proto headers of a reverse proxy.
	TrustProxy bool
	// PublicURL is the site's external address: state-changing requests
	// must come from its origin or the request's own host. Empty: only the
	// request's own host.
	PublicURL string
	// HSTS sends Strict-Transport-Security on HTTPS responses; set it only
	// for a site served over HTTPS alone.
	HSTS bool
	// MetricsToken, when set, serves /metrics on this handler to callers
	// that send it as a bearer token. Empty: /metrics is not served here
	// (Server.Metrics serves it on the operations listener).
	MetricsToken string
	// QRCode bounds GET /api/qrcode; the zero value takes the defaults.
	QRCode QRCodeLimits
	// Upload takes a chunk of POST /api/upload (souk/app/media); nil: the
	// route is not served.
	Upload func(ctx context.Context, form UploadForm) (any, error)
	// MediaFile opens a media item for GET /api/media/{id}/{name}; nil:
	// the route is not served.
	MediaFile func(ctx context.Context, id int64) (MediaFile, error)
	// PaymentCallback applies a payment provider's signed callback (a
	// webhook) arriving at POST /api/pay/callback/{provider}: its body, at
	// most MaxCallbackBody bytes, and a reader of its headers; the error is
	// an action error (souk/app/wallet's Confirm). Nil: not served.
	PaymentCallback func(ctx context.Context, provider string, body []byte, header func(string) string) error
	// Gauges are read when /metrics is scraped, besides the server's own.
	Gauges []Gauge
}

// Gauge is a value /metrics reads when scraped (e.g. a node's active grains).
type Gauge struct {
	Name, Help string
	Value      func() float64
}

// Server is the HTTP handler of a node.
type Server struct {
	registry *action.Registry
	tr       Translator
	ready    func(ctx context.Context) error
	maxBody  int64
	metrics  *metrics
	router   chi.Router

	auth         action.Authenticator
	trustProxy   bool
	publicOrigin string // scheme://host of Config.PublicURL, lower case
	hsts         bool

	upload    func(ctx context.Context, form UploadForm) (any, error)
	mediaFile func(ctx context.Context, id int64) (MediaFile, error)
	payment   func(ctx context.Context, provider string, body []byte, header func(string) string) error
}

// New builds the router of a node.
func New(cfg Config) *Server {
	s := &Server{
		registry: cfg.Registry,
		tr:       cfg.Translator,
		ready:    cfg.Ready,
		maxBody:  cfg.MaxBody,
		metrics:  newMetrics(cfg.Gauges...),

		auth:         cfg.Auth,
		trustProxy:   cfg.TrustProxy,
		publicOrigin: originOf(cfg.PublicURL),
		hsts:         cfg.HSTS,
		upload:       cfg.Upload,
		mediaFile:    cfg.MediaFile,
		payment:      cfg.PaymentCallback,
	}
	if s.maxBody <= 0 {
		s.maxBody = DefaultMaxBody
	}
	r := chi.NewRouter()
	r.Use(s.secureHeaders, s.observe, compressResponses)
	r.Post("/api/request", s.handleRequest)
	r.Post("/api/auth/refresh", s.handleRefresh)
	r.Post("/api/auth/logout", s.handleLogout)
	r.Method(http.MethodGet, "/api/countryDialCodes", DialCodesHandler())
	r.Method(http.MethodGet, "/api/qrcode", newQRCodeHandler(s.tr, cfg.QRCode, s.clientIP))
	r.Method(http.MethodGet, "/api/avatar", AvatarHandler(s.tr))
	if s.upload != nil {
		r.Post("/api/upload", s.handleUpload)
	}
	if s.mediaFile != nil {
		r.Get("/api/media/{id}/{name}", s.handleMedia)
	}
	if s.payment != nil {
		// Every method reaches it: it answers anything but POST with 405.
		r.Handle("/api/pay/callback/{provider}", http.HandlerFunc(s.handlePaymentCallback))
	}
	r.Get("/healthz", s.handleHealth)
	r.Get("/readyz", s.handleReady)
	if cfg.MetricsToken != "" {
		r.Method(http.MethodGet, "/metrics", bearerOnly(cfg.MetricsToken, s.metrics.handler()))
	}
	r.HandleFunc("/api/*", s.handleUnknownAPI)
	if cfg.Fallback != nil {
		r.NotFound(cfg.Fallback.ServeHTTP)
		r.MethodNotAllowed(cfg.Fallback.ServeHTTP)
	}
	s.router = r
	return s
}

// Metrics serves the Prometheus metrics of this server, for the operations
// listener.
func (s *Server) Metrics() http.Handler {
	return s.metrics.handler()
}

// ServeHTTP makes Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.router.ServeHTTP(w, r)
}

func (s *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if s.ready != nil {
		if err := s.ready(r.Context()); err != nil {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// maxEchoedPath bounds the path a 404 repeats.
const maxEchoedPath = 256

// postOnly are the API paths that take nothing but POST: they change state.
var postOnly = map[string]bool{"/api/request": true, "/api/auth/refresh": true, "/api/auth/logout": true, "/api/upload": true}

func (s *Server) handleUnknownAPI(w http.ResponseWriter, r *http.Request) {
	if postOnly[r.URL.Path] {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, r, s.tr, &action.Error{Status: http.StatusMethodNotAllowed, Key: "common.error.methodNotAllowed"})
		return
	}
	writeError(w, r, s.tr, action.Errorf(http.StatusNotFound, "common.error.pageNotFound", "path", action.Truncate(r.URL.Path, maxEchoedPath)))
}
