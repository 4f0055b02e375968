// Package builder is the page builder's server side: the builders' shared
// draft of the site layout (souk/app/internal/layout), its publishing as a
// new version in one transaction, the version history and rollback. Every
// action needs a member with canBuilder: an administrator, or a member
// whose growth level or live VIP tier has it. A publish or a rollback tells
// every open page through the live channel "site".
package builder

import (
	"context"
	"log/slog"
	"time"

	"souk/app/action"
	"souk/app/internal/live"
	"souk/app/internal/ratelimit"
	"souk/persistence"
)

// Bounds of the builder's input.
const (
	// MaxNote is the longest publish note, in characters.
	MaxNote = 200
	// DefaultVersions and MaxVersions are a page of builder.versions.
	DefaultVersions = 20
	MaxVersions     = 50
)

// LayoutEvent is the data of live.Layout on live.Site.
type LayoutEvent struct {
	Version int64 `json:"version" doc:"the layout version published now"`
}

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Live sends the layout events; nil sends none.
	Live live.Publisher
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Logger receives the failures of events; nil is slog.Default().
	Logger *slog.Logger
}

// Service answers the builder actions. It is safe for concurrent use.
type Service struct {
	db   *persistence.DB
	live live.Sender
	now  func() time.Time
	// writes bounds each member's saves, publishes and rollbacks: a
	// builder autosaving as they type stays well within it.
	writes *ratelimit.Keyed
}

// New returns the builder service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{
		db:     cfg.DB,
		live:   live.Sender{Publisher: cfg.Live, Log: cfg.Logger},
		now:    cfg.Now,
		writes: ratelimit.New(500*time.Millisecond, 30),
	}
}

// Register adds the builder actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "builder.draft",
		Summary: "The builders' draft of the site layout: the published document when there is no draft, a " +
			"document made of the current header, footer and pages when nothing was published yet.",
		Access: action.Member,
	}, s.Draft)
	action.Register(r, action.Spec{
		Name: "builder.saveDraft",
		Summary: "Validates, sanitizes and saves the draft; revision must be the draft's current one (0 when " +
			"there is none), else 409 builder.error.stale.",
		Access: action.Member,
	}, s.SaveDraft)
	action.Register(r, action.Spec{
		Name:    "builder.discard",
		Summary: "Throws the draft away: it becomes the published document again (revision as in saveDraft).",
		Access:  action.Member,
	}, s.Discard)
	action.Register(r, action.Spec{
		Name: "builder.publish",
		Summary: "Validates the draft again and publishes it as a new version in one transaction (header and " +
			"footer, pages); tells every open page (live event layout on channel site).",
		Access: action.Member,
		Audit:  true,
	}, s.Publish)
	action.Register(r, action.Spec{
		Name:    "builder.versions",
		Summary: "A page of the published versions, newest first (before: the last version of the page before).",
		Access:  action.Member,
	}, s.Versions)
	action.Register(r, action.Spec{
		Name:    "builder.version",
		Summary: "One published version's document, to preview it.",
		Access:  action.Member,
	}, s.Version)
	action.Register(r, action.Spec{
		Name: "builder.rollback",
		Summary: "Publishes an older version's document again as a new version and resets the draft to it; " +
			"expectVersion must be the version published now, else 409 builder.error.stale.",
		Access: action.Member,
		Audit:  true,
	}, s.Rollback)
}

// allowWrite takes a token of the viewer's write bucket.
func (s *Service) allowWrite(userID int64) error {
	if wait := s.writes.Wait(formatID(userID), s.now()); wait > 0 {
		return errRateLimited(wait)
	}
	return nil
}

// published tells every open page that version is published.
func (s *Service) published(ctx context.Context, version int64) {
	s.live.Send(ctx, live.Layout, LayoutEvent{Version: version}, live.Site)
}
