package admin_test

import (
	"testing"

	"souk/app/admin"
	"souk/internal/i18ntest"
)

// TestContentMessagesAreTranslated: every key the content and moderation
// actions answer with, and the muted member's refusal, is in the three
// message files.
func TestContentMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	keys := []string{"chat.error.muted", "admin.error.content.couponNoDelete", "admin.error.content.nodeNoDelete",
		"admin.error.content.pageNoDelete"}
	i18ntest.RequireTranslated(t, append(keys, i18ntest.Keys(admin.ErrContentNotFound, admin.ErrContentAlreadyDeleted,
		admin.ErrContentNotDeleted, admin.ErrContentCollision, admin.ErrChangeFailed, admin.ErrMuteAdmin,
		admin.ErrChatMessageNotFound)...)...)
}
