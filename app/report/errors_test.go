package report_test

import (
	"testing"

	"souk/app/auth"
	"souk/app/media"
	"souk/app/report"
	"souk/internal/i18ntest"
)

// TestMessagesAreTranslated: every key the report actions, the embeds and
// a ban's refused sign-in answer with is in the three message files.
func TestMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	i18ntest.RequireTranslated(t, i18ntest.Keys(report.ErrType, report.ErrTarget, report.ErrImage,
		report.ErrTooManyImages, report.ErrDuplicate, report.ErrRateLimited, report.ErrNotFound, report.ErrResolved,
		report.ErrNoAuthor, report.ErrBadCursor, report.ErrBadStatus, report.ErrBadAction, media.ErrEmbedHost,
		auth.ErrBanned)...)
}
