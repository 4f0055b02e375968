package builder

import (
	"testing"

	"souk/internal/i18ntest"
)

// TestErrorKeysAreTranslated checks the builder's and the layout
// document's refusals in every language.
func TestErrorKeysAreTranslated(t *testing.T) {
	t.Parallel()
	i18ntest.RequireTranslated(t,
		"builder.error.forbidden", "builder.error.stale", "builder.error.tooLarge", "builder.error.tooManyPages",
		"builder.error.tooManyBlocks", "builder.error.home", "builder.error.reservedName", "builder.error.duplicateName",
		"builder.error.missingDevice", "builder.error.unknownBlock", "builder.error.deletedRef",
		"builder.error.htmlAdminOnly", "builder.error.versionNotFound", "common.error.rateLimited",
	)
}
