package web

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// SitemapURL is one page of a language's sitemap.
type SitemapURL struct {
	// Path is the page's escaped path with its language prefix.
	Path string
	// Modified is the page's last change, epoch ms; 0 when unknown.
	Modified int64
}

// Sitemap lists the pages of a language (zh-hans, en or es), bounded by
// the caller.
type Sitemap func(ctx context.Context, lang string) ([]SitemapURL, error)

const (
	// sitemapFileURLs is how many pages one sitemap file lists (the
	// protocol allows 50,000).
	sitemapFileURLs = 5000
	// sitemapTTL is how long a language's list is reused: crawlers fetch
	// the index and then each file.
	sitemapTTL = 10 * time.Minute
)

// sitemapPattern matches a language's sitemap file: /sitemap-{lang}-{n}.xml.
var sitemapPattern = regexp.MustCompile(`^/sitemap-(zh-hans|en|es)-([1-9][0-9]{0,3})\.xml$`)

// sitemaps caches each language's list for sitemapTTL.
type sitemaps struct {
	list     Sitemap
	perFile  int
	ttl      time.Duration
	mu       sync.Mutex
	cache    map[string]sitemapList // guarded by mu
	inFlight map[string]*sync.Mutex // guarded by mu; one build per language at a time
}

type sitemapList struct {
	urls  []SitemapURL
	built time.Time
}

func newSitemaps(list Sitemap) *sitemaps {
	return &sitemaps{list: list, perFile: sitemapFileURLs, ttl: sitemapTTL, cache: map[string]sitemapList{},
		inFlight: map[string]*sync.Mutex{}}
}

// urls returns lang's list, built at most once per ttl.
func (s *sitemaps) urls(ctx context.Context, lang string) ([]SitemapURL, error) {
	s.mu.Lock()
	build, ok := s.inFlight[lang]
	if !ok {
		build = &sync.Mutex{}
		s.inFlight[lang] = build
	}
	s.mu.Unlock()
	build.Lock()
	defer build.Unlock()
	s.mu.Lock()
	cached, ok := s.cache[lang]
	s.mu.Unlock()
	if ok && time.Since(cached.built) < s.ttl {
		return cached.urls, nil
	}
	urls, err := s.list(ctx, lang)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.cache[lang] = sitemapList{urls: urls, built: time.Now()}
	s.mu.Unlock()
	return urls, nil
}

// files is how many files lang's list takes (at least one).
func (s *sitemaps) files(n int) int {
	return max(1, (n+s.perFile-1)/s.perFile)
}

type xmlLoc struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapIndex struct {
	XMLName  xml.Name `xml:"sitemapindex"`
	XMLNS    string   `xml:"xmlns,attr"`
	Sitemaps []xmlLoc `xml:"sitemap"`
}

type urlSet struct {
	XMLName xml.Name `xml:"urlset"`
	XMLNS   string   `xml:"xmlns,attr"`
	URLs    []xmlLoc `xml:"url"`
}

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

// serveSitemap answers /sitemap.xml (an index of every language's files)
// and /sitemap-{lang}-{n}.xml (one file of a language's pages).
func (h *Handler) serveSitemap(w http.ResponseWriter, r *http.Request) {
	if h.sitemaps == nil {
		http.NotFound(w, r)
		return
	}
	base := h.baseURL(r)
	var doc any
	if m := sitemapPattern.FindStringSubmatch(r.URL.Path); m != nil {
		urls, err := h.sitemaps.urls(r.Context(), m[1])
		if err != nil {
			h.sitemapFailed(w, r, err)
			return
		}
		n, _ := strconv.Atoi(m[2])
		if n > h.sitemaps.files(len(urls)) {
			http.NotFound(w, r)
			return
		}
		set := urlSet{XMLNS: sitemapNS, URLs: []xmlLoc{}}
		for _, u := range urls[(n-1)*h.sitemaps.perFile : min(n*h.sitemaps.perFile, len(urls))] {
			loc := xmlLoc{Loc: base + u.Path}
			if u.Modified > 0 {
				loc.LastMod = time.UnixMilli(u.Modified).UTC().Format("2006-01-02")
			}
			set.URLs = append(set.URLs, loc)
		}
		doc = set
	} else {
		index := sitemapIndex{XMLNS: sitemapNS}
		for _, l := range languages {
			urls, err := h.sitemaps.urls(r.Context(), l.code)
			if err != nil {
				h.sitemapFailed(w, r, err)
				return
			}
			for n := 1; n <= h.sitemaps.files(len(urls)); n++ {
				index.Sitemaps = append(index.Sitemaps, xmlLoc{Loc: fmt.Sprintf("%s/sitemap-%s-%d.xml", base, l.code, n)})
			}
		}
		doc = index
	}
	var out bytes.Buffer
	out.WriteString(xml.Header)
	if err := xml.NewEncoder(&out).Encode(doc); err != nil {
		h.sitemapFailed(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Method == http.MethodGet {
		_, _ = w.Write(out.Bytes())
	}
}

func (h *Handler) sitemapFailed(w http.ResponseWriter, r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "build sitemap", "path", r.URL.Path, "err", err)
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}

// serveRobots answers robots.txt: everything may be crawled but the API
// and the members' own screens (account, builder, the operators' console),
// and the sitemap is named.
func (h *Handler) serveRobots(w http.ResponseWriter, r *http.Request) {
	var out bytes.Buffer
	out.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\n")
	for _, l := range languages {
		for _, p := range []string{"/account", "/builder", "/admin"} {
			out.WriteString("Disallow: " + l.prefix + p + "\n")
		}
	}
	if h.sitemaps != nil {
		out.WriteString("\nSitemap: " + h.baseURL(r) + "/sitemap.xml\n")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.Method == http.MethodGet {
		_, _ = w.Write(out.Bytes())
	}
}
