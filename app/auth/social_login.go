package auth

import (
	"context"
	"fmt"
	"strings"

	"souk/app/action"
)

// SocialLoginInput is the data of utils.socialLogin.
type SocialLoginInput struct {
	Provider string `json:"provider" doc:"GITHUB, GOOGLE or WECHAT"`
	Redirect string `json:"redirect,omitempty" doc:"the page to return to, a path on this site; anything else means /"`
}

// Validate checks that a provider is named.
func (in *SocialLoginInput) Validate() error {
	if strings.TrimSpace(in.Provider) == "" {
		return action.Required("provider")
	}
	return nil
}

// SocialLoginReply is the reply of utils.socialLogin.
type SocialLoginReply struct {
	Guaqi struct {
		Utils struct {
			SocialLogin SocialLoginStart `json:"socialLogin"`
		} `json:"utils"`
	} `json:"guaqi"`
}

// SocialLoginStart is what the client needs to send the browser to the provider.
type SocialLoginStart struct {
	Name             string `json:"name" doc:"the provider's key: github, google or wechat"`
	ClientID         string `json:"clientId" doc:"the site's client id (WeChat: appid, for the QR widget)"`
	State            string `json:"state" doc:"signed, single use, valid 10 minutes, bound to the visitorId"`
	AuthorizationURL string `json:"authorizationUrl" doc:"where to send the browser"`
	RedirectURI      string `json:"redirectUri" doc:"the /authorize address the provider returns to (WeChat's QR widget needs it)"`
	Scope            string `json:"scope" doc:"the scopes asked for, space separated"`
}

// SocialLogin starts a social login with the provider the client chose.
func (s *Social[V]) SocialLogin(ctx context.Context, in SocialLoginInput) (SocialLoginReply, error) {
	var reply SocialLoginReply
	key := strings.ToLower(strings.TrimSpace(in.Provider))
	p, err := s.provider(ctx, key)
	if err != nil {
		return reply, err
	}
	req := action.RequestFrom(ctx)
	claims, err := s.states.issue(key, in.Redirect, req.VisitorID, s.now())
	if err != nil {
		return reply, fmt.Errorf("social login: %s: new state: %w", key, err)
	}
	state := s.states.sign(claims)
	redirectURI := s.redirectURI(key)
	authURL, err := p.authorizationURL(ctx, redirectURI, state, s.states.flow(claims))
	if err != nil {
		return reply, s.providerFailure(ctx, key, "authorization url", err)
	}
	reply.Guaqi.Utils.SocialLogin = SocialLoginStart{
		Name:             key,
		ClientID:         p.clientID(),
		State:            state,
		AuthorizationURL: authURL,
		RedirectURI:      redirectURI,
		Scope:            strings.Join(p.scopes(), " "),
	}
	return reply, nil
}
