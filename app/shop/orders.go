package shop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"souk/app/action"
	"souk/app/internal/live"
	"souk/app/internal/postal"
	"souk/app/member"
	"souk/persistence"
)

// OrderLineView is a line of an order, priced as it was at checkout.
type OrderLineView struct {
	VariantID   string `json:"variantId" doc:"the variant's databaseId"`
	ProductID   string `json:"productId" doc:"the product's databaseId"`
	Title       string `json:"title" doc:"the product's title in the request's language"`
	VariantName string `json:"variantName" doc:"empty for a product's only variant"`
	Thumb       string `json:"thumb" doc:"the product's first image"`
	Quantity    int64  `json:"quantity" doc:"items bought"`
	UnitPrice   Money  `json:"unitPrice" doc:"as paid, after the VIP discount"`
	LineTotal   Money  `json:"lineTotal" doc:"unitPrice × quantity"`
}

// Delivery is what a paid digital order delivers.
type Delivery struct {
	Codes []string `json:"codes" doc:"the codes of code products"`
	URL   string   `json:"url" doc:"the download of a download product; empty for none"`
}

// OrderStep is one status change of an order.
type OrderStep struct {
	Status string `json:"status" doc:"the order's status"`
	At     int64  `json:"at" doc:"epoch milliseconds"`
}

// OrderView is an order as its buyer sees it.
type OrderView struct {
	ID         string              `json:"id" doc:"the order's databaseId"`
	Number     string              `json:"number" doc:"the human order number: S, the date (YYYYMMDD) and the id's tail"`
	Status     string              `json:"status" doc:"pending, paid, shipped, delivered, completed, refunded, cancelled or expired"`
	Lines      []OrderLineView     `json:"lines" doc:"the lines as bought"`
	Subtotal   Money               `json:"subtotal" doc:"the lines' sum"`
	Discount   Money               `json:"discount" doc:"the coupon's"`
	Total      Money               `json:"total" doc:"what was (or is to be) paid"`
	Coupon     *CouponBrief        `json:"coupon" doc:"the coupon used; null for none"`
	Payment    string              `json:"payment" doc:"money, credit or qrcode; empty for an order that cost nothing"`
	Address    *postal.AddressView `json:"address" doc:"where it ships; null for a digital order"`
	Delivery   *Delivery           `json:"delivery" doc:"a digital order's codes and download once paid; null otherwise"`
	TrackingNo string              `json:"trackingNo" doc:"the parcel's tracking number once shipped; empty otherwise"`
	CreatedAt  int64               `json:"createdAt" doc:"epoch milliseconds"`
	PaidAt     int64               `json:"paidAt" doc:"epoch milliseconds; 0 until paid"`
	ExpiresAt  int64               `json:"expiresAt" doc:"a pending order's deadline, epoch milliseconds; 0 otherwise"`
	History    []OrderStep         `json:"history" doc:"the status changes, oldest first"`
}

// SuccessData is the thumb and title of a payment success dialog.
type SuccessData struct {
	Thumb string `json:"thumb" doc:"the product's first image"`
	Title string `json:"title" doc:"the first line's title"`
}

// PaymentSuccess is the payment success dialog (SPEC.md §3).
type PaymentSuccess struct {
	Data       SuccessData  `json:"data" doc:"the first line's thumb and title"`
	Coupon     *CouponBrief `json:"coupon" doc:"the coupon used; null for none"`
	Symbol     string       `json:"symbol" doc:"the currency's sign; empty for credit"`
	FinalPrice string       `json:"finalPrice" doc:"the total paid, with the currency's decimals"`
	Payment    string       `json:"payment" doc:"money, credit or qrcode"`
}

// couponSnap is the coupon an order stores.
type couponSnap struct {
	Code         string            `json:"code"`
	Names        map[string]string `json:"names"`
	Type         string            `json:"type"`
	FaceCurrency string            `json:"faceCurrency"`
	FaceValue    int64             `json:"faceValue"`
}

// paidStatuses are the statuses of an order that was paid and not refunded.
var paidStatuses = []string{persistence.OrderPaid, persistence.OrderShipped, persistence.OrderDelivered,
	persistence.OrderCompleted}

func orderNumber(o persistence.Order) string {
	id := member.FormatID(o.ID)
	if len(id) > 6 {
		id = id[len(id)-6:]
	}
	return "S" + time.UnixMilli(o.CreatedAt).UTC().Format("20060102") + id
}

// orderView builds the view of o in lang.
func (s *Service) orderView(ctx context.Context, o persistence.Order, lang string) (OrderView, error) {
	as, err := s.assets(ctx)
	if err != nil {
		return OrderView{}, err
	}
	return orderViewOf(o, lang, as), nil
}

func orderViewOf(o persistence.Order, lang string, as assets) OrderView {
	a := as.get(o.Currency)
	v := OrderView{ID: member.FormatID(o.ID), Number: orderNumber(o), Status: o.Status, Lines: []OrderLineView{},
		Subtotal: a.money(o.Subtotal), Discount: a.money(o.Discount), Total: a.money(o.Total), Payment: o.Payment,
		TrackingNo: o.TrackingNo, CreatedAt: o.CreatedAt, PaidAt: o.PaidAt, History: []OrderStep{}}
	if o.Status == persistence.OrderPending {
		v.ExpiresAt = o.ExpiresAt
	}
	digital := false
	url := ""
	for _, l := range o.Lines {
		v.Lines = append(v.Lines, OrderLineView{VariantID: member.FormatID(l.VariantID), ProductID: member.FormatID(l.ProductID),
			Title: pick(l.Titles, lang), VariantName: pick(l.VariantNames, lang), Thumb: l.Thumb, Quantity: l.Quantity,
			UnitPrice: a.money(l.UnitPrice), LineTotal: a.money(l.LineTotal)})
		if l.Kind == persistence.ProductDigital {
			digital = true
			if l.DigitalType == persistence.DigitalDownload && url == "" {
				url = l.DigitalURL
			}
		}
	}
	for _, h := range o.History {
		v.History = append(v.History, OrderStep{Status: h.Status, At: h.At})
	}
	if o.Coupon != "" {
		var c couponSnap
		if json.Unmarshal([]byte(o.Coupon), &c) == nil {
			v.Coupon = couponBrief(persistence.Coupon{Code: c.Code, Names: c.Names, Type: c.Type,
				FaceCurrency: c.FaceCurrency, FaceValue: c.FaceValue}, lang, a, o.Discount)
		}
	}
	if o.Address != "" {
		var addr persistence.Address
		if json.Unmarshal([]byte(o.Address), &addr) == nil {
			av := postal.View(addr, lang)
			v.Address = &av
		}
	}
	if digital && slices.Contains(paidStatuses, o.Status) {
		v.Delivery = &Delivery{Codes: o.Codes, URL: url}
		if v.Delivery.Codes == nil {
			v.Delivery.Codes = []string{}
		}
	}
	return v
}

// success is the payment success dialog of a paid order.
func successOf(o persistence.Order, v OrderView, as assets) *PaymentSuccess {
	if !slices.Contains(paidStatuses, o.Status) {
		return nil
	}
	ps := &PaymentSuccess{Coupon: v.Coupon, Symbol: as.get(o.Currency).Symbol, FinalPrice: v.Total.Amount,
		Payment: o.Payment}
	if len(v.Lines) > 0 {
		ps.Data = SuccessData{Thumb: v.Lines[0].Thumb, Title: v.Lines[0].Title}
	}
	return ps
}

// OrderContent is the content of an order notification.
type OrderContent struct {
	Kind    string `json:"kind" doc:"order"`
	OrderID string `json:"orderId" doc:"the order's databaseId"`
	Number  string `json:"number" doc:"the human order number"`
	Status  string `json:"status" doc:"the order's status"`
	Link    string `json:"link" doc:"/account/orders"`
}

// OrderEvent is the session event order.
type OrderEvent struct {
	Order OrderView `json:"order" doc:"the order as its buyer sees it"`
}

// TypeOrder is the type of the order notifications and the session event.
const TypeOrder = "order"

// Events describes the live events this package sends to a member, for the
// client's generated wire types (souk tstypes).
var Events = []action.Event{
	action.EventOf[OrderEvent](TypeOrder, "One of the member's orders changed status (paid, shipped, delivered, completed, refunded, cancelled, expired): replace it."),
}

// changed tells the buyer of an order's new status (a stored notification
// pushed live, and the session event order) and the product pages of a
// change of stock. Failures are only logged: the change is done.
func (s *Service) changed(ctx context.Context, o persistence.Order, stock bool) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	lang := action.NormalizeLang(action.RequestFrom(ctx).Lang)
	v, err := s.orderView(ctx, o, lang)
	if err != nil {
		s.log.Warn("shop: order view for its events", "order", o.ID, "error", err)
		return
	}
	key := "order:" + v.ID + ":" + o.Status
	if s.notify != nil {
		body, _ := json.Marshal(OrderContent{Kind: TypeOrder, OrderID: v.ID, Number: v.Number, Status: o.Status,
			Link: "/account/orders"})
		title := v.Number
		if len(v.Lines) > 0 {
			title = v.Number + " · " + v.Lines[0].Title
		}
		n := persistence.Notification{ToID: o.UserID, Type: TypeOrder, Title: title, Content: body, IdemKey: key}
		events, _, err := s.db.Notifications().Create(ctx, &n, s.notify.NotificationWrite(&n, nil))
		if err != nil {
			s.log.Warn("shop: order notification", "order", o.ID, "error", err)
		} else {
			s.notify.Push(ctx, events)
		}
	}
	if s.sessions != nil {
		body, _ := json.Marshal(OrderEvent{Order: v})
		if _, err := s.sessions.Deliver(ctx, o.UserID, key, TypeOrder, body); err != nil {
			s.log.Warn("shop: order event", "order", o.ID, "error", err)
		}
	}
	if stock {
		seen := map[int64]bool{}
		for _, l := range o.Lines {
			if !seen[l.ProductID] {
				seen[l.ProductID] = true
				s.stockChanged(ctx, l.ProductID)
			}
		}
	}
}

// StockVariant is a variant's stock in a stock event.
type StockVariant struct {
	ID    string `json:"id" doc:"the variant's databaseId"`
	Stock int64  `json:"stock" doc:"items in stock now"`
}

// StockEvent is the event stock of the channel product:<id>.
type StockEvent struct {
	ProductID string         `json:"productId" doc:"the product's databaseId"`
	Variants  []StockVariant `json:"variants" doc:"every live variant's stock"`
}

// stockChanged sends a product's stock to its page's watchers.
func (s *Service) stockChanged(ctx context.Context, productID int64) {
	if !s.live.Enabled() {
		return
	}
	p, err := s.db.Shop().Product(ctx, productID)
	if err != nil {
		return
	}
	ev := StockEvent{ProductID: member.FormatID(p.ID), Variants: []StockVariant{}}
	for _, v := range p.Variants {
		ev.Variants = append(ev.Variants, StockVariant{ID: member.FormatID(v.ID), Stock: v.Stock})
	}
	s.live.Send(ctx, live.Stock, ev, live.Product(p.ID))
}

// OrdersInput asks for a page of the viewer's orders.
type OrdersInput struct {
	Status string `json:"status,omitempty" doc:"only orders of this status"`
	After  string `json:"after,omitempty" doc:"endCursor of the page before"`
	First  int    `json:"first,omitempty" doc:"page size, 20 by default, at most 40"`
	Scope  string `json:"scope,omitempty" doc:"mine (the default) or all (every member's orders: administrators only)"`
}

// OrderEdge is one order of a page.
type OrderEdge struct {
	Cursor string    `json:"cursor" doc:"the order's id: pass it as after"`
	Node   OrderView `json:"node" doc:"the order"`
}

// OrderList is a page of orders.
type OrderList struct {
	Edges    []OrderEdge `json:"edges" doc:"the orders, newest first"`
	PageInfo PageInfo    `json:"pageInfo" doc:"how to read on"`
}

// OrdersReply is the reply of shop.orders.
type OrdersReply struct {
	Orders OrderList `json:"orders" doc:"a page of the viewer's orders"`
}

var statuses = []string{persistence.OrderPending, persistence.OrderPaid, persistence.OrderShipped,
	persistence.OrderDelivered, persistence.OrderCompleted, persistence.OrderRefunded, persistence.OrderCancelled,
	persistence.OrderExpired}

// Orders answers shop.orders.
func (s *Service) Orders(ctx context.Context, in OrdersInput) (OrdersReply, error) {
	reply := OrdersReply{Orders: OrderList{Edges: []OrderEdge{}}}
	if in.Status != "" && !slices.Contains(statuses, in.Status) {
		return reply, action.BadField("status")
	}
	if in.First < 0 || in.First > MaxPage {
		return reply, action.BadField("first")
	}
	if in.First == 0 {
		in.First = DefaultPage
	}
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, action.BadField("after")
	}
	req := action.RequestFrom(ctx)
	owner := req.Viewer.UserID
	switch in.Scope {
	case "", "mine":
	case "all":
		if !req.Viewer.IsAdmin {
			return reply, action.ErrForbidden
		}
		owner = 0
	default:
		return reply, action.BadField("scope")
	}
	list, err := s.db.Shop().Orders(ctx, owner, in.Status, before, in.First+1)
	if err != nil {
		return reply, err
	}
	if len(list) > in.First {
		list, reply.Orders.PageInfo.HasNextPage = list[:in.First], true
	}
	as, err := s.assets(ctx)
	if err != nil {
		return reply, err
	}
	lang := action.NormalizeLang(req.Lang)
	for _, o := range list {
		v := orderViewOf(o, lang, as)
		reply.Orders.Edges = append(reply.Orders.Edges, OrderEdge{Cursor: v.ID, Node: v})
		reply.Orders.PageInfo.EndCursor = v.ID
	}
	return reply, nil
}

// OrderInput names an order.
type OrderInput struct {
	OrderID action.ID `json:"orderId" doc:"the order's databaseId"`
}

// OrderReply answers an order.
type OrderReply struct {
	Order   OrderView       `json:"order" doc:"the order as its buyer sees it"`
	Success *PaymentSuccess `json:"success,omitempty" doc:"the payment success dialog, once paid"`
}

// ownOrder is an order of the viewer's (an admin's: anyone's when admin);
// another member's is ErrOrderMissing.
func (s *Service) ownOrder(ctx context.Context, id action.ID, admin bool) (persistence.Order, error) {
	if id <= 0 {
		return persistence.Order{}, action.Required("orderId")
	}
	v := action.RequestFrom(ctx).Viewer
	o, err := s.db.Shop().Order(ctx, int64(id))
	if errors.Is(err, persistence.ErrNotFound) || (err == nil && o.UserID != v.UserID && !(admin && v.IsAdmin)) {
		return o, ErrOrderMissing
	}
	return o, err
}

// answer is the reply of an order: its view and, once paid, the success dialog.
func (s *Service) answer(ctx context.Context, o persistence.Order) (OrderReply, error) {
	as, err := s.assets(ctx)
	if err != nil {
		return OrderReply{}, err
	}
	v := orderViewOf(o, action.NormalizeLang(action.RequestFrom(ctx).Lang), as)
	return OrderReply{Order: v, Success: successOf(o, v, as)}, nil
}

// Order answers shop.order.
func (s *Service) Order(ctx context.Context, in OrderInput) (OrderReply, error) {
	o, err := s.ownOrder(ctx, in.OrderID, true)
	if err != nil {
		return OrderReply{}, err
	}
	return s.answer(ctx, o)
}

// CancelOrder answers shop.cancelOrder.
func (s *Service) CancelOrder(ctx context.Context, in OrderInput) (OrderReply, error) {
	o, err := s.ownOrder(ctx, in.OrderID, false)
	if err != nil {
		return OrderReply{}, err
	}
	o, err = s.db.Shop().ReleaseOrder(ctx, o.ID, o.UserID, persistence.OrderCancelled, s.now().UnixMilli())
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return OrderReply{}, ErrOrderMissing
	case errors.Is(err, persistence.ErrOrderState):
		return OrderReply{}, ErrNotPending
	case err != nil:
		return OrderReply{}, err
	}
	o, err = s.db.Shop().Order(ctx, o.ID)
	if err != nil {
		return OrderReply{}, err
	}
	s.changed(ctx, o, true)
	return s.answer(ctx, o)
}

// ConfirmReceipt answers shop.confirmReceipt.
func (s *Service) ConfirmReceipt(ctx context.Context, in OrderInput) (OrderReply, error) {
	o, err := s.ownOrder(ctx, in.OrderID, false)
	if err != nil {
		return OrderReply{}, err
	}
	return s.setStatus(ctx, o, []string{persistence.OrderShipped, persistence.OrderDelivered}, persistence.OrderCompleted, "", false, nil)
}

// OrderStatusInput moves an order on.
type OrderStatusInput struct {
	OrderID    action.ID `json:"orderId" doc:"the order's databaseId"`
	Status     string    `json:"status" doc:"shipped, delivered, completed or refunded"`
	TrackingNo string    `json:"trackingNo,omitempty" doc:"the parcel's tracking number (shipped)"`
}

// OrderStatus answers admin.orderStatus.
func (s *Service) OrderStatus(ctx context.Context, in OrderStatusInput) (OrderReply, error) {
	if len(in.TrackingNo) > 100 {
		return OrderReply{}, action.BadField("trackingNo")
	}
	o, err := s.ownOrder(ctx, in.OrderID, true)
	if err != nil {
		return OrderReply{}, err
	}
	switch in.Status {
	case persistence.OrderShipped:
		return s.setStatus(ctx, o, []string{persistence.OrderPaid}, in.Status, in.TrackingNo, false, nil)
	case persistence.OrderDelivered:
		return s.setStatus(ctx, o, []string{persistence.OrderShipped}, in.Status, in.TrackingNo, false, nil)
	case persistence.OrderCompleted:
		return s.setStatus(ctx, o, []string{persistence.OrderPaid, persistence.OrderShipped, persistence.OrderDelivered},
			in.Status, in.TrackingNo, false, nil)
	case persistence.OrderRefunded:
		var refund *persistence.WalletOp
		if o.Total > 0 {
			id := member.FormatID(o.ID)
			refund = &persistence.WalletOp{IdemKey: persistence.OrderRefundKey(o.ID), UserID: o.UserID,
				Reason: persistence.ReasonRefund, Ref: "order:" + id, Memo: "refund " + orderNumber(o),
				At: s.now().UnixMilli(), Postings: []persistence.Posting{
					{UserID: persistence.AccountRevenue, Asset: o.Currency, Amount: -o.Total},
					{UserID: o.UserID, Asset: o.Currency, Amount: o.Total},
				}}
		}
		// Unshipped items go back in stock: a paid order's; a shipped one's stay sold.
		if o.Status == persistence.OrderPaid {
			return s.setStatus(ctx, o, []string{persistence.OrderPaid}, in.Status, "", true, refund)
		}
		return s.setStatus(ctx, o, []string{persistence.OrderShipped, persistence.OrderDelivered, persistence.OrderCompleted},
			in.Status, "", false, refund)
	}
	return OrderReply{}, action.BadField("status")
}

// setStatus moves o from one of from to status and tells the buyer.
func (s *Service) setStatus(ctx context.Context, o persistence.Order, from []string, status, trackingNo string, restock bool,
	refund *persistence.WalletOp) (OrderReply, error) {
	if !slices.Contains(from, o.Status) {
		return OrderReply{}, ErrStatus
	}
	_, res, err := s.db.Shop().SetOrderStatus(ctx, o.ID, from, status, trackingNo, s.now().UnixMilli(), restock, refund)
	switch {
	case errors.Is(err, persistence.ErrOrderState):
		return OrderReply{}, ErrStatus
	case err != nil:
		return OrderReply{}, err
	}
	if refund != nil && s.balances != nil {
		s.balances.Changed(ctx, res)
	}
	o, err = s.db.Shop().Order(ctx, o.ID)
	if err != nil {
		return OrderReply{}, err
	}
	s.changed(ctx, o, restock)
	return s.answer(ctx, o)
}

// Sweep expires the pending orders whose deadline passed, giving back
// their stock, codes and coupon. Every node may run it at once: each
// expiry is one conditional update, so an order expires once (and never
// after it was paid). It returns how many orders it expired.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	now := s.now().UnixMilli()
	ids, err := s.db.Shop().DueOrders(ctx, now, sweepBatch)
	if err != nil {
		return 0, fmt.Errorf("shop: sweep: %w", err)
	}
	n := 0
	var errs []error
	for _, id := range ids {
		o, err := s.db.Shop().ReleaseOrder(ctx, id, 0, persistence.OrderExpired, now)
		if errors.Is(err, persistence.ErrOrderState) || errors.Is(err, persistence.ErrNotFound) {
			continue // paid, cancelled or expired by another node meanwhile
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
		if fresh, err := s.db.Shop().Order(ctx, o.ID); err == nil {
			o = fresh
		}
		s.changed(ctx, o, true)
	}
	return n, errors.Join(errs...)
}

// RunSweep runs Sweep every interval until ctx ends, logging failures.
func (s *Service) RunSweep(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if n, err := s.Sweep(ctx); err != nil {
				s.log.Warn("shop sweep failed", "error", err, "expired", n)
			}
		}
	}
}
