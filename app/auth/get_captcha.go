package auth

import (
	"context"

	"souk/app/action"
	"souk/app/internal/credential"
)

// CaptchaInput is the data of auth.captcha.
type CaptchaInput struct {
	PhoneOrEmail string `json:"phoneOrEmail,omitempty" doc:"the phone (with +dial code) or email the captcha is for, at most 254 bytes; the answer then passes only with the same one (without it, with any)"`
	Action       string `json:"action" doc:"what the captcha is for: signup, forget (getCode) or login, at most 32 bytes; the answer passes only for the same one"`
	Type         string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email (at most 32 bytes)"`
}

// Bounds of auth.captcha's fields, in bytes: the longest valid email, and
// more than any action or sign-in type the login box names.
const (
	maxCaptchaTarget = maxEmail
	maxCaptchaWord   = 32
)

// Validate bounds the fields: each is signed into the captcha and logged in
// --dev, so none may be of any length.
func (in *CaptchaInput) Validate() error {
	switch {
	case len(in.PhoneOrEmail) > maxCaptchaTarget:
		return action.BadField("phoneOrEmail")
	case len(in.Action) > maxCaptchaWord:
		return action.BadField("action")
	case len(in.Type) > maxCaptchaWord:
		return action.BadField("type")
	}
	return nil
}

// CaptchaImage is a captcha to show.
type CaptchaImage struct {
	Base64      string               `json:"base64" doc:"the picture, a data:image/png;base64 URL"`
	CaptchaSign string               `json:"captchaSign" doc:"send it back with the answer"`
	Timestamp   credential.Timestamp `json:"timestamp" doc:"when it was made, epoch ms; send it back with the answer"`
}

// CaptchaReply is the reply of auth.captcha.
type CaptchaReply struct {
	Guaqi struct {
		Utils struct {
			Captcha CaptchaImage `json:"captcha"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// Captcha answers auth.captcha.
func (s *Credentials) Captcha(ctx context.Context, in CaptchaInput) (CaptchaReply, error) {
	req := action.RequestFrom(ctx)
	if !s.limits.captchaIP.Allow(clientKey(req.ClientIP), s.now()) {
		return CaptchaReply{}, ErrRateLimited
	}
	image, sign, issued, err := s.newCaptcha(looseTarget(in.PhoneOrEmail), normalizeAction(in.Action))
	if err != nil {
		return CaptchaReply{}, err
	}
	var reply CaptchaReply
	reply.Guaqi.Utils.Captcha = CaptchaImage{Base64: image, CaptchaSign: sign, Timestamp: credential.Timestamp(issued)}
	return reply, nil
}
