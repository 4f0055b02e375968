package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommunityNodes(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Community()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]

		cat := Node{Kind: NodeKindCategory, Slug: "tech", Names: map[string]string{"en": "Tech"}}
		require.NoError(t, s.UpsertNode(ctx, &cat))
		free := Node{Kind: NodeKindNode, Slug: "go", CategoryID: cat.ID, Names: map[string]string{"en": "Go"},
			JoinType: JoinFree, Position: 1, Admins: []int64{ann}}
		require.NoError(t, s.UpsertNode(ctx, &free))
		paid := Node{Kind: NodeKindNode, Slug: "paid", JoinType: JoinMoney, JoinAsset: "USD", JoinAmount: 500, OwnerID: ann,
			Position: 2}
		require.NoError(t, s.UpsertNode(ctx, &paid))

		again := Node{Kind: NodeKindNode, Slug: "go", CategoryID: cat.ID, Names: map[string]string{"en": "Golang"},
			JoinType: JoinFree, Position: 1}
		require.NoError(t, s.UpsertNode(ctx, &again))
		assert.Equal(t, free.ID, again.ID, "the slug names the same row")

		joined, err := s.Join(ctx, free.ID, bob, 10)
		require.NoError(t, err)
		assert.True(t, joined)
		joined, err = s.Join(ctx, free.ID, bob, 11)
		require.NoError(t, err)
		assert.False(t, joined, "joining twice counts once")
		got, err := s.Node(ctx, free.ID)
		require.NoError(t, err)
		assert.Equal(t, "Golang", got.Names["en"])
		assert.Equal(t, int64(1), got.MemberCount)
		assert.Empty(t, got.Admins, "the upsert wrote the new admins")
		member, err := s.IsMember(ctx, free.ID, bob)
		require.NoError(t, err)
		assert.True(t, member)
		set, err := s.JoinedOf(ctx, bob, []int64{free.ID, paid.ID})
		require.NoError(t, err)
		assert.Equal(t, map[int64]bool{free.ID: true}, set)

		page, err := s.Nodes(ctx, NodeKindNode, NodeCursor{}, 1)
		require.NoError(t, err)
		require.Len(t, page, 1)
		assert.Equal(t, free.ID, page[0].ID)
		page, err = s.Nodes(ctx, NodeKindNode, NodeCursor{Position: page[0].Position, ID: page[0].ID}, 5)
		require.NoError(t, err)
		require.Len(t, page, 1)
		assert.Equal(t, paid.ID, page[0].ID)
		assert.Equal(t, int64(500), page[0].JoinAmount)

		left, err := s.Leave(ctx, free.ID, bob)
		require.NoError(t, err)
		assert.True(t, left)
		left, err = s.Leave(ctx, free.ID, bob)
		require.NoError(t, err)
		assert.False(t, left)
		got, err = s.Node(ctx, free.ID)
		require.NoError(t, err)
		assert.Zero(t, got.MemberCount)

		_, err = s.Node(ctx, 42)
		require.ErrorIs(t, err, ErrNotFound)
	})
}

func TestCommunityTopics(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Community()
		ids := newMembers(t, db, "ann", "bob")
		ann, bob := ids[0], ids[1]
		node := Node{Kind: NodeKindNode, Slug: "go", JoinType: JoinFree}
		require.NoError(t, s.UpsertNode(ctx, &node))

		bounty := Topic{NodeID: node.ID, AuthorID: ann, CreationKey: "1:k1", Title: "Help", Content: "<p>x</p>",
			Roles: "{}", Type: TopicBounty, BountyAsset: "USD", BountyAmount: 300, BountyState: BountyOpen, Deadline: 1000}
		created, err := s.CreateTopic(ctx, &bounty)
		require.NoError(t, err)
		assert.True(t, created)
		retry := Topic{NodeID: node.ID, AuthorID: ann, CreationKey: "1:k1", Title: "Other", Roles: "{}", Type: TopicNormal}
		created, err = s.CreateTopic(ctx, &retry)
		require.NoError(t, err)
		assert.False(t, created, "the same key writes once")
		assert.Equal(t, bounty.ID, retry.ID)
		assert.Equal(t, "Help", retry.Title)

		vote := Topic{NodeID: node.ID, AuthorID: bob, CreationKey: "2:k1", Title: "Pick", Roles: "{}", Type: TopicVote,
			VoteOptions: []string{"a", "b"}, Deadline: 1000}
		_, err = s.CreateTopic(ctx, &vote)
		require.NoError(t, err)
		got, err := s.Node(ctx, node.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(2), got.TopicCount)
		list, err := s.Topics(ctx, node.ID, 0, 10)
		require.NoError(t, err)
		require.Len(t, list, 2)
		assert.Equal(t, vote.ID, list[0].ID, "newest first")
		assert.Equal(t, []string{"a", "b"}, list[0].VoteOptions)
		list, err = s.Topics(ctx, 0, vote.ID, 10)
		require.NoError(t, err)
		require.Len(t, list, 1)

		bounty.Title, bounty.Content = "Help!", "<p>y</p>"
		require.NoError(t, s.EditTopic(ctx, bounty, 5))
		got2, err := s.Topic(ctx, bounty.ID)
		require.NoError(t, err)
		assert.Equal(t, "Help!", got2.Title)

		// Answers.
		a := Answer{TopicID: bounty.ID, AuthorID: bob, CreationKey: "2:a1", Content: "<p>a</p>"}
		created, err = s.CreateAnswer(ctx, &a)
		require.NoError(t, err)
		assert.True(t, created)
		dup := Answer{TopicID: bounty.ID, AuthorID: bob, CreationKey: "2:a1", Content: "<p>b</p>"}
		created, err = s.CreateAnswer(ctx, &dup)
		require.NoError(t, err)
		assert.False(t, created)
		assert.Equal(t, a.ID, dup.ID)
		answers, err := s.Answers(ctx, bounty.ID, 0, 10)
		require.NoError(t, err)
		require.Len(t, answers, 1)
		got2, err = s.Topic(ctx, bounty.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(1), got2.AnswerCount)

		// Bounty claims: an award before the deadline, never a refund after it.
		require.ErrorIs(t, s.ClaimBounty(ctx, bounty.ID, BountyRefunding, nil, 999), ErrBountyClaimed,
			"no refund before the deadline")
		require.ErrorIs(t, s.ClaimBounty(ctx, bounty.ID, BountyAwarding, nil, 1000), ErrBountyClaimed,
			"no award from the deadline")
		shares := []Share{{AnswerID: a.ID, UserID: bob, Amount: 300}}
		require.NoError(t, s.ClaimBounty(ctx, bounty.ID, BountyAwarding, shares, 999))
		require.ErrorIs(t, s.ClaimBounty(ctx, bounty.ID, BountyAwarding, shares, 999), ErrBountyClaimed)
		require.ErrorIs(t, s.ClaimBounty(ctx, vote.ID, BountyAwarding, shares, 999), ErrNotFound)
		pending, err := s.UnsettledBounties(ctx, 0, 10)
		require.NoError(t, err)
		require.Len(t, pending, 1, "a claimed bounty waits for its money")
		assert.Equal(t, shares, pending[0].Award)
		require.NoError(t, s.SettleBounty(ctx, bounty.ID, 1001))
		require.NoError(t, s.SettleBounty(ctx, bounty.ID, 1002))
		got2, err = s.Topic(ctx, bounty.ID)
		require.NoError(t, err)
		assert.Equal(t, BountyAwarded, got2.BountyState)
		pending, err = s.UnsettledBounties(ctx, 5000, 10)
		require.NoError(t, err)
		assert.Empty(t, pending)

		// Votes.
		require.NoError(t, s.Vote(ctx, vote.ID, ann, 1, 10))
		require.ErrorIs(t, s.Vote(ctx, vote.ID, ann, 0, 11), ErrVoted)
		require.NoError(t, s.Vote(ctx, vote.ID, bob, 1, 12))
		counts, voted, err := s.Tally(ctx, vote.ID, ann)
		require.NoError(t, err)
		assert.Equal(t, map[int]int64{1: 2}, counts)
		assert.Equal(t, 1, voted)
		_, voted, err = s.Tally(ctx, vote.ID, 0)
		require.NoError(t, err)
		assert.Equal(t, -1, voted)

		// Deletes.
		deleted, err := s.DeleteAnswer(ctx, a.ID, 20)
		require.NoError(t, err)
		assert.True(t, deleted)
		deleted, err = s.DeleteAnswer(ctx, a.ID, 21)
		require.NoError(t, err)
		assert.False(t, deleted)
		_, err = s.Answer(ctx, a.ID)
		require.ErrorIs(t, err, ErrNotFound)
		deleted, err = s.DeleteTopic(ctx, vote.ID, 22)
		require.NoError(t, err)
		assert.True(t, deleted)
		_, err = s.Topic(ctx, vote.ID)
		require.ErrorIs(t, err, ErrNotFound)
		got, err = s.Node(ctx, node.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(1), got.TopicCount)
		require.ErrorIs(t, s.EditTopic(ctx, vote, 30), ErrNotFound)
	})
}
