package auth

import (
	"context"

	"souk/app/action"
	"souk/app/internal/credential"
)

// CaptchaVerifyInput is the data of auth.captchaVerify.
type CaptchaVerifyInput struct {
	credential.CaptchaFields
	PhoneOrEmail string `json:"phoneOrEmail,omitempty" doc:"as sent to auth.captcha"`
	Action       string `json:"action" doc:"as sent to auth.captcha"`
	Type         string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email"`
}

// CaptchaVerifyReply is the reply of auth.captchaVerify.
type CaptchaVerifyReply struct {
	Guaqi struct {
		Utils struct {
			CaptchaVerify SuccessReply `json:"captchaVerify"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// CaptchaVerify answers auth.captchaVerify: it checks the answer and leaves
// the captcha to the step that uses it (auth.getCode, or auth.login after
// failures), which sends the same fields. A wrong answer voids the captcha.
func (s *Credentials) CaptchaVerify(ctx context.Context, in CaptchaVerifyInput) (CaptchaVerifyReply, error) {
	req := action.RequestFrom(ctx)
	if !s.limits.captchaIP.Allow(clientKey(req.ClientIP), s.now()) {
		return CaptchaVerifyReply{}, ErrRateLimited
	}
	if _, err := s.checkCaptcha(ctx, in.CaptchaFields, looseTarget(in.PhoneOrEmail), normalizeAction(in.Action)); err != nil {
		return CaptchaVerifyReply{}, err
	}
	var reply CaptchaVerifyReply
	reply.Guaqi.Utils.CaptchaVerify.Success = true
	return reply, nil
}
