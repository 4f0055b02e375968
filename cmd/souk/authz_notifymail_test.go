package main

func init() {
	// Email notifications: an unsubscribe link works without signing in,
	// so anyone may call it; a link the site did not sign is refused
	// (400 notify.unsubscribe.error.badLink) whoever calls.
	authzTable = append(authzTable,
		authzRow{action: "notify.unsubscribe", data: func(f *authzFixture, _ role) any {
			return map[string]any{"token": f.ids[asMember] + ".all.forged"}
		}, guest: badInput, member: badInput, vip: badInput, admin: badInput},
	)
}
