package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSessionsStoreRotation(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Sessions()
		const now = int64(1_000_000)
		first := RefreshToken{Hash: "h1", FamilyID: 10, UserID: 7, CreatedAt: now, ExpiresAt: now + 1000}
		require.NoError(t, s.Create(ctx, first))
		require.ErrorIs(t, s.Create(ctx, first), ErrConflict)

		const grace = 50
		old, err := s.Rotate(ctx, "h1", RefreshToken{Hash: "h2", CreatedAt: now + 1, ExpiresAt: now + 2000, UserID: 99}, now+1, grace)
		require.NoError(t, err)
		assert.Equal(t, first, old)
		second, err := s.Get(ctx, "h2")
		require.NoError(t, err)
		assert.Equal(t, RefreshToken{Hash: "h2", FamilyID: 10, UserID: 7, CreatedAt: now + 1, ExpiresAt: now + 2000}, second,
			"the next token joins the old one's family and user")

		// Within the grace, h1 may be shown again (another tab refreshing at
		// the same moment): it gets a token of its own in the family, and h2
		// stays valid.
		_, err = s.Rotate(ctx, "h1", RefreshToken{Hash: "h1b", CreatedAt: now + 2, ExpiresAt: now + 3000}, now+1+grace, grace)
		require.NoError(t, err)
		sibling, err := s.Get(ctx, "h1b")
		require.NoError(t, err)
		assert.Equal(t, int64(10), sibling.FamilyID)

		// Past the grace, showing h1 again is a reuse: the whole family ends.
		_, err = s.Rotate(ctx, "h1", RefreshToken{Hash: "h3", CreatedAt: now + 2, ExpiresAt: now + 3000}, now+2+grace, grace)
		require.ErrorIs(t, err, ErrTokenReused)
		_, err = s.Rotate(ctx, "h2", RefreshToken{Hash: "h4", CreatedAt: now + 3, ExpiresAt: now + 3000}, now+3+grace, grace)
		require.ErrorIs(t, err, ErrNotFound, "the current token of a revoked family is refused")
		_, err = s.Rotate(ctx, "h1b", RefreshToken{Hash: "h4b", CreatedAt: now + 3, ExpiresAt: now + 3000}, now+3+grace, grace)
		require.ErrorIs(t, err, ErrNotFound, "and so is the sibling")
		_, err = s.Get(ctx, "h3")
		require.ErrorIs(t, err, ErrNotFound, "a refused rotation stores nothing")

		_, err = s.Rotate(ctx, "nope", RefreshToken{Hash: "h5"}, now, grace)
		require.ErrorIs(t, err, ErrNotFound)

		expired := RefreshToken{Hash: "e1", FamilyID: 11, UserID: 7, CreatedAt: now, ExpiresAt: now + 10}
		require.NoError(t, s.Create(ctx, expired))
		_, err = s.Rotate(ctx, "e1", RefreshToken{Hash: "e2", CreatedAt: now + 20, ExpiresAt: now + 2000}, now+20, grace)
		require.ErrorIs(t, err, ErrNotFound, "expired")
	})
}

func TestSessionsStoreRevoke(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Sessions()
		for _, tok := range []RefreshToken{
			{Hash: "a", FamilyID: 1, UserID: 7, ExpiresAt: 5000},
			{Hash: "b", FamilyID: 2, UserID: 7, ExpiresAt: 5000},
			{Hash: "c", FamilyID: 3, UserID: 8, ExpiresAt: 5000},
		} {
			require.NoError(t, s.Create(ctx, tok))
		}
		require.NoError(t, s.RevokeFamily(ctx, "a", 100))
		require.ErrorIs(t, s.RevokeFamily(ctx, "zz", 100), ErrNotFound)
		got, err := s.Get(ctx, "a")
		require.NoError(t, err)
		assert.Equal(t, int64(100), got.RevokedAt)
		got, err = s.Get(ctx, "b")
		require.NoError(t, err)
		assert.Zero(t, got.RevokedAt, "another family of the user lives on")

		require.NoError(t, s.RevokeUser(ctx, 7, 200))
		got, err = s.Get(ctx, "b")
		require.NoError(t, err)
		assert.Equal(t, int64(200), got.RevokedAt)
		got, err = s.Get(ctx, "c")
		require.NoError(t, err)
		assert.Zero(t, got.RevokedAt, "other users keep their sessions")

		require.NoError(t, s.PurgeExpired(ctx, 5000))
		_, err = s.Get(ctx, "c")
		require.ErrorIs(t, err, ErrNotFound)
	})
}

func TestSessionsStoreLoginTokens(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Sessions()
		require.NoError(t, s.CreateLoginToken(ctx, LoginToken{Hash: "t", UserID: 7, CreatedBy: 1, CreatedAt: 1, ExpiresAt: 1000}))
		require.NoError(t, s.CreateLoginToken(ctx, LoginToken{Hash: "old", UserID: 7, CreatedBy: 1, CreatedAt: 1, ExpiresAt: 10}))
		_, err := s.ConsumeLoginToken(ctx, "old", 500)
		require.ErrorIs(t, err, ErrNotFound, "expired")
		user, err := s.ConsumeLoginToken(ctx, "t", 500)
		require.NoError(t, err)
		assert.Equal(t, int64(7), user)
		_, err = s.ConsumeLoginToken(ctx, "t", 501)
		require.ErrorIs(t, err, ErrNotFound, "single use")
		require.NoError(t, s.PurgeExpired(ctx, 2000))
	})
}
