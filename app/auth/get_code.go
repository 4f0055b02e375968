package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"souk/app/action"
	"souk/app/internal/credential"
	"souk/internal/mail"
	"souk/persistence"
)

// GetCodeInput is the data of auth.getCode.
type GetCodeInput struct {
	credential.CaptchaFields
	PhoneOrEmail string `json:"phoneOrEmail" doc:"phone with its +dial code, or email"`
	Lang         string `json:"lang,omitempty" doc:"language of the message; default the request's"`
	SiteURL      string `json:"siteUrl,omitempty" doc:"accepted and ignored: messages carry no links, so they cannot be made to point elsewhere"`
	Action       string `json:"action" doc:"signup (a code to create an account) or forget (a code to reset a password)"`
	Type         string `json:"type,omitempty" doc:"the login box's sign-in type, phone or email; picks the message for an empty phoneOrEmail"`
}

// CodeSent describes the code sent.
type CodeSent struct {
	VerificationSign string `json:"verificationSign" doc:"send it back with the code (auth.verifyCode, auth.register, auth.resetPassword)"`
	ExpiresIn        int    `json:"expiresIn" doc:"seconds the code is valid"`
	ResendIn         int    `json:"resendIn" doc:"seconds before another code may be asked for"`
}

// GetCodeReply is the reply of auth.getCode.
type GetCodeReply struct {
	Guaqi struct {
		Utils struct {
			GetCode CodeSent `json:"getCode"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// GetCode answers auth.getCode. It uses up the captcha and sends a code.
// The answer is the same whether or not an account has the phone or email:
// a reset code for nobody is not sent, and a sign-up code for an existing
// account is replaced by a notice to its owner.
func (s *Credentials) GetCode(ctx context.Context, in GetCodeInput) (GetCodeReply, error) {
	req := action.RequestFrom(ctx)
	now := s.now()
	if !s.limits.codeIP.Allow(clientKey(req.ClientIP), now) {
		return GetCodeReply{}, ErrRateLimited
	}
	id, err := parseIdentity(in.PhoneOrEmail, in.Type)
	if err != nil {
		return GetCodeReply{}, err
	}
	purpose, ok := purposeOf(in.Action)
	if !ok {
		return GetCodeReply{}, action.BadField("action")
	}
	sender, channel, err := s.senderFor(id)
	if err != nil {
		return GetCodeReply{}, err
	}
	if err := s.checkResend(ctx, id.Value); err != nil {
		return GetCodeReply{}, err
	}
	if err := s.useCaptcha(ctx, in.CaptchaFields, id.Value, normalizeAction(in.Action)); err != nil {
		return GetCodeReply{}, err
	}
	// Counted only now, with the captcha passed, and per address: bogus
	// requests cannot use up the codes of the account's owner.
	if !s.limits.codeAccount.Allow(accountKey(id.Value, req.ClientIP), now) {
		return GetCodeReply{}, ErrRateLimited
	}
	exists := true
	if _, err := s.db.Users().GetByLogin(ctx, id.Value); errors.Is(err, persistence.ErrNotFound) {
		exists = false
	} else if err != nil {
		return GetCodeReply{}, fmt.Errorf("auth: get code: %w", err)
	}
	code, codeID, err := s.issueCode(ctx, id.Value, purpose)
	if err != nil {
		return GetCodeReply{}, err
	}

	lang := req.Lang
	if strings.TrimSpace(in.Lang) != "" {
		lang = action.NormalizeLang(strings.ToLower(strings.TrimSpace(in.Lang)))
	}
	msg := mail.Message{To: id.Value, Channel: channel, Lang: lang, Code: code, Action: purpose}
	switch {
	case purpose == purposeReset && !exists:
		msg = mail.Message{}
	case purpose == purposeSignup && exists:
		msg.Action, msg.Code = mail.MessageAccountExists, ""
	}
	if msg.To != "" {
		if err := sender.Send(ctx, msg); err != nil {
			s.log.ErrorContext(ctx, "send verification code", "channel", channel, "err", err)
			if err := s.db.Codes().Delete(ctx, codeID); err != nil {
				s.log.ErrorContext(ctx, "forget unsent verification code", "err", err)
			}
			return GetCodeReply{}, ErrSendFailed
		}
	}

	var reply GetCodeReply
	reply.Guaqi.Utils.GetCode = CodeSent{
		VerificationSign: s.codeSign(stageSent, codeID, id.Value, purpose),
		ExpiresIn:        int(codeTTL.Seconds()),
		ResendIn:         int(codeResend.Seconds()),
	}
	return reply, nil
}

// senderFor returns the sender of the identity's channel, or the error
// saying that channel is not configured.
func (s *Credentials) senderFor(id credential.Identity) (mail.Sender, mail.Channel, error) {
	if id.Kind == credential.KindPhone {
		if s.sms == nil {
			return nil, mail.ChannelSMS, ErrSMSUnavailable
		}
		return s.sms, mail.ChannelSMS, nil
	}
	if s.email == nil {
		return nil, mail.ChannelEmail, ErrEmailUnavailable
	}
	return s.email, mail.ChannelEmail, nil
}
