package main

// The product form's load: administrators only, on the demo tee.

func init() {
	authzTable = append(authzTable,
		contentAdminRow("admin.product", fixed(map[string]any{"id": demoTee})),
	)
}
