// Package search answers the search overlay (SPEC.md §2, issue 15):
// utils.search finds articles, topics and answers, search.user finds
// members by name and slug.
//
// The index lives in persistence (search_docs, written by the stores in
// the same transaction as the content, see persistence/search_index.go):
// it folds accents and case and finds Chinese words inside runs of
// characters, the same way on SQLite (FTS5) and PostgreSQL (tsvector).
// It holds only what anyone may read, so a result never carries gated
// text: gated content is listed by its title, as the archives list it, and
// deleted content is never in it. This package bounds the key, limits each
// caller's rate and turns hits into the client's nodes: their counts,
// views and links, per kind (kinds.go).
package search

import (
	"time"

	"souk/app/action"
	"souk/app/internal/ratelimit"
	"souk/app/member"
	"souk/persistence"
)

// Limits of a search.
const (
	// MaxKeyRunes bounds a key: longer ones are refused.
	MaxKeyRunes = 100
	// DefaultPage and MaxPage bound a page of content results.
	DefaultPage = 10
	MaxPage     = 50
	// MaxOffset bounds how deep the content results may be paged.
	MaxOffset = 500
	// DefaultMembers and MaxMembers bound the members of search.user.
	DefaultMembers = 10
	MaxMembers     = 20
	// Burst searches at once, then one every Every, per caller on each
	// node (the overlay sends both actions after each pause in typing).
	Burst = 30
	Every = 200 * time.Millisecond
)

// Config builds a Service.
type Config struct {
	DB *persistence.DB
	// Now is the clock of the rate limit; nil is time.Now.
	Now func() time.Time
}

// Service answers the search actions. It is safe for concurrent use.
type Service struct {
	db    *persistence.DB
	now   func() time.Time
	kinds map[string]kind
	// callers limits each caller's searches.
	callers *ratelimit.Keyed
}

// New returns the search service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, now: cfg.Now, callers: ratelimit.New(Every, Burst)}
	if s.now == nil {
		s.now = time.Now
	}
	s.kinds = contentKinds(cfg.DB)
	return s
}

// Register adds the search actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "utils.search",
		Summary: "Finds articles, topics and answers by a key (Chinese inside runs of characters, accents and case " +
			"folded): the request's language first, then by relevance, then the newest; gated content by its title only.",
		Access: action.Public,
	}, s.Search)
	action.Register(r, action.Spec{
		Name:    "search.user",
		Summary: "Finds members by name or slug, the closest first.",
		Access:  action.Public,
	}, s.SearchUser)
}

// allow takes one search of the caller's allowance: members by id, guests
// by address (by browser when the transport knows no address).
func (s *Service) allow(req *action.Request) error {
	key := "ip:" + req.ClientIP
	switch {
	case !req.Viewer.IsGuest():
		key = "member:" + member.FormatID(req.Viewer.UserID)
	case req.ClientIP == "":
		key = "visitor:" + req.VisitorID
	}
	if !s.callers.Allow(key, s.now()) {
		return ErrRateLimited
	}
	return nil
}
