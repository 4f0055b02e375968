// Package community is the site's community: categories group nodes,
// members join nodes (free, paid through the wallet, or from a growth
// level) and post topics (normal, bounty, vote) and answers in them.
//
// Money moves only through the wallet's ledger (Ledger, the wallet grains
// in production), each movement one operation under a key that makes it
// exactly-once:
//
//   - a paid join: ReasonNodeJoin, member -> node owner (or revenue when
//     the site owns it), key join:{member}:{node}; paid once per member and
//     node, so joining again after leaving costs nothing.
//   - a bounty's escrow: ReasonBountyEscrow, author -> AccountEscrow, under
//     the topic's creation key topic:{author}:{idemKey}, written with the
//     topic row in one database transaction
//     (persistence.CommunityStore.CreateBountyTopic): an escrow never
//     exists without its topic nor a bounty topic without its escrow, and
//     a retry replays both. This one operation bypasses the wallet grain
//     (it must share the topic's transaction); the ledger's conditional
//     update keeps the author's balance right, and Balances tells them.
//   - an award: ReasonBountyAward, escrow -> the answers' authors, key
//     award:{topic}; a refund after the deadline when nothing was awarded:
//     ReasonRefund, escrow -> author, key refund:{topic}. Which of the two
//     happens is decided by one conditional update of the topic's bounty
//     state (persistence.CommunityStore.ClaimBounty) before the money moves,
//     and the sweep (Sweep, run on every node) finishes any claim whose
//     money has not moved yet.
//
// Comments and likes on topics and answers are the content feature's
// (generic over a target); their counts are read from the counters table.
package community

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"souk/app/action"
	"souk/app/internal/live"
	"souk/persistence"
)

// Bounds of the community's input.
const (
	// MaxTitle is the longest title, in characters.
	MaxTitle = 120
	// MaxContentBytes is the largest content (HTML) of a topic or answer.
	MaxContentBytes = 200_000
	// MaxVoteOptions is the most options a vote has.
	MaxVoteOptions = 20
	// MaxOptionText is the longest option text, in characters.
	MaxOptionText = 200
	// MaxDeadline is how far ahead a bounty's or vote's deadline may be.
	MaxDeadline = 365 * 24 * time.Hour
	// excerptRunes is the length of a topic's excerpt.
	excerptRunes = 160
	// pageSize is the default page of nodes, topics and answers.
	pageSize = 20
	// maxPage is the largest page asked for.
	maxPage = 50
)

// Ledger applies ledger operations exactly once per idempotency key;
// *actors.Wallets and persistence.WalletsStore are two.
type Ledger interface {
	Apply(ctx context.Context, op persistence.WalletOp) (persistence.WalletResult, error)
}

// Balances tells members their balances after an operation applied
// outside the Ledger (a bounty's escrow, written with its topic);
// souk/app/wallet's Service is one.
type Balances interface {
	Changed(ctx context.Context, res persistence.WalletResult)
}

var _ Ledger = persistence.WalletsStore{}

// LivePublisher sends the live events of the pages (see
// souk/app/internal/live): souk/transport/realtime's LiveBus is one.
type LivePublisher = live.Publisher

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Ledger runs the money operations; nil applies them on DB directly.
	Ledger Ledger
	// Balances tells the authors their balances after a bounty's escrow;
	// nil tells nothing.
	Balances Balances
	// Notify writes and delivers the notifications to authors (answers,
	// awards, refunds); nil sends none.
	Notify Notifier
	// Live sends the events of the live pages (topics posted and deleted,
	// answers, tallies, bounties); nil sends none. A failure is logged.
	Live LivePublisher
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Logger receives the sweep's failures; nil is slog.Default().
	Logger *slog.Logger
}

// Service answers the community actions and page data. It is safe for
// concurrent use.
type Service struct {
	db       *persistence.DB
	ledger   Ledger
	balances Balances
	notify   Notifier
	live     live.Sender
	now      func() time.Time
	log      *slog.Logger
}

// New returns the community service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Ledger == nil && cfg.DB != nil {
		cfg.Ledger = cfg.DB.Wallets()
	}
	return &Service{db: cfg.DB, ledger: cfg.Ledger, balances: cfg.Balances, notify: cfg.Notify, now: cfg.Now, log: cfg.Logger,
		live: live.Sender{Publisher: cfg.Live, Log: cfg.Logger}}
}

// Register adds the community actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "archive.nodesList",
		Summary: "A page of the community's nodes for the nodes drawer (first, default 20; after, an endCursor), each " +
			"with its names, member count, join rule and whether the viewer joined it.",
		Access: action.Public,
	}, s.NodesList)
	action.Register(r, action.Spec{
		Name: "community.topics",
		Summary: "A page of topics, newest first (first, default 20, at most 50; after, an endCursor), of one node " +
			"(nodeId) or of the whole site, or of one member (authorId), or the topics of a list of ids (at most 20) in its " +
			"order, each with its excerpt (empty when gated) and without its content.",
		Access: action.Public,
	}, s.Topics)
	action.Register(r, action.Spec{
		Name: "community.answers",
		Summary: "A page of a member's answers (authorId), newest first (first, default 20, at most 50; after, an endCursor), " +
			"each with its topic's title; an answer's content is empty while its topic's gate keeps the viewer out.",
		Access: action.Public,
	}, s.Answers)
	action.Register(r, action.Spec{
		Name: "community.join",
		Summary: "Joins a node: free, from its growth level, or paid through the wallet (once per member and node: " +
			"joining again after leaving costs nothing). A node of type other is joined only by its admins' invitation.",
		Access: action.Member,
	}, s.Join)
	action.Register(r, action.Spec{
		Name:    "community.leave",
		Summary: "Leaves a node (nothing is refunded).",
		Access:  action.Member,
	}, s.Leave)
	action.Register(r, action.Spec{
		Name: "mutates.createTopic",
		Summary: "Creates a topic in a node (cat) the viewer may post in, or edits the viewer's topic (id: title, " +
			"content and roles). A bounty's value is escrowed from the author's wallet with the topic, in one step, " +
			"once per idemKey; a vote has 2 or more options and a deadline.",
		Access: action.Member,
	}, s.CreateTopic)
	action.Register(r, action.Spec{
		Name:    "mutates.createAnswer",
		Summary: "Answers a topic, once per idemKey; a topic whose bounty was settled or whose deadline passed refuses.",
		Access:  action.Member,
	}, s.CreateAnswer)
	action.Register(r, action.Spec{
		Name:    "community.vote",
		Summary: "Votes for one option (its index) of a vote topic, once per member, before the deadline; answers the tallies.",
		Access:  action.Member,
	}, s.Vote)
	action.Register(r, action.Spec{
		Name: "community.award",
		Summary: "The author awards their bounty to answers of other members before the deadline, in equal parts or in " +
			"the shares given (adding up to the bounty), exactly once.",
		Access: action.Member,
	}, s.Award)
}

// apply runs op on the ledger, turning its refusals into the client's
// errors (asset names the currency of an insufficient balance).
func (s *Service) apply(ctx context.Context, op persistence.WalletOp, asset string) (persistence.WalletResult, error) {
	res, err := s.ledger.Apply(ctx, op)
	switch {
	case errors.Is(err, persistence.ErrInsufficientFunds):
		return res, ErrInsufficient(asset)
	case errors.Is(err, persistence.ErrIdemMismatch):
		return res, ErrIdemMismatch
	case err != nil:
		return res, fmt.Errorf("community: apply %s: %w", op.Reason, err)
	}
	return res, nil
}

// node returns a node (not a category), or ErrNodeNotFound.
func (s *Service) node(ctx context.Context, id int64) (persistence.Node, error) {
	n, err := s.db.Community().Node(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound), err == nil && n.Kind != persistence.NodeKindNode:
		return n, ErrNodeNotFound
	case err != nil:
		return n, fmt.Errorf("community: %w", err)
	}
	return n, nil
}

// topic returns a topic that was not deleted, or ErrTopicNotFound.
func (s *Service) topic(ctx context.Context, id int64) (persistence.Topic, error) {
	t, err := s.db.Community().Topic(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return t, ErrTopicNotFound
	} else if err != nil {
		return t, fmt.Errorf("community: %w", err)
	}
	return t, nil
}

// poster returns the viewer as a member who may post: not in the dark room.
func (s *Service) poster(ctx context.Context) (persistence.User, error) {
	u, err := s.db.Users().Get(ctx, action.RequestFrom(ctx).Viewer.UserID)
	if err != nil {
		return u, fmt.Errorf("community: viewer: %w", err)
	}
	if u.DarkRoom {
		return u, ErrDarkRoom
	}
	return u, nil
}

// mayPost checks that the viewer may post in node: a free node, or one
// they joined (its admins and owner always may).
func (s *Service) mayPost(ctx context.Context, n persistence.Node) error {
	return s.mayPostAs(ctx, action.RequestFrom(ctx).Viewer, n)
}

// mayPostAs is mayPost for viewer v.
func (s *Service) mayPostAs(ctx context.Context, v action.Viewer, n persistence.Node) error {
	if v.IsGuest() {
		return ErrNotJoined
	}
	if n.JoinType == persistence.JoinFree || v.IsAdmin || isNodeAdmin(n, v.UserID) {
		return nil
	}
	joined, err := s.db.Community().IsMember(ctx, n.ID, v.UserID)
	if err != nil {
		return fmt.Errorf("community: %w", err)
	}
	if !joined {
		return ErrNotJoined
	}
	return nil
}

// isNodeAdmin reports whether the member owns or administers n.
func isNodeAdmin(n persistence.Node, userID int64) bool {
	if userID == 0 {
		return false
	}
	if n.OwnerID == userID {
		return true
	}
	for _, id := range n.Admins {
		if id == userID {
			return true
		}
	}
	return false
}

// clampFirst is a page size: pageSize when unset, at most maxPage.
func clampFirst(first int) int {
	switch {
	case first <= 0:
		return pageSize
	case first > maxPage:
		return maxPage
	}
	return first
}
