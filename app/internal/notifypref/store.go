package notifypref

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// How long a node answers from its copies: a member's preferences (a save
// on this node drops its copy at once) and the operators' switches.
const (
	PrefsTTL     = 10 * time.Second
	OperatorsTTL = 5 * time.Second
	// maxCached bounds the members' copies a node keeps.
	maxCached = 10000
)

// Unsubscribe's kinds beyond Kinds.
const (
	UnsubscribeAll    = "all"
	UnsubscribeDigest = "digest"
)

// ErrUnknownKind is Unsubscribe's answer for a kind it does not know.
var ErrUnknownKind = errors.New("notifypref: unknown kind")

type cachedPrefs struct {
	prefs Prefs
	at    time.Time
}

// Store reads and saves the members' preferences and reads the operators'
// switches, each from a short-lived copy on this node.
type Store struct {
	db  *persistence.DB
	now func() time.Time

	mu       sync.Mutex
	prefs    map[int64]cachedPrefs
	ops      Operators
	opsAt    time.Time
	opsValid bool
}

// NewStore returns a store reading db.
func NewStore(db *persistence.DB) *Store {
	return &Store{db: db, now: time.Now, prefs: map[int64]cachedPrefs{}}
}

// Get returns the member's preferences, Defaults() when they saved none.
func (s *Store) Get(ctx context.Context, userID int64) (Prefs, error) {
	now := s.now()
	s.mu.Lock()
	c, ok := s.prefs[userID]
	s.mu.Unlock()
	if ok && now.Sub(c.at) < PrefsTTL {
		return c.prefs.clone(), nil
	}
	row, err := s.db.NotifyPrefs().Get(ctx, userID)
	var p Prefs
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		p = Defaults()
	case err != nil:
		return Prefs{}, fmt.Errorf("notifypref: get %d: %w", userID, err)
	default:
		p = fromRow(row)
	}
	s.mu.Lock()
	if len(s.prefs) >= maxCached {
		clear(s.prefs)
	}
	s.prefs[userID] = cachedPrefs{prefs: p, at: now}
	s.mu.Unlock()
	return p.clone(), nil
}

// Save stores the member's preferences: every Kind, a kind missing from
// p.Kinds stored as its default.
func (s *Store) Save(ctx context.Context, userID int64, p Prefs) error {
	row := toRow(userID, p)
	err := s.db.NotifyPrefs().Save(ctx, &row)
	s.forget(userID)
	if err != nil {
		return fmt.Errorf("notifypref: save %d: %w", userID, err)
	}
	return nil
}

// Unsubscribe turns email off for one kind ("messages", ...), for every
// kind and the digest (UnsubscribeAll) or for the digest only
// (UnsubscribeDigest), storing it at once; ErrUnknownKind for another kind.
// Turning off what is off already changes nothing.
func (s *Store) Unsubscribe(ctx context.Context, userID int64, kind string) error {
	if kind != UnsubscribeAll && kind != UnsubscribeDigest && !Known(Kind(kind)) {
		return fmt.Errorf("notifypref: unsubscribe %d from %q: %w", userID, kind, ErrUnknownKind)
	}
	_, err := s.Update(ctx, userID, func(p *Prefs) {
		if kind == UnsubscribeAll || kind == UnsubscribeDigest {
			p.Digest = false
		}
		for _, k := range Kinds {
			if kind == UnsubscribeAll || kind == string(k) {
				ch := p.Kinds[k]
				ch.Email = false
				p.Kinds[k] = ch
			}
		}
	})
	if err != nil {
		return fmt.Errorf("notifypref: unsubscribe %d from %q: %w", userID, kind, err)
	}
	return nil
}

// Update changes the member's preferences as stored (past any copy), in
// one transaction so that concurrent changes (a save on one node, an
// unsubscribe link on another) keep each other's edits, and returns what
// it stored.
func (s *Store) Update(ctx context.Context, userID int64, change func(p *Prefs)) (Prefs, error) {
	var p Prefs
	err := s.db.NotifyPrefs().Update(ctx, userID, func(row *persistence.NotifyPrefs, stored bool) error {
		p = Defaults()
		if stored {
			p = fromRow(*row)
		}
		change(&p)
		*row = toRow(userID, p)
		return nil
	})
	s.forget(userID)
	if err != nil {
		return Prefs{}, fmt.Errorf("notifypref: update %d: %w", userID, err)
	}
	return fromRow(toRow(userID, p)), nil
}

func (s *Store) forget(userID int64) {
	s.mu.Lock()
	delete(s.prefs, userID)
	s.mu.Unlock()
}

// Operators returns the operators' switches, DefaultOperators() when they
// saved none.
func (s *Store) Operators(ctx context.Context) (Operators, error) {
	now := s.now()
	s.mu.Lock()
	if s.opsValid && now.Sub(s.opsAt) < OperatorsTTL {
		o := s.ops.clone()
		s.mu.Unlock()
		return o, nil
	}
	s.mu.Unlock()
	o, err := ReadOperators(ctx, s.db)
	if err != nil {
		return Operators{}, err
	}
	s.mu.Lock()
	s.ops, s.opsAt, s.opsValid = o, now, true
	s.mu.Unlock()
	return o.clone(), nil
}

// ReadOperators reads the operators' switches past any copy of this
// package (the settings store's own copy aside): DefaultOperators() when
// none are stored, the defaults under the fields a stored document lacks.
func ReadOperators(ctx context.Context, db *persistence.DB) (Operators, error) {
	o := DefaultOperators()
	err := db.Settings().Get(ctx, sitesettings.KeyNotify, &o)
	if errors.Is(err, persistence.ErrNotFound) {
		return DefaultOperators(), nil
	}
	if err != nil {
		return Operators{}, fmt.Errorf("notifypref: operators: %w", err)
	}
	return o, nil
}

func (o Operators) clone() Operators {
	o.Push = maps.Clone(o.Push)
	o.Email = maps.Clone(o.Email)
	return o
}

func (p Prefs) clone() Prefs {
	p.Kinds = maps.Clone(p.Kinds)
	return p
}

// fromRow reads a stored row over the defaults: a kind the row lacks (one
// added since it was saved) has its default, one the row has that is no
// longer a Kind is dropped.
func fromRow(row persistence.NotifyPrefs) Prefs {
	p := Defaults()
	for _, k := range Kinds {
		if ch, ok := row.Kinds[string(k)]; ok {
			p.Kinds[k] = Channels{Site: ch.Site, Push: ch.Push, Email: ch.Email}
		}
	}
	p.DND = DND{Enabled: row.DNDEnabled, Start: row.DNDStart, End: row.DNDEnd}
	p.TimeZone = row.TimeZone
	p.Digest = row.Digest
	return p
}

// toRow is the row storing p: every Kind, the missing ones at their default.
func toRow(userID int64, p Prefs) persistence.NotifyPrefs {
	defaults := Defaults()
	kinds := make(map[string]persistence.NotifyChannels, len(Kinds))
	for _, k := range Kinds {
		ch, ok := p.Kinds[k]
		if !ok {
			ch = defaults.Kinds[k]
		}
		kinds[string(k)] = persistence.NotifyChannels{Site: ch.Site || AlwaysInSite(k), Push: ch.Push, Email: ch.Email}
	}
	return persistence.NotifyPrefs{UserID: userID, Kinds: kinds, DNDEnabled: p.DND.Enabled,
		DNDStart: p.DND.Start, DNDEnd: p.DND.End, TimeZone: p.TimeZone, Digest: p.Digest}
}
