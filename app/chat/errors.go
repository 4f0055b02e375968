package chat

import (
	"context"
	"errors"
	"math"
	"net/http"
	"slices"
	"strings"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// Errors the chat actions return besides those of souk/actors, which
// clientError maps.
var (
	// ErrBadCursor is returned for a before cursor that is not a sequence number.
	ErrBadCursor = action.Errorf(http.StatusBadRequest, "common.error.badField", "field", "before")
)

// clientError maps a grain's refusal to the error the client sees. A
// missing chat capability names the levels that allow chat, in the
// request's language.
func (s *Service) clientError(ctx context.Context, err error) error {
	var refusal *actors.Error
	if !errors.As(err, &refusal) {
		return err
	}
	switch {
	case errors.Is(err, actors.ErrNoAccess):
		return action.Errorf(http.StatusForbidden, refusal.Key, "levels", strings.Join(s.ChatLevels(ctx), ", "))
	case errors.Is(err, actors.ErrThrottled):
		return action.Errorf(http.StatusTooManyRequests, refusal.Key,
			"seconds", int(math.Ceil(refusal.RetryAfter.Seconds())))
	case errors.Is(err, actors.ErrTooLong):
		return action.Errorf(http.StatusBadRequest, refusal.Key, "max", actors.MaxMessageRunes)
	case errors.Is(err, actors.ErrEmpty), errors.Is(err, actors.ErrBadRoom):
		return action.Errorf(http.StatusBadRequest, refusal.Key)
	case errors.Is(err, actors.ErrNotFound):
		return action.Errorf(http.StatusNotFound, refusal.Key)
	case errors.Is(err, actors.ErrForbidden):
		return action.Errorf(http.StatusForbidden, refusal.Key)
	}
	return action.Errorf(http.StatusServiceUnavailable, actors.ErrUnavailable.Key)
}

// ChatLevels names, in the request's language, the growth levels and VIP
// tiers whose members may chat. Errors leave the list empty: it only
// decorates a refusal.
func (s *Service) ChatLevels(ctx context.Context) []string {
	lang := action.RequestFrom(ctx).Lang
	var names []string
	for _, kind := range []string{persistence.LevelKindGrowth, persistence.LevelKindVIP} {
		levels, err := s.db.Levels().List(ctx, kind)
		if err != nil {
			return names
		}
		for _, l := range levels {
			if !slices.Contains(l.Roles.UserCan, "chat") {
				continue
			}
			name := l.Names[lang]
			if name == "" {
				name = l.Key
			}
			names = append(names, name)
		}
	}
	return names
}
