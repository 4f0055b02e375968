package account

import (
	"context"

	"souk/app/internal/credential"
	"souk/persistence"
)

// CreateMember creates the account of a verified identity with a password
// hash, as a sign-up does (a slug from the email, the lowest growth level,
// the default name when name is empty), an administrator when admin is
// set; it signs nobody in. It returns ErrAccountExists when the identity
// has an account. souk admin create, the operators' command line, makes
// the first administrator with it.
func (s *Service) CreateMember(ctx context.Context, id credential.Identity, passwordHash, name string, admin bool) (persistence.User, error) {
	level, err := s.lowestLevel(ctx)
	if err != nil {
		return persistence.User{}, err
	}
	if name == "" {
		name = defaultName(id)
	}
	u := persistence.User{Name: truncateRunes(name, maxName), PasswordHash: passwordHash, LevelKey: level, IsAdmin: admin}
	if id.Kind == credential.KindEmail {
		u.Email = id.Value
	} else {
		u.Phone = id.Value
	}
	if err := s.createWithSlug(ctx, &u, baseSlug(id)); err != nil {
		return persistence.User{}, err
	}
	return u, nil
}
