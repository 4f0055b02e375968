package coupon

import (
	"encoding/json"
	"souk/app/internal/coupons"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/persistence"
)

func TestCreateCoupons(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		admin := apptest.AsAdmin(f.root)
		cash := map[string]any{"name": map[string]string{"en": "Ten off", "zh-hans": "十元"}, "type": "cash",
			"faceValue": map[string]any{"currency": "CNY", "amount": "10.00"}, "allowPush": true,
			"expiredTime": f.now() + 86_400_000, "minSpend": map[string]any{"currency": "CNY", "amount": "50"},
			"useRestrict":    map[string]any{"type": "levels", "levels": []string{"lv1", "lv2"}},
			"restrictedType": "ids", "restrictedProduct": []string{"7"}, "description": map[string]string{"en": "Hi"}}
		reply, err := f.call(admin, "admin.createCoupons", map[string]any{"count": 2,
			"ownerIds": []string{id(f.ann), id(f.bob)}, "template": cash})
		require.NoError(t, err)
		codes := reply["codes"].([]any)
		require.Len(t, codes, 4)
		owners := map[int64]int{}
		for _, code := range codes {
			c := f.get(code.(string))
			owners[c.OwnerID]++
			assert.Equal(t, int64(1000), c.FaceValue)
			assert.Equal(t, int64(5000), c.MinSpend)
			assert.Equal(t, []string{"lv1", "lv2"}, c.RestrictLevels)
			assert.Equal(t, []int64{7}, c.RestrictedProducts)
			assert.Equal(t, RedeemNone, c.RedeemType)
			assert.Equal(t, f.now(), c.CreatedAt)
		}
		assert.Equal(t, map[int64]int{f.ann: 2, f.bob: 2}, owners)

		exchange := map[string]any{"name": map[string]string{"en": "Credit"}, "type": "exchange",
			"redeem": map[string]any{"type": "credit", "credit": 120}}
		reply, err = f.call(admin, "admin.createCoupons", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
			"template": exchange})
		require.NoError(t, err)
		c := f.get(reply["codes"].([]any)[0].(string))
		assert.Equal(t, persistence.AssetCredit, c.RedeemAsset)
		assert.Equal(t, int64(120), c.RedeemAmount)

		register := map[string]any{"name": map[string]string{"en": "Welcome"}, "type": "register",
			"faceValue": map[string]any{"currency": "USD", "amount": "5"}}
		reply, err = f.call(admin, "admin.createCoupons", map[string]any{"count": 1, "template": register})
		require.NoError(t, err)
		c = f.get(reply["codes"].([]any)[0].(string))
		assert.Zero(t, c.OwnerID, "a template")

		// Restricted to a shop category: kept as the term's id, shown with its name.
		category := persistence.ArticleTerm{Kind: persistence.TermShopCategory, Slug: "tea",
			Names: map[string]string{"en": "Tea", "zh-hans": "茶"}}
		require.NoError(t, db.Articles().UpsertTerm(t.Context(), &category))
		articleTag := persistence.ArticleTerm{Kind: persistence.TermTag, Slug: "news", Names: map[string]string{"en": "News"}}
		require.NoError(t, db.Articles().UpsertTerm(t.Context(), &articleTag))
		byTerm := map[string]any{"name": map[string]string{"en": "Tea days"}, "type": "cash",
			"faceValue": map[string]any{"currency": "CNY", "amount": "3"}, "restrictedType": "terms",
			"restrictedTerms": []string{id(category.ID)}}
		reply, err = f.call(admin, "admin.createCoupons", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
			"template": byTerm})
		require.NoError(t, err)
		termCode := reply["codes"].([]any)[0].(string)
		c = f.get(termCode)
		assert.Equal(t, []int64{category.ID}, c.RestrictedProducts)
		info, err := f.call(as(f.ann), "account.coupon", map[string]any{"couponCode": termCode})
		require.NoError(t, err)
		assert.Equal(t, []any{map[string]any{"id": id(category.ID), "kind": "category", "slug": "tea", "name": "Tea"}},
			info["coupon"].(map[string]any)["restrictedTerms"])

		with := func(edit func(map[string]any)) map[string]any {
			m := map[string]any{}
			for k, v := range cash {
				m[k] = v
			}
			edit(m)
			return m
		}
		for _, tc := range []struct {
			name string
			data map[string]any
			key  string
		}{
			{"no count", map[string]any{"count": 0, "ownerIds": []string{id(f.ann)}, "template": cash}, "coupon.error.count"},
			{"too many", map[string]any{"count": 251, "ownerIds": []string{id(f.ann), id(f.bob)}, "template": cash},
				"coupon.error.count"},
			{"bad type", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { m["type"] = "gift" })}, "coupon.error.type"},
			{"cash without owners", map[string]any{"count": 1, "template": cash}, "common.error.required"},
			{"unknown owner", map[string]any{"count": 1, "ownerIds": []string{"404"}, "template": cash},
				"coupon.error.recipient"},
			{"no name", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { m["name"] = map[string]string{"en": " "} })}, "common.error.required"},
			{"no face value", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { delete(m, "faceValue") })}, "coupon.error.faceValue"},
			{"three decimals", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["faceValue"] = map[string]any{"currency": "CNY", "amount": "1.234"}
				})}, "coupon.error.amount"},
			{"letters", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["faceValue"] = map[string]any{"currency": "CNY", "amount": "1a"}
				})}, "coupon.error.amount"},
			{"unknown currency", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["faceValue"] = map[string]any{"currency": "XXX", "amount": "1"}
				})}, "coupon.error.currency"},
			{"min spend in another currency", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["minSpend"] = map[string]any{"currency": "USD", "amount": "1"}
				})}, "coupon.error.currency"},
			{"past expiry", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { m["expiredTime"] = f.now() })}, "coupon.error.expiry"},
			{"unknown level", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["useRestrict"] = map[string]any{"type": "levels", "levels": []string{"lv9"}}
				})}, "coupon.error.level"},
			{"unknown redeem level", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": map[string]any{"name": map[string]string{"en": "L"}, "type": "exchange",
					"redeem": map[string]any{"type": "level", "level": "lv9"}}}, "coupon.error.level"},
			{"terms without terms", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { m["restrictedType"] = "terms" })}, "common.error.badField"},
			{"an article's tag", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) {
					m["restrictedType"], m["restrictedTerms"] = "terms", []string{id(articleTag.ID)}
				})}, "common.error.badField"},
			{"bad restriction", map[string]any{"count": 1, "ownerIds": []string{id(f.ann)},
				"template": with(func(m map[string]any) { m["useRestrict"] = map[string]any{"type": "ids"} })},
				"common.error.badField"},
		} {
			_, err := f.call(admin, "admin.createCoupons", tc.data)
			apptest.RequireKey(t, err, tc.key)
		}
		_, err = f.call(as(f.ann), "admin.createCoupons", map[string]any{"count": 1, "template": register})
		require.Error(t, err, "members may not")
		list, err := db.Coupons().ListByOwner(t.Context(), f.ann, "", f.now(), persistence.CouponCursor{}, 100)
		require.NoError(t, err)
		assert.Len(t, list, 4, "nothing half-written")
	})
}

func TestCouponsListAndInfo(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		restricted := f.coupon(f.ann, func(c *persistence.Coupon) {
			c.UseRestrict, c.RestrictUsers = RestrictUsers, []int64{f.ann, f.bob}
			c.RestrictedType, c.RestrictedProducts = RestrictedIDs, []int64{7, 8}
			c.ExpiredAt = f.now() + 1000
		})
		levels := f.coupon(f.ann, func(c *persistence.Coupon) {
			c.UseRestrict, c.RestrictLevels, c.CreatedAt = RestrictLevels, []string{"lv2"}, f.now()-500
		})
		old := f.coupon(f.ann, func(c *persistence.Coupon) { c.ExpiredAt, c.CreatedAt = f.now()-1, f.now()-400 })
		used := f.coupon(f.ann, func(c *persistence.Coupon) { c.UsedAt, c.UsedOrderID, c.CreatedAt = f.now()-5, 99, f.now()-300 })
		f.coupon(f.bob, nil)

		reply, err := f.call(as(f.ann), "account.coupons", map[string]any{})
		require.NoError(t, err)
		edges := reply["coupons"].(map[string]any)["edges"].([]any)
		codes := []string{}
		for _, e := range edges {
			codes = append(codes, e.(map[string]any)["node"].(map[string]any)["code"].(string))
		}
		assert.Equal(t, []string{used.Code, old.Code, levels.Code, restricted.Code}, codes, "newest first, only ann's")
		for status, want := range map[string]string{"unused": restricted.Code, "used": used.Code, "expired": old.Code} {
			reply, err := f.call(as(f.ann), "account.coupons", map[string]any{"status": status})
			require.NoError(t, err)
			edges := reply["coupons"].(map[string]any)["edges"].([]any)
			if status == "unused" {
				require.Len(t, edges, 2)
			} else {
				require.Len(t, edges, 1)
			}
			assert.Equal(t, want, edges[len(edges)-1].(map[string]any)["node"].(map[string]any)["code"], status)
		}
		_, err = f.call(as(f.ann), "account.coupons", map[string]any{"status": "gone"})
		apptest.RequireKey(t, err, "common.error.badField")
		_, err = f.call(as(f.ann), "account.coupons", map[string]any{"after": "x"})
		apptest.RequireKey(t, err, "common.error.badField")

		// Pages of 20.
		for range 21 {
			f.coupon(f.cat, nil)
		}
		page, err := f.s.Coupons(as(f.cat), CouponsInput{})
		require.NoError(t, err)
		assert.Len(t, page.Coupons.Edges, 20)
		assert.True(t, page.Coupons.PageInfo.HasNextPage)
		page2, err := f.s.Coupons(as(f.cat), CouponsInput{After: page.Coupons.PageInfo.EndCursor})
		require.NoError(t, err)
		assert.Len(t, page2.Coupons.Edges, 1)
		assert.False(t, page2.Coupons.PageInfo.HasNextPage)

		// The info.
		info, err := f.s.Coupon(as(f.ann), CodeInput{CouponCode: restricted.Code})
		require.NoError(t, err)
		v := info.Coupon
		assert.Equal(t, "Ten off", v.Name)
		assert.Equal(t, "unused", v.Status)
		assert.Equal(t, &Money{"CNY", "10.00"}, v.FaceValue)
		assert.Equal(t, &Money{"CNY", "50.00"}, v.MinSpend)
		assert.Equal(t, ExpiredAt{ExpiredTime: f.now() + 1000}, v.ExpiredAt)
		assert.Equal(t, RedeemView{Type: "none"}, v.Redeem)
		assert.Equal(t, "ids", v.UseRestrict.Type)
		require.Len(t, v.UseRestrict.Users, 2)
		assert.Equal(t, Person{ID: id(f.bob), Name: "bob", Slug: "bob", Avatar: "/api/avatar?seed=bob"}, v.UseRestrict.Users[1])
		assert.Equal(t, []ProductRef{{ID: "7", Title: "Tea", Slug: "tea"}, {ID: "8"}}, v.RestrictedProduct)
		assert.Equal(t, "For anything", v.Description)

		f.clock.Add(2 * time.Second)
		info, err = f.s.Coupon(as(f.ann), CodeInput{CouponCode: restricted.Code})
		require.NoError(t, err)
		assert.Equal(t, "expired", info.Coupon.Status, "computed on read")
		assert.True(t, info.Coupon.ExpiredAt.HasExpired)

		es := action.WithRequest(ctx, &action.Request{Lang: "es", Viewer: action.Viewer{UserID: f.ann}})
		info, err = f.s.Coupon(es, CodeInput{CouponCode: levels.Code})
		require.NoError(t, err)
		assert.Equal(t, "Diez", info.Coupon.Name)
		assert.Equal(t, []LevelRef{{Key: "lv2", Name: "Level 2"}}, info.Coupon.UseRestrict.Levels)
		info, err = f.s.Coupon(as(f.ann), CodeInput{CouponCode: used.Code})
		require.NoError(t, err)
		assert.Equal(t, "99", info.Coupon.OrderID)
		assert.Equal(t, "used", info.Coupon.Status)

		_, err = f.call(as(f.bob), "account.coupon", map[string]any{"couponCode": restricted.Code})
		apptest.RequireKey(t, err, "coupon.error.notFound")
		_, err = f.call(as(f.bob), "account.coupon", map[string]any{"couponCode": "NOPE"})
		apptest.RequireKey(t, err, "coupon.error.notFound")
		_, err = f.call(as(f.bob), "account.coupon", map[string]any{"couponCode": " "})
		apptest.RequireKey(t, err, "common.error.required")
		r, err := f.call(apptest.AsAdmin(f.root), "account.coupon", map[string]any{"couponCode": " " + restricted.Code})
		require.NoError(t, err, "an admin sees any; codes are trimmed")
		assert.Equal(t, restricted.Code, r["coupon"].(map[string]any)["code"])
	})
}

func TestRegisterCoupons(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		tpl := f.coupon(0, func(c *persistence.Coupon) { c.Type, c.CreatedAt = persistence.CouponRegister, f.now() })
		f.coupon(0, func(c *persistence.Coupon) {
			c.Type, c.CreatedAt, c.ExpiredAt = persistence.CouponRegister, f.now(), f.now()
		})
		// A member older than the template gets nothing.
		granted, err := coupons.RegisterCoupons(ctx, db, f.ann, f.clock.Now())
		require.NoError(t, err)
		assert.Empty(t, granted)

		u := persistence.User{Name: "new", Slug: "new", LevelKey: "lv1", CreatedAt: f.now() + 1}
		require.NoError(t, db.Users().Create(ctx, &u))
		granted, err = coupons.RegisterCoupons(ctx, db, u.ID, f.clock.Now())
		require.NoError(t, err)
		require.Len(t, granted, 1, "the unexpired template")
		assert.Equal(t, tpl.Code, granted[0].Template)
		assert.NotEqual(t, tpl.Code, granted[0].Code)
		assert.Equal(t, u.ID, granted[0].OwnerID)

		reply, err := f.s.Coupons(as(u.ID), CouponsInput{})
		require.NoError(t, err)
		require.Len(t, reply.Coupons.Edges, 1, "granted once")
		assert.Equal(t, "register", reply.Coupons.Edges[0].Node.Type)
		_, err = f.s.Coupon(as(u.ID), CodeInput{CouponCode: tpl.Code})
		apptest.RequireKey(t, err, "coupon.error.notFound")

		// A member who signed up by another path gets them on their list.
		v := persistence.User{Name: "social", Slug: "social", LevelKey: "lv1", CreatedAt: f.now() + 2}
		require.NoError(t, db.Users().Create(ctx, &v))
		reply, err = f.s.Coupons(as(v.ID), CouponsInput{})
		require.NoError(t, err)
		require.Len(t, reply.Coupons.Edges, 1)
	})
}

func TestCouponPush(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		gift := f.coupon(f.ann, nil)
		push := func(from int64, code string, to int64) (map[string]any, error) {
			return f.call(as(from), "account.couponPush", map[string]any{"couponCode": code, "toUserId": id(to)})
		}
		locked := f.coupon(f.ann, func(c *persistence.Coupon) { c.AllowPush = false })
		old := f.coupon(f.ann, func(c *persistence.Coupon) { c.ExpiredAt = f.now() })
		used := f.coupon(f.ann, func(c *persistence.Coupon) { c.UsedAt = 1 })
		bad := f.coupon(f.ann, func(c *persistence.Coupon) { c.Type = "" })
		only := f.coupon(f.ann, func(c *persistence.Coupon) { c.UseRestrict, c.RestrictUsers = RestrictUsers, []int64{f.ann, f.cat} })
		lv := f.coupon(f.ann, func(c *persistence.Coupon) { c.UseRestrict, c.RestrictLevels = RestrictLevels, []string{"lv2"} })
		for _, tc := range []struct {
			from int64
			code string
			to   int64
			key  string
		}{
			{f.ann, locked.Code, f.bob, "coupon.error.notPushable"},
			{f.ann, gift.Code, f.ann, "coupon.error.self"},
			{f.ann, gift.Code, 404, "coupon.error.recipient"},
			{f.ann, gift.Code, 0, "coupon.error.recipient"},
			{f.ann, old.Code, f.bob, "coupon.error.expired"},
			{f.ann, used.Code, f.bob, "coupon.error.used"},
			{f.ann, bad.Code, f.bob, "coupon.error.invalid"},
			{f.ann, only.Code, f.bob, "coupon.error.restricted"},
			{f.ann, lv.Code, f.bob, "coupon.error.restricted"},
			{f.bob, gift.Code, f.cat, "coupon.error.notFound"},
			{f.ann, "NOPE", f.bob, "coupon.error.notFound"},
		} {
			_, err := push(tc.from, tc.code, tc.to)
			apptest.RequireKey(t, err, tc.key)
		}
		assert.Equal(t, f.ann, f.get(gift.Code).OwnerID, "nothing moved")
		assert.Empty(t, f.sessions.Take())

		reply, err := push(f.ann, gift.Code, f.bob)
		require.NoError(t, err)
		assert.Equal(t, true, reply["success"])
		assert.Equal(t, gift.Code, reply["coupon"].(map[string]any)["code"])
		c := f.get(gift.Code)
		assert.Equal(t, f.bob, c.OwnerID)
		assert.Equal(t, f.ann, c.PushedFrom)
		got := f.sessions.Take()
		require.Len(t, got, 1)
		assert.Equal(t, f.bob, got[0].UserID)
		assert.Equal(t, EventCoupon, got[0].Action)
		var ev CouponEvent
		require.NoError(t, json.Unmarshal([]byte(got[0].Data), &ev))
		assert.Equal(t, gift.Code, ev.Coupon.Code)
		notes, err := db.Notifications().List(ctx, f.bob, 0, 0, 10)
		require.NoError(t, err)
		require.Len(t, notes, 1)
		assert.Equal(t, TypeCoupon, notes[0].Type)
		assert.Equal(t, f.ann, notes[0].FromID)
		assert.JSONEq(t, `{"kind":"gift","code":"`+gift.Code+`","name":"Ten off"}`, string(notes[0].Content))
		f.notices.mu.Lock()
		assert.NotEmpty(t, f.notices.pushed, "pushed live")
		f.notices.mu.Unlock()

		_, err = push(f.ann, gift.Code, f.cat)
		apptest.RequireKey(t, err, "coupon.error.notFound")
		_, err = push(f.bob, gift.Code, f.ann)
		require.NoError(t, err, "bob may pass it on")
		assert.Equal(t, f.ann, f.get(gift.Code).OwnerID)
	})
}

// TestCouponPushRace: two gifts of the same coupon at once move it once.
func TestCouponPushRace(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		for range 5 {
			c := f.coupon(f.ann, nil)
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, to := range []int64{f.bob, f.cat} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = f.s.Push(as(f.ann), PushInput{CouponCode: c.Code, ToUserID: action.ID(to)})
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
					continue
				}
				var e *action.Error
				require.ErrorAs(t, err, &e)
				assert.Contains(t, []string{"coupon.error.notFound", "coupon.error.used"}, e.Key)
			}
			assert.Equal(t, 1, ok, "exactly one gift: %v", errs)
			owner := f.get(c.Code).OwnerID
			assert.Contains(t, []int64{f.bob, f.cat}, owner)
			got := f.sessions.Take()
			require.Len(t, got, 1, "one recipient told")
			assert.Equal(t, owner, got[0].UserID)
		}
	})
}

func TestCouponRedeem(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		ctx := t.Context()
		exchange := func(edit func(*persistence.Coupon)) persistence.Coupon {
			return f.coupon(f.ann, func(c *persistence.Coupon) {
				c.Type, c.FaceCurrency, c.FaceValue, c.MinSpend = persistence.CouponExchange, "", 0, 0
				edit(c)
			})
		}
		credit := exchange(func(c *persistence.Coupon) {
			c.RedeemType, c.RedeemAsset, c.RedeemAmount = RedeemCredit, persistence.AssetCredit, 120
		})
		cash := exchange(func(c *persistence.Coupon) { c.RedeemType, c.RedeemAsset, c.RedeemAmount = RedeemMoney, "CNY", 1250 })
		level := exchange(func(c *persistence.Coupon) { c.RedeemType, c.RedeemLevel = RedeemLevel, "lv3" })
		custom := exchange(func(c *persistence.Coupon) { c.RedeemType, c.RedeemText = RedeemCustom, "A mug" })
		old := exchange(func(c *persistence.Coupon) { c.RedeemType, c.ExpiredAt = RedeemNone, f.now() })
		notMine := f.coupon(f.bob, func(c *persistence.Coupon) { c.Type = persistence.CouponExchange })
		plain := f.coupon(f.ann, nil)
		onlyLv2 := exchange(func(c *persistence.Coupon) {
			c.RedeemType, c.UseRestrict, c.RestrictLevels = RedeemNone, RestrictLevels, []string{"lv2"}
		})
		redeem := func(code string) (map[string]any, error) {
			return f.call(as(f.ann), "account.couponRedeem", map[string]any{"couponCode": code})
		}

		r, err := redeem(credit.Code)
		require.NoError(t, err)
		assert.Equal(t, "used", r["coupon"].(map[string]any)["status"])
		assert.Equal(t, map[string]any{"amount": map[string]any{"currency": "CREDIT", "amount": "120"}, "balance": "120"},
			r["wallet"])
		assert.Equal(t, int64(120), f.balance(f.ann, persistence.AssetCredit))
		_, err = redeem(credit.Code)
		apptest.RequireKey(t, err, "coupon.error.used")
		assert.Equal(t, int64(120), f.balance(f.ann, persistence.AssetCredit), "once")

		r, err = redeem(cash.Code)
		require.NoError(t, err)
		assert.Equal(t, "12.50", r["wallet"].(map[string]any)["balance"])
		assert.Equal(t, int64(1250), f.balance(f.ann, "CNY"))
		f.told.mu.Lock()
		assert.Equal(t, []int64{f.ann, f.ann}, f.told.members, "balances pushed")
		f.told.mu.Unlock()
		audit, err := db.Wallets().Audit(ctx)
		require.NoError(t, err)
		assert.True(t, audit.Clean(), "%+v", audit)
		assert.Equal(t, int64(-1250), audit.SystemTotals[persistence.AccountRevenue]["CNY"], "paid by the site")

		f.sessions.Take()
		r, err = redeem(level.Code)
		require.NoError(t, err)
		assert.Equal(t, "lv3", r["level"])
		u, err := db.Users().Get(ctx, f.ann)
		require.NoError(t, err)
		assert.Equal(t, "lv3", u.LevelKey)
		points, err := db.Growth().Points(ctx, f.ann)
		require.NoError(t, err)
		assert.Equal(t, int64(200), points, "the points of lv3")
		got := f.sessions.Take()
		require.Len(t, got, 1)
		assert.Equal(t, "viewer", got[0].Action)

		r, err = redeem(custom.Code)
		require.NoError(t, err)
		assert.Equal(t, map[string]any{"type": "custom", "text": "A mug", "money": nil, "credit": "", "level": ""},
			r["coupon"].(map[string]any)["redeem"])
		assert.NotContains(t, r, "wallet")

		for code, key := range map[string]string{old.Code: "coupon.error.expired", notMine.Code: "coupon.error.notFound",
			plain.Code: "coupon.error.notExchange", "NOPE": "coupon.error.notFound", onlyLv2.Code: "coupon.error.restricted"} {
			_, err := redeem(code)
			apptest.RequireKey(t, err, key)
		}
		// A lower level coupon raises points but never lowers the level.
		low := exchange(func(c *persistence.Coupon) { c.RedeemType, c.RedeemLevel = RedeemLevel, "lv2" })
		r, err = redeem(low.Code)
		require.NoError(t, err)
		assert.Equal(t, "lv3", r["level"])
		u, _ = db.Users().Get(ctx, f.ann)
		assert.Equal(t, "lv3", u.LevelKey)
	})
}

// TestCouponRedeemRace: redeeming the same coupon at once pays it once.
func TestCouponRedeemRace(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		c := f.coupon(f.ann, func(c *persistence.Coupon) {
			c.Type, c.RedeemType, c.RedeemAsset, c.RedeemAmount = persistence.CouponExchange, RedeemCredit,
				persistence.AssetCredit, 120
		})
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.s.Redeem(as(f.ann), CodeInput{CouponCode: c.Code})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				apptest.RequireKey(t, err, "coupon.error.used")
			}
		}
		assert.Equal(t, int64(120), f.balance(f.ann, persistence.AssetCredit), "paid once")
		assert.Equal(t, persistence.CouponUsed, f.get(c.Code).Status(f.now()))
		audit, err := db.Wallets().Audit(t.Context())
		require.NoError(t, err)
		assert.True(t, audit.Clean(), "%+v", audit)
	})
}
