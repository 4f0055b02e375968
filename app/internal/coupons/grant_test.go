package coupons

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewCode(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 2000 {
		c := NewCode()
		require.Len(t, c, CodeLength)
		for _, r := range c {
			require.Contains(t, codeAlphabet, string(r))
		}
		require.False(t, seen[c])
		seen[c] = true
	}
}
