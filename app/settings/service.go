// Package settings answers utils.getSettings: the site-wide settings the
// client loads on start (levels, currencies, languages, login box, upload
// rules, header and footer per device...), read from the settings,
// languages, currencies and levels stores and localized per request.
package settings

import (
	"sync"
	"time"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/persistence"
)

// CacheTTL is how long a node answers utils.getSettings from memory: every
// client calls it on start, and it takes a dozen queries. A change made on
// this node shows within this time; one made by souk seed or on another
// node within CacheTTL + persistence.SnapshotTTL (the tables it reads are
// themselves copies up to that old).
const CacheTTL = time.Second

// maxCached bounds the cached replies (one per language and currency
// asked for; the currency is the caller's free text).
const maxCached = 64

// Service answers the settings actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	now      func() time.Time
	versions *layout.VersionGate // reads the time with now
	// settingsVersions gates the operators' settings version the same way:
	// the tables it versions are read from copies too.
	settingsVersions *layout.VersionGate

	// offered lists the social providers the node can sign in with; nil
	// leaves login_box.social as stored.
	offered []string

	mu    sync.Mutex
	cache map[string]cachedReply // guarded by mu: by language and currency asked for
	gen   uint64                 // guarded by mu: bumped by DropCache
}

// cachedReply is a reply and when it was read. Its Settings are shared by
// every caller until it expires: read-only.
type cachedReply struct {
	reply GetReply
	at    time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithSocialProviders keeps only these keys in login_box.social, so the
// login box offers only providers the node is configured for.
func WithSocialProviders(keys []string) Option {
	return func(s *Service) { s.offered = append([]string{}, keys...) }
}

// New returns the settings service reading db.
func New(db *persistence.DB, opts ...Option) *Service {
	s := &Service{db: db, now: time.Now, cache: make(map[string]cachedReply)}
	s.versions = layout.NewVersionGate(db.Layouts().Version, func() time.Time { return s.now() })
	s.settingsVersions = layout.NewVersionGate(db.Settings().Version, func() time.Time { return s.now() })
	for _, opt := range opts {
		opt(s)
	}
	return s
}

func (s *Service) cached(key string) (GetReply, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.cache[key]
	if !ok || s.now().Sub(c.at) >= CacheTTL {
		return GetReply{}, false
	}
	return c.reply, true
}

// generation is the cache's generation now: a reply read from then on is
// remembered only if DropCache was not called meanwhile.
func (s *Service) generation() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gen
}

// remember keeps reply, read at at from the cache's generation gen; a
// reply read while DropCache ran may predate the change and is not kept.
func (s *Service) remember(key string, reply GetReply, at time.Time, gen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		return
	}
	if len(s.cache) >= maxCached {
		clear(s.cache)
	}
	s.cache[key] = cachedReply{reply: reply, at: at}
}

// DropCache forgets every cached reply: the next utils.getSettings reads
// the settings again. A node calls it when the operators saved the
// settings (on any node), so that the change shows at once rather than
// within CacheTTL.
func (s *Service) DropCache() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.cache)
	s.gen++
}

// Register adds utils.getSettings to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "utils.getSettings",
		Summary: "The server settings (SPEC.md §3) in the requested language and currency.",
		Access:  action.Public,
	}, s.Get)
}
