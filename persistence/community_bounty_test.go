package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreateBountyTopicIsOneStep: a bounty's escrow and its topic are
// written together or not at all, and a retry replays both.
func TestCreateBountyTopicIsOneStep(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Community()
		ann := newMember(t, db, "ann")
		node := Node{Kind: NodeKindNode, Slug: "go", JoinType: JoinFree}
		require.NoError(t, s.UpsertNode(ctx, &node))
		_, err := db.Wallets().Apply(ctx, WalletOp{IdemKey: "fund", UserID: ann, Reason: ReasonTopUp, Postings: []Posting{
			{UserID: AccountExternal, Asset: "USD", Amount: -1_000}, {UserID: ann, Asset: "USD", Amount: 1_000}}})
		require.NoError(t, err)
		bounty := func(key string, amount int64) (Topic, WalletOp) {
			return Topic{NodeID: node.ID, AuthorID: ann, CreationKey: key, Title: "Help", Content: "<p>x</p>", Roles: "{}",
					Type: TopicBounty, BountyAsset: "USD", BountyAmount: amount, BountyState: BountyOpen, Deadline: 1000},
				WalletOp{IdemKey: key, UserID: ann, Reason: ReasonBountyEscrow, Ref: key, Postings: []Posting{
					{UserID: ann, Asset: "USD", Amount: -amount}, {UserID: AccountEscrow, Asset: "USD", Amount: amount}}}
		}
		escrowed := func() int64 {
			a, err := db.Wallets().Audit(ctx)
			require.NoError(t, err)
			require.True(t, a.Clean(), "%+v", a)
			return a.SystemTotals[AccountEscrow]["USD"]
		}
		topics := func() int {
			list, err := s.Topics(ctx, node.ID, 0, 50)
			require.NoError(t, err)
			return len(list)
		}

		topic, op := bounty("1:b1", 300)
		created, res, err := s.CreateBountyTopic(ctx, &topic, op)
		require.NoError(t, err)
		assert.True(t, created)
		assert.False(t, res.Replayed)
		assert.Equal(t, []int64{ann}, res.Members)
		assert.Equal(t, int64(300), escrowed())

		retry, op := bounty("1:b1", 300)
		created, res, err = s.CreateBountyTopic(ctx, &retry, op)
		require.NoError(t, err)
		assert.False(t, created, "a retry writes nothing")
		assert.True(t, res.Replayed)
		assert.Equal(t, topic.ID, retry.ID, "and answers the topic written the first time")
		assert.Equal(t, int64(300), escrowed())

		// Refused by the ledger: no topic.
		poor, op := bounty("1:b2", 5_000)
		_, _, err = s.CreateBountyTopic(ctx, &poor, op)
		require.ErrorIs(t, err, ErrInsufficientFunds)
		other, op := bounty("1:b1", 301)
		other.CreationKey = "1:b3"
		_, _, err = s.CreateBountyTopic(ctx, &other, op)
		require.ErrorIs(t, err, ErrIdemMismatch, "the escrow's key was another operation")
		assert.Equal(t, 1, topics())

		// The topic cannot be written (its id is taken): no escrow either,
		// so none is ever left without its topic.
		clash, op := bounty("1:b4", 200)
		clash.ID = topic.ID
		_, _, err = s.CreateBountyTopic(ctx, &clash, op)
		require.Error(t, err)
		assert.Equal(t, int64(300), escrowed(), "the escrow was undone with the topic")
		b, err := db.Wallets().Balances(ctx, ann)
		require.NoError(t, err)
		assert.Equal(t, int64(700), b["USD"])
		var ops int
		require.NoError(t, db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_ops WHERE idem_key = $1`, "1:b4").Scan(&ops))
		assert.Zero(t, ops)
		assert.Equal(t, 1, topics())

		// The same key again, once the topic can be written, does both.
		clash.ID = 0
		created, _, err = s.CreateBountyTopic(ctx, &clash, op)
		require.NoError(t, err)
		assert.True(t, created)
		assert.Equal(t, int64(500), escrowed())
		assert.Equal(t, 2, topics())
	})
}
