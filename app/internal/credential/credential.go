// Package credential holds what souk/app/auth and souk/app/account share
// about a member proving who they are: the captcha and code fields of
// their inputs, the sign-up that auth checks and the identity it verifies,
// the rights an access token carries, and the reply that wraps a
// signed-in member's viewer. It holds types, no checks: auth checks them,
// account builds members and viewers from them, and neither package
// imports the other.
package credential

// Kinds of Identity.
const (
	KindEmail = "email"
	KindPhone = "phone"
)

// Identity is a normalized phone number or email address: what accounts
// are found by and codes are sent to.
type Identity struct {
	// Kind is KindEmail or KindPhone.
	Kind string
	// Value is the lower-cased email, or the phone number in E.164.
	Value string
	// National is a phone's national significant number ("" for an email).
	National string
}

// Signup is what a sign-up sends to prove who it is (auth.register).
type Signup struct {
	PhoneOrEmail    string
	Type            string
	Password        string
	PasswordConfirm string
	Agreement       *bool
	Action          string
	VerificationFields
}

// TokenRights are the rights an access token carries.
type TokenRights struct {
	// Level and VIP are the keys of the member's growth level and VIP
	// tier; "" for none.
	Level, VIP string
	IsAdmin    bool
	// UserCan is sorted and without duplicates.
	UserCan []string
}

// UserReply wraps the viewer of the member an action signed in or changed.
type UserReply[V any] struct {
	User V `json:"user"`
}
