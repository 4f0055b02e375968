package push

import (
	"testing"

	"souk/internal/i18ntest"
)

// TestPushKeysAreTranslated checks the refusals and the pushes' texts in
// every language.
func TestPushKeysAreTranslated(t *testing.T) {
	t.Parallel()
	keys := append(i18ntest.Keys(ErrBadEndpoint, ErrPrivateEndpoint, ErrBadKeys, ErrNotFound),
		"push.message.title", "push.message.many", "push.message.image", "push.notification.many",
		notificationTitleKey("unknown"))
	for kind := range notificationKinds {
		keys = append(keys, notificationTitleKey(kind))
	}
	i18ntest.RequireTranslated(t, keys...)
}
