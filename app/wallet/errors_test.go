package wallet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
	"souk/webui"
)

// TestMessagesAreTranslated: every key this package answers with, or
// writes a payment's text with, is in the three message files.
func TestMessagesAreTranslated(t *testing.T) {
	t.Parallel()
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	keys := []string{"payments.qr.title", "payments.qr.description"}
	for _, e := range []*action.Error{ErrAmount, ErrPrecision, ErrCurrency, ErrIdemMismatch, ErrTier, ErrNoPrice, ErrSelf,
		ErrUserNotFound, ErrPaymentNotFound, ErrPaymentExpired, ErrProvider, ErrProviderFailed, ErrTooManyPayments, ErrBadCursor,
		ErrBadReason, ErrTooLarge("1"), ErrInsufficient("CNY"), ErrCallbackForged, ErrCallbackReplayed, ErrCallbackMismatch,
		ErrCallbackProvider} {
		keys = append(keys, e.Key)
	}
	for _, lang := range action.Languages {
		for _, key := range keys {
			assert.True(t, catalog.Has(lang, key), "%s has %s", lang, key)
		}
	}
}
