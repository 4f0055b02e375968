package demo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeedWallets: the demo accounts start with their balances, once,
// however often the demo is seeded.
func TestSeedWallets(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	for range 2 {
		_, err := Seed(t.Context(), db)
		require.NoError(t, err)
	}
	for _, l := range Logins {
		u, err := db.Users().GetBySlug(t.Context(), l.Slug)
		require.NoError(t, err)
		got, err := db.Wallets().Balances(t.Context(), u.ID)
		require.NoError(t, err)
		assert.Equal(t, afterEscrow(t, l.Slug), got, "%s: the demo balance, less the demo bounties escrowed", l.Slug)
	}
	audit, err := db.Wallets().Audit(t.Context())
	require.NoError(t, err)
	assert.Empty(t, audit.Mismatched)
	assert.Empty(t, audit.Unbalanced)
}
