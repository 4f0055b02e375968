package main

// throwaway is the databaseId of the member the guest's auth.register row
// signed up (an earlier row of the table), whom the admin's member rows
// change, ban and unban; "" for the others, refused before their input is
// read.
func (f *authzFixture) throwaway(as role) string {
	if as != asAdmin {
		return ""
	}
	var reply struct {
		Edges []struct {
			Node struct {
				DatabaseID string `json:"databaseId"`
			} `json:"node"`
		} `json:"edges"`
	}
	f.must(asAdmin, "admin.members", map[string]any{"q": target("new", asGuest)}, &reply)
	if len(reply.Edges) != 1 {
		f.t.Fatalf("the guest's sign-up of %s is not found", target("new", asGuest))
	}
	return reply.Edges[0].Node.DatabaseID
}

// withThrowaway is a row's input naming the throwaway member plus fields.
func withThrowaway(fields map[string]any) func(f *authzFixture, as role) any {
	return func(f *authzFixture, as role) any {
		data := map[string]any{"userId": f.throwaway(as)}
		for k, v := range fields {
			data[k] = v
		}
		return data
	}
}

func init() {
	// Every members' action is the administrators' alone: a guest must sign
	// in, the demo member and VIP are refused (and that refusal is audited,
	// see admin_refusals_test.go).
	authzTable = append(authzTable,
		authzRow{action: "admin.audit", data: fixed(map[string]any{"first": 5}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.members", data: fixed(map[string]any{"q": "new-", "filter": "all"}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.member", data: withThrowaway(nil),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.memberLedger", data: withThrowaway(map[string]any{"first": 10}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.setLevel", data: withThrowaway(map[string]any{"levelKey": "lv2"}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.setVip", data: withThrowaway(map[string]any{"op": "grant", "vipKey": "vip1", "days": 1}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.setRoles", data: withThrowaway(map[string]any{"admin": false, "builder": true}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		// A session id that is not the member's ends nothing and is no error.
		authzRow{action: "admin.revokeSession", data: withThrowaway(map[string]any{"session": "1"}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.revokeSessions", data: withThrowaway(nil),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.ban", data: withThrowaway(map[string]any{"reason": "authz", "minutes": 1}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.unban", data: withThrowaway(nil),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	)
}
