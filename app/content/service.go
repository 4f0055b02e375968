// Package content holds the site's articles and what every kind of content
// shares: comments, likes, deletion and gated content's purchases.
//
// Articles are per-language versions linked by a translation group (the
// id of the first version): a reader asking for an article in another
// language gets that language's version, or the original with
// translationMissing set. Each has a category (the archive) and tags, each
// with its own page, a featured image, an excerpt, its author, views
// (counted in memory on each node and written in batches, see views.go)
// and the counts of its likes and comments.
//
// Comments and likes are generic over a target (targetType, targetId):
// article (this package), topic and answer (souk/app/community, through
// the Target interface wired in cmd/souk) and comment (a like of a
// comment, or a reply). Their counts are kept in the counters table
// (persistence.CountersStore), changed in the same transaction as the
// comment, its deletion or the like: a feature that shows a target reads
// its counts from there (db.Counters().Get) and keeps none of its own.
//
// Gated content (roles) is decided by souk/app/internal/gate for both
// features: the comment entry opens on the viewer's comment
// (db.Comments().HasCommented), money, credit and qrcode entries on the
// ledger operation of persistence.UnlockKey, which content.unlock applies
// (ReasonPurchase, exactly once per member and target): from the wallet for
// money and credit, through the wallet's payment provider for qrcode (the
// wallet applies it when the provider confirms the payment).
//
// mutates.deleteAction soft-deletes an article or a comment here and a
// topic or an answer through the Target of its type.
package content

import (
	"context"
	"log/slog"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/internal/live"
	"souk/app/internal/payment"
	"souk/app/internal/ratelimit"
	"souk/persistence"
)

// Limits of content.
const (
	// MaxCommentRunes bounds a comment's text.
	MaxCommentRunes = 5000
	// DefaultPage and MaxPage bound a page of comments or articles.
	DefaultPage = 20
	MaxPage     = 50
	// MaxTitleRunes bounds an article's title.
	MaxTitleRunes = 200
	// MaxArticleRunes bounds an article's text.
	MaxArticleRunes = 100_000
	// ExcerptRunes is the length of an excerpt made from the content.
	ExcerptRunes = 160
	// MaxTags bounds an article's tags.
	MaxTags = 10
	// CommentBurst comments at once, then one every CommentEvery, per
	// member on each node.
	CommentBurst = 5
	CommentEvery = 10 * time.Second
)

// Access is what a viewer may do with a target, as the feature that owns
// it answers.
type Access struct {
	// AuthorID is the target's author.
	AuthorID int64
	// Read is set when the viewer may read the target, its comments and
	// like it (it is not gated for them).
	Read bool
	// Comment is set when the viewer may comment on it: it accepts
	// comments and the viewer reads it, or its gate opens on a comment.
	Comment bool
	// Roles is the target's gate, for content.unlock; nil when none.
	Roles []gate.Role
	// Channel is the live channel of the page the target is on (see
	// souk/app/internal/live): its comments and likes are told there; ""
	// tells nothing.
	Channel string
}

// Target is a kind of content of another feature that members comment on,
// like and delete (topic and answer, souk/app/community).
type Target interface {
	// Access tells what viewer may do with the target id. It returns
	// persistence.ErrNotFound when id does not exist or was deleted.
	Access(ctx context.Context, viewer action.Viewer, id int64) (Access, error)
	// Delete soft-deletes id, which viewer must have written or be an
	// administrator to delete: persistence.ErrNotFound when there is no
	// live id, action.ErrForbidden when viewer may not.
	Delete(ctx context.Context, viewer action.Viewer, id int64) error
}

// TargetFuncs is a Target made of two functions (two methods of a
// feature's service, say).
type TargetFuncs struct {
	AccessFunc func(ctx context.Context, viewer action.Viewer, id int64) (Access, error)
	DeleteFunc func(ctx context.Context, viewer action.Viewer, id int64) error
}

// Access calls AccessFunc.
func (f TargetFuncs) Access(ctx context.Context, viewer action.Viewer, id int64) (Access, error) {
	return f.AccessFunc(ctx, viewer, id)
}

// Delete calls DeleteFunc.
func (f TargetFuncs) Delete(ctx context.Context, viewer action.Viewer, id int64) error {
	return f.DeleteFunc(ctx, viewer, id)
}

// Ledger applies ledger operations exactly once per idempotency key;
// *actors.Wallets is one (each member's grain runs theirs).
type Ledger interface {
	Apply(ctx context.Context, op persistence.WalletOp) (persistence.WalletResult, error)
}

// Payments makes the provider payments that buy content gated by a
// qrcode entry; souk/app/wallet's Service is one.
type Payments interface {
	// StartUnlock makes a pending payment that buys in's target once the
	// provider confirms it, and answers what its QR dialog shows.
	StartUnlock(ctx context.Context, in payment.Unlock) (payment.Started, error)
}

var (
	_ Ledger = (*actors.Wallets)(nil)
	_ Ledger = persistence.WalletsStore{}
	_ Target = TargetFuncs{}
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Ledger runs purchases; nil applies them on DB directly.
	Ledger Ledger
	// Payments makes the provider payments of qrcode entries; nil refuses
	// them (ErrNoProvider).
	Payments Payments
	// Targets are the other features' kinds of content by target type
	// (persistence.TargetTopic, TargetAnswer).
	Targets map[string]Target
	// Notify stores and pushes the notifications of comments, replies,
	// mentions and likes; nil sends none.
	Notify Notifier
	// Live sends the events of the live pages (comments, likes,
	// deletions); nil sends none. A failure is logged.
	Live LivePublisher
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// FlushEvery is how often counted views are written; 0 is 5 seconds.
	FlushEvery time.Duration
	Logger     *slog.Logger
}

// Service answers the content actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	ledger   Ledger
	payments Payments
	targets  map[string]Target
	notify   Notifier
	live     live.Sender
	now      func() time.Time
	log      *slog.Logger
	views    *viewCounter
	// comments throttles each member's comments (per node).
	comments *ratelimit.Keyed
}

// New returns the content service. Views are written by Run.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, ledger: cfg.Ledger, payments: cfg.Payments, targets: cfg.Targets, notify: cfg.Notify, now: cfg.Now,
		log: cfg.Logger}
	if s.ledger == nil && cfg.DB != nil {
		s.ledger = cfg.DB.Wallets()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.live = live.Sender{Publisher: cfg.Live, Log: s.log}
	every := cfg.FlushEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	s.views = newViewCounter(every)
	s.comments = ratelimit.New(CommentEvery, CommentBurst)
	return s
}

// Register adds the content actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "content.article",
		Summary: "An article in the request's language (its version in that language, or the original with " +
			"translationMissing); gated content the viewer may not see comes as the excerpt and the gate.",
		Access: action.Public,
	}, s.Article)
	action.Register(r, action.Spec{
		Name: "content.archive",
		Summary: "A page of the articles in the request's language, the newest first, of a category, a tag or a member (authorId), " +
			"or all; or the articles of a list of ids (at most 20), in its order.",
		Access: action.Public,
	}, s.Archive)
	action.Register(r, action.Spec{
		Name: "mutates.saveArticle",
		Summary: "Creates or edits an article, or adds a language version to an article's group; the content is " +
			"sanitized HTML.",
		Access: action.Admin,
	}, s.SaveArticle)
	action.Register(r, action.Spec{
		Name:    "content.comments",
		Summary: "A page of the comments of an article, a topic or an answer, the oldest first; refused while it is gated for the viewer.",
		Access:  action.Public,
	}, s.Comments)
	action.Register(r, action.Spec{
		Name: "mutates.createComment",
		Summary: "Comments on an article, a topic or an answer, or replies to a comment; once per clientId. " +
			"Commenting opens content gated by a comment entry.",
		Access: action.Member,
	}, s.CreateComment)
	action.Register(r, action.Spec{
		Name:    "mutates.like",
		Summary: "Likes (like true) or unlikes an article, a topic, an answer or a comment; repeating changes nothing.",
		Access:  action.Member,
	}, s.Like)
	action.Register(r, action.Spec{
		Name:    "mutates.deleteAction",
		Summary: "Deletes an article, a topic, an answer or a comment: its author or an administrator; it leaves every list at once.",
		Access:  action.Member,
	}, s.DeleteAction)
	action.Register(r, action.Spec{
		Name: "content.unlock",
		Summary: "Buys gated content priced in money or credit from the viewer's wallet, once per member and content: " +
			"a retry pays nothing more. A qrcode entry is paid through the payment provider instead: the reply has " +
			"success false, the pending payment and its QR dialog's data; once the provider confirms the payment the " +
			"content is the viewer's (exactly once; the viewer gets a wallet event; wallet.payment tells its status).",
		Access: action.Member,
	}, s.Unlock)
}
