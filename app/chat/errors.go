package chat

import (
	"context"
	"errors"
	"math"
	"net/http"
	"slices"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// The chat refusals. Their Args are also what the websocket's error event
// carries as fields (levels, retryAfterMs, max).
var (
	// ErrBadCursor is returned for a before cursor that is not a sequence number.
	ErrBadCursor = action.Errorf(http.StatusBadRequest, "common.error.badField", "field", "before")
	// ErrEmpty is returned for a message with no text.
	ErrEmpty = action.Errorf(http.StatusBadRequest, "chat.error.empty")
	// ErrBadRoom is returned for a room name that is not 1-64 letters, digits, '-' or '_'.
	ErrBadRoom = action.Errorf(http.StatusBadRequest, "chat.error.badRoom")
	// ErrRoomNotFound is returned for a room the site has not created.
	ErrRoomNotFound = action.Errorf(http.StatusNotFound, "chat.error.roomNotFound")
	// ErrNotFound is returned when a deletion targets no standing message.
	ErrNotFound = action.Errorf(http.StatusNotFound, "chat.error.notFound")
	// ErrForbidden is returned when a member who is not an admin deletes another's message.
	ErrForbidden = action.Errorf(http.StatusForbidden, "chat.error.forbidden")
	// ErrBadSignature is returned for a deletion signature that is forged or expired.
	ErrBadSignature = action.Errorf(http.StatusForbidden, "chat.error.badSignature")
	// ErrUnavailable is returned when a room could not be reached in time;
	// the command may be retried with the same clientId.
	ErrUnavailable = action.Unavailable(actors.ErrUnavailable.Key)
)

// tooLong is the refusal of a message over max characters.
func tooLong(max int) *action.Error {
	return action.Errorf(http.StatusBadRequest, "chat.error.tooLong", "max", max)
}

// throttled is the refusal of a message sent within the room's send
// interval: seconds for the message, retryAfterMs for the websocket.
func throttled(wait time.Duration) *action.Error {
	return action.Errorf(http.StatusTooManyRequests, "chat.error.throttled",
		"seconds", int(math.Ceil(wait.Seconds())), "retryAfterMs", int64(math.Ceil(float64(wait)/float64(time.Millisecond))))
}

// noAccess is the refusal of a member whose levels do not allow chat; it
// names the levels that do, in the request's language.
func (s *Service) noAccess(ctx context.Context) *action.Error {
	return action.Errorf(http.StatusForbidden, "chat.error.noAccess", "levels", action.List(s.ChatLevels(ctx)))
}

// checkAccess refuses a viewer without the chat capability.
func (s *Service) checkAccess(ctx context.Context) error {
	if !action.RequestFrom(ctx).Viewer.Can(capability) {
		return s.noAccess(ctx)
	}
	return nil
}

// roomError maps a grain's refusal (or an unreachable grain) to the error
// the client sees.
func roomError(err error) error {
	var refusal *actors.Error
	if !errors.As(err, &refusal) {
		if persistence.IsUnavailable(err) {
			return ErrUnavailable
		}
		return err
	}
	switch {
	case errors.Is(err, actors.ErrThrottled):
		return throttled(refusal.RetryAfter)
	case errors.Is(err, actors.ErrBadRoom):
		return ErrBadRoom
	case errors.Is(err, actors.ErrNotFound):
		return ErrNotFound
	case errors.Is(err, actors.ErrForbidden):
		return ErrForbidden
	}
	return ErrUnavailable
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
			if !slices.Contains(l.Roles.UserCan, capability) {
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
