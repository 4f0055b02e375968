package community

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/gate"
	"souk/internal/i18ntest"
	"souk/persistence"
)

// TestMessagesAreTranslated: every key this package answers with is in
// the three message files.
func TestMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	i18ntest.RequireTranslated(t, i18ntest.Keys(ErrTitle, ErrContent, ErrMoney, ErrBountyDeadline, ErrVoteCount,
		ErrVoteContent, ErrVoteDeadline, ErrDeadline, ErrNodeNotFound, ErrTopicNotFound, ErrAnswerNotFound, ErrNotJoined,
		ErrJoinClosed, ErrDarkRoom, ErrNotAuthor, ErrClosed, ErrVoteEnded, ErrVoted, ErrNotVote, ErrOption, ErrNotBounty,
		ErrSettled, ErrExpired, ErrSelfAward, ErrShares, ErrTypeChange, ErrCurrency, ErrIdemMismatch, ErrBadCursor,
		ErrTitleLength(MaxTitle), ErrLevel("Lv2"), ErrInsufficient("USD"))...)
}

func TestCreateTopicRefusals(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := as(f.bob)
		node := action.ID(f.free.ID)
		valid := func() CreateTopicInput {
			return CreateTopicInput{Title: "Title", Content: "<p>Body</p>", Cat: node}
		}
		bounty := func(b *BountyInput) CreateTopicInput {
			in := valid()
			in.Types = TopicTypes{Type: "bounty", Bounty: b}
			return in
		}
		vote := func(v *VoteInput) CreateTopicInput {
			in := valid()
			in.Types = TopicTypes{Type: "vote", Vote: v}
			return in
		}
		soon := f.future(time.Hour)
		long := make([]rune, MaxTitle+1)
		for i := range long {
			long[i] = '长'
		}
		cases := []struct {
			name string
			in   CreateTopicInput
			key  string
		}{
			{"no title", CreateTopicInput{Title: "  ", Content: "<p>x</p>", Cat: node}, "page.community.submit.error.title"},
			{"long title", CreateTopicInput{Title: string(long), Content: "<p>x</p>", Cat: node}, "community.error.titleLength"},
			{"no content", CreateTopicInput{Title: "t", Content: "<p> </p><script>alert(1)</script>", Cat: node},
				"page.community.submit.error.content"},
			{"no value", bounty(&BountyInput{Type: "money", Currency: "USD", Deadline: soon}), "page.community.submit.error.money"},
			{"no bounty", bounty(nil), "page.community.submit.error.money"},
			{"bad value", bounty(&BountyInput{Type: "money", Currency: "USD", Value: "1.234", Deadline: soon}),
				"page.community.submit.error.money"},
			{"zero value", bounty(&BountyInput{Type: "credit", Value: "0", Deadline: soon}), "page.community.submit.error.money"},
			{"no currency", bounty(&BountyInput{Type: "money", Currency: "XXX", Value: "1", Deadline: soon}), "wallet.error.currency"},
			{"no deadline", bounty(&BountyInput{Type: "money", Currency: "USD", Value: "1"}),
				"page.community.submit.error.bountyDeadline"},
			{"past deadline", bounty(&BountyInput{Type: "money", Currency: "USD", Value: "1", Deadline: f.future(-time.Minute)}),
				"community.error.deadline"},
			{"far deadline", bounty(&BountyInput{Type: "credit", Value: "1", Deadline: f.future(400 * 24 * time.Hour)}),
				"community.error.deadline"},
			{"one option", vote(&VoteInput{Deadline: soon, Value: []VoteOption{{Text: "a"}}}), "page.community.submit.error.voteCount"},
			{"no vote", vote(nil), "page.community.submit.error.voteCount"},
			{"empty option", vote(&VoteInput{Deadline: soon, Value: []VoteOption{{Text: "a"}, {Text: " "}}}),
				"page.community.submit.error.voteContent"},
			{"no vote deadline", vote(&VoteInput{Value: []VoteOption{{Text: "a"}, {Text: "b"}}}),
				"page.community.submit.error.voteDeadline"},
			{"past vote deadline", vote(&VoteInput{Deadline: f.future(-time.Second), Value: []VoteOption{{Text: "a"}, {Text: "b"}}}),
				"community.error.deadline"},
			{"bad type", CreateTopicInput{Title: "t", Content: "<p>x</p>", Cat: node, Types: TopicTypes{Type: "poll"}},
				"common.error.badField"},
			{"bad roles", CreateTopicInput{Title: "t", Content: "<p>x</p>", Cat: node, Roles: Roles{{Type: "secret"}}},
				"common.error.badField"},
			{"no node", CreateTopicInput{Title: "t", Content: "<p>x</p>"}, "common.error.required"},
			{"unknown node", CreateTopicInput{Title: "t", Content: "<p>x</p>", Cat: 42}, "community.error.nodeNotFound"},
			{"not joined", CreateTopicInput{Title: "t", Content: "<p>x</p>", Cat: action.ID(f.paid.ID)}, "community.error.notJoined"},
			{"insufficient", bounty(&BountyInput{Type: "money", Currency: "USD", Value: "1", Deadline: soon}),
				"wallet.error.insufficient"},
		}
		for _, c := range cases {
			_, err := f.s.CreateTopic(ctx, c.in)
			apptest.RequireKey(t, err, c.key)
		}
		topics, err := db.Community().Topics(t.Context(), 0, 0, 10)
		require.NoError(t, err)
		assert.Empty(t, topics, "no refused topic was written")
		assert.Zero(t, f.audit("USD"), "no refused bounty was escrowed")

		in := valid()
		in.IdemKey = "bad key!"
		require.Error(t, in.Validate())

		u, err := db.Users().Get(t.Context(), f.cat)
		require.NoError(t, err)
		u.DarkRoom = true
		require.NoError(t, db.Users().Update(t.Context(), u))
		_, err = f.s.CreateTopic(as(f.cat), valid())
		apptest.RequireKey(t, err, "community.error.darkRoom")
	})
}

func TestCreateAndEditTopic(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		r, err := f.s.CreateTopic(as(f.bob), CreateTopicInput{Title: " Hello ", IdemKey: "topic-0001",
			Content: `<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><iframe src="https://evil"></iframe>`,
			Cat:     action.ID(f.free.ID), Roles: Roles{{Type: gate.Login}}})
		require.NoError(t, err)
		topic := r.Topic
		assert.Equal(t, "Hello", topic.Title)
		assert.NotContains(t, topic.Content, "onclick")
		assert.NotContains(t, topic.Content, "javascript")
		assert.NotContains(t, topic.Content, "iframe")
		assert.Equal(t, "normal", topic.Type)
		assert.Equal(t, []gate.Role{{Type: gate.Login}}, topic.Roles)

		again, err := f.s.CreateTopic(as(f.bob), CreateTopicInput{Title: "Hello", Content: "<p>Hi</p>", IdemKey: "topic-0001",
			Cat: action.ID(f.free.ID)})
		require.NoError(t, err)
		assert.Equal(t, topic.ID, again.Topic.ID, "a retry creates once")
		n, err := db.Community().Node(t.Context(), f.free.ID)
		require.NoError(t, err)
		assert.Equal(t, int64(1), n.TopicCount)

		edit := CreateTopicInput{ID: id(t, topic.ID), Title: "Edited", Content: "<p>New</p>"}
		_, err = f.s.CreateTopic(as(f.ann), edit)
		apptest.RequireKey(t, err, "community.error.notAuthor")
		edit.Types.Type = "vote"
		_, err = f.s.CreateTopic(as(f.bob), edit)
		apptest.RequireKey(t, err, "community.error.typeChange")
		edit.Types.Type = ""
		r, err = f.s.CreateTopic(as(f.bob), edit)
		require.NoError(t, err)
		assert.Equal(t, "Edited", r.Topic.Title)
		assert.Equal(t, topic.ID, r.Topic.ID)
		r, err = f.s.CreateTopic(apptest.AsAdmin(f.root), CreateTopicInput{ID: edit.ID, Title: "By admin", Content: "<p>A</p>"})
		require.NoError(t, err)
		assert.Equal(t, "By admin", r.Topic.Title)
		_, err = f.s.CreateTopic(as(f.bob), CreateTopicInput{ID: 42, Title: "x", Content: "<p>x</p>"})
		apptest.RequireKey(t, err, "community.error.topicNotFound")
	})
}

func TestVotes(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Pick", Content: "<p>Which?</p>", Cat: action.ID(f.free.ID),
			Types: TopicTypes{Type: "vote", Vote: &VoteInput{Deadline: f.future(time.Hour),
				Value: []VoteOption{{Text: "Go"}, {Text: "Rust"}, {Text: "Zig"}}}}})
		require.NoError(t, err)
		vote := r.Topic
		require.NotNil(t, vote.Vote)
		assert.Len(t, vote.Vote.Options, 3)
		topicID := id(t, vote.ID)
		opt := func(n int) *int { return &n }

		_, err = f.s.Vote(as(f.bob), CastVoteInput{TopicID: topicID, Option: opt(3)})
		apptest.RequireKey(t, err, "community.error.option")
		v, err := f.s.Vote(as(f.bob), CastVoteInput{TopicID: topicID, Option: opt(1)})
		require.NoError(t, err)
		assert.Equal(t, int64(1), v.Vote.Options[1].Count)
		assert.Equal(t, 1, v.Vote.Voted)
		_, err = f.s.Vote(as(f.bob), CastVoteInput{TopicID: topicID, Option: opt(0)})
		apptest.RequireKey(t, err, "community.error.voted")
		v, err = f.s.Vote(as(f.cat), CastVoteInput{TopicID: topicID, Option: opt(1)})
		require.NoError(t, err)
		assert.Equal(t, int64(2), v.Vote.Total)

		normal := f.topic(f.ann, f.free, "Plain")
		_, err = f.s.Vote(as(f.bob), CastVoteInput{TopicID: id(t, normal.ID), Option: opt(0)})
		apptest.RequireKey(t, err, "community.error.notVote")
		_, err = f.s.Vote(as(f.bob), CastVoteInput{TopicID: 42, Option: opt(0)})
		apptest.RequireKey(t, err, "community.error.topicNotFound")
		require.Error(t, (&CastVoteInput{TopicID: topicID}).Validate(), "an option is required")

		f.clock.Add(time.Hour)
		_, err = f.s.Vote(as(f.root), CastVoteInput{TopicID: topicID, Option: opt(0)})
		apptest.RequireKey(t, err, "community.error.voteEnded")
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: topicID, Content: "<p>late</p>"})
		apptest.RequireKey(t, err, "community.error.closed")
	})
}

func TestAnswers(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		topic := f.topic(f.ann, f.free, "Question")
		a, err := f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: id(t, topic.ID), Content: "<p>Answer</p>",
			IdemKey: "answer-0001"})
		require.NoError(t, err)
		again, err := f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: id(t, topic.ID), Content: "<p>Answer</p>",
			IdemKey: "answer-0001"})
		require.NoError(t, err)
		assert.Equal(t, a.Answer.ID, again.Answer.ID, "a retry answers once")
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: id(t, topic.ID), Content: "<p></p>"})
		apptest.RequireKey(t, err, "page.community.submit.error.content")
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: 42, Content: "<p>x</p>"})
		apptest.RequireKey(t, err, "community.error.topicNotFound")
		require.Error(t, (&CreateAnswerInput{}).Validate())

		// A topic in the paid node: answering needs the node joined.
		f.fund(f.cat, "USD", 500)
		_, err = f.s.Join(as(f.cat), JoinInput{NodeID: action.ID(f.paid.ID)})
		require.NoError(t, err)
		paidTopic := f.topic(f.cat, f.paid, "Members only")
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: id(t, paidTopic.ID), Content: "<p>x</p>"})
		apptest.RequireKey(t, err, "community.error.notJoined")

		// A gated topic: a member the gate keeps out cannot tell it exists.
		r, err := f.s.CreateTopic(as(f.ann), CreateTopicInput{Title: "Lv3 only", Content: "<p>secret</p>",
			Cat: action.ID(f.free.ID), Roles: Roles{{Type: gate.Level, Value: "lv3"}}})
		require.NoError(t, err)
		_, err = f.s.CreateAnswer(as(f.bob), CreateAnswerInput{TopicID: id(t, r.Topic.ID), Content: "<p>x</p>"})
		apptest.RequireKey(t, err, "community.error.topicNotFound")
	})
}
