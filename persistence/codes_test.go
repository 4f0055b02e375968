package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCodesStoreIssue(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Codes()
		first := VerificationCode{Target: "ana@souk.dev", Purpose: "signup", CodeHash: "x", CreatedAt: 1000, ExpiresAt: 601000}
		require.NoError(t, s.Issue(ctx, &first, 0))
		require.NotZero(t, first.ID)
		got, err := s.Get(ctx, first.ID)
		require.NoError(t, err)
		assert.Equal(t, first, got)
		at, err := s.LastIssued(ctx, "ana@souk.dev")
		require.NoError(t, err)
		assert.Equal(t, int64(1000), at)
		_, err = s.LastIssued(ctx, "nobody@souk.dev")
		require.ErrorIs(t, err, ErrNotFound)

		again := VerificationCode{Target: "ana@souk.dev", Purpose: "reset", CodeHash: "y", CreatedAt: 30000, ExpiresAt: 630000}
		require.ErrorIs(t, s.Issue(ctx, &again, 30000-60000), ErrTooSoon, "within the resend interval")
		got, err = s.Get(ctx, first.ID)
		require.NoError(t, err)
		assert.Equal(t, "x", got.CodeHash, "a refused issue changes nothing")

		later := VerificationCode{Target: "ana@souk.dev", Purpose: "reset", CodeHash: "z", CreatedAt: 61000, ExpiresAt: 661000}
		require.NoError(t, s.Issue(ctx, &later, 61000-60000))
		_, err = s.Get(ctx, first.ID)
		require.ErrorIs(t, err, ErrNotFound, "the new code replaced the old one")
		got, err = s.Get(ctx, later.ID)
		require.NoError(t, err)
		assert.Equal(t, "reset", got.Purpose)

		other := VerificationCode{Target: "+8613800138000", Purpose: "signup", CodeHash: "p", CreatedAt: 61000, ExpiresAt: 661000}
		require.NoError(t, s.Issue(ctx, &other, 61000-60000), "targets are independent")
	})
}

func TestCodesStoreAttemptsAndConsume(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Codes()
		c := VerificationCode{Target: "a@souk.dev", Purpose: "signup", CodeHash: "x", CreatedAt: 1, ExpiresAt: 1000}
		require.NoError(t, s.Issue(ctx, &c, 0))
		for want := 1; want <= 5; want++ {
			n, err := s.AddAttempt(ctx, c.ID)
			require.NoError(t, err)
			assert.Equal(t, want, n)
		}
		require.ErrorIs(t, s.Consume(ctx, c.ID, 10, 5), ErrNotFound, "locked after 5 wrong answers")
		_, err := s.AddAttempt(ctx, 42)
		require.ErrorIs(t, err, ErrNotFound)

		d := VerificationCode{Target: "b@souk.dev", Purpose: "signup", CodeHash: "x", CreatedAt: 1, ExpiresAt: 1000}
		require.NoError(t, s.Issue(ctx, &d, 0))
		require.ErrorIs(t, s.Consume(ctx, d.ID, 1000, 5), ErrNotFound, "expired")
		require.NoError(t, s.Consume(ctx, d.ID, 999, 5))
		require.ErrorIs(t, s.Consume(ctx, d.ID, 999, 5), ErrNotFound, "used once")

		require.NoError(t, s.Delete(ctx, d.ID))
		require.NoError(t, s.Delete(ctx, d.ID), "deleting twice is fine")
		_, err = s.LastIssued(ctx, "b@souk.dev")
		require.ErrorIs(t, err, ErrNotFound)
	})
}

func TestCodesStoreCaptchas(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Codes()
		used, err := s.CaptchaUsed(ctx, "n1")
		require.NoError(t, err)
		assert.False(t, used)
		require.NoError(t, s.UseCaptcha(ctx, "n1", 500))
		require.ErrorIs(t, s.UseCaptcha(ctx, "n1", 500), ErrConflict, "a captcha passes once")
		used, err = s.CaptchaUsed(ctx, "n1")
		require.NoError(t, err)
		assert.True(t, used)

		c := VerificationCode{Target: "a@souk.dev", Purpose: "signup", CodeHash: "x", CreatedAt: 1, ExpiresAt: 400}
		require.NoError(t, s.Issue(ctx, &c, 0))
		require.NoError(t, s.PurgeExpired(ctx, 500))
		used, err = s.CaptchaUsed(ctx, "n1")
		require.NoError(t, err)
		assert.False(t, used, "purged once expired")
		_, err = s.Get(ctx, c.ID)
		require.ErrorIs(t, err, ErrNotFound)
	})
}
