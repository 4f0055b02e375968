package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/mojocn/base64Captcha"

	"souk/app/internal/credential"
	"souk/persistence"
)

// Captchas are stateless when issued: the sign is an HMAC, keyed from the
// node secret, over the answer, the phone or email and the action it is
// for, the issue time and a random nonce; so any node can check an answer.
// A captcha that was used, or answered wrongly, is recorded by its nonce in
// the database until it expires, so no node accepts it again.
const (
	// captchaTTL is how long a captcha may be answered.
	captchaTTL = 5 * time.Minute
	// captchaDigits is the length of the answer.
	captchaDigits = 5
)

// captchaDriver draws the picture (PNG).
var captchaDriver = base64Captcha.NewDriverDigit(80, 240, captchaDigits, 0.7, 80)

var captchaB64 = base64.RawURLEncoding

// newCaptcha draws a captcha for target and action.
func (s *Credentials) newCaptcha(target, action string) (image, sign string, issued int64, err error) {
	answer, err := randomDigits(captchaDigits)
	if err != nil {
		return "", "", 0, err
	}
	item, err := captchaDriver.DrawCaptcha(answer)
	if err != nil {
		return "", "", 0, fmt.Errorf("auth: draw captcha: %w", err)
	}
	nonceBytes := make([]byte, 16)
	if _, err := rand.Read(nonceBytes); err != nil {
		return "", "", 0, fmt.Errorf("auth: captcha nonce: %w", err)
	}
	nonce := captchaB64.EncodeToString(nonceBytes)
	issued = persistence.Millis(s.now())
	sign = nonce + "." + captchaB64.EncodeToString(s.captchaMAC(answer, target, action, issued, nonce))
	if s.dev {
		s.log.Info("dev: captcha answer", "answer", answer, "captchaSign", sign, "target", target, "action", action)
	}
	return item.EncodeB64string(), sign, issued, nil
}

func (s *Credentials) captchaMAC(answer, target, action string, issued int64, nonce string) []byte {
	return s.keys.captcha.MAC("captcha", normalizeAnswer(answer), target, action, strconv.FormatInt(issued, 10), nonce)
}

func normalizeAnswer(a string) string {
	return strings.ToLower(strings.Join(strings.Fields(a), ""))
}

// checkCaptcha checks an answer for target and action without using the
// captcha up, and returns its nonce. A wrong answer voids the captcha, so
// that its answer cannot be guessed by trying: the client fetches a new one.
func (s *Credentials) checkCaptcha(ctx context.Context, c credential.CaptchaFields, target, action string) (string, error) {
	nonce, sum, ok := strings.Cut(c.CaptchaSign, ".")
	got, err := captchaB64.DecodeString(sum)
	if !ok || nonce == "" || err != nil {
		return "", ErrCaptchaExpired
	}
	now := persistence.Millis(s.now())
	issued := int64(c.Timestamp)
	if issued <= 0 || now-issued > captchaTTL.Milliseconds() || issued-now > time.Minute.Milliseconds() {
		return "", ErrCaptchaExpired
	}
	used, err := s.db.Codes().CaptchaUsed(ctx, nonce)
	if err != nil {
		return "", fmt.Errorf("auth: check captcha: %w", err)
	}
	if used {
		return "", ErrCaptchaExpired
	}
	// A captcha drawn before the person typed their phone or email (no
	// target) passes for any: being single use, it gains an attacker nothing.
	right := hmac.Equal(got, s.captchaMAC(c.CaptchaInput, target, action, issued, nonce)) ||
		hmac.Equal(got, s.captchaMAC(c.CaptchaInput, "", action, issued, nonce))
	if !right {
		// Void it. The nonce alone proves nothing, so recording a forged
		// one costs a row that the purge removes.
		err := s.db.Codes().UseCaptcha(ctx, nonce, issued+captchaTTL.Milliseconds())
		if err != nil && !errors.Is(err, persistence.ErrConflict) {
			return "", fmt.Errorf("auth: void captcha: %w", err)
		}
		return "", ErrCaptchaWrong
	}
	return nonce, nil
}

// useCaptcha checks an answer like checkCaptcha and uses the captcha up:
// of concurrent requests on any nodes, one passes.
func (s *Credentials) useCaptcha(ctx context.Context, c credential.CaptchaFields, target, action string) error {
	nonce, err := s.checkCaptcha(ctx, c, target, action)
	if err != nil {
		return err
	}
	s.purgeExpired(ctx)
	err = s.db.Codes().UseCaptcha(ctx, nonce, int64(c.Timestamp)+captchaTTL.Milliseconds())
	if errors.Is(err, persistence.ErrConflict) {
		return ErrCaptchaExpired
	}
	if err != nil {
		return fmt.Errorf("auth: use captcha: %w", err)
	}
	return nil
}

// randomDigits returns n uniformly random decimal digits.
func randomDigits(n int) (string, error) {
	var b strings.Builder
	ten := big.NewInt(10)
	for range n {
		d, err := rand.Int(rand.Reader, ten)
		if err != nil {
			return "", fmt.Errorf("auth: random digits: %w", err)
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String(), nil
}
