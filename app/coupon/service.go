package coupon

import (
	"context"
	"log/slog"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Bounds of the coupons' input.
const (
	// MaxBatch is the most coupons admin.createCoupons makes at once.
	MaxBatch = 500
	// MaxName is the longest name, in characters, per language.
	MaxName = 120
	// MaxDescription is the longest description, in characters, per language.
	MaxDescription = 2000
	// MaxRestrict is the most members, levels or products a restriction lists.
	MaxRestrict = 200
	// pageSize is a page of coupons.
	pageSize = 20
)

// EventCoupon is the session event a member gets when a coupon is gifted
// to them.
const EventCoupon = "coupon"

// TypeCoupon is the type (kind) of the stored notification of a gift.
const TypeCoupon = "coupon"

// Events describes the live events this package sends, for the client's
// generated wire types (souk tstypes).
var Events = []action.Event{
	action.EventOf[CouponEvent](EventCoupon, "A coupon was gifted to the member (account.couponPush): add it to their coupons."),
}

// CouponEvent is the data of EventCoupon.
type CouponEvent struct {
	Coupon CouponView `json:"coupon" doc:"the coupon, now the member's"`
}

// Deliverer routes a live event to a member's connections; *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

var _ Deliverer = (*actors.Sessions)(nil)

// Notifier writes and delivers stored notifications; the notify service is one.
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author, nil for the site.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// Balances tells members their balances after an operation applied
// outside the wallet grains (a redeemed coupon, written with the coupon in
// one transaction); souk/app/wallet's Service is one.
type Balances interface {
	Changed(ctx context.Context, res persistence.WalletResult)
}

// ProductRef is what a coupon's info shows of a product it is restricted to.
type ProductRef struct {
	ID    string `json:"id" doc:"the product's databaseId"`
	Title string `json:"title" doc:"in the request's language"`
	Slug  string `json:"slug" doc:"the product's URL segment"`
}

// TermRef is what a coupon's info shows of a shop category or tag it is
// restricted to.
type TermRef struct {
	ID   string `json:"id" doc:"the term's databaseId"`
	Kind string `json:"kind" doc:"category or tag"`
	Slug string `json:"slug" doc:"its URL segment"`
	Name string `json:"name" doc:"in the request's language"`
}

// termKind is a TermRef's kind of a stored term kind.
func termKind(kind string) string {
	if kind == persistence.TermShopTag {
		return "tag"
	}
	return "category"
}

// Products names the products of ids in lang (unknown ids are left out);
// the shop provides it.
type Products func(ctx context.Context, ids []int64, lang string) (map[int64]ProductRef, error)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Sessions delivers the coupon event to a gift's recipient, and the
	// viewer event after a level redeemed; nil sends none.
	Sessions Deliverer
	// Notify stores and delivers a gift's notification; nil sends none.
	Notify Notifier
	// Balances tells a member their balances after redeeming money or
	// credit; nil tells nothing.
	Balances Balances
	// Products names the products a coupon is restricted to; nil shows
	// only their ids.
	Products Products
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Logger receives the failures of notifications; nil is slog.Default().
	Logger *slog.Logger
}

// Service answers the coupon actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	sessions Deliverer
	notify   Notifier
	balances Balances
	products Products
	now      func() time.Time
	log      *slog.Logger
}

// New returns the coupon service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Service{db: cfg.DB, sessions: cfg.Sessions, notify: cfg.Notify, balances: cfg.Balances,
		products: cfg.Products, now: cfg.Now, log: cfg.Logger}
}

// Register adds the coupon actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "account.coupons",
		Summary: "A page of the viewer's coupons, newest first (status: unused, used or expired, empty all; after, " +
			"an endCursor); the register coupons due to the viewer are granted first.",
		Access: action.Member,
	}, s.Coupons)
	action.Register(r, action.Spec{
		Name:    "account.coupon",
		Summary: "The info of one coupon by its code: the viewer's own, or any for an administrator.",
		Access:  action.Member,
	}, s.Coupon)
	action.Register(r, action.Spec{
		Name: "account.couponPush",
		Summary: "Gifts one of the viewer's unused, unexpired coupons that allows it to another member, exactly " +
			"once; the recipient is notified live.",
		Access: action.Member,
	}, s.Push)
	action.Register(r, action.Spec{
		Name: "account.couponRedeem",
		Summary: "Redeems one of the viewer's exchange coupons once: its money or credit into the wallet, or the " +
			"growth points of its level; the coupon is marked used in the same step.",
		Access: action.Member,
	}, s.Redeem)
	action.Register(r, action.Spec{
		Name: "admin.createCoupons",
		Summary: "Makes count (1 to 500) coupons from a template with unguessable codes: for the members of ownerIds " +
			"(count each), or unowned; a register coupon without owners is a template every new member gets once.",
		Access: action.Admin,
	}, s.CreateCoupons)
}
