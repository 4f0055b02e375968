// Package settings answers utils.getSettings: the site-wide settings the
// client loads on start (levels, currencies, languages, login box, upload
// rules, header and footer per device...), read from the settings,
// languages, currencies and levels stores and localized per request.
package settings

import (
	"souk/app/action"
	"souk/persistence"
)

// Service answers the settings actions.
type Service struct{ db *persistence.DB }

// New returns the settings service reading db.
func New(db *persistence.DB) *Service { return &Service{db: db} }

// Register adds utils.getSettings to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "utils.getSettings",
		Summary: "The server settings (SPEC.md §3) in the requested language and currency.",
		Access:  action.Public,
	}, s.Get)
}
