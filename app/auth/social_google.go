package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// socialGoogle signs in with Google through OpenID Connect: discovery,
// the code flow with a nonce and PKCE, and the verified ID token's claims.
type socialGoogle struct {
	client     OAuthClient
	issuer     string
	httpClient *http.Client

	mu       sync.Mutex
	provider *oidc.Provider // guarded by mu; nil until discovery succeeds
}

func newGoogle(cfg SocialConfig, client *http.Client) *socialGoogle {
	return &socialGoogle{
		client:     cfg.Google,
		issuer:     strings.TrimSuffix(socialOr(cfg.GoogleIssuer, DefaultGoogleIssuer), "/"),
		httpClient: client,
	}
}

func (g *socialGoogle) clientID() string { return g.client.ID }

func (g *socialGoogle) scopes() []string {
	return []string{oidc.ScopeOpenID, "profile", "email"}
}

// discover returns the issuer's provider, fetching its discovery document
// on first use; a failed fetch is retried by the next call.
func (g *socialGoogle) discover(ctx context.Context) (*oidc.Provider, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.provider != nil {
		return g.provider, nil
	}
	p, err := oidc.NewProvider(socialHTTPContext(ctx, g.httpClient), g.issuer)
	if err != nil {
		return nil, fmt.Errorf("google: discovery at %s: %w", g.issuer, err)
	}
	g.provider = p
	return p, nil
}

func (g *socialGoogle) config(p *oidc.Provider, redirectURI string) oauth2.Config {
	return oauth2.Config{
		ClientID:     g.client.ID,
		ClientSecret: g.client.Secret,
		Endpoint:     p.Endpoint(),
		RedirectURL:  redirectURI,
		Scopes:       g.scopes(),
	}
}

func (g *socialGoogle) authorizationURL(ctx context.Context, redirectURI, state string, f socialFlow) (string, error) {
	p, err := g.discover(ctx)
	if err != nil {
		return "", err
	}
	conf := g.config(p, redirectURI)
	return conf.AuthCodeURL(state, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier)), nil
}

func (g *socialGoogle) profile(ctx context.Context, redirectURI, code string, f socialFlow) (socialProfile, error) {
	p, err := g.discover(ctx)
	if err != nil {
		return socialProfile{}, err
	}
	ctx = socialHTTPContext(ctx, g.httpClient)
	conf := g.config(p, redirectURI)
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return socialProfile{}, fmt.Errorf("google: exchange: %w", classifyOAuthError(err))
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return socialProfile{}, errors.New("google: the token reply has no id_token")
	}
	idToken, err := p.Verifier(&oidc.Config{ClientID: g.client.ID}).Verify(ctx, raw)
	if err != nil {
		return socialProfile{}, fmt.Errorf("google: id token: %w", err)
	}
	if idToken.Nonce != f.Nonce {
		return socialProfile{}, errors.New("google: id token: the nonce is not this login's")
	}
	var claims struct {
		Email             string    `json:"email"`
		EmailVerified     claimBool `json:"email_verified"`
		Name              string    `json:"name"`
		PreferredUsername string    `json:"preferred_username"`
		Picture           string    `json:"picture"`
	}
	if err := idToken.Claims(&claims); err != nil {
		return socialProfile{}, fmt.Errorf("google: id token claims: %w", err)
	}
	return socialProfile{
		Subject:       idToken.Subject,
		Login:         claims.PreferredUsername,
		Name:          claims.Name,
		AvatarURL:     claims.Picture,
		Email:         claims.Email,
		EmailVerified: bool(claims.EmailVerified),
	}, nil
}

// claimBool reads a boolean claim that some issuers send as "true"/"false".
type claimBool bool

// UnmarshalJSON accepts true, false, "true" and "false".
func (b *claimBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*b = claimBool(v)
	case string:
		*b = claimBool(strings.EqualFold(v, "true"))
	default:
		*b = false
	}
	return nil
}
