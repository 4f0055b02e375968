package auth

import (
	"context"

	"souk/app/action"
	"souk/app/internal/credential"
)

// VerifyCodeInput is the data of auth.verifyCode.
type VerifyCodeInput struct {
	credential.VerificationFields
	credential.CaptchaFields
	PhoneOrEmail string `json:"phoneOrEmail" doc:"as sent to auth.getCode"`
	Action       string `json:"action" doc:"as sent to auth.getCode (forget, or signup)"`
	Type         string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email"`
}

// VerifyCodeReply is the reply of auth.verifyCode.
type VerifyCodeReply struct {
	VerifyCode struct {
		Success          bool   `json:"success"`
		VerificationSign string `json:"verificationSign" doc:"a sign that stands for the checked code: send it to auth.resetPassword (or auth.register) instead of the code; it passes once, while the code is valid"`
	} `json:"verifyCode"`
}

// VerifyCode answers auth.verifyCode: the forget step of the login box
// checks the code before the repass step asks for the new password. The
// code is not used up; the reply's sign lets the next step use it without
// the person typing it again. The captcha fields are accepted and not
// needed: the code was only sent after a captcha was solved.
func (s *Credentials) VerifyCode(ctx context.Context, in VerifyCodeInput) (VerifyCodeReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.verifyIP.Allow(clientKey(req.ClientIP), now) {
		return VerifyCodeReply{}, ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return VerifyCodeReply{}, err
	}
	purpose, ok := purposeOf(in.Action)
	if !ok {
		return VerifyCodeReply{}, action.BadField("action")
	}
	if !s.limits.verifyAccount.Allow(accountKey(id.Value, req.ClientIP), now) {
		return VerifyCodeReply{}, ErrRateLimited
	}
	codeID, err := s.checkCode(ctx, in.VerificationFields, id.Value, purpose)
	if err != nil {
		return VerifyCodeReply{}, err
	}
	var reply VerifyCodeReply
	reply.VerifyCode.Success = true
	reply.VerifyCode.VerificationSign = s.codeSign(stageVerified, codeID, id.Value, purpose)
	return reply, nil
}
