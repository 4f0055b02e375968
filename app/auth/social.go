package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"souk/app/action"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

// Keys of the social login providers, as settings' login_box.social lists
// them; the client sends them upper case (GITHUB, GOOGLE, WECHAT).
const (
	SocialGitHub = sitesettings.SocialGitHub
	SocialGoogle = sitesettings.SocialGoogle
	SocialWeChat = sitesettings.SocialWeChat
)

// DefaultGoogleIssuer is the OpenID Connect issuer of Google accounts.
const DefaultGoogleIssuer = "https://accounts.google.com"

// The errors of social login.
var (
	// ErrSocialProvider is returned for a provider that is unknown, not
	// configured on this site, or not offered in login_box.social.
	ErrSocialProvider = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.socialProvider"}
	// ErrSocialState is returned when the state of a callback is forged,
	// expired, already used or from another browser.
	ErrSocialState = &action.Error{Status: http.StatusBadRequest, Key: "common.login.error.socialState"}
	// ErrSocialFailed is returned when the provider refuses the code or
	// cannot be reached.
	ErrSocialFailed = &action.Error{Status: http.StatusBadGateway, Key: "common.login.error.socialFailed"}
)

// OAuthClient is the application a site registered with a provider. The
// zero value means the provider is not configured.
type OAuthClient struct {
	ID     string
	Secret string
}

// Configured reports whether both the id and the secret are set.
func (c OAuthClient) Configured() bool { return c.ID != "" && c.Secret != "" }

// Providers lists the keys of the providers whose client is configured.
func (c SocialConfig) Providers() []string {
	var keys []string
	for key, client := range map[string]OAuthClient{SocialGitHub: c.GitHub, SocialGoogle: c.Google, SocialWeChat: c.WeChat} {
		if client.Configured() {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	return keys
}

// SocialConfig configures social login. Zero URLs mean the providers' real
// endpoints; tests point them at fake servers.
type SocialConfig struct {
	// PublicURL is the site's external base URL (scheme and host, maybe a
	// path prefix, no trailing slash); redirect URIs are built on it.
	PublicURL string
	GitHub    OAuthClient
	Google    OAuthClient
	WeChat    OAuthClient
	// GoogleIssuer is the OpenID Connect issuer; empty means DefaultGoogleIssuer.
	GoogleIssuer string
	// GitHubURL serves the authorize and token endpoints; empty means https://github.com.
	GitHubURL string
	// GitHubAPIURL serves /user and /user/emails; empty means https://api.github.com.
	GitHubAPIURL string
	// WeChatOpenURL serves the QR login page; empty means https://open.weixin.qq.com.
	WeChatOpenURL string
	// WeChatAPIURL serves sns/oauth2/access_token and sns/userinfo; empty means https://api.weixin.qq.com.
	WeChatAPIURL string
	// HTTPClient calls the providers; nil means a client with a 10 s timeout.
	HTTPClient *http.Client
}

// socialSessionStarter signs a member in on the current request (Sessions.Start).
type socialSessionStarter interface {
	Start(ctx context.Context, userID int64) error
}

// socialViewerBuilder builds the viewer reply of a member (Viewers.ViewerFor).
type socialViewerBuilder[V any] interface {
	ViewerFor(ctx context.Context, userID int64) (V, error)
}

// socialProfile is what a provider tells about the person who signed in.
type socialProfile struct {
	// Subject identifies the person at the provider; never empty.
	Subject string
	// Login is a handle (GitHub login, preferred username), maybe empty.
	Login string
	// Name is the display name, maybe empty.
	Name      string
	AvatarURL string
	// Email is "" when the provider gave none.
	Email string
	// EmailVerified is true only when the provider vouches for Email.
	EmailVerified bool
}

// socialProvider is one OAuth provider.
type socialProvider interface {
	// clientID is the id the provider knows this site by.
	clientID() string
	// scopes are the scopes asked for.
	scopes() []string
	// authorizationURL is where the browser signs in.
	authorizationURL(ctx context.Context, redirectURI, state string, f socialFlow) (string, error)
	// profile exchanges the code and fetches the person's profile.
	profile(ctx context.Context, redirectURI, code string, f socialFlow) (socialProfile, error)
}

// Social answers utils.socialLogin and auth.socialCallback. V is the
// viewer a sign-in answers with, built through Viewers. It is safe for
// concurrent use.
type Social[V any] struct {
	db        *persistence.DB
	states    socialStates
	sessions  socialSessionStarter
	viewers   socialViewerBuilder[V]
	publicURL string
	// providers holds the configured providers by key; read-only after NewSocial.
	providers map[string]socialProvider
	now       func() time.Time
}

// NewSocial returns the social login service. Only the providers whose
// client is configured in cfg exist; each is offered while
// login_box.social lists it. secret is the node secret that signs states.
// Nothing is fetched from a provider until it is first used.
func NewSocial[V any](cfg SocialConfig, db *persistence.DB, secret []byte, sessions socialSessionStarter, viewers socialViewerBuilder[V]) *Social[V] {
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	providers := make(map[string]socialProvider)
	if cfg.GitHub.Configured() {
		providers[SocialGitHub] = newGitHub(cfg, client)
	}
	if cfg.Google.Configured() {
		providers[SocialGoogle] = newGoogle(cfg, client)
	}
	if cfg.WeChat.Configured() {
		providers[SocialWeChat] = newWeChat(cfg, client)
	}
	return &Social[V]{
		db:        db,
		states:    newSocialStates(secret),
		sessions:  sessions,
		viewers:   viewers,
		publicURL: strings.TrimSuffix(cfg.PublicURL, "/"),
		providers: providers,
		now:       time.Now,
	}
}

// Register adds utils.socialLogin and auth.socialCallback to r.
func (s *Social[V]) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "utils.socialLogin",
		Summary: "Starts a social login: the provider's authorization URL and a signed, single-use state valid 10 minutes. " +
			"A provider not configured or not in login_box.social is refused (400 common.login.error.socialProvider).",
		Access: action.Public,
	}, s.SocialLogin)
	action.Register(r, action.Spec{
		Name: "auth.socialCallback",
		Summary: "Finishes a social login from the /authorize page: checks the state, exchanges the code, links or creates the account and signs in. " +
			"A forged, expired, replayed or another browser's state is refused (400 common.login.error.socialState); " +
			"a code the provider refuses is 400, a provider out of reach 502 (common.login.error.socialFailed).",
		Access: action.Public,
	}, s.SocialCallback)
}

// loginBoxSocial is the part of the login_box settings document
// (settings.KeyLoginBox) that says which providers the site offers.
type loginBoxSocial struct {
	Social []string `json:"social"`
}

// provider returns the provider of key if it is configured and offered,
// else ErrSocialProvider.
func (s *Social[V]) provider(ctx context.Context, key string) (socialProvider, error) {
	p, ok := s.providers[key]
	if !ok {
		return nil, ErrSocialProvider
	}
	var box loginBoxSocial
	err := s.db.Settings().Get(ctx, "login_box", &box)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil, ErrSocialProvider
	}
	if err != nil {
		return nil, fmt.Errorf("social login: read login_box: %w", err)
	}
	if !slices.ContainsFunc(box.Social, func(k string) bool { return strings.EqualFold(k, key) }) {
		return nil, ErrSocialProvider
	}
	return p, nil
}

// redirectURI is the /authorize page the provider sends the browser back
// to; WeChat's carries type=wechat (SPEC.md §2).
func (s *Social[V]) redirectURI(key string) string {
	if key == SocialWeChat {
		return s.publicURL + "/authorize?type=wechat"
	}
	return s.publicURL + "/authorize"
}

// The node's sessions and the viewers of auth are what social login signs in with.
var (
	_ socialSessionStarter     = (*Sessions)(nil)
	_ socialViewerBuilder[any] = (Viewers[any])(nil)
)
