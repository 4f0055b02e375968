package auth

import (
	"context"
	"crypto/hmac"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"souk/app/internal/credential"
	"souk/persistence"
)

// Verification codes: 6 digits sent to a phone or email, stored as a keyed
// hash, valid codeTTL, used once, at most one per target per codeResend,
// locked after maxCodeAttempts wrong answers.
const (
	codeDigits      = 6
	codeTTL         = 10 * time.Minute
	codeResend      = 60 * time.Second
	maxCodeAttempts = 5
)

// Purposes of a code: what the verification sign lets its bearer do.
const (
	purposeSignup = "signup"
	purposeReset  = "reset"
)

// Stages of a verification sign.
const (
	// stageSent signs a code that was sent: it passes with the code.
	stageSent = "c"
	// stageVerified signs a code auth.verifyCode checked: it passes alone.
	stageVerified = "v"
)

// normalizeAction is the action a captcha is bound to.
func normalizeAction(a string) string { return strings.ToLower(strings.TrimSpace(a)) }

// purposeOf maps the login box's action to the purpose of its code.
func purposeOf(a string) (string, bool) {
	switch normalizeAction(a) {
	case "signup", "register":
		return purposeSignup, true
	case "forget", "repass", "reset", "resetpassword":
		return purposeReset, true
	}
	return "", false
}

func (s *Credentials) codeHash(id int64, code string) string {
	return hex.EncodeToString(s.keys.codeHash.MAC("code", strconv.FormatInt(id, 10), code))
}

// codeSign binds a code (by id) to its target and purpose.
func (s *Credentials) codeSign(stage string, id int64, target, purpose string) string {
	sum := s.keys.codeSign.MAC(stage, strconv.FormatInt(id, 10), target, purpose)
	return stage + "." + strconv.FormatInt(id, 10) + "." + base64.RawURLEncoding.EncodeToString(sum)
}

// parseCodeSign returns the stage and code id of a sign made for target
// and purpose; ok is false for anything else.
func (s *Credentials) parseCodeSign(sign, target, purpose string) (stage string, id int64, ok bool) {
	parts := strings.Split(sign, ".")
	if len(parts) != 3 || (parts[0] != stageSent && parts[0] != stageVerified) {
		return "", 0, false
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || id <= 0 {
		return "", 0, false
	}
	if !hmac.Equal([]byte(sign), []byte(s.codeSign(parts[0], id, target, purpose))) {
		return "", 0, false
	}
	return parts[0], id, true
}

// issueCode makes a new code the target's live one. It returns the code and
// its id, or errCodeTooSoon when the target got one less than codeResend ago.
func (s *Credentials) issueCode(ctx context.Context, target, purpose string) (string, int64, error) {
	code, err := randomDigits(codeDigits)
	if err != nil {
		return "", 0, err
	}
	now := s.now()
	c := persistence.VerificationCode{
		ID: s.db.NewID(), Target: target, Purpose: purpose,
		CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(now.Add(codeTTL)),
	}
	c.CodeHash = s.codeHash(c.ID, code)
	err = s.db.Codes().Issue(ctx, &c, persistence.Millis(now.Add(-codeResend)))
	if errors.Is(err, persistence.ErrTooSoon) {
		return "", 0, s.tooSoon(ctx, target)
	}
	if err != nil {
		return "", 0, fmt.Errorf("auth: issue code: %w", err)
	}
	return code, c.ID, nil
}

// checkResend returns errCodeTooSoon when the target got a code less than
// codeResend ago. Issuing checks again atomically; this early look spares
// the caller's captcha.
func (s *Credentials) checkResend(ctx context.Context, target string) error {
	at, err := s.db.Codes().LastIssued(ctx, target)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auth: check resend: %w", err)
	}
	if wait := time.UnixMilli(at).Add(codeResend).Sub(s.now()); wait > 0 {
		return errCodeTooSoon(int((wait + time.Second - 1) / time.Second))
	}
	return nil
}

func (s *Credentials) tooSoon(ctx context.Context, target string) error {
	if err := s.checkResend(ctx, target); err != nil {
		return err
	}
	return errCodeTooSoon(int(codeResend / time.Second))
}

// checkCode checks the code proof for target and purpose: a sent sign with
// the code, or a verified sign alone. A wrong code counts against the code,
// which locks after maxCodeAttempts. The code is not used up: it returns
// the code's id, for consumeCode once everything else passed.
func (s *Credentials) checkCode(ctx context.Context, v credential.VerificationFields, target, purpose string) (int64, error) {
	input := strings.TrimSpace(v.VerificationInput)
	if v.VerificationSign == "" {
		return 0, ErrRequiredCode
	}
	stage, id, ok := s.parseCodeSign(v.VerificationSign, target, purpose)
	if !ok {
		return 0, ErrCodeExpired
	}
	if stage == stageSent && input == "" {
		return 0, ErrRequiredCode
	}
	c, err := s.db.Codes().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return 0, ErrCodeExpired
	}
	if err != nil {
		return 0, fmt.Errorf("auth: check code: %w", err)
	}
	now := persistence.Millis(s.now())
	switch {
	case c.Target != target || c.Purpose != purpose || c.UsedAt != 0 || c.ExpiresAt <= now:
		return 0, ErrCodeExpired
	case c.Attempts >= maxCodeAttempts:
		return 0, ErrCodeLocked
	}
	if stage == stageSent && !hmac.Equal([]byte(c.CodeHash), []byte(s.codeHash(c.ID, input))) {
		n, err := s.db.Codes().AddAttempt(ctx, c.ID)
		if errors.Is(err, persistence.ErrNotFound) {
			return 0, ErrCodeExpired
		}
		if err != nil {
			return 0, fmt.Errorf("auth: check code: %w", err)
		}
		if n >= maxCodeAttempts {
			return 0, ErrCodeLocked
		}
		return 0, errCodeInvalid(maxCodeAttempts - n)
	}
	return c.ID, nil
}

// consumeCode uses up the code a checkCode without consume passed; of
// concurrent requests on any nodes, one succeeds.
func (s *Credentials) consumeCode(ctx context.Context, id int64) error {
	err := s.db.Codes().Consume(ctx, id, persistence.Millis(s.now()), maxCodeAttempts)
	if errors.Is(err, persistence.ErrNotFound) {
		return ErrCodeExpired
	}
	if err != nil {
		return fmt.Errorf("auth: use code: %w", err)
	}
	return nil
}
