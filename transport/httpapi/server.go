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
}

// Server is the HTTP handler of a node.
type Server struct {
	registry *action.Registry
	tr       Translator
	ready    func(ctx context.Context) error
	maxBody  int64
	metrics  *metrics
	router   chi.Router

	auth       action.Authenticator
	trustProxy bool
}

// New builds the router of a node.
func New(cfg Config) *Server {
	s := &Server{
		registry: cfg.Registry,
		tr:       cfg.Translator,
		ready:    cfg.Ready,
		maxBody:  cfg.MaxBody,
		metrics:  newMetrics(),

		auth:       cfg.Auth,
		trustProxy: cfg.TrustProxy,
	}
	if s.maxBody <= 0 {
		s.maxBody = DefaultMaxBody
	}
	r := chi.NewRouter()
	r.Use(s.observe)
	r.Post("/api/request", s.handleRequest)
	r.Post("/api/auth/refresh", s.handleRefresh)
	r.Get("/api/auth/logout", s.handleLogout)
	r.Method(http.MethodGet, "/api/countryDialCodes", DialCodesHandler())
	r.Method(http.MethodGet, "/api/qrcode", QRCodeHandler(s.tr))
	r.Method(http.MethodGet, "/api/avatar", AvatarHandler(s.tr))
	r.Get("/healthz", s.handleHealth)
	r.Get("/readyz", s.handleReady)
	r.Method(http.MethodGet, "/metrics", s.metrics.handler())
	r.HandleFunc("/api/*", s.handleUnknownAPI)
	if cfg.Fallback != nil {
		r.NotFound(cfg.Fallback.ServeHTTP)
		r.MethodNotAllowed(cfg.Fallback.ServeHTTP)
	}
	s.router = r
	return s
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

func (s *Server) handleUnknownAPI(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/api/request" {
		writeError(w, r, s.tr, &action.Error{Status: http.StatusMethodNotAllowed, Key: "common.error.methodNotAllowed"})
		return
	}
	writeError(w, r, s.tr, action.Errorf(http.StatusNotFound, "common.error.pageNotFound", "path", r.URL.Path))
}
