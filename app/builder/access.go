package builder

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/persistence"
)

// builder is the viewer as the builder sees them.
type builder struct {
	userID  int64
	isAdmin bool
}

// viewer checks that the request's viewer may use the builder: an
// administrator, or a member whose growth level (the lowest level when
// theirs is gone) or unexpired VIP tier has canBuilder, or who holds the
// builder role an administrator gave. It reads the
// member's row, so that a right lost shows at once.
func (s *Service) viewer(ctx context.Context) (builder, error) {
	v := action.RequestFrom(ctx).Viewer
	if v.IsGuest() {
		return builder{}, action.ErrUnauthorized
	}
	u, err := s.db.Users().Get(ctx, v.UserID)
	if errors.Is(err, persistence.ErrNotFound) {
		return builder{}, action.ErrUnauthorized
	}
	if err != nil {
		return builder{}, fmt.Errorf("builder: viewer: %w", err)
	}
	if u.IsAdmin {
		return builder{userID: u.ID, isAdmin: true}, nil
	}
	ok, err := s.canBuilder(ctx, u)
	if err != nil {
		return builder{}, err
	}
	if !ok {
		return builder{}, ErrForbidden
	}
	return builder{userID: u.ID}, nil
}

func (s *Service) canBuilder(ctx context.Context, u persistence.User) (bool, error) {
	if u.CanBuilder {
		return true, nil
	}
	growth, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return false, fmt.Errorf("builder: levels: %w", err)
	}
	var level *persistence.Level
	for i := range growth {
		if growth[i].Key == u.LevelKey {
			level = &growth[i]
		}
	}
	if level == nil && len(growth) > 0 {
		level = &growth[0]
	}
	if level != nil && level.Roles.CanBuilder {
		return true, nil
	}
	if u.VIPKey == "" || (u.VIPExpiresAt != 0 && u.VIPExpiresAt <= s.now().UnixMilli()) {
		return false, nil
	}
	vip, err := s.db.Levels().Get(ctx, persistence.LevelKindVIP, u.VIPKey)
	if errors.Is(err, persistence.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("builder: vip level: %w", err)
	}
	return vip.Roles.CanBuilder, nil
}
