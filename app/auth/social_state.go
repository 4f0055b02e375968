package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"souk/app/internal/signed"
)

// socialStateTTL is how long a social login state is accepted.
const socialStateTTL = 10 * time.Minute

// socialRedirectMax bounds the return path a state carries.
const socialRedirectMax = 512

// A state is base64url(body ‖ mac): body is
//
//	version (1) ‖ id (12) ‖ expiry, unix seconds (4) ‖ visitor binding (8) ‖ provider (1) ‖ return path
//
// and mac the first 16 bytes of HMAC-SHA256 over body with a key derived
// from the node secret. Every node checks it alone; only its id is stored,
// once used, to refuse replays. The nonce and the PKCE verifier are derived
// from the id with keys of their own, so they never travel in the state.
const (
	socialStateVersion   = 1
	socialStateIDLen     = 12
	socialStateBindLen   = 8
	socialStateMACLen    = 16
	socialStateHeaderLen = 1 + socialStateIDLen + 4 + socialStateBindLen + 1
)

// socialStateProviders numbers the providers inside a state; append only.
var socialStateProviders = []string{SocialGitHub, SocialGoogle, SocialWeChat}

var (
	errSocialStateMalformed = errors.New("social state: malformed or forged")
	errSocialStateExpired   = errors.New("social state: expired")
	errSocialStateVisitor   = errors.New("social state: issued to another browser")
)

var socialB64 = base64.RawURLEncoding

// socialClaims is what a state says.
type socialClaims struct {
	id       [socialStateIDLen]byte
	provider string
	expires  time.Time // whole seconds
	visitor  [socialStateBindLen]byte
	redirect string
}

// ID is the id stored once the state is used.
func (c socialClaims) ID() string { return hex.EncodeToString(c.id[:]) }

// socialFlow holds the per-login secrets derived from a state's id.
type socialFlow struct {
	// Nonce binds Google's ID token to this login.
	Nonce string
	// Verifier is the PKCE code verifier (43 characters).
	Verifier string
}

// socialStates signs and checks states with keys derived from the node secret.
type socialStates struct {
	stateKey, nonceKey, pkceKey, visitorKey signed.Key
}

func newSocialStates(secret []byte) socialStates {
	return socialStates{
		stateKey:   signed.NewKey(secret, "souk/social/state"),
		nonceKey:   signed.NewKey(secret, "souk/social/nonce"),
		pkceKey:    signed.NewKey(secret, "souk/social/pkce"),
		visitorKey: signed.NewKey(secret, "souk/social/visitor"),
	}
}

// issue returns new claims for a login with provider, returning to
// redirect, started by the browser visitorID.
func (s socialStates) issue(provider, redirect, visitorID string, now time.Time) (socialClaims, error) {
	c := socialClaims{
		provider: provider,
		expires:  now.Add(socialStateTTL).Truncate(time.Second),
		visitor:  s.bind(visitorID),
		redirect: socialRedirect(redirect),
	}
	if _, err := rand.Read(c.id[:]); err != nil {
		return c, err
	}
	return c, nil
}

func (s socialStates) bind(visitorID string) (b [socialStateBindLen]byte) {
	copy(b[:], s.visitorKey.Sum([]byte(visitorID)))
	return b
}

// sign encodes c as a state.
func (s socialStates) sign(c socialClaims) string {
	body := make([]byte, socialStateHeaderLen, socialStateHeaderLen+len(c.redirect)+socialStateMACLen)
	body[0] = socialStateVersion
	copy(body[1:], c.id[:])
	binary.BigEndian.PutUint32(body[1+socialStateIDLen:], uint32(c.expires.Unix()))
	copy(body[1+socialStateIDLen+4:], c.visitor[:])
	body[socialStateHeaderLen-1] = byte(slices.Index(socialStateProviders, c.provider))
	body = append(body, c.redirect...)
	return socialB64.EncodeToString(append(body, s.mac(body)...))
}

func (s socialStates) mac(body []byte) []byte {
	return s.stateKey.Sum(body)[:socialStateMACLen]
}

// verify checks state's signature, expiry and browser, and returns what it says.
func (s socialStates) verify(state, visitorID string, now time.Time) (socialClaims, error) {
	raw, err := socialB64.DecodeString(state)
	if err != nil || len(raw) < socialStateHeaderLen+socialStateMACLen {
		return socialClaims{}, errSocialStateMalformed
	}
	body, mac := raw[:len(raw)-socialStateMACLen], raw[len(raw)-socialStateMACLen:]
	if !hmac.Equal(mac, s.mac(body)) || body[0] != socialStateVersion {
		return socialClaims{}, errSocialStateMalformed
	}
	var c socialClaims
	copy(c.id[:], body[1:])
	c.expires = time.Unix(int64(binary.BigEndian.Uint32(body[1+socialStateIDLen:])), 0)
	copy(c.visitor[:], body[1+socialStateIDLen+4:])
	if i := int(body[socialStateHeaderLen-1]); i < len(socialStateProviders) {
		c.provider = socialStateProviders[i]
	} else {
		return socialClaims{}, errSocialStateMalformed
	}
	c.redirect = socialRedirect(string(body[socialStateHeaderLen:]))
	if !now.Before(c.expires) {
		return socialClaims{}, errSocialStateExpired
	}
	if want := s.bind(visitorID); !hmac.Equal(c.visitor[:], want[:]) {
		return socialClaims{}, errSocialStateVisitor
	}
	return c, nil
}

// flow derives the nonce and PKCE verifier of the login c starts.
func (s socialStates) flow(c socialClaims) socialFlow {
	return socialFlow{
		Nonce:    socialB64.EncodeToString(s.nonceKey.Sum(c.id[:])),
		Verifier: socialB64.EncodeToString(s.pkceKey.Sum(c.id[:])),
	}
}

// socialRedirect returns raw if it is a path on this site, else "/": no
// scheme, no host, no protocol-relative "//" or "/\" forms, no control
// characters, and not the /authorize page itself.
func socialRedirect(raw string) string {
	if raw == "" || len(raw) > socialRedirectMax || raw[0] != '/' || strings.HasPrefix(raw, "//") {
		return "/"
	}
	for _, r := range raw {
		if r < 0x20 || r == 0x7f || r == '\\' {
			return "/"
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	switch strings.TrimSuffix(u.Path, "/") {
	case "/authorize", "/en/authorize", "/es/authorize":
		return "/"
	}
	return raw
}
