package web

import (
	"net/http"
	"regexp"
)

// The installable app's files, which the build writes (webui/pwa.mjs and
// the service worker): the service worker at the root, a web app manifest
// per language under its prefix, the icons, and an offline page per
// language that the service worker precaches and shows for a page it can
// neither fetch nor has.

var (
	iconPattern    = regexp.MustCompile(`^[a-z0-9-]{1,40}\.png$`)
	offlinePattern = regexp.MustCompile(`^/_offline/([a-z-]{2,10})\.html$`)
)

// offlinePolicy is the offline page's Content-Security-Policy: no script,
// its own inline style, the site's icon.
const offlinePolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// workerPolicy is the service worker's own Content-Security-Policy (a
// worker follows its script's, not the page's): it fetches and caches from
// this site only.
const workerPolicy = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// manifestPath is the address of lang's web app manifest.
func manifestPath(lang string) string {
	for _, l := range languages {
		if l.code == lang {
			return l.prefix + "/manifest.webmanifest"
		}
	}
	return "/manifest.webmanifest"
}

// serveWorker serves /sw.js: never from a cache without asking (a new
// build's worker is found at once), scoped to the whole site.
func (h *Handler) serveWorker(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Service-Worker-Allowed", "/")
	w.Header().Set("Content-Security-Policy", workerPolicy)
	h.serveFile(w, r, "sw.js", "no-cache")
}

// serveManifest serves /manifest.webmanifest (the default language),
// /en/manifest.webmanifest and /es/manifest.webmanifest.
func (h *Handler) serveManifest(w http.ResponseWriter, r *http.Request) {
	lang, rest := splitLang(r.URL.Path)
	if rest != "/manifest.webmanifest" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/manifest+json")
	h.serveFile(w, r, "manifest/"+lang+".webmanifest", "public, max-age=3600")
}

// serveOffline serves /_offline/<lang>.html.
func (h *Handler) serveOffline(w http.ResponseWriter, r *http.Request) {
	m := offlinePattern.FindStringSubmatch(r.URL.Path)
	if m == nil || !knownLanguage(m[1]) {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", offlinePolicy)
	w.Header().Set("X-Frame-Options", "DENY")
	h.serveFile(w, r, "offline/"+m[1]+".html", "no-cache")
}

func knownLanguage(code string) bool {
	for _, l := range languages {
		if l.code == code {
			return true
		}
	}
	return false
}
