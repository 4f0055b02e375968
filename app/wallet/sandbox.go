package wallet

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"souk/app/action"
	"souk/app/internal/signed"
	"souk/app/member"
	"souk/persistence"
)

// SandboxName is the sandbox provider's name.
const SandboxName = "sandbox"

// CallbackPath is where the providers' callbacks arrive, followed by the
// provider's name.
const CallbackPath = "/api/pay/callback/"

// CallbackWindow is how old a callback's timestamp may be.
const CallbackWindow = 5 * time.Minute

// Headers of a sandbox callback.
const (
	HeaderTimestamp = "X-Sandbox-Timestamp"
	HeaderNonce     = "X-Sandbox-Nonce"
	HeaderSignature = "X-Sandbox-Signature"
)

// MaxCallbackBytes bounds a callback's body.
const MaxCallbackBytes = 16 << 10

// SandboxConfig wires a Sandbox.
type SandboxConfig struct {
	// Secret is the node secret: the sandbox's signing keys derive from it.
	Secret []byte
	// PublicURL is the site's address, without a trailing slash.
	PublicURL string
	// CallbackURL is where Pay POSTs the callback.
	CallbackURL string
	Client      *http.Client
	Now         func() time.Time
}

// Sandbox is a payment provider for trying the site without money: its
// checkout is the site's own confirm page (/pay/sandbox/{id}?t={token}),
// and paying there makes the sandbox POST a signed callback to the site,
// over HTTP, exactly as a real provider's webhook arrives. It is safe for
// concurrent use.
type Sandbox struct {
	cfg SandboxConfig
	// tokens signs the confirm page's token of a payment.
	tokens signed.Key
	// callbacks signs the callbacks.
	callbacks signed.Key
}

var _ Provider = (*Sandbox)(nil)

// NewSandbox returns the sandbox provider.
func NewSandbox(cfg SandboxConfig) *Sandbox {
	return &Sandbox{cfg: cfg, tokens: signed.NewKey(cfg.Secret, "souk sandbox payment token"),
		callbacks: signed.NewKey(cfg.Secret, "souk sandbox callback")}
}

// Name is SandboxName.
func (p *Sandbox) Name() string { return SandboxName }

// Create returns the confirm page of the payment in the member's language.
func (p *Sandbox) Create(ctx context.Context, pay persistence.Payment) (Checkout, error) {
	prefix := ""
	if lang := action.RequestFrom(ctx).Lang; lang != action.DefaultLang {
		prefix = "/" + lang
	}
	id := member.FormatID(pay.ID)
	return Checkout{
		URL:         p.cfg.PublicURL + prefix + "/pay/sandbox/" + id + "?t=" + url.QueryEscape(p.Token(pay.ID)),
		ProviderRef: "sandbox-" + id,
	}, nil
}

// Token is the confirm page's token of a payment: whoever holds the page's
// URL may see and pay it (the QR code is the member's to show).
func (p *Sandbox) Token(paymentID int64) string {
	return p.tokens.Sign(member.FormatID(paymentID))
}

// ValidToken reports whether token is the payment's.
func (p *Sandbox) ValidToken(paymentID int64, token string) bool {
	return token != "" && p.tokens.Verify(token, member.FormatID(paymentID))
}

// sandboxCallback is the body of a sandbox callback.
type sandboxCallback struct {
	PaymentID   string `json:"paymentId"`
	Asset       string `json:"asset"`
	Amount      int64  `json:"amount" doc:"minor units"`
	ProviderRef string `json:"providerRef"`
}

// Pay plays the provider confirming the payment: it POSTs the signed
// callback to the site and returns once the site accepted it.
func (p *Sandbox) Pay(ctx context.Context, pay persistence.Payment) error {
	body, err := json.Marshal(sandboxCallback{PaymentID: member.FormatID(pay.ID), Asset: pay.Asset, Amount: pay.Amount,
		ProviderRef: "sandbox-" + member.FormatID(pay.ID)})
	if err != nil {
		return fmt.Errorf("sandbox: encode the callback: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.cfg.CallbackURL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sandbox: callback request: %w", err)
	}
	for k, v := range p.SignedHeaders(body, newNonce(), p.cfg.Now()) {
		req.Header.Set(k, v)
	}
	res, err := p.cfg.Client.Do(req)
	if err != nil {
		return fmt.Errorf("sandbox: post the callback: %w", err)
	}
	defer res.Body.Close()
	reply, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
	if res.StatusCode != http.StatusOK {
		return &CallbackRefused{Status: res.StatusCode, Body: string(reply)}
	}
	return nil
}

// CallbackRefused is Pay's error when the site answered the callback
// with another status than 200.
type CallbackRefused struct {
	Status int
	Body   string
}

func (e *CallbackRefused) Error() string {
	return fmt.Sprintf("sandbox: the callback was refused: %d %s", e.Status, e.Body)
}

// SignedHeaders are the headers of the callback carrying body, signed at
// now with nonce (tests make forged, stale and replayed ones from them).
func (p *Sandbox) SignedHeaders(body []byte, nonce string, now time.Time) map[string]string {
	signature, stamp := p.callbacks.SignStamped(now, nonce, string(body))
	return map[string]string{"Content-Type": "application/json", HeaderTimestamp: stamp, HeaderNonce: nonce,
		HeaderSignature: signature}
}

// ParseCallback verifies the signature of the body, nonce and timestamp
// and that the timestamp is within CallbackWindow, then reads the body.
func (p *Sandbox) ParseCallback(cb Callback) (Confirmation, error) {
	body := cb.Body
	if len(body) > MaxCallbackBytes {
		return Confirmation{}, ErrCallbackForged
	}
	stamp, nonce := cb.Header(HeaderTimestamp), cb.Header(HeaderNonce)
	if nonce == "" || len(nonce) > 64 ||
		!p.callbacks.VerifyStamped(cb.Header(HeaderSignature), stamp, p.cfg.Now(), CallbackWindow, nonce, string(body)) {
		return Confirmation{}, ErrCallbackForged
	}
	at, _ := signed.Fresh(stamp, p.cfg.Now(), CallbackWindow)
	var paid sandboxCallback
	if err := json.Unmarshal(body, &paid); err != nil {
		return Confirmation{}, ErrCallbackMismatch
	}
	id, err := strconv.ParseInt(paid.PaymentID, 10, 64)
	if err != nil || id <= 0 {
		return Confirmation{}, ErrCallbackMismatch
	}
	return Confirmation{PaymentID: id, Asset: paid.Asset, Amount: paid.Amount, ProviderRef: paid.ProviderRef, Nonce: nonce, At: at}, nil
}

// newNonce is 16 random bytes in hex.
func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
