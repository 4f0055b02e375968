package main

// settingsVersion reads the settings version as the admin (0 for the
// others: they are refused before their input is read).
func (f *authzFixture) settingsVersion(as role) int64 {
	if as != asAdmin {
		return 0
	}
	var s struct {
		Version int64 `json:"version"`
	}
	f.must(asAdmin, "admin.settings", map[string]any{}, &s)
	return s.Version
}

func init() {
	// The admin's save names the version just read, so it is never stale
	// whatever ran before; it saves a credit symbol the demo never shows.
	authzTable = append(authzTable,
		authzRow{action: "admin.settings", data: fixed(map[string]any{}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "admin.saveSettings", data: func(f *authzFixture, as role) any {
			return map[string]any{"section": "creditSymbol", "version": f.settingsVersion(as), "value": "✦"}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	)
}
