// Package i18ntest checks, for the tests of every feature, that the message
// keys a package answers with are in the message file of each language the
// server speaks.
package i18ntest

import (
	"sync"
	"testing"

	"souk/app/action"
	"souk/app/i18n"
	"souk/webui"
)

// load reads the embedded message files once per test binary: the tests
// that share it only read the catalog.
var load = sync.OnceValues(func() (*i18n.Catalog, error) {
	return i18n.Load(webui.Locales(), action.Languages...)
})

// RequireTranslated reports every key of keys that a language in
// action.Languages lacks, then stops the test if there was one.
func RequireTranslated(t testing.TB, keys ...string) {
	t.Helper()
	catalog, err := load()
	if err != nil {
		t.Fatalf("load the message files: %v", err)
	}
	missing := false
	for _, lang := range action.Languages {
		for _, key := range keys {
			if !catalog.Has(lang, key) {
				t.Errorf("%s lacks %s", lang, key)
				missing = true
			}
		}
	}
	if missing {
		t.FailNow()
	}
}

// Keys returns the message key of each of errs, for RequireTranslated.
func Keys(errs ...*action.Error) []string {
	keys := make([]string, len(errs))
	for i, e := range errs {
		keys[i] = e.Key
	}
	return keys
}
