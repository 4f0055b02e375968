package report_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/auth"
	"souk/app/i18n"
	"souk/app/media"
	"souk/app/report"
	"souk/webui"
)

// TestMessagesAreTranslated: every key the report actions, the embeds and
// a ban's refused sign-in answer with is in the three message files.
func TestMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	for _, lang := range action.Languages {
		for _, e := range []*action.Error{report.ErrType, report.ErrTarget, report.ErrImage, report.ErrTooManyImages,
			report.ErrDuplicate, report.ErrRateLimited, report.ErrNotFound, report.ErrResolved, report.ErrNoAuthor,
			report.ErrBadCursor, report.ErrBadStatus, report.ErrBadAction, media.ErrEmbedHost, auth.ErrBanned} {
			assert.True(t, catalog.Has(lang, e.Key), "%s has %s", lang, e.Key)
		}
	}
}
