package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSocialStoreLink(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Social()
		_, err := s.Get(ctx, "github", "42")
		require.ErrorIs(t, err, ErrNotFound)

		ana := User{Name: "Ana", Slug: "ana", Email: "ana@souk.dev"}
		require.NoError(t, db.Users().Create(ctx, &ana))
		link := SocialAccount{Provider: "github", Subject: "42", UserID: ana.ID}
		require.NoError(t, s.Link(ctx, &link))
		assert.NotZero(t, link.CreatedAt)

		got, err := s.Get(ctx, "github", "42")
		require.NoError(t, err)
		assert.Equal(t, link, got)
		_, err = s.Get(ctx, "google", "42")
		require.ErrorIs(t, err, ErrNotFound, "subjects are per provider")

		bob := User{Name: "Bob", Slug: "bob"}
		require.NoError(t, db.Users().Create(ctx, &bob))
		err = s.Link(ctx, &SocialAccount{Provider: "github", Subject: "42", UserID: bob.ID})
		require.ErrorIs(t, err, ErrConflict, "a subject links to one member only")
		require.NoError(t, s.Link(ctx, &SocialAccount{Provider: "google", Subject: "42", UserID: bob.ID}))
		require.Error(t, s.Link(ctx, &SocialAccount{Provider: "wechat", Subject: "o1", UserID: 404}), "the user must exist")
	})
}

func TestSocialStoreCreateUser(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Social()
		u := User{Name: "Wei", Slug: "wei", AvatarURL: "https://img.example/wei.png", Email: " Wei@Example.COM ", LevelKey: "lv1"}
		link := SocialAccount{Provider: "wechat", Subject: "union-1"}
		require.NoError(t, s.CreateUser(ctx, &u, &link))
		require.NotZero(t, u.ID)
		assert.Equal(t, u.ID, link.UserID)
		assert.Equal(t, "wei@example.com", u.Email)

		stored, err := db.Users().Get(ctx, u.ID)
		require.NoError(t, err)
		assert.Equal(t, u, stored)
		got, err := s.Get(ctx, "wechat", "union-1")
		require.NoError(t, err)
		assert.Equal(t, link, got)

		// A second account for the same subject is refused, and nothing of it is written.
		dup := User{Name: "Wei 2", Slug: "wei-2"}
		err = s.CreateUser(ctx, &dup, &SocialAccount{Provider: "wechat", Subject: "union-1"})
		require.ErrorIs(t, err, ErrConflict)
		_, err = db.Users().GetBySlug(ctx, "wei-2")
		require.ErrorIs(t, err, ErrNotFound, "the user insert must roll back with the link")

		// A taken slug is refused, and the link is not written either.
		err = s.CreateUser(ctx, &User{Name: "Other", Slug: "wei"}, &SocialAccount{Provider: "github", Subject: "7"})
		require.ErrorIs(t, err, ErrConflict)
		_, err = s.Get(ctx, "github", "7")
		require.ErrorIs(t, err, ErrNotFound)
	})
}

func TestSocialStoreUseState(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Social()
		later := Now() + 600_000
		require.NoError(t, s.UseState(ctx, "state-a", later))
		require.ErrorIs(t, s.UseState(ctx, "state-a", later), ErrConflict, "a state is used once")
		require.NoError(t, s.UseState(ctx, "state-b", later))

		// An expired record is pruned by the next use.
		require.NoError(t, s.UseState(ctx, "state-old", Now()))
		_, err := db.write.ExecContext(ctx, `UPDATE social_states SET expires_at = 1 WHERE state_id = 'state-old'`)
		require.NoError(t, err)
		require.NoError(t, s.UseState(ctx, "state-c", later))
		var n int
		require.NoError(t, db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM social_states`).Scan(&n))
		assert.Equal(t, 3, n, "state-a, state-b and state-c remain")
	})
}
