package shop

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"

	"souk/app/action"
	"souk/app/internal/payment"
	"souk/app/member"
	"souk/persistence"
)

var clientIDPattern = regexp.MustCompile(`^[A-Za-z0-9:_-]{8,100}$`)

// CheckoutInput places an order.
type CheckoutInput struct {
	ClientID   string      `json:"clientId" doc:"8-100 of [A-Za-z0-9:_-], made by the client per checkout: the same again answers the same order"`
	VariantIDs []action.ID `json:"variantIds,omitempty" doc:"the cart's variants to buy; the whole cart by default"`
	AddressID  action.ID   `json:"addressId,omitempty" doc:"one of the viewer's addresses; required when a line is a physical product"`
	CouponCode string      `json:"couponCode,omitempty" doc:"a coupon of the viewer's to apply"`
	Payment    string      `json:"payment" doc:"money (the wallet's balance in the request's currency), credit (the product's CREDIT price) or qrcode (a provider payment in the request's currency)"`
}

// CheckoutReply is the reply of shop.checkout and shop.payOrder.
type CheckoutReply struct {
	Order     OrderView       `json:"order" doc:"the order placed (or placed before with this clientId)"`
	Success   *PaymentSuccess `json:"success,omitempty" doc:"the payment success dialog, once paid"`
	QR        *payment.QR     `json:"qr,omitempty" doc:"qrcode: the payment QR dialog's data (absent when the clientId was used before: shop.payOrder makes a new payment)"`
	PaymentID string          `json:"paymentId,omitempty" doc:"qrcode: the provider payment (poll wallet.payment); the order is paid once it is"`
}

func validPayment(p string) bool { return p == PayMoney || p == PayCredit || p == PayQRCode }

// Checkout answers shop.checkout.
func (s *Service) Checkout(ctx context.Context, in CheckoutInput) (CheckoutReply, error) {
	if !clientIDPattern.MatchString(in.ClientID) {
		return CheckoutReply{}, ErrClientID
	}
	if !validPayment(in.Payment) {
		return CheckoutReply{}, ErrPayment
	}
	if in.Payment == PayQRCode && s.payments == nil {
		return CheckoutReply{}, ErrNoProvider
	}
	req := action.RequestFrom(ctx)
	userID := req.Viewer.UserID
	if o, err := s.db.Shop().OrderByClient(ctx, userID, in.ClientID); err == nil {
		return s.replay(ctx, o)
	} else if !errors.Is(err, persistence.ErrNotFound) {
		return CheckoutReply{}, err
	}
	b, err := s.buyerOf(ctx, req.Viewer)
	if err != nil {
		return CheckoutReply{}, err
	}
	stored, err := s.db.Shop().Cart(ctx, userID)
	if err != nil {
		return CheckoutReply{}, err
	}
	want := map[int64]bool{}
	for _, id := range in.VariantIDs {
		want[int64(id)] = true
	}
	var items []item
	for _, c := range stored {
		if len(want) == 0 || want[c.VariantID] {
			items = append(items, item{variantID: c.VariantID, quantity: c.Quantity})
		}
	}
	if len(items) == 0 {
		return CheckoutReply{}, ErrEmpty
	}
	as, err := s.assets(ctx)
	if err != nil {
		return CheckoutReply{}, err
	}
	cur := as.requestCurrency(ctx)
	if in.Payment == PayCredit {
		cur = persistence.AssetCredit
	}
	lang := action.NormalizeLang(req.Lang)
	p, err := s.price(ctx, b, lang, cur, items, in.CouponCode)
	if err != nil {
		return CheckoutReply{}, err
	}
	if p.couponErr != nil {
		return CheckoutReply{}, p.couponErr
	}
	for _, l := range p.view.Lines {
		switch l.Problem {
		case ProblemStock:
			return CheckoutReply{}, ErrStock
		case ProblemGone:
			return CheckoutReply{}, ErrGone
		case ProblemPrice:
			return CheckoutReply{}, ErrPrice
		case ProblemVIP:
			return CheckoutReply{}, ErrVIP
		case ProblemLevel:
			return CheckoutReply{}, ErrLevel
		}
	}
	now := s.now().UnixMilli()
	o := persistence.Order{ID: s.db.NewID(), UserID: userID, ClientID: in.ClientID, Status: persistence.OrderPending,
		Currency: cur, Subtotal: p.subtotal, Discount: p.discount, Total: p.subtotal - p.discount, Payment: in.Payment,
		CreatedAt: now, Lines: p.lines}
	if p.coupon != nil {
		o.CouponCode = p.coupon.Code
		snap, _ := json.Marshal(couponSnap{Code: p.coupon.Code, Names: p.coupon.Names, Type: p.coupon.Type,
			FaceCurrency: p.coupon.FaceCurrency, FaceValue: p.coupon.FaceValue})
		o.Coupon = string(snap)
	}
	if p.view.NeedsAddress {
		if in.AddressID <= 0 {
			return CheckoutReply{}, ErrAddress
		}
		addr, err := s.db.Addresses().Get(ctx, userID, int64(in.AddressID))
		if errors.Is(err, persistence.ErrNotFound) {
			return CheckoutReply{}, ErrAddress
		}
		if err != nil {
			return CheckoutReply{}, err
		}
		snap, _ := json.Marshal(addr)
		o.Address = string(snap)
	}
	var op *persistence.WalletOp
	switch {
	case o.Total == 0:
		o.Status, o.PaidAt, o.Payment = persistence.OrderPaid, now, ""
	case in.Payment == PayQRCode:
		o.ExpiresAt = now + OrderTTL.Milliseconds()
	default:
		o.Status, o.PaidAt = persistence.OrderPaid, now
		op = s.payOp(o, now)
	}
	res, err := s.db.Shop().PlaceOrder(ctx, &o, op)
	if err != nil {
		if errors.Is(err, persistence.ErrOrderExists) {
			if stored, err := s.db.Shop().OrderByClient(ctx, userID, in.ClientID); err == nil {
				return s.replay(ctx, stored)
			}
		}
		return CheckoutReply{}, placeError(err)
	}
	if op != nil && s.balances != nil {
		s.balances.Changed(ctx, res)
	}
	placed, err := s.db.Shop().Order(ctx, o.ID)
	if err != nil {
		return CheckoutReply{}, err
	}
	s.changed(ctx, placed, true)
	if placed.Status != persistence.OrderPending {
		return s.replay(ctx, placed)
	}
	reply, err := s.startQR(ctx, placed)
	if err != nil {
		// Nothing to pay it with: the stock and the coupon go back at once.
		if released, rerr := s.db.Shop().ReleaseOrder(ctx, placed.ID, userID, persistence.OrderCancelled, now); rerr == nil {
			if fresh, err := s.db.Shop().Order(ctx, released.ID); err == nil {
				s.changed(ctx, fresh, true)
			}
		}
		return CheckoutReply{}, err
	}
	return reply, nil
}

// placeError maps the store's refusals of an order to the client's errors.
func placeError(err error) error {
	switch {
	case errors.Is(err, persistence.ErrOutOfStock):
		return ErrStock
	case errors.Is(err, persistence.ErrCouponTaken):
		return ErrCouponTaken
	case errors.Is(err, persistence.ErrInsufficientFunds):
		return ErrFunds
	case errors.Is(err, persistence.ErrIdemMismatch):
		return ErrPaid
	case errors.Is(err, persistence.ErrOrderState):
		return ErrNotPending
	}
	return err
}

// payOp is the ledger operation that pays o from the buyer's wallet.
func (s *Service) payOp(o persistence.Order, at int64) *persistence.WalletOp {
	id := member.FormatID(o.ID)
	return &persistence.WalletOp{IdemKey: persistence.OrderKey(o.ID), UserID: o.UserID, Reason: persistence.ReasonPurchase,
		Ref: "order:" + id, Memo: "order " + orderNumber(o), At: at, Postings: []persistence.Posting{
			{UserID: o.UserID, Asset: o.Currency, Amount: -o.Total},
			{UserID: persistence.AccountRevenue, Asset: o.Currency, Amount: o.Total},
		}}
}

// replay answers an order placed before: its view and, once paid, the success.
func (s *Service) replay(ctx context.Context, o persistence.Order) (CheckoutReply, error) {
	r, err := s.answer(ctx, o)
	return CheckoutReply{Order: r.Order, Success: r.Success}, err
}

// startQR makes a provider payment of a pending order.
func (s *Service) startQR(ctx context.Context, o persistence.Order) (CheckoutReply, error) {
	if s.payments == nil {
		return CheckoutReply{}, ErrNoProvider
	}
	if o.Currency == persistence.AssetCredit {
		return CheckoutReply{}, ErrPayment
	}
	started, err := s.payments.StartOrder(ctx, payment.Order{UserID: o.UserID, OrderID: o.ID, Asset: o.Currency,
		Amount: o.Total})
	if err != nil {
		return CheckoutReply{}, err
	}
	id, _ := strconv.ParseInt(started.Payment.ID, 10, 64)
	if err := s.db.Shop().SetOrderPayment(ctx, o.ID, PayQRCode, id); err != nil {
		return CheckoutReply{}, err
	}
	o.Payment, o.PaymentID = PayQRCode, id
	r, err := s.answer(ctx, o)
	if err != nil {
		return CheckoutReply{}, err
	}
	qr := started.QR
	return CheckoutReply{Order: r.Order, QR: &qr, PaymentID: started.Payment.ID}, nil
}

// PayOrderInput pays a pending order.
type PayOrderInput struct {
	OrderID action.ID `json:"orderId" doc:"one of the viewer's pending orders"`
	Payment string    `json:"payment" doc:"money or credit (from the wallet, in the order's currency) or qrcode (a new provider payment)"`
}

// PayOrder answers shop.payOrder.
func (s *Service) PayOrder(ctx context.Context, in PayOrderInput) (CheckoutReply, error) {
	if !validPayment(in.Payment) {
		return CheckoutReply{}, ErrPayment
	}
	o, err := s.ownOrder(ctx, in.OrderID, false)
	if err != nil {
		return CheckoutReply{}, err
	}
	if o.Status != persistence.OrderPending {
		if paidOrDone(o.Status) {
			return CheckoutReply{}, ErrPaid
		}
		return CheckoutReply{}, ErrNotPending
	}
	if o.ExpiresAt <= s.now().UnixMilli() {
		return CheckoutReply{}, ErrNotPending // the sweep is about to give its stock back
	}
	credit := o.Currency == persistence.AssetCredit
	if credit != (in.Payment == PayCredit) {
		return CheckoutReply{}, ErrPayment
	}
	if in.Payment == PayQRCode {
		return s.startQR(ctx, o)
	}
	now := s.now().UnixMilli()
	paid, res, err := s.db.Shop().PayOrder(ctx, o.ID, in.Payment, 0, *s.payOp(o, now))
	if err != nil {
		return CheckoutReply{}, placeError(err)
	}
	if s.balances != nil {
		s.balances.Changed(ctx, res)
	}
	if !res.Replayed {
		s.changed(ctx, paid, false)
	}
	return s.replay(ctx, paid)
}

func paidOrDone(status string) bool {
	switch status {
	case persistence.OrderPaid, persistence.OrderShipped, persistence.OrderDelivered, persistence.OrderCompleted,
		persistence.OrderRefunded:
		return true
	}
	return false
}

// SettleOrder pays the order of a paid provider payment (purpose order):
// the amount comes in from the world outside to the buyer and goes on to
// the site's revenue in the operation of persistence.OrderKey, and the
// order is marked paid, in one transaction. A rerun changes nothing; an
// order that cannot take the payment (paid otherwise, expired, cancelled)
// answers ok false and the wallet credits the payment to the buyer.
func (s *Service) SettleOrder(ctx context.Context, pay persistence.Payment) (persistence.WalletResult, bool, error) {
	if pay.Purpose != persistence.PaymentOrder || pay.Status != persistence.PaymentPaid {
		return persistence.WalletResult{}, false, nil
	}
	o, err := s.db.Shop().Order(ctx, pay.TargetID)
	if errors.Is(err, persistence.ErrNotFound) {
		return persistence.WalletResult{}, false, nil
	}
	if err != nil {
		return persistence.WalletResult{}, false, err
	}
	if o.UserID != pay.UserID || o.Currency != pay.Asset || o.Total != pay.Amount {
		return persistence.WalletResult{}, false, nil
	}
	id := member.FormatID(pay.ID)
	op := persistence.WalletOp{IdemKey: persistence.OrderKey(o.ID), UserID: o.UserID, Reason: persistence.ReasonPurchase,
		Ref: "payment:" + id, Memo: "order " + orderNumber(o), At: pay.PaidAt, Postings: []persistence.Posting{
			{UserID: persistence.AccountExternal, Asset: pay.Asset, Amount: -pay.Amount},
			{UserID: o.UserID, Asset: pay.Asset, Amount: pay.Amount},
			{UserID: o.UserID, Asset: pay.Asset, Amount: -pay.Amount},
			{UserID: persistence.AccountRevenue, Asset: pay.Asset, Amount: pay.Amount},
		}}
	paid, res, err := s.db.Shop().PayOrder(ctx, o.ID, PayQRCode, pay.ID, op)
	switch {
	case errors.Is(err, persistence.ErrOrderState), errors.Is(err, persistence.ErrIdemMismatch):
		return persistence.WalletResult{}, false, nil
	case err != nil:
		return persistence.WalletResult{}, false, err
	}
	if !res.Replayed {
		s.changed(ctx, paid, false)
	}
	return res, true, nil
}
