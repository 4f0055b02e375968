package notifyprefs

import (
	"testing"

	"souk/internal/i18ntest"
)

// TestErrorsTranslated: every refusal of the preference actions reads in
// every language.
func TestErrorsTranslated(t *testing.T) {
	t.Parallel()
	i18ntest.RequireTranslated(t, i18ntest.Keys(ErrKind, ErrStart, ErrEnd, ErrTimeZone)...)
}
