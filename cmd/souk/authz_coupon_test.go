package main

import "time"

// couponFor is a new coupon of as's (the member's for a guest), made by
// the admin: a pushable CNY cash coupon, or an exchange coupon worth one
// credit.
func (f *authzFixture) couponFor(as role, exchange bool) string {
	owner := as
	if owner == asGuest {
		owner = asMember
	}
	template := map[string]any{"name": map[string]string{"en": "Authz coupon"}, "type": "cash",
		"faceValue": map[string]any{"currency": "CNY", "amount": "1.00"}, "allowPush": true,
		"expiredTime": time.Now().Add(time.Hour).UnixMilli()}
	if exchange {
		template = map[string]any{"name": map[string]string{"en": "Authz credit"}, "type": "exchange",
			"redeem": map[string]any{"type": "credit", "credit": "1"}}
	}
	var reply struct {
		Codes []string `json:"codes"`
	}
	f.must(asAdmin, "admin.createCoupons", map[string]any{"count": 1, "ownerIds": []string{f.ids[owner]},
		"template": template}, &reply)
	return reply.Codes[0]
}

func init() {
	authzTable = append(authzTable,
		authzRow{action: "account.coupons", data: fixed(map[string]any{"status": "unused"}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "account.coupon", data: func(f *authzFixture, as role) any {
			return map[string]any{"couponCode": f.couponFor(as, false)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "account.couponPush", data: func(f *authzFixture, as role) any {
			return map[string]any{"couponCode": f.couponFor(as, false), "toUserId": f.other(as)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "account.couponRedeem", data: func(f *authzFixture, as role) any {
			return map[string]any{"couponCode": f.couponFor(as, true)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "admin.createCoupons", data: func(f *authzFixture, _ role) any {
			return map[string]any{"count": 1, "ownerIds": []string{f.ids[asMember]}, "template": map[string]any{
				"name": map[string]string{"en": "Authz batch"}, "type": "cash",
				"faceValue": map[string]any{"currency": "CNY", "amount": "2.00"}}}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	)
	authzProbes = append(authzProbes,
		authzProbe{what: "read another's coupon", as: asMember, action: "account.coupon",
			data: func(f *authzFixture) any { return map[string]any{"couponCode": f.couponFor(asVIP, false)} },
			want: notFound},
		authzProbe{what: "an admin reads a member's coupon", as: asAdmin, action: "account.coupon",
			data: func(f *authzFixture) any { return map[string]any{"couponCode": f.couponFor(asVIP, false)} },
			want: ok},
		authzProbe{what: "push another's coupon to oneself", as: asMember, action: "account.couponPush",
			data: func(f *authzFixture) any {
				return map[string]any{"couponCode": f.couponFor(asVIP, false), "toUserId": f.ids[asMember]}
			}, want: notFound},
		authzProbe{what: "an admin pushes a member's coupon", as: asAdmin, action: "account.couponPush",
			data: func(f *authzFixture) any {
				return map[string]any{"couponCode": f.couponFor(asVIP, false), "toUserId": f.ids[asAdmin]}
			}, want: notFound},
		authzProbe{what: "redeem another's coupon", as: asMember, action: "account.couponRedeem",
			data: func(f *authzFixture) any { return map[string]any{"couponCode": f.couponFor(asVIP, true)} },
			want: notFound},
	)
}
