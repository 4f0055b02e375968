package demo

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// afterEscrow is a demo account's starting balances less the demo
// bounties it escrowed.
func afterEscrow(t *testing.T, slug string) map[string]int64 {
	t.Helper()
	var f communityFile
	require.NoError(t, load("community.json", &f))
	want := maps.Clone(demoBalances[slug])
	for _, topic := range f.Topics {
		if topic.Bounty != nil && topic.Author == slug {
			decimals := 0
			if topic.Bounty.Currency != persistence.AssetCredit {
				decimals = 2
			}
			want[topic.Bounty.Currency] -= minorUnits(topic.Bounty.Value, decimals)
		}
	}
	return want
}

// TestSeedCommunity: the demo community is written once, with a node of
// each join rule and a topic of each type, its bounty escrowed once.
func TestSeedCommunity(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	for range 2 {
		_, err := Seed(t.Context(), db)
		require.NoError(t, err)
	}
	ctx := t.Context()
	nodes, err := db.Community().Nodes(ctx, persistence.NodeKindNode, persistence.NodeCursor{Position: -1}, 10)
	require.NoError(t, err)
	require.Len(t, nodes, 3)
	var joins []string
	for _, n := range nodes {
		joins = append(joins, n.JoinType)
	}
	assert.Equal(t, []string{"free", "money", "level"}, joins)
	assert.Equal(t, int64(3), nodes[0].MemberCount, "members joined once")
	assert.Equal(t, int64(299), nodes[1].JoinAmount)
	topics, err := db.Community().Topics(ctx, 0, 0, 20)
	require.NoError(t, err)
	require.Len(t, topics, 5)
	types := map[string]int{}
	for _, topic := range topics {
		types[topic.Type]++
	}
	assert.Equal(t, map[string]int{"normal": 3, "bounty": 1, "vote": 1}, types)
	counts, _, err := db.Community().Tally(ctx, 2000000103, 0)
	require.NoError(t, err)
	assert.Equal(t, map[int]int64{0: 1, 2: 1}, counts)
	bounty, err := db.Community().Topic(ctx, 2000000102)
	require.NoError(t, err)
	assert.Equal(t, int64(2), bounty.AnswerCount)
	audit, err := db.Wallets().Audit(ctx)
	require.NoError(t, err)
	assert.True(t, audit.Clean())
	assert.Equal(t, int64(500), audit.SystemTotals[persistence.AccountEscrow][persistence.AssetCredit], "escrowed once")
}
