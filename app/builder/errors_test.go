package builder

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
	"souk/webui"
)

// TestErrorKeysAreTranslated checks the builder's and the layout
// document's refusals in every language.
func TestErrorKeysAreTranslated(t *testing.T) {
	t.Parallel()
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	for _, key := range []string{
		"builder.error.forbidden", "builder.error.stale", "builder.error.tooLarge", "builder.error.tooManyPages",
		"builder.error.tooManyBlocks", "builder.error.home", "builder.error.reservedName", "builder.error.duplicateName",
		"builder.error.missingDevice", "builder.error.unknownBlock", "builder.error.deletedRef",
		"builder.error.htmlAdminOnly", "builder.error.versionNotFound", "common.error.rateLimited",
	} {
		for _, lang := range action.Languages {
			assert.True(t, catalog.Has(lang, key), "%s lacks %s", lang, key)
		}
	}
}
