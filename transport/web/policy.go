package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// pagePolicy is the Content-Security-Policy of the client's pages, before
// its script-src: scripts come from this site only (plus the hashes of the
// inline scripts of index.html and of a configured analytics snippet),
// styles may be inline (dialogs and the scroll lock inject them), pictures
// may come from https hosts (avatars of an allowed host), the page may
// frame https pages (the embeds an administrator puts in the builder's html
// blocks, the only content allowed an iframe), nothing may frame the page,
// forms post only here, and the web app manifest and the service worker
// come from this site.
const pagePolicy = "default-src 'self'; connect-src 'self'; img-src 'self' data: blob: https:; media-src 'self' blob: https:; frame-src 'self' https:; " +
	"style-src 'self' 'unsafe-inline'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; " +
	"manifest-src 'self'; worker-src 'self'"

// scriptPattern finds the script elements of an HTML text: their attributes
// and their text, which the client runs exactly as written.
var (
	scriptPattern = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	srcPattern    = regexp.MustCompile(`(?is)\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`)
)

// scriptSources are the script-src entries that let the scripts of html
// run: the hash of each inline script's text, and the origin of each https
// script it loads.
func scriptSources(html string) []string {
	var out []string
	for _, m := range scriptPattern.FindAllStringSubmatch(html, -1) {
		attrs, text := m[1], m[2]
		if src := srcPattern.FindStringSubmatch(attrs); src != nil {
			u, err := url.Parse(src[1] + src[2] + src[3])
			if err == nil && u.Scheme == "https" && u.Host != "" {
				out = append(out, "https://"+u.Host)
			}
			continue
		}
		if text != "" {
			sum := sha256.Sum256([]byte(text))
			out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
	return out
}

// policies builds the page policy for the analytics snippet in force,
// remembering the last one: the snippet changes seldom.
type policies struct {
	base []string // 'self' and the hashes of index.html's inline scripts

	mu      sync.Mutex
	snippet string // guarded by mu
	policy  string // guarded by mu; the policy for snippet
}

func newPolicies(index []byte) *policies {
	p := &policies{base: append([]string{"'self'"}, scriptSources(string(index))...)}
	p.policy = p.build("")
	return p
}

// For is the page policy with the scripts of the analytics snippet allowed.
func (p *policies) For(snippet string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if snippet != p.snippet {
		p.snippet, p.policy = snippet, p.build(snippet)
	}
	return p.policy
}

func (p *policies) build(snippet string) string {
	sources := append(append([]string(nil), p.base...), scriptSources(snippet)...)
	return pagePolicy + "; script-src " + strings.Join(sources, " ")
}
