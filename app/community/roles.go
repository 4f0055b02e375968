package community

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/persistence"
)

// Roles is a topic's gate (souk/app/internal/gate): who may see its
// content and answers. The client sends one {type, value} (SPEC.md §3) or
// a list of them; empty is free.
type Roles []gate.Role

// UnmarshalJSON accepts one role, a list of roles or null.
func (r *Roles) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*r = nil
		return nil
	case len(b) > 0 && b[0] == '{':
		var one gate.Role
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*r = Roles{one}
		return nil
	}
	var list []gate.Role
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*r = list
	return nil
}

// checkRoles validates a gate against the site's currencies and levels.
func (s *Service) checkRoles(ctx context.Context, roles Roles) error {
	err := gate.Check(ctx, s.db, roles)
	if errors.Is(err, gate.ErrInvalid) {
		return action.BadField("roles")
	}
	return err
}

// encodeRoles stores a gate as JSON.
func encodeRoles(roles Roles) string {
	if roles == nil {
		roles = Roles{}
	}
	b, _ := json.Marshal(roles)
	return string(b)
}

// decodeRoles reads a stored gate.
func decodeRoles(text string) []gate.Role {
	roles := []gate.Role{}
	if err := json.Unmarshal([]byte(text), &roles); err != nil || roles == nil {
		return []gate.Role{}
	}
	return roles
}

// decide tells what the viewer gets of the topic's content.
func (s *Service) decide(ctx context.Context, t persistence.Topic) (gate.Decision, error) {
	v := action.RequestFrom(ctx).Viewer
	d, err := gate.Decide(ctx, s.db, gate.Viewer{UserID: v.UserID, IsAdmin: v.IsAdmin},
		gate.Content{TargetType: persistence.TargetTopic, TargetID: t.ID, AuthorID: t.AuthorID, Roles: decodeRoles(t.Roles)},
		s.now())
	if err != nil {
		return d, fmt.Errorf("community: gate: %w", err)
	}
	return d, nil
}

// maySee reports whether the viewer may see the topic's content.
func (s *Service) maySee(ctx context.Context, t persistence.Topic) (bool, error) {
	d, err := s.decide(ctx, t)
	return d.Open, err
}

// levelAtLeast reports whether the growth level held ranks at or above want.
func (s *Service) levelAtLeast(ctx context.Context, held, want string) (bool, error) {
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return false, fmt.Errorf("community: levels: %w", err)
	}
	rank := func(key string) int {
		for _, l := range levels {
			if l.Key == key {
				return l.Rank
			}
		}
		return -1
	}
	w := rank(want)
	return w >= 0 && rank(held) >= w, nil
}
