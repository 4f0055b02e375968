package account

import (
	"context"

	"souk/app/action"
)

// CaptchaInput is the data of auth.captcha.
type CaptchaInput struct {
	PhoneOrEmail string `json:"phoneOrEmail,omitempty" doc:"the phone (with +dial code) or email the captcha is for; the answer then passes only with the same one (without it, with any)"`
	Action       string `json:"action" doc:"what the captcha is for: signup, forget (getCode) or login; the answer passes only for the same one"`
	Type         string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email"`
}

// CaptchaImage is a captcha to show.
type CaptchaImage struct {
	Base64      string    `json:"base64" doc:"the picture, a data:image/png;base64 URL"`
	CaptchaSign string    `json:"captchaSign" doc:"send it back with the answer"`
	Timestamp   Timestamp `json:"timestamp" doc:"when it was made, epoch ms; send it back with the answer"`
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
func (s *Service) Captcha(ctx context.Context, in CaptchaInput) (CaptchaReply, error) {
	req := action.RequestFrom(ctx)
	if !s.limits.captchaIP.Allow(clientKey(req.ClientIP), s.now()) {
		return CaptchaReply{}, ErrRateLimited
	}
	image, sign, issued, err := s.newCaptcha(looseTarget(in.PhoneOrEmail), normalizeAction(in.Action))
	if err != nil {
		return CaptchaReply{}, err
	}
	var reply CaptchaReply
	reply.Guaqi.Utils.Captcha = CaptchaImage{Base64: image, CaptchaSign: sign, Timestamp: Timestamp(issued)}
	return reply, nil
}
