package main

import (
	"fmt"
	"net/http"
	"sync"
)

// The demo shop the shop rows and probes use (app/demo/data/shop.json).
const (
	// demoTee is the Souk T-shirt and demoTeeS its S / red variant.
	demoTee  = "3000000001"
	demoTeeS = "3000000101"
	// demoHandbook is a download priced CNY 29.90 (the demo member holds
	// CNY 50.00), demoHandbookV its only variant.
	demoHandbookV = "3000000401"
)

// orderReply is what shop.checkout answers.
type orderReply struct {
	Order struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"order"`
}

// shopSeq numbers the clientIds of the table's checkouts.
var (
	shopSeqMu sync.Mutex
	shopSeq   int
	// pendingOrders are the pending orders of each caller, made once per node.
	pendingOrders = map[string]string{}
)

// shopOrder puts the demo handbook in as's cart and checks it out with
// payment (qrcode: a pending order; money: paid), answering the order's id.
func (f *authzFixture) shopOrder(as role, payment string) string {
	f.t.Helper()
	shopSeqMu.Lock()
	shopSeq++
	clientID := fmt.Sprintf("authz-%s-%d", as, shopSeq)
	shopSeqMu.Unlock()
	f.must(as, "cart.set", map[string]any{"variantId": demoHandbookV, "quantity": 1}, nil)
	var reply orderReply
	f.must(as, "shop.checkout", map[string]any{"clientId": clientID, "payment": payment,
		"variantIds": []string{demoHandbookV}}, &reply)
	return reply.Order.ID
}

// pendingOrder is a pending order of as's, made once.
func (f *authzFixture) pendingOrder(as role) string {
	key := f.base + as.String()
	shopSeqMu.Lock()
	id, ok := pendingOrders[key]
	shopSeqMu.Unlock()
	if ok {
		return id
	}
	id = f.shopOrder(as, "qrcode")
	shopSeqMu.Lock()
	pendingOrders[key] = id
	shopSeqMu.Unlock()
	return id
}

// orderOf is an order input of as's own (a pending one), or any id for a guest.
func orderOf(fn func(f *authzFixture, as role) map[string]any) func(f *authzFixture, as role) any {
	return func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"orderId": "1", "payment": "qrcode", "status": "shipped"}
		}
		return fn(f, as)
	}
}

func init() {
	authzTable = append(authzTable,
		// The shop: products are public; carts, orders and checkout the member's own; saving products and
		// moving orders on the admins'.
		authzRow{action: "shop.product", data: fixed(map[string]any{"databaseId": demoTee}),
			guest: ok, member: ok, vip: ok, admin: ok},
		authzRow{action: "shop.archive", data: fixed(map[string]any{"first": 5}),
			guest: ok, member: ok, vip: ok, admin: ok},
		authzRow{action: "mutates.saveProduct", data: func(_ *authzFixture, as role) any {
			return map[string]any{"slug": "authz-" + as.String(), "titles": map[string]string{"en": "Authz"},
				"kind": "physical", "prices": map[string]string{"CNY": "1.00"}, "stock": 1}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "cart.get", data: noData, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "cart.set", data: fixed(map[string]any{"variantId": demoTeeS, "quantity": 1}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "cart.merge", data: fixed(map[string]any{"items": []map[string]any{{"variantId": demoTeeS, "quantity": 1}}}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "cart.quote", data: fixed(map[string]any{"items": []map[string]any{{"variantId": demoTeeS, "quantity": 2}}}),
			guest: ok, member: ok, vip: ok, admin: ok},
		// A QR checkout of the handbook (no address, no balance needed): a pending order.
		authzRow{action: "shop.checkout", data: func(f *authzFixture, as role) any {
			if as != asGuest {
				f.must(as, "cart.set", map[string]any{"variantId": demoHandbookV, "quantity": 1}, nil)
			}
			return map[string]any{"clientId": "authz-checkout-" + as.String(), "payment": "qrcode",
				"variantIds": []string{demoHandbookV}}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "shop.payOrder", data: orderOf(func(f *authzFixture, as role) map[string]any {
			return map[string]any{"orderId": f.pendingOrder(as), "payment": "qrcode"}
		}), guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "shop.order", data: orderOf(func(f *authzFixture, as role) map[string]any {
			return map[string]any{"orderId": f.pendingOrder(as)}
		}), guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "shop.orders", data: noData, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "shop.cancelOrder", data: orderOf(func(f *authzFixture, as role) map[string]any {
			return map[string]any{"orderId": f.shopOrder(as, "qrcode")}
		}), guest: signIn, member: ok, vip: ok, admin: ok},
		// The buyer confirms an order the admin shipped (the handbook paid from the wallet).
		authzRow{action: "shop.confirmReceipt", data: orderOf(func(f *authzFixture, as role) map[string]any {
			id := f.shopOrder(as, "money")
			f.must(asAdmin, "admin.orderStatus", map[string]any{"orderId": id, "status": "shipped", "trackingNo": "SF1"}, nil)
			return map[string]any{"orderId": id}
		}), guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "admin.orderStatus", data: orderOf(func(f *authzFixture, as role) map[string]any {
			if as != asAdmin {
				return map[string]any{"orderId": "1", "status": "shipped"}
			}
			return map[string]any{"orderId": f.shopOrder(as, "money"), "status": "shipped", "trackingNo": "SF2"}
		}), guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	)
	authzProbes = append(authzProbes,
		authzProbe{what: "read another member's order", as: asMember, action: "shop.order",
			data: func(f *authzFixture) any { return map[string]any{"orderId": f.pendingOrder(asVIP)} }, want: notFound},
		authzProbe{what: "pay another member's order", as: asMember, action: "shop.payOrder",
			data: func(f *authzFixture) any { return map[string]any{"orderId": f.pendingOrder(asVIP), "payment": "money"} },
			want: notFound},
		authzProbe{what: "cancel another member's order", as: asMember, action: "shop.cancelOrder",
			data: func(f *authzFixture) any { return map[string]any{"orderId": f.pendingOrder(asVIP)} }, want: notFound},
		authzProbe{what: "confirm another member's order", as: asVIP, action: "shop.confirmReceipt",
			data: func(f *authzFixture) any { return map[string]any{"orderId": f.pendingOrder(asMember)} }, want: notFound},
		authzProbe{what: "pay one's own order twice", as: asAdmin, action: "shop.payOrder",
			data: func(f *authzFixture) any {
				return map[string]any{"orderId": f.shopOrder(asAdmin, "money"), "payment": "money"}
			},
			want: http.StatusConflict},
	)
}
