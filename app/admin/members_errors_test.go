package admin_test

import (
	"testing"

	"souk/app/admin"
	"souk/internal/i18ntest"
)

// TestMembersMessagesAreTranslated: every key the audit log and the
// members' actions answer with is in the three message files.
func TestMembersMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	i18ntest.RequireTranslated(t, i18ntest.Keys(admin.ErrBadCursor, admin.ErrUserNotFound, admin.ErrLastAdmin,
		admin.ErrBanAdmin, admin.ErrBanSelf, admin.ErrUnknownLevel, admin.ErrUnknownVIP, admin.ErrNoVIP)...)
}
