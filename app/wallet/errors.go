package wallet

import (
	"net/http"

	"souk/app/action"
)

// Errors the wallet actions return.
var (
	// ErrAmount is returned for a zero, negative or malformed amount.
	ErrAmount = action.Errorf(http.StatusBadRequest, "wallet.error.amount")
	// ErrPrecision is returned for an amount with more decimals than its
	// currency has (any decimal for credit).
	ErrPrecision = action.Errorf(http.StatusBadRequest, "wallet.error.precision")
	// ErrCurrency is returned for a currency the site does not have (or
	// credit where only money is taken).
	ErrCurrency = action.Errorf(http.StatusBadRequest, "wallet.error.currency")
	// ErrIdemMismatch is returned when an idemKey was used before for
	// another operation (another amount, tier or member).
	ErrIdemMismatch = action.Errorf(http.StatusConflict, "wallet.error.idemMismatch")
	// ErrTier is returned for a VIP tier the site does not have.
	ErrTier = action.Errorf(http.StatusNotFound, "wallet.error.tier")
	// ErrNoPrice is returned when the tier has no price in that currency.
	ErrNoPrice = action.Errorf(http.StatusBadRequest, "wallet.error.noPrice")
	// ErrSelf is returned for a gift to oneself.
	ErrSelf = action.Errorf(http.StatusBadRequest, "wallet.error.self")
	// ErrUserNotFound is returned when the recipient does not exist.
	ErrUserNotFound = action.Errorf(http.StatusNotFound, "common.error.userNotFound")
	// ErrPaymentNotFound is returned for a payment that does not exist, is
	// another member's, or whose token does not match: the three are not
	// told apart.
	ErrPaymentNotFound = action.Errorf(http.StatusNotFound, "payments.error.notFound")
	// ErrPaymentExpired is returned when paying a payment past its expiry.
	ErrPaymentExpired = action.Errorf(http.StatusConflict, "payments.error.expired")
	// ErrProvider is returned for a payment provider the site does not have.
	ErrProvider = action.Errorf(http.StatusBadRequest, "payments.error.provider")
	// ErrProviderFailed is returned when the provider did not confirm a
	// payment (the sandbox's callback was refused or not delivered).
	ErrProviderFailed = action.Errorf(http.StatusBadGateway, "payments.error.failed")
	// ErrTooManyPayments is returned for a top-up while the member holds
	// MaxPendingPayments unpaid ones that have not expired.
	ErrTooManyPayments = action.Errorf(http.StatusTooManyRequests, "payments.error.tooMany", "max", MaxPendingPayments)
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
	// ErrBadReason is returned for an entries filter naming no reason.
	ErrBadReason = action.BadField("reason")
)

// ErrTooLarge is returned for an amount above the largest one taken:
// max is that amount as the client writes it.
func ErrTooLarge(max string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "wallet.error.tooLarge", "max", max)
}

// ErrInsufficient is returned when the balance in currency is too low.
func ErrInsufficient(currency string) *action.Error {
	return action.Errorf(http.StatusConflict, "wallet.error.insufficient", "currency", currency)
}

// Errors of the payment callback endpoint (POST /api/pay/callback/{provider}).
var (
	// ErrCallbackForged is answered 401 to a callback whose signature does
	// not verify, or whose timestamp is outside the window.
	ErrCallbackForged = action.Errorf(http.StatusUnauthorized, "payments.error.signature")
	// ErrCallbackReplayed is answered 409 to a callback whose nonce was seen.
	ErrCallbackReplayed = action.Errorf(http.StatusConflict, "payments.error.replayed")
	// ErrCallbackMismatch is answered 400 to a callback whose amount or
	// currency differs from the payment's.
	ErrCallbackMismatch = action.Errorf(http.StatusBadRequest, "payments.error.mismatch")
	// ErrCallbackProvider is answered 404 for a provider the site does not have.
	ErrCallbackProvider = action.Errorf(http.StatusNotFound, "payments.error.provider")
)
