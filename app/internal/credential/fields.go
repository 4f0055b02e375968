package credential

import "souk/app/action"

// VerificationFields are the code sent with an action.
type VerificationFields struct {
	VerificationInput string `json:"verificationInput,omitempty" doc:"the code the person received"`
	VerificationSign  string `json:"verificationSign,omitempty" doc:"verificationSign of auth.getCode, or of auth.verifyCode (which needs no verificationInput)"`
}

// CaptchaFields are the captcha answer sent with an action.
type CaptchaFields struct {
	CaptchaSign  string    `json:"captchaSign,omitempty" doc:"captchaSign of auth.captcha"`
	CaptchaInput string    `json:"captchaInput,omitempty" doc:"the answer the person typed"`
	Timestamp    Timestamp `json:"timestamp,omitempty" doc:"timestamp of auth.captcha, epoch ms"`
}

// Timestamp is an instant in epoch milliseconds. It decodes from a JSON
// number or a string of digits, as clients send either.
type Timestamp int64

// UnmarshalJSON accepts 1700000000000 and "1700000000000".
func (t *Timestamp) UnmarshalJSON(b []byte) error {
	n, err := action.FlexibleInt(b)
	*t = Timestamp(n)
	return err
}
