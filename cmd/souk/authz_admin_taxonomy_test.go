package main

// The operators' taxonomy: administrators only. The admin's rows change
// real rows: a node created, the demo's souk tag saved unchanged.

// demoLounge and demoSoukTag are rows of the demo's community and articles.
const (
	demoLounge  = "2000000001"
	demoSoukTag = "1000000903"
)

func init() {
	three := func(zh, en, es string) map[string]string { return map[string]string{"zh-hans": zh, "en": en, "es": es} }
	authzTable = append(authzTable,
		contentAdminRow("admin.node", fixed(map[string]any{"id": demoLounge})),
		contentAdminRow("admin.saveNode", fixed(map[string]any{"kind": "node", "slug": "authz-node",
			"names": three("授权", "Authz", "Autorización"), "joinType": "free", "admins": []string{}})),
		contentAdminRow("admin.term", fixed(map[string]any{"id": demoSoukTag})),
		contentAdminRow("admin.saveTerm", fixed(map[string]any{"id": demoSoukTag, "kind": "tag", "slug": "souk",
			"names": three("Souk", "Souk", "Souk")})),
	)
}
