// Package i18n translates message keys on the server with the same message
// files the web client uses, so an error reads the same wherever it shows.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// Catalog holds flattened messages per language. It is read-only after
// Load and safe for concurrent use.
type Catalog struct {
	fallback string
	messages map[string]map[string]string // lang → dotted key → text
}

// Load reads "<lang>.json" for each language from fsys. The first language
// is the fallback for keys another language lacks.
func Load(fsys fs.FS, langs ...string) (*Catalog, error) {
	if len(langs) == 0 {
		return nil, fmt.Errorf("i18n: no languages")
	}
	c := &Catalog{fallback: langs[0], messages: make(map[string]map[string]string, len(langs))}
	for _, lang := range langs {
		raw, err := fs.ReadFile(fsys, lang+".json")
		if err != nil {
			return nil, fmt.Errorf("i18n: read %s: %w", lang, err)
		}
		var tree map[string]any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return nil, fmt.Errorf("i18n: parse %s: %w", lang, err)
		}
		flat := make(map[string]string)
		flatten("", tree, flat)
		c.messages[lang] = flat
	}
	return c, nil
}

func flatten(prefix string, tree map[string]any, into map[string]string) {
	for k, v := range tree {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := v.(type) {
		case string:
			into[key] = v
		case map[string]any:
			flatten(key, v, into)
		}
	}
}

// Has reports whether lang has a message for key.
func (c *Catalog) Has(lang, key string) bool {
	_, ok := c.messages[lang][key]
	return ok
}

// Translate returns the message for key in lang (falling back to the first
// language, then to the key itself) with its {{name}} placeholders filled
// from args.
func (c *Catalog) Translate(lang, key string, args map[string]any) string {
	msg, ok := c.messages[lang][key]
	if !ok {
		if msg, ok = c.messages[c.fallback][key]; !ok {
			msg = key
		}
	}
	if len(args) == 0 || !strings.Contains(msg, "{{") {
		return msg
	}
	pairs := make([]string, 0, 2*len(args))
	for name, value := range args {
		pairs = append(pairs, "{{"+name+"}}", fmt.Sprint(value))
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}
