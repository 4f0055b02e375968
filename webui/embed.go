// Package webui holds the React client. Its build (webui/build.mjs) writes
// webui/dist, which the binary embeds; the message files are embedded too,
// because the server translates its own error messages with them.
package webui

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

//go:embed src/i18n/locales/*.json
var locales embed.FS

// Dist is the built client: index.html, builds/, and the hashed assets.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder exists
	}
	return sub
}

// Locales holds one nested JSON message file per language, named
// "<lang>.json" (zh-hans.json, en.json, es.json).
func Locales() fs.FS {
	sub, err := fs.Sub(locales, "src/i18n/locales")
	if err != nil {
		panic(err)
	}
	return sub
}
