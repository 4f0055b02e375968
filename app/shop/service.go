// Package shop is the site's shop (issue 16): products as a content kind
// of their own (per-language titles and descriptions, images, variants
// with their own stock and prices per currency, digital downloads and
// codes, VIP-only and level-only products, VIP discounts), the members'
// carts, and checkout and orders.
//
// Totals are always computed here from the stored prices in the request's
// currency (or in credit for a credit payment), with the viewer's VIP
// discount and then the coupon (souk/app/coupon); the client's prices are
// never read. An order paid from the wallet is written with its stock, its
// coupon and its ledger operation in one transaction
// (persistence.ShopStore.PlaceOrder): a short balance, a stock shortfall or
// a coupon taken meanwhile leaves nothing written. An order paid by QR is
// pending: it holds its stock and coupon for OrderTTL, while a provider
// payment of purpose order (souk/app/wallet) pays it; the wallet hands the
// paid payment to SettleOrder, which applies the ledger operation and
// marks the order paid in one transaction, exactly once. Sweep expires the
// unpaid ones on every node (conditional updates) and gives back their
// stock and coupon.
//
// Every status change is a stored notification (type order) pushed live
// and a session event order to the buyer; every change of stock is the
// event stock on the live channel product:<id>.
package shop

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"souk/app/action"
	"souk/app/internal/live"
	"souk/app/internal/payment"
	"souk/app/member"
	"souk/persistence"
)

// Limits of the shop.
const (
	// OrderTTL is how long a pending order holds its stock.
	OrderTTL = 15 * time.Minute
	// MaxLines bounds a cart, a quote and an order.
	MaxLines = 50
	// MaxQuantity bounds one line.
	MaxQuantity = 999
	// DefaultPage and MaxPage bound a page of products or orders.
	DefaultPage = 20
	MaxPage     = 40
	// MaxVariants, MaxImages and MaxCodes bound a product.
	MaxVariants = 50
	MaxImages   = 20
	MaxCodes    = 1000
	// ExcerptRunes is the length of a product's excerpt.
	ExcerptRunes = 160
	// sweepBatch is how many orders one pass of the sweep expires.
	sweepBatch = 100
)

// Payment methods.
const (
	PayMoney  = "money"
	PayCredit = "credit"
	PayQRCode = "qrcode"
)

// The errors of the shop.
var (
	ErrNotFound     = action.Errorf(http.StatusNotFound, "shop.error.notFound")
	ErrOrderMissing = action.Errorf(http.StatusNotFound, "shop.error.orderNotFound")
	ErrQuantity     = action.Errorf(http.StatusBadRequest, "shop.error.quantity", "max", MaxQuantity)
	ErrStock        = action.Errorf(http.StatusConflict, "shop.error.stock")
	ErrAddress      = action.Errorf(http.StatusBadRequest, "shop.error.address")
	ErrPayment      = action.Errorf(http.StatusBadRequest, "shop.error.payment")
	ErrPrice        = action.Errorf(http.StatusBadRequest, "shop.error.price")
	ErrVIP          = action.Errorf(http.StatusForbidden, "shop.error.vip")
	ErrLevel        = action.Errorf(http.StatusForbidden, "shop.error.level")
	ErrFunds        = action.Errorf(http.StatusPaymentRequired, "shop.error.funds")
	ErrClientID     = action.Errorf(http.StatusBadRequest, "shop.error.clientId")
	ErrEmpty        = action.Errorf(http.StatusBadRequest, "shop.error.empty")
	ErrTooMany      = action.Errorf(http.StatusBadRequest, "shop.error.tooMany", "max", MaxLines)
	ErrCartFull     = action.Errorf(http.StatusBadRequest, "shop.error.cartFull")
	ErrNotPending   = action.Errorf(http.StatusConflict, "shop.error.notPending")
	ErrStatus       = action.Errorf(http.StatusConflict, "shop.error.status")
	ErrPaid         = action.Errorf(http.StatusConflict, "shop.error.paid")
	ErrCoupon       = action.Errorf(http.StatusBadRequest, "shop.error.coupon")
	ErrCouponTaken  = action.Errorf(http.StatusConflict, "shop.error.couponUsed")
	ErrGone         = action.Errorf(http.StatusConflict, "shop.error.gone")
	ErrNoProvider   = action.Errorf(http.StatusBadRequest, "payments.error.provider")
	ErrProduct      = action.Errorf(http.StatusBadRequest, "shop.error.product")
)

// Notifier writes and delivers the order notifications; the notify
// service is one.
type Notifier interface {
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// Deliverer routes a session event to a member's connections;
// *actors.Sessions is one.
type Deliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, action string, data []byte) (int, error)
}

// Payments makes the provider payments of orders; souk/app/wallet's
// Service is one.
type Payments interface {
	StartOrder(ctx context.Context, in payment.Order) (payment.Started, error)
}

// Balances tells members their balances after an operation applied here
// (the wallet's Changed).
type Balances interface {
	Changed(ctx context.Context, res persistence.WalletResult)
}

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Payments makes the QR payments; nil refuses them (ErrNoProvider).
	Payments Payments
	// Balances pushes balances after a payment; nil pushes none.
	Balances Balances
	// Notify stores and pushes the order notifications; nil sends none.
	Notify Notifier
	// Sessions delivers the session event order; nil sends none.
	Sessions Deliverer
	// Live sends the stock events; nil sends none.
	Live live.Publisher
	// Now is the clock; nil is time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Service answers the shop's actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	payments Payments
	balances Balances
	notify   Notifier
	sessions Deliverer
	live     live.Sender
	now      func() time.Time
	log      *slog.Logger
}

// New returns the shop service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, payments: cfg.Payments, balances: cfg.Balances, notify: cfg.Notify, sessions: cfg.Sessions,
		now: cfg.Now, log: cfg.Logger}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.live = live.Sender{Publisher: cfg.Live, Log: s.log}
	return s
}

var _ payment.OrderSettler = (*Service)(nil)

// Register adds the shop's actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "shop.product",
		Summary: "A product in the request's language with its variants, prices in the request's currency (after the " +
			"viewer's VIP discount), stock, and whether the viewer may buy it.",
		Access: action.Public,
	}, s.Product)
	action.Register(r, action.Spec{
		Name: "shop.archive",
		Summary: "A page of products, the newest first: all, of a category or of a tag; or the products of a list of ids " +
			"(at most 20), in its order.",
		Access: action.Public,
	}, s.Archive)
	action.Register(r, action.Spec{
		Name: "mutates.saveProduct",
		Summary: "Creates or edits a product: titles and descriptions per language (sanitized HTML), images, kind, " +
			"category and tags, variants with their prices per currency (or CREDIT) and stock, a digital download or " +
			"codes, VIP-only tiers, a minimum level and VIP discounts.",
		Access: action.Admin,
	}, s.SaveProduct)
	action.Register(r, action.Spec{
		Name: "admin.product",
		Summary: "A stored product exactly as mutates.saveProduct takes it (every language, every variant's prices per " +
			"currency and stock; a code product's count of free codes, never the codes), with the product form's " +
			"choices: shop categories, VIP tiers, levels and currencies. Without id: the choices only.",
		Access: action.Admin,
	}, s.AdminProduct)
	action.Register(r, action.Spec{
		Name:    "cart.get",
		Summary: "The viewer's cart priced in the request's currency, with a coupon applied when couponCode is given.",
		Access:  action.Member,
	}, s.CartGet)
	action.Register(r, action.Spec{
		Name: "cart.set",
		Summary: "Sets the quantity of a variant in the viewer's cart (0 removes it); more than the stock or a " +
			"negative quantity is refused.",
		Access: action.Member,
	}, s.CartSet)
	action.Register(r, action.Spec{
		Name: "cart.merge",
		Summary: "Adds a guest's local cart to the viewer's after sign-in: quantities add up, clamped to the stock; " +
			"unknown variants are dropped.",
		Access: action.Member,
	}, s.CartMerge)
	action.Register(r, action.Spec{
		Name:    "cart.quote",
		Summary: "Prices a guest's local cart (at most 50 lines) in the request's currency; nothing is stored.",
		Access:  action.Public,
	}, s.CartQuote)
	action.Register(r, action.Spec{
		Name: "shop.checkout",
		Summary: "Places an order of the viewer's cart (or of some of its variants), once per clientId. money and " +
			"credit: the order, its stock, coupon and payment in one transaction, answered with success. qrcode: a " +
			"pending order holding its stock for 15 minutes and a provider payment whose QR the client shows.",
		Access: action.Member,
	}, s.Checkout)
	action.Register(r, action.Spec{
		Name: "shop.payOrder",
		Summary: "Pays one of the viewer's pending orders: from the wallet (money, credit) or with a new QR payment " +
			"(qrcode; its 300 s countdown starts again).",
		Access: action.Member,
	}, s.PayOrder)
	action.Register(r, action.Spec{
		Name:    "shop.cancelOrder",
		Summary: "Cancels one of the viewer's pending orders: its stock and coupon are given back.",
		Access:  action.Member,
	}, s.CancelOrder)
	action.Register(r, action.Spec{
		Name:    "shop.orders",
		Summary: "A page of the viewer's orders (scope all: every member's, for administrators), the newest first, optionally of one status.",
		Access:  action.Member,
	}, s.Orders)
	action.Register(r, action.Spec{
		Name:    "shop.order",
		Summary: "One of the viewer's orders (an administrator reads any), with the payment success once paid.",
		Access:  action.Member,
	}, s.Order)
	action.Register(r, action.Spec{
		Name:    "shop.confirmReceipt",
		Summary: "The buyer confirms a shipped or delivered order arrived: it is completed.",
		Access:  action.Member,
	}, s.ConfirmReceipt)
	action.Register(r, action.Spec{
		Name: "admin.orderStatus",
		Summary: "Moves a paid order on: shipped (with a tracking number), delivered, completed, or refunded (the " +
			"payment goes back to the buyer's balance and unshipped items back in stock).",
		Access: action.Admin,
	}, s.OrderStatus)
}
