package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUsersStoreRoundTrip(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Users()
		u := User{Name: "Ana", Slug: "ana", Description: "hola", AvatarURL: "/a.png",
			Email: " Ana@Souk.DEV ", Phone: "+34600000000", PasswordHash: "$argon2id$x",
			LevelKey: "lv3", VIPKey: "vip1", VIPExpiresAt: 1767225600000,
			IsAdmin: true, DarkRoom: true, HasInfomation: true, ReferrerID: 42,
			Profile: UserProfile{Gender: "female", Birthday: "1990-02-03", Location: "Madrid"}}
		require.NoError(t, s.Create(ctx, &u))
		require.NotZero(t, u.ID)
		assert.Equal(t, "ana@souk.dev", u.Email, "email stored trimmed and lower-cased")
		assert.NotZero(t, u.CreatedAt)
		assert.Equal(t, u.CreatedAt, u.UpdatedAt)

		for name, get := range map[string]func() (User, error){
			"id":    func() (User, error) { return s.Get(ctx, u.ID) },
			"slug":  func() (User, error) { return s.GetBySlug(ctx, "ana") },
			"email": func() (User, error) { return s.GetByLogin(ctx, "ANA@souk.dev") },
			"phone": func() (User, error) { return s.GetByLogin(ctx, "+34600000000") },
		} {
			got, err := get()
			require.NoError(t, err, name)
			assert.Equal(t, u, got, name)
		}

		u.Name, u.Email, u.Phone, u.IsAdmin, u.VIPKey = "Ana B", "", "", false, ""
		require.NoError(t, s.Update(ctx, u))
		got, err := s.Get(ctx, u.ID)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, got.UpdatedAt, u.UpdatedAt)
		u.UpdatedAt = got.UpdatedAt
		assert.Equal(t, u, got)
		_, err = s.GetByLogin(ctx, "ana@souk.dev")
		require.ErrorIs(t, err, ErrNotFound, "cleared email no longer logs in")

		require.NoError(t, s.SetPasswordHash(ctx, u.ID, "$argon2id$y"))
		got, err = s.Get(ctx, u.ID)
		require.NoError(t, err)
		assert.Equal(t, "$argon2id$y", got.PasswordHash)
		assert.Equal(t, u.Profile, got.Profile, "only the hash changes")
		require.ErrorIs(t, s.SetPasswordHash(ctx, 4242, "x"), ErrNotFound)

		change := ProfileChange{Name: "Ana C", Description: "adiós", AvatarURL: "https://img.souk.dev/a.png",
			Profile: UserProfile{Gender: "other", Website: "https://ana.dev"}, HasInfomation: true}
		require.NoError(t, s.UpdateProfile(ctx, u.ID, change))
		got, err = s.Get(ctx, u.ID)
		require.NoError(t, err)
		assert.Equal(t, []any{"Ana C", "adiós", "https://img.souk.dev/a.png", change.Profile, true, "ana", u.LevelKey, u.DarkRoom},
			[]any{got.Name, got.Description, got.AvatarURL, got.Profile, got.HasInfomation, got.Slug, got.LevelKey, got.DarkRoom})
		require.ErrorIs(t, s.UpdateProfile(ctx, 4242, change), ErrNotFound)
	})
}

func TestUsersStoreNotFound(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Users()
		_, err := s.Get(ctx, 42)
		assert.ErrorIs(t, err, ErrNotFound)
		_, err = s.GetBySlug(ctx, "nobody")
		assert.ErrorIs(t, err, ErrNotFound)
		_, err = s.GetByLogin(ctx, "nobody@souk.dev")
		assert.ErrorIs(t, err, ErrNotFound)
		_, err = s.GetByLogin(ctx, "  ")
		assert.ErrorIs(t, err, ErrNotFound, "an empty login matches no user without email")
		assert.ErrorIs(t, s.Update(ctx, User{ID: 42, Slug: "ghost"}), ErrNotFound)
	})
}

func TestUsersStoreConflicts(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Users()
		first := User{Slug: "first", Email: "first@souk.dev", Phone: "+8613800000000"}
		require.NoError(t, s.Create(ctx, &first))
		// Several users without email or phone: empty means none, not a duplicate.
		for _, slug := range []string{"nomail1", "nomail2"} {
			require.NoError(t, s.Create(ctx, &User{Slug: slug}))
		}

		tests := []struct {
			name string
			user User
		}{
			{"same slug", User{Slug: "first"}},
			{"same email other case", User{Slug: "b", Email: "FIRST@souk.dev"}},
			{"same phone", User{Slug: "c", Phone: "+8613800000000"}},
			{"same id", User{ID: first.ID, Slug: "d"}},
		}
		for _, tt := range tests {
			u := tt.user
			assert.ErrorIs(t, s.Create(ctx, &u), ErrConflict, tt.name)
		}

		other := User{Slug: "other"}
		require.NoError(t, s.Create(ctx, &other))
		other.Email = "first@souk.dev"
		assert.ErrorIs(t, s.Update(ctx, other), ErrConflict, "update to a taken email")
		other.Email, other.Slug = "", "first"
		assert.ErrorIs(t, s.Update(ctx, other), ErrConflict, "update to a taken slug")
		got, err := s.Get(ctx, other.ID)
		require.NoError(t, err)
		assert.Equal(t, "other", got.Slug, "a refused update changes nothing")
	})
}
