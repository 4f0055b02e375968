// Package web serves the built React client: hashed assets as immutable,
// index.html as no-cache for every page path (with 404 for paths that name
// no page, so crawlers and the error page agree) carrying the page's
// title, description, canonical and language alternates, preview tags and
// JSON-LD (and, for crawlers, its text), the build manifests the client
// polls, the message files the client loads, robots.txt and the sitemaps,
// and the installable app's files: the service worker, a web app manifest
// per language, the icons and the offline pages (app.go).
package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"
)

// Config wires a Handler.
type Config struct {
	// Dist is the built client (index.html, assets/, builds/).
	Dist fs.FS
	// Locales holds "<lang>.json" message files.
	Locales fs.FS
	// Languages are the locales /_i18n serves.
	Languages []string
	// Describe resolves page paths: their status (404, still with the
	// client, which shows its Page Not Found, for a path that names no
	// page) and what their HTML says.
	Describe Describe
	// Sitemap lists a language's pages for /sitemap.xml; nil: no sitemap.
	Sitemap Sitemap
	// PublicURL is the site's address for absolute URLs (canonical,
	// previews, sitemaps), without a trailing slash; empty: the request's
	// scheme and host.
	PublicURL string
	// Analytics is the analytics snippet the pages inject (site settings);
	// its scripts are allowed by the pages' Content-Security-Policy. Nil or
	// empty: none.
	Analytics func(ctx context.Context) string
}

// Handler serves the client. Build it with New.
type Handler struct {
	dist      fs.FS
	describe  Describe
	analytics func(ctx context.Context) string
	publicURL string
	index     []byte // nil when the client is not built
	shell     shell  // index cut for each page's head
	policies  *policies
	messages  map[string]file
	sitemaps  *sitemaps // nil without a Sitemap
}

type file struct {
	body []byte
	etag string
}

var buildMetaPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}\.json$`)

// New reads index.html and the message files once; they are immutable for
// the life of the binary.
func New(cfg Config) (*Handler, error) {
	h := &Handler{dist: cfg.Dist, describe: cfg.Describe, analytics: cfg.Analytics, messages: make(map[string]file),
		publicURL: strings.TrimSuffix(cfg.PublicURL, "/")}
	if cfg.Sitemap != nil {
		h.sitemaps = newSitemaps(cfg.Sitemap)
	}
	if index, err := fs.ReadFile(cfg.Dist, "index.html"); err == nil {
		h.index = index
		h.shell = newShell(index)
		h.policies = newPolicies(index)
	} else {
		slog.Warn("web client not built: pages answer 503 until it is", "err", err)
	}
	for _, lang := range cfg.Languages {
		body, err := fs.ReadFile(cfg.Locales, lang+".json")
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(body)
		h.messages[lang] = file{body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	}
	return h, nil
}

// ServeHTTP serves GET and HEAD; anything else is 405.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, "/assets/"):
		h.serveFile(w, r, strings.TrimPrefix(p, "/"), "public, max-age=31536000, immutable")
	case p == "/builds/latest.json":
		h.serveFile(w, r, "builds/latest.json", "no-cache")
	case strings.HasPrefix(p, "/builds/meta/") && buildMetaPattern.MatchString(strings.TrimPrefix(p, "/builds/meta/")):
		h.serveFile(w, r, strings.TrimPrefix(p, "/"), "public, max-age=31536000, immutable")
	case strings.HasPrefix(p, "/_i18n/"):
		h.serveMessages(w, r)
	case p == "/favicon.ico":
		h.serveFile(w, r, strings.TrimPrefix(p, "/"), "public, max-age=86400")
	case p == "/sw.js":
		h.serveWorker(w, r)
	case strings.HasSuffix(p, "/manifest.webmanifest"):
		h.serveManifest(w, r)
	case strings.HasPrefix(p, "/icons/") && iconPattern.MatchString(strings.TrimPrefix(p, "/icons/")):
		h.serveFile(w, r, strings.TrimPrefix(p, "/"), "public, max-age=86400")
	case strings.HasPrefix(p, "/_offline/"):
		h.serveOffline(w, r)
	case p == "/robots.txt":
		h.serveRobots(w, r)
	case p == "/sitemap.xml" || sitemapPattern.MatchString(p):
		h.serveSitemap(w, r)
	default:
		h.servePage(w, r)
	}
}

// serveFile serves a file of the build. A script or stylesheet the build
// also wrote compressed (name.br, name.gz) is sent in the coding the
// browser prefers of those (Content-Encoding, Vary: Accept-Encoding);
// anything else is left to the response compression of the router.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	name = path.Clean(name)
	body, err := fs.ReadFile(h.dist, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.Header().Set("Cache-Control", cacheControl)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if precompressed(name) {
		w.Header().Add("Vary", "Accept-Encoding")
		for _, c := range acceptedCodings(r.Header.Values("Accept-Encoding")) {
			if packed, err := fs.ReadFile(h.dist, name+c.ext); err == nil {
				w.Header().Set("Content-Encoding", c.name)
				body = packed
				break
			}
		}
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

// serveMessages answers /_i18n/{locale}/messages.json; the client caches
// them for a day (SPEC.md §9) and revalidates by ETag.
func (h *Handler) serveMessages(w http.ResponseWriter, r *http.Request) {
	locale, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/_i18n/"), "/")
	msgs, ok := h.messages[locale]
	if !ok || rest != "messages.json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"statusCode":404,"messages":["unknown locale"],"codes":["common.error.notFound"]}`))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("ETag", msgs.etag)
	if r.Header.Get("If-None-Match") == msgs.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(msgs.body)
}

func (h *Handler) servePage(w http.ResponseWriter, r *http.Request) {
	if h.index == nil {
		http.Error(w, "the web client is not built: run make build", http.StatusServiceUnavailable)
		return
	}
	status := http.StatusOK
	bot := IsBot(r.UserAgent())
	page, err := h.describe(r.Context(), r.URL.Path, bot)
	switch {
	case err != nil:
		slog.ErrorContext(r.Context(), "resolve page", "path", r.URL.Path, "err", err)
		status, page = http.StatusInternalServerError, Page{}
	case !page.Found:
		status = http.StatusNotFound
	}
	doc, err := h.render(r, page, status, bot)
	if err != nil {
		slog.ErrorContext(r.Context(), "render page", "path", r.URL.Path, "err", err)
		doc = h.index
	}
	snippet := ""
	if h.analytics != nil {
		snippet = h.analytics(r.Context())
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Referrer-Policy", "strict-origin-when-cross-origin")
	w.Header().Set("Content-Security-Policy", h.policies.For(snippet))
	w.Header().Set("Vary", "User-Agent")
	w.WriteHeader(status)
	if r.Method == http.MethodGet {
		_, _ = w.Write(doc)
	}
}
