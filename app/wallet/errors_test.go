package wallet

import (
	"testing"

	"souk/internal/i18ntest"
)

// TestMessagesAreTranslated: every key this package answers with, or
// writes a payment's text with, is in the three message files.
func TestMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	keys := []string{"payments.qr.title", "payments.qr.description"}
	i18ntest.RequireTranslated(t, append(keys, i18ntest.Keys(ErrAmount, ErrPrecision, ErrCurrency, ErrIdemMismatch,
		ErrTier, ErrNoPrice, ErrSelf, ErrUserNotFound, ErrPaymentNotFound, ErrPaymentExpired, ErrProvider,
		ErrProviderFailed, ErrTooManyPayments, ErrBadCursor, ErrBadReason, ErrTooLarge("1"), ErrInsufficient("CNY"),
		ErrCallbackForged, ErrCallbackReplayed, ErrCallbackMismatch, ErrCallbackProvider, ErrMemberNotFound)...)...)
}
