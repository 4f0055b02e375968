package auth

import (
	"net/http"

	"souk/app/action"
)

// The errors the auth actions answer, each with its i18n key.
var (
	// ErrBanned is returned when a member an administrator banned signs in
	// (or refreshes a session): every way in is refused.
	ErrBanned = action.Errorf(http.StatusForbidden, "auth.error.banned")
	// ErrRequiredPhone and ErrRequiredEmail are returned when the phone or
	// email field is empty (the sign-in type says which).
	ErrRequiredPhone = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.requiredPhone"}
	ErrRequiredEmail = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.requiredEmail"}
	// ErrInvalidPhone is returned for a phone number that is not a valid
	// number with its +dial code.
	ErrInvalidPhone = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.invalidPhone"}
	// ErrInvalidEmail is returned for a malformed email address.
	ErrInvalidEmail = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.invalidEmail"}
	// ErrRequiredPassword is returned when the password is empty.
	ErrRequiredPassword = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.requiredPassword"}
	// ErrPasswordNotMatch is returned when the confirmation differs from the password.
	ErrPasswordNotMatch = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.passwordNotMatch"}
	// ErrPasswordLength is returned for a password shorter or longer than allowed.
	ErrPasswordLength = action.Errorf(http.StatusBadRequest, "common.login.error.passwordLength", "min", minPassword, "max", maxPassword)
	// ErrPasswordCommon is returned for a new password that is one of the
	// most common passwords (common_passwords.txt).
	ErrPasswordCommon = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.passwordCommon"}
	// ErrPasswordIsAccount is returned for a new password that is the
	// account's email, phone or name.
	ErrPasswordIsAccount = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.passwordIsAccount"}
	// ErrRequiredUsername is returned when auth.login names no email or phone.
	ErrRequiredUsername = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.requiredUsername"}
	// ErrInvalidCredentials is returned alike for an unknown account and a
	// wrong password, so that nobody learns which accounts exist.
	ErrInvalidCredentials = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.invalidCredentials"}
	// ErrTermsNotAgreed is returned when a sign-up says the terms were not agreed to.
	ErrTermsNotAgreed = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.termsNotAgreed"}

	// ErrCaptchaWrong is returned for a wrong captcha answer (the captcha
	// is then void: fetch a new one).
	ErrCaptchaWrong = &action.Error{Status: http.StatusBadRequest, Key: "common.login.captcha.error"}
	// ErrCaptchaExpired is returned for a captcha that expired, was used,
	// or was issued for another phone, email or action.
	ErrCaptchaExpired = &action.Error{Status: http.StatusBadRequest, Key: "common.login.captcha.expired"}
	// ErrCaptchaRequired is returned by auth.login after repeated failures
	// until a solved captcha comes with it.
	ErrCaptchaRequired = &action.Error{Status: http.StatusBadRequest, Key: "common.login.captcha.required"}

	// ErrRequiredCode is returned when the verification code is empty.
	ErrRequiredCode = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.requiredCode"}
	// ErrCodeExpired is returned for a code that expired, was used or
	// replaced, or whose sign is not for this phone or email and action.
	ErrCodeExpired = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.codeExpired"}
	// ErrCodeLocked is returned once a code got maxCodeAttempts wrong answers.
	ErrCodeLocked = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.codeLocked"}
	// ErrSMSUnavailable is returned when a code should go to a phone and no
	// SMS provider is configured.
	ErrSMSUnavailable = &action.Error{Status: http.StatusServiceUnavailable, Key: "common.login.error.smsUnavailable"}
	// ErrEmailUnavailable is returned when a code should go to an email and
	// no mail server is configured.
	ErrEmailUnavailable = &action.Error{Status: http.StatusServiceUnavailable, Key: "common.login.error.emailUnavailable"}
	// ErrSendFailed is returned when the mail server or SMS provider
	// refused the message; the target may ask again at once.
	ErrSendFailed = &action.Error{Status: http.StatusBadGateway, Key: "common.login.error.sendFailed"}

	// ErrBusy is returned when too many password hashes are running or
	// waiting on the node; the client may try again in a moment.
	ErrBusy = &action.Error{Status: http.StatusServiceUnavailable, Key: "common.error.busy"}
	// ErrRateLimited is returned when a caller or a target asked too often.
	ErrRateLimited = &action.Error{Status: http.StatusTooManyRequests, Key: "common.error.rateLimited"}
	// ErrSessionExpired is returned by auth.refresh for a missing, expired,
	// revoked or reused refresh token.
	ErrSessionExpired = &action.Error{Status: http.StatusUnauthorized, Key: "common.error.sessionExpired"}
	// ErrAutoLoginFailed is returned for an unknown, used or expired login token.
	ErrAutoLoginFailed = &action.Error{Status: http.StatusBadRequest, Key: "common.login.autoLoginFailed"}
	// ErrUserNotFound is returned when an administrator names no member.
	ErrUserNotFound = &action.Error{Status: http.StatusNotFound, Key: "common.error.userNotFound"}
)

// errCodeInvalid is returned for a wrong code; left says how many tries remain.
func errCodeInvalid(left int) *action.Error {
	return action.Errorf(http.StatusBadRequest, "common.login.error.codeInvalid", "left", left)
}

// errCodeTooSoon is returned when the target got a code less than
// codeResend ago; seconds says how long to wait.
func errCodeTooSoon(seconds int) *action.Error {
	return action.Errorf(http.StatusTooManyRequests, "common.login.error.codeTooSoon", "seconds", seconds)
}
