package shop_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/shop"
	"souk/app/wallet"
	"souk/persistence"
)

func TestProducts(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		cat := persistence.ArticleTerm{Kind: persistence.TermShopCategory, Slug: "apparel", Names: map[string]string{"en": "Apparel"}}
		require.NoError(t, db.Articles().UpsertTerm(ctx, &cat))

		// Bad products are refused.
		for name, in := range map[string]shop.SaveProductInput{
			"slug":      {Slug: "Bad Slug", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}},
			"kind":      {Slug: "k", Kind: "gift", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}},
			"titles":    {Slug: "t", Kind: "physical", Prices: map[string]wallet.Amount{"USD": "1"}},
			"variants":  {Slug: "v", Kind: "physical", Titles: map[string]string{"en": "x"}},
			"prices":    {Slug: "p", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"XXX": "1"}},
			"letters":   {Slug: "p", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1a"}},
			"stock":     {Slug: "s", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}, Stock: -1},
			"vipOnly":   {Slug: "o", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}, VIPOnly: []string{"gold"}},
			"minLevel":  {Slug: "m", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}, MinLevel: "lv9"},
			"digital":   {Slug: "d", Kind: "digital", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}},
			"category":  {Slug: "c", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}, CategoryID: 42},
			"discounts": {Slug: "c", Kind: "physical", Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}, VIPDiscounts: map[string]int{"vip1": 101}},
		} {
			_, err := f.s.SaveProduct(asAdmin(f.admin), in)
			require.Error(t, err, name)
			assert.Equal(t, http.StatusBadRequest, action.AsError(err).Status, name)
		}
		_, err := f.s.SaveProduct(asAdmin(f.admin), shop.SaveProductInput{Slug: "p", Kind: "physical",
			Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1.234"}})
		apptest.RequireKey(t, err, "shop.error.precision")

		tee := f.tee()
		require.Len(t, tee.Variants, 2)
		assert.Equal(t, "Tee", tee.Title)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "14.00"}, tee.Price)
		assert.Equal(t, int64(7), tee.Stock)
		require.Len(t, tee.Tags, 1)

		// Saving again with a category, keeping one variant: the other is removed.
		edited := f.product(shop.SaveProductInput{ID: mustID(t, tee.ID), Slug: "tee", Kind: "physical",
			Titles: map[string]string{"en": "Tee 2"}, CategoryID: action.ID(cat.ID),
			Variants:     []shop.VariantInput{{ID: mustID(t, tee.Variants[0].ID), Prices: map[string]wallet.Amount{"USD": "14.00", "CNY": "99"}, Stock: 5}},
			VIPDiscounts: map[string]int{"vip2": 10}})
		require.Len(t, edited.Variants, 1)
		assert.Equal(t, tee.Variants[0].ID, edited.Variants[0].ID)
		assert.Equal(t, "", edited.Variants[0].Name, "the only variant has no name")
		assert.Equal(t, "Apparel", edited.Category.Name)
		_, err = f.s.SaveProduct(asAdmin(f.admin), shop.SaveProductInput{ID: 12345, Slug: "x", Kind: "physical",
			Titles: map[string]string{"en": "x"}, Prices: map[string]wallet.Amount{"USD": "1"}})
		apptest.RequireKey(t, err, "shop.error.notFound")

		// Prices: the request's currency, the VIP discount.
		r, err := f.s.Product(as(f.vip, "CNY"), shop.ProductInput{DatabaseID: mustID(t, tee.ID)})
		require.NoError(t, err)
		assert.Equal(t, shop.Money{Currency: "CNY", Amount: "89.10"}, r.Product.Price)
		assert.Equal(t, shop.Money{Currency: "CNY", Amount: "99.00"}, r.Product.ListPrice)
		assert.True(t, r.Product.CanBuy)
		r, err = f.s.Product(as(0, "USD"), shop.ProductInput{DatabaseID: mustID(t, tee.ID)})
		require.NoError(t, err)
		assert.Equal(t, "login", r.Product.BuyBlock)
		assert.False(t, r.Product.CanBuy)
		_, err = f.s.Product(as(0, "USD"), shop.ProductInput{DatabaseID: 999})
		apptest.RequireKey(t, err, "shop.error.notFound")

		// VIP-only and level-only products.
		poster := f.product(shop.SaveProductInput{Slug: "poster", Kind: "physical", Titles: map[string]string{"en": "Poster"},
			Prices: map[string]wallet.Amount{"USD": "20"}, Stock: 3, VIPOnly: []string{"vip2"}, MinLevel: "lv2"})
		r, err = f.s.Product(as(f.buyer, "USD"), shop.ProductInput{DatabaseID: mustID(t, poster.ID)})
		require.NoError(t, err)
		assert.Equal(t, "vip", r.Product.BuyBlock)
		r, err = f.s.Product(as(f.vip, "USD"), shop.ProductInput{DatabaseID: mustID(t, poster.ID)})
		require.NoError(t, err)
		assert.Equal(t, "", r.Product.BuyBlock)
		hoodie := f.product(shop.SaveProductInput{Slug: "hoodie", Kind: "physical", Titles: map[string]string{"en": "Hoodie"},
			Prices: map[string]wallet.Amount{"USD": "30"}, Stock: 3, MinLevel: "lv2"})
		r, err = f.s.Product(as(f.buyer, "USD"), shop.ProductInput{DatabaseID: mustID(t, hoodie.ID)})
		require.NoError(t, err)
		assert.Equal(t, "level", r.Product.BuyBlock)

		// The archive: all, a category, a tag; paging.
		all, err := f.s.Archive(as(0, "USD"), shop.ProductArchiveInput{First: 2})
		require.NoError(t, err)
		require.Len(t, all.Products.Edges, 2)
		assert.True(t, all.Products.PageInfo.HasNextPage)
		next, err := f.s.Archive(as(0, "USD"), shop.ProductArchiveInput{First: 2, After: all.Products.PageInfo.EndCursor})
		require.NoError(t, err)
		assert.Len(t, next.Products.Edges, 1)
		byCat, err := f.s.Archive(as(0, "USD"), shop.ProductArchiveInput{CategoryID: action.ID(cat.ID)})
		require.NoError(t, err)
		require.Len(t, byCat.Products.Edges, 1)
		assert.Equal(t, "Apparel", byCat.Term.Name)
		_, err = f.s.Archive(as(0, "USD"), shop.ProductArchiveInput{TagID: action.ID(cat.ID)})
		apptest.RequireKey(t, err, "shop.error.notFound")
		_, err = f.s.Archive(as(0, "USD"), shop.ProductArchiveInput{First: 41})
		require.Error(t, err)

		// The page resolver.
		page, err := f.s.ShopPage(as(0, "USD"), "single", tee.ID, "en", nil)
		require.NoError(t, err)
		assert.Equal(t, "Tee 2", page.Title)
		assert.Contains(t, page.Meta.Description, "14.00 USD")
		var single shop.ProductReply
		require.NoError(t, json.Unmarshal(page.Data, &single))
		assert.Equal(t, tee.ID, single.Product.ID)
		page, err = f.s.ShopPage(as(0, "USD"), "archive", fmt.Sprint(cat.ID), "en", nil)
		require.NoError(t, err)
		assert.Equal(t, "Apparel", page.Title)
		_, err = f.s.ShopPage(as(0, "USD"), "single", "77", "en", nil)
		apptest.RequireKey(t, err, "shop.error.notFound")
		_, err = f.s.ShopPage(as(0, "USD"), "answer", tee.ID, "en", nil)
		require.Error(t, err)
	})
}

func TestCart(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		tee := f.tee()
		s, m := tee.Variants[0].ID, tee.Variants[1].ID

		_, err := f.s.CartSet(as(f.buyer, "USD"), shop.CartSetInput{VariantID: mustID(t, s), Quantity: -1})
		apptest.RequireKey(t, err, "shop.error.quantity")
		_, err = f.s.CartSet(as(f.buyer, "USD"), shop.CartSetInput{VariantID: mustID(t, m), Quantity: 3})
		apptest.RequireKey(t, err, "shop.error.stock")
		_, err = f.s.CartSet(as(f.buyer, "USD"), shop.CartSetInput{VariantID: 4242, Quantity: 1})
		apptest.RequireKey(t, err, "shop.error.notFound")

		cart := f.setCart(f.buyer, s, 2)
		cart = f.setCart(f.buyer, m, 1)
		assert.Equal(t, int64(3), cart.Count)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "43.50"}, cart.Subtotal)
		assert.True(t, cart.NeedsAddress)
		cart = f.setCart(f.buyer, m, 0)
		assert.Equal(t, int64(2), cart.Count)

		// Merge: quantities add up, clamped to the stock; unknown variants dropped.
		merged, err := f.s.CartMerge(as(f.buyer, "USD"), shop.CartMergeInput{Items: []shop.ItemInput{
			{VariantID: mustID(t, s), Quantity: 10}, {VariantID: mustID(t, m), Quantity: 1}, {VariantID: 99, Quantity: 1}}})
		require.NoError(t, err)
		require.Len(t, merged.Cart.Lines, 2)
		assert.Equal(t, int64(5), merged.Cart.Lines[0].Quantity)
		assert.Equal(t, int64(1), merged.Cart.Lines[1].Quantity)

		// A guest's quote is priced on the server; over the stock is a problem; nothing stored.
		q, err := f.s.CartQuote(as(0, "CNY"), shop.CartQuoteInput{Items: []shop.ItemInput{{VariantID: mustID(t, s), Quantity: 6},
			{VariantID: 77, Quantity: 1}}})
		require.NoError(t, err)
		assert.Equal(t, "stock", q.Cart.Lines[0].Problem)
		assert.Equal(t, "gone", q.Cart.Lines[1].Problem)
		assert.Equal(t, shop.Money{Currency: "CNY", Amount: "0.00"}, q.Cart.Total)
		_, err = f.s.CartQuote(as(0, "CNY"), shop.CartQuoteInput{Items: []shop.ItemInput{{VariantID: mustID(t, s), Quantity: 0}}})
		apptest.RequireKey(t, err, "shop.error.quantity")
		many := make([]shop.ItemInput, 51)
		for i := range many {
			many[i] = shop.ItemInput{VariantID: mustID(t, s), Quantity: 1}
		}
		_, err = f.s.CartQuote(as(0, "CNY"), shop.CartQuoteInput{Items: many})
		apptest.RequireKey(t, err, "shop.error.tooMany")
		q, err = f.s.CartQuote(as(0, "CNY"), shop.CartQuoteInput{Items: []shop.ItemInput{{VariantID: mustID(t, s), Quantity: 2}},
			CouponCode: "NOPE"})
		require.NoError(t, err)
		assert.Equal(t, shop.Money{Currency: "CNY", Amount: "198.00"}, q.Cart.Total)
		assert.Equal(t, "shop.error.coupon", q.Cart.CouponError)

		// The other member's cart is their own.
		other, err := f.s.CartGet(as(f.other, "USD"), shop.CartInput{})
		require.NoError(t, err)
		assert.Empty(t, other.Cart.Lines)
	})
}

func TestCheckoutFromTheWallet(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		tee := f.tee()
		book := f.ebook()
		s := tee.Variants[0].ID
		f.setCart(f.buyer, s, 2)

		// Bad input leaves nothing written.
		_, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "short", Payment: "money"})
		apptest.RequireKey(t, err, "shop.error.clientId")
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "cash"})
		apptest.RequireKey(t, err, "shop.error.payment")
		_, err = f.s.Checkout(as(f.other, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money"})
		apptest.RequireKey(t, err, "shop.error.empty")
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money"})
		apptest.RequireKey(t, err, "shop.error.address")
		addr := f.address(f.buyer)
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money", AddressID: addr})
		apptest.RequireKey(t, err, "shop.error.funds")
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money",
			AddressID: f.address(f.other)})
		apptest.RequireKey(t, err, "shop.error.address")
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "credit", AddressID: addr})
		apptest.RequireKey(t, err, "shop.error.price")
		assert.Equal(t, int64(5), f.stock(s), "a refused checkout takes no stock")
		orders, err := f.s.Orders(as(f.buyer, "USD"), shop.OrdersInput{})
		require.NoError(t, err)
		assert.Empty(t, orders.Orders.Edges)

		f.fund(f.buyer, "USD", 5000)
		f.events()
		r, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money", AddressID: addr})
		require.NoError(t, err)
		assert.Equal(t, "paid", r.Order.Status)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "28.00"}, r.Order.Total)
		require.NotNil(t, r.Success)
		assert.Equal(t, "28.00", r.Success.FinalPrice)
		assert.Equal(t, "$", r.Success.Symbol)
		assert.Equal(t, "money", r.Success.Payment)
		assert.Equal(t, "Tee", r.Success.Data.Title)
		require.NotNil(t, r.Order.Address)
		assert.Equal(t, "Calle Mayor 1", r.Order.Address.Address)
		assert.Regexp(t, `^S\d{8}\d{6}$`, r.Order.Number)
		assert.Equal(t, int64(2200), f.balance(f.buyer, "USD"))
		assert.Equal(t, int64(3), f.stock(s))
		cart, err := f.s.CartGet(as(f.buyer, "USD"), shop.CartInput{})
		require.NoError(t, err)
		assert.Empty(t, cart.Cart.Lines, "the bought lines leave the cart")
		ev := f.events()
		require.Len(t, ev["order"], 1)
		assert.Contains(t, ev["order"][0].Data, `"status":"paid"`)
		n, err := db.Notifications().List(ctx, f.buyer, 0, 0, 10)
		require.NoError(t, err)
		require.Len(t, n, 1)
		assert.Equal(t, "order", n[0].Type)

		// The same clientId again answers the same order and pays nothing more.
		again, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-1", Payment: "money", AddressID: addr})
		require.NoError(t, err)
		assert.Equal(t, r.Order.ID, again.Order.ID)
		assert.Equal(t, int64(2200), f.balance(f.buyer, "USD"))

		// Credit pays products with a CREDIT price; a download needs no address and is delivered once paid.
		f.fund(f.buyer, persistence.AssetCredit, 1000)
		f.setCart(f.buyer, book.Variants[0].ID, 2)
		cr, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "checkout-2", Payment: "credit"})
		require.NoError(t, err)
		assert.Equal(t, shop.Money{Currency: "CREDIT", Amount: "600"}, cr.Order.Total)
		require.NotNil(t, cr.Order.Delivery)
		assert.Equal(t, "https://files.test/book.pdf", cr.Order.Delivery.URL)
		assert.Equal(t, int64(400), f.balance(f.buyer, persistence.AssetCredit))

		// Another member cannot read it; the admin can.
		_, err = f.s.Order(as(f.other, "USD"), shop.OrderInput{OrderID: mustID(t, cr.Order.ID)})
		apptest.RequireKey(t, err, "shop.error.orderNotFound")
		_, err = f.s.Order(asAdmin(f.admin), shop.OrderInput{OrderID: mustID(t, cr.Order.ID)})
		require.NoError(t, err)
		_, err = f.s.PayOrder(as(f.buyer, "USD"), shop.PayOrderInput{OrderID: mustID(t, cr.Order.ID), Payment: "credit"})
		apptest.RequireKey(t, err, "shop.error.paid")
		_, err = f.s.CancelOrder(as(f.buyer, "USD"), shop.OrderInput{OrderID: mustID(t, cr.Order.ID)})
		apptest.RequireKey(t, err, "shop.error.notPending")
		f.audit()
	})
}

func TestCheckoutWithACoupon(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		book := f.ebook()
		now := f.clock.Now().UnixMilli()
		require.NoError(t, db.Coupons().Insert(ctx, []persistence.Coupon{
			{Code: "CASH-2", OwnerID: f.buyer, Names: map[string]string{"en": "Two dollars"}, Type: persistence.CouponCash,
				FaceCurrency: "USD", FaceValue: 200, CreatedAt: now},
			{Code: "OLD-1", OwnerID: f.buyer, Type: persistence.CouponCash, FaceCurrency: "USD", FaceValue: 100,
				CreatedAt: now - 10_000, ExpiredAt: now - 1},
			{Code: "THEIRS", OwnerID: f.other, Type: persistence.CouponCash, FaceCurrency: "USD", FaceValue: 100, CreatedAt: now},
		}))
		f.fund(f.buyer, "USD", 1000)
		f.setCart(f.buyer, book.Variants[0].ID, 1)
		cart, err := f.s.CartGet(as(f.buyer, "USD"), shop.CartInput{CouponCode: "CASH-2"})
		require.NoError(t, err)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "2.20"}, cart.Cart.Total)
		require.NotNil(t, cart.Cart.Coupon)
		assert.Equal(t, "Two dollars", cart.Cart.Coupon.Name)

		for code, key := range map[string]string{"OLD-1": "coupon.error.expired", "THEIRS": "coupon.error.notFound",
			"NOPE": "shop.error.coupon"} {
			_, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "coupon-" + code, Payment: "money", CouponCode: code})
			apptest.RequireKey(t, err, key)
		}
		r, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "coupon-ok", Payment: "money", CouponCode: "CASH-2"})
		require.NoError(t, err)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "2.20"}, r.Order.Total)
		assert.Equal(t, "CASH-2", r.Success.Coupon.Code)
		assert.Equal(t, int64(780), f.balance(f.buyer, "USD"))
		c, err := db.Coupons().Get(ctx, "CASH-2")
		require.NoError(t, err)
		assert.NotZero(t, c.UsedAt)

		// A used coupon is refused.
		f.setCart(f.buyer, book.Variants[0].ID, 1)
		_, err = f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "coupon-again", Payment: "money", CouponCode: "CASH-2"})
		apptest.RequireKey(t, err, "coupon.error.used")

		// A pending order holds its coupon; cancelled or expired, the coupon is the member's again.
		require.NoError(t, db.Coupons().Insert(ctx, []persistence.Coupon{{Code: "CASH-3", OwnerID: f.buyer,
			Type: persistence.CouponCash, FaceCurrency: "USD", FaceValue: 100, CreatedAt: now}}))
		p, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "coupon-qr-1", Payment: "qrcode", CouponCode: "CASH-3"})
		require.NoError(t, err)
		assert.Equal(t, "3.20", p.QR.Amount)
		c, err = db.Coupons().Get(ctx, "CASH-3")
		require.NoError(t, err)
		assert.NotZero(t, c.UsedAt)
		f.clock.Add(shop.OrderTTL + time.Second)
		n, err := f.s.Sweep(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		c, err = db.Coupons().Get(ctx, "CASH-3")
		require.NoError(t, err)
		assert.Zero(t, c.UsedAt, "the expired order gave its coupon back")
		f.audit()
	})
}

func TestCheckoutByQRCode(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		book := f.ebook()
		v := book.Variants[0].ID
		f.setCart(f.buyer, v, 2)
		r, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "qr-order-1", Payment: "qrcode"})
		require.NoError(t, err)
		assert.Equal(t, "pending", r.Order.Status)
		require.NotNil(t, r.QR)
		assert.Equal(t, "8.40", r.QR.Amount)
		assert.NotZero(t, r.Order.ExpiresAt)
		assert.Nil(t, r.Success)
		assert.Equal(t, int64(98), f.stock(v), "a pending order holds its stock")
		stockEvents := f.live.Take()
		require.NotEmpty(t, stockEvents)
		last := stockEvents[len(stockEvents)-1]
		assert.Equal(t, "product:"+book.ID, last.Channel)
		assert.Equal(t, "stock", last.Event)
		assert.JSONEq(t, fmt.Sprintf(`{"productId":%q,"variants":[{"id":%q,"stock":98}]}`, book.ID, v), last.Data)
		assert.Equal(t, r.PaymentID, qrPaymentID(t, r.QR.QRCode))

		_, err = f.s.PayOrder(as(f.other, "USD"), shop.PayOrderInput{OrderID: mustID(t, r.Order.ID), Payment: "qrcode"})
		apptest.RequireKey(t, err, "shop.error.orderNotFound")
		_, err = f.s.CancelOrder(as(f.other, "USD"), shop.OrderInput{OrderID: mustID(t, r.Order.ID)})
		apptest.RequireKey(t, err, "shop.error.orderNotFound")
		_, err = f.s.PayOrder(as(f.buyer, "USD"), shop.PayOrderInput{OrderID: mustID(t, r.Order.ID), Payment: "credit"})
		apptest.RequireKey(t, err, "shop.error.payment")

		// A second QR for the same order: the first one pays it, the second is credited to the balance.
		second, err := f.s.PayOrder(as(f.buyer, "USD"), shop.PayOrderInput{OrderID: mustID(t, r.Order.ID), Payment: "qrcode"})
		require.NoError(t, err)
		require.NotNil(t, second.QR)
		assert.NotEqual(t, r.PaymentID, second.PaymentID)
		f.events()
		require.NoError(t, f.pay(r.PaymentID, "USD", 840))
		paid, err := f.s.Order(as(f.buyer, "USD"), shop.OrderInput{OrderID: mustID(t, r.Order.ID)})
		require.NoError(t, err)
		assert.Equal(t, "paid", paid.Order.Status)
		require.NotNil(t, paid.Success)
		assert.Equal(t, "qrcode", paid.Success.Payment)
		assert.Equal(t, int64(0), f.balance(f.buyer, "USD"))
		ev := f.events()
		assert.Len(t, ev["order"], 1)
		// The buyer's look at the payment settles nothing more.
		look, err := f.wallet.Payment(as(f.buyer, "USD"), wallet.PaymentInput{ID: mustID(t, r.PaymentID)})
		require.NoError(t, err)
		assert.Equal(t, "paid", look.Payment.Status)
		assert.Equal(t, "order", look.Payment.Purpose)
		// The same callback again (another nonce) changes nothing.
		require.NoError(t, f.pay(r.PaymentID, "USD", 840))
		assert.Equal(t, int64(0), f.balance(f.buyer, "USD"))
		require.NoError(t, f.pay(second.PaymentID, "USD", 840))
		assert.Equal(t, int64(840), f.balance(f.buyer, "USD"), "a second payment of a paid order is the buyer's to spend")
		_, err = f.s.PayOrder(as(f.buyer, "USD"), shop.PayOrderInput{OrderID: mustID(t, r.Order.ID), Payment: "money"})
		apptest.RequireKey(t, err, "shop.error.paid")
		assert.Equal(t, int64(98), f.stock(v))

		// A pending order is cancelled: stock back.
		f.setCart(f.buyer, v, 3)
		c, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "qr-order-2", Payment: "qrcode"})
		require.NoError(t, err)
		assert.Equal(t, int64(95), f.stock(v))
		cancelled, err := f.s.CancelOrder(as(f.buyer, "USD"), shop.OrderInput{OrderID: mustID(t, c.Order.ID)})
		require.NoError(t, err)
		assert.Equal(t, "cancelled", cancelled.Order.Status)
		assert.Equal(t, int64(98), f.stock(v))
		// Paying the cancelled order's QR credits the balance instead.
		require.NoError(t, f.pay(c.PaymentID, "USD", 1260))
		assert.Equal(t, int64(2100), f.balance(f.buyer, "USD"))

		// An unpaid order expires after 15 minutes: the sweep gives its stock back, once.
		f.setCart(f.buyer, v, 1)
		e, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "qr-order-3", Payment: "qrcode"})
		require.NoError(t, err)
		assert.Equal(t, int64(97), f.stock(v))
		n, err := f.s.Sweep(ctx)
		require.NoError(t, err)
		assert.Zero(t, n)
		f.clock.Add(shop.OrderTTL + time.Second)
		var expired atomic.Int64
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				n, err := f.s.Sweep(ctx)
				assert.NoError(t, err)
				expired.Add(int64(n))
			})
		}
		wg.Wait()
		assert.Equal(t, int64(1), expired.Load(), "one node expires it")
		assert.Equal(t, int64(98), f.stock(v))
		got, err := f.s.Order(as(f.buyer, "USD"), shop.OrderInput{OrderID: mustID(t, e.Order.ID)})
		require.NoError(t, err)
		assert.Equal(t, "expired", got.Order.Status)
		_, err = f.s.PayOrder(as(f.buyer, "USD"), shop.PayOrderInput{OrderID: mustID(t, e.Order.ID), Payment: "money"})
		apptest.RequireKey(t, err, "shop.error.notPending")
		f.audit()
	})
}

func TestDigitalCodes(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		card := f.product(shop.SaveProductInput{Slug: "card", Kind: "digital", Titles: map[string]string{"en": "Card"},
			Digital: &shop.DigitalInput{Type: "code", Codes: []string{"A-1", "A-2", "A-3"}},
			Prices:  map[string]wallet.Amount{"USD": "5"}})
		assert.Equal(t, int64(3), card.Stock, "a code product's stock is its codes")
		f.fund(f.buyer, "USD", 10_000)
		f.setCart(f.buyer, card.Variants[0].ID, 2)
		r, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: "codes-one", Payment: "money"})
		require.NoError(t, err)
		require.NotNil(t, r.Order.Delivery)
		assert.Equal(t, []string{"A-1", "A-2"}, r.Order.Delivery.Codes)
		_, err = f.s.CartSet(as(f.buyer, "USD"), shop.CartSetInput{VariantID: mustID(t, card.Variants[0].ID), Quantity: 2})
		apptest.RequireKey(t, err, "shop.error.stock")
		// A pending order reserves a code but delivers it only once paid.
		f.setCart(f.other, card.Variants[0].ID, 1)
		p, err := f.s.Checkout(as(f.other, "USD"), shop.CheckoutInput{ClientID: "codes-two", Payment: "qrcode"})
		require.NoError(t, err)
		assert.Nil(t, p.Order.Delivery)
		require.NoError(t, f.pay(p.PaymentID, "USD", 500))
		got, err := f.s.Order(as(f.other, "USD"), shop.OrderInput{OrderID: mustID(t, p.Order.ID)})
		require.NoError(t, err)
		assert.Equal(t, []string{"A-3"}, got.Order.Delivery.Codes)
		f.audit()
	})
}

func TestOrderStatus(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		tee := f.tee()
		s := tee.Variants[0].ID
		addr := f.address(f.buyer)
		f.fund(f.buyer, "USD", 10_000)
		buy := func(id string) shop.OrderView {
			f.setCart(f.buyer, s, 1)
			r, err := f.s.Checkout(as(f.buyer, "USD"), shop.CheckoutInput{ClientID: id, Payment: "money", AddressID: addr})
			require.NoError(t, err)
			return r.Order
		}
		o := buy("status-1")
		id := mustID(t, o.ID)
		_, err := f.s.ConfirmReceipt(as(f.buyer, "USD"), shop.OrderInput{OrderID: id})
		apptest.RequireKey(t, err, "shop.error.status")
		_, err = f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: id, Status: "delivered"})
		apptest.RequireKey(t, err, "shop.error.status")
		_, err = f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: id, Status: "pending"})
		require.Error(t, err)
		f.events()
		r, err := f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: id, Status: "shipped", TrackingNo: "SF123"})
		require.NoError(t, err)
		assert.Equal(t, "shipped", r.Order.Status)
		assert.Equal(t, "SF123", r.Order.TrackingNo)
		assert.Len(t, f.events()["order"], 1)
		_, err = f.s.ConfirmReceipt(as(f.other, "USD"), shop.OrderInput{OrderID: id})
		apptest.RequireKey(t, err, "shop.error.orderNotFound")
		r, err = f.s.ConfirmReceipt(as(f.buyer, "USD"), shop.OrderInput{OrderID: id})
		require.NoError(t, err)
		assert.Equal(t, "completed", r.Order.Status)
		var steps []string
		for _, h := range r.Order.History {
			steps = append(steps, h.Status)
		}
		assert.Equal(t, []string{"paid", "shipped", "completed"}, steps)

		// A refund of a paid, unshipped order pays back and restocks.
		before := f.balance(f.buyer, "USD")
		o2 := buy("status-2")
		assert.Equal(t, int64(3), f.stock(s))
		r, err = f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: mustID(t, o2.ID), Status: "refunded"})
		require.NoError(t, err)
		assert.Equal(t, "refunded", r.Order.Status)
		assert.Equal(t, before, f.balance(f.buyer, "USD"))
		assert.Equal(t, int64(4), f.stock(s))
		_, err = f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: mustID(t, o2.ID), Status: "refunded"})
		apptest.RequireKey(t, err, "shop.error.status")
		// A completed order is refunded without restocking.
		r, err = f.s.OrderStatus(asAdmin(f.admin), shop.OrderStatusInput{OrderID: id, Status: "refunded"})
		require.NoError(t, err)
		assert.Equal(t, int64(4), f.stock(s))
		assert.Equal(t, before+1400, f.balance(f.buyer, "USD"))

		list, err := f.s.Orders(as(f.buyer, "USD"), shop.OrdersInput{Status: "refunded"})
		require.NoError(t, err)
		assert.Len(t, list.Orders.Edges, 2)
		_, err = f.s.Orders(as(f.buyer, "USD"), shop.OrdersInput{Status: "lost"})
		require.Error(t, err)
		_, err = f.s.Orders(as(f.buyer, "USD"), shop.OrdersInput{Scope: "all"})
		apptest.RequireKey(t, err, "common.error.forbidden")
		all, err := f.s.Orders(asAdmin(f.admin), shop.OrdersInput{Scope: "all"})
		require.NoError(t, err)
		assert.Len(t, all.Orders.Edges, 2)
		mine, err := f.s.Orders(asAdmin(f.admin), shop.OrdersInput{})
		require.NoError(t, err)
		assert.Empty(t, mine.Orders.Edges)
		f.audit()
	})
}

// TestConcurrentCheckoutsNeverOversell: 30 buyers race for 10 items
// paying from their wallets: exactly 10 orders, the stock at zero, the
// others refused with shop.error.stock and charged nothing.
func TestConcurrentCheckoutsNeverOversell(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		item := f.product(shop.SaveProductInput{Slug: "rare", Kind: "digital", Titles: map[string]string{"en": "Rare"},
			Digital: &shop.DigitalInput{Type: "download", URL: "https://files.test/rare.zip"},
			Prices:  map[string]wallet.Amount{"USD": "1"}, Stock: 10})
		v := item.Variants[0].ID
		buyers := make([]int64, 30)
		for i := range buyers {
			buyers[i] = apptest.Member(t, db, fmt.Sprintf("racer%d", i))
			f.fund(buyers[i], "USD", 100)
			f.setCart(buyers[i], v, 1)
		}
		var ok, sold atomic.Int64
		var wg sync.WaitGroup
		for _, b := range buyers {
			wg.Go(func() {
				_, err := f.s.Checkout(as(b, "USD"), shop.CheckoutInput{ClientID: "race-order", Payment: "money"})
				if err == nil {
					ok.Add(1)
					return
				}
				assert.Equal(t, "shop.error.stock", action.AsError(err).Key, "%v", err)
			})
		}
		wg.Wait()
		assert.Equal(t, int64(10), ok.Load())
		assert.Equal(t, int64(0), f.stock(v))
		for _, b := range buyers {
			if f.balance(b, "USD") == 0 {
				sold.Add(1)
			}
		}
		assert.Equal(t, int64(10), sold.Load(), "only the buyers charged got the items")
		f.audit()
	})
}

// TestCouponForACategoryOrTag applies a coupon restricted to shop terms
// only to a cart with a product of one of them.
func TestCouponForACategoryOrTag(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		book := f.product(shop.SaveProductInput{Slug: "tagged-book", Kind: "digital", Titles: map[string]string{"en": "Tagged"},
			Digital: &shop.DigitalInput{Type: "download", URL: "https://files.test/tagged.pdf"},
			Prices:  map[string]wallet.Amount{"USD": "4.20"}, Stock: 10, Tags: []string{"Reading"}})
		require.Len(t, book.Tags, 1)
		tag := int64(mustID(t, book.Tags[0].ID))
		now := f.clock.Now().UnixMilli()
		require.NoError(t, db.Coupons().Insert(t.Context(), []persistence.Coupon{
			{Code: "TAG-1", OwnerID: f.buyer, Type: persistence.CouponCash, FaceCurrency: "USD", FaceValue: 100,
				RestrictedType: "terms", RestrictedProducts: []int64{tag}, CreatedAt: now},
			{Code: "TAG-2", OwnerID: f.buyer, Type: persistence.CouponCash, FaceCurrency: "USD", FaceValue: 100,
				RestrictedType: "terms", RestrictedProducts: []int64{tag + 1_000_000}, CreatedAt: now},
		}))
		f.setCart(f.buyer, book.Variants[0].ID, 1)
		cart, err := f.s.CartGet(as(f.buyer, "USD"), shop.CartInput{CouponCode: "TAG-1"})
		require.NoError(t, err)
		require.NotNil(t, cart.Cart.Coupon, "the book has the coupon's tag: %s", cart.Cart.CouponError)
		assert.Equal(t, shop.Money{Currency: "USD", Amount: "3.20"}, cart.Cart.Total)
		cart, err = f.s.CartGet(as(f.buyer, "USD"), shop.CartInput{CouponCode: "TAG-2"})
		require.NoError(t, err)
		assert.Nil(t, cart.Cart.Coupon)
		assert.Equal(t, "coupon.error.product", cart.Cart.CouponError)
	})
}
