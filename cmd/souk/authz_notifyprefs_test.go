package main

func init() {
	// Notification preferences: a member reads and saves their own.
	authzTable = append(authzTable,
		authzRow{action: "notify.prefs", data: fixed(map[string]any{}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "notify.savePrefs", data: fixed(map[string]any{
			"kinds":  []any{map[string]any{"kind": "likes", "site": true, "push": false, "email": false}},
			"dnd":    map[string]any{"enabled": true, "start": "22:00", "end": "07:30", "timeZone": "Europe/Madrid"},
			"digest": false,
		}), guest: signIn, member: ok, vip: ok, admin: ok},
	)
}
