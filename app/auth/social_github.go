package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/oauth2"
)

// socialGitHub signs in with a GitHub OAuth app: the web flow with PKCE,
// then the REST API's /user and /user/emails.
type socialGitHub struct {
	oauth  oauth2.Config // RedirectURL is set per call
	apiURL string
	client *http.Client
}

func newGitHub(cfg SocialConfig, client *http.Client) *socialGitHub {
	base := strings.TrimSuffix(socialOr(cfg.GitHubURL, "https://github.com"), "/")
	return &socialGitHub{
		oauth: oauth2.Config{
			ClientID:     cfg.GitHub.ID,
			ClientSecret: cfg.GitHub.Secret,
			Endpoint: oauth2.Endpoint{
				AuthURL:   base + "/login/oauth/authorize",
				TokenURL:  base + "/login/oauth/access_token",
				AuthStyle: oauth2.AuthStyleInParams,
			},
			Scopes: []string{"read:user", "user:email"},
		},
		apiURL: strings.TrimSuffix(socialOr(cfg.GitHubAPIURL, "https://api.github.com"), "/"),
		client: client,
	}
}

func (g *socialGitHub) clientID() string { return g.oauth.ClientID }

func (g *socialGitHub) scopes() []string { return g.oauth.Scopes }

func (g *socialGitHub) authorizationURL(_ context.Context, redirectURI, state string, f socialFlow) (string, error) {
	conf := g.oauth
	conf.RedirectURL = redirectURI
	return conf.AuthCodeURL(state, oauth2.S256ChallengeOption(f.Verifier)), nil
}

func (g *socialGitHub) profile(ctx context.Context, redirectURI, code string, f socialFlow) (socialProfile, error) {
	conf := g.oauth
	conf.RedirectURL = redirectURI
	ctx = socialHTTPContext(ctx, g.client)
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return socialProfile{}, fmt.Errorf("github: exchange: %w", classifyOAuthError(err))
	}
	var user struct {
		ID        int64  `json:"id"`
		Login     string `json:"login"`
		Name      string `json:"name"`
		AvatarURL string `json:"avatar_url"`
	}
	if err := g.get(ctx, tok.AccessToken, "/user", &user); err != nil {
		return socialProfile{}, err
	}
	if user.ID == 0 {
		return socialProfile{}, errors.New("github: /user has no id")
	}
	var emails []struct {
		Email    string `json:"email"`
		Primary  bool   `json:"primary"`
		Verified bool   `json:"verified"`
	}
	if err := g.get(ctx, tok.AccessToken, "/user/emails", &emails); err != nil {
		return socialProfile{}, err
	}
	prof := socialProfile{
		Subject:   strconv.FormatInt(user.ID, 10),
		Login:     user.Login,
		Name:      user.Name,
		AvatarURL: user.AvatarURL,
	}
	// The primary address if verified, else the first verified one, else
	// the primary one as an unverified hint.
	for _, e := range emails {
		switch {
		case e.Verified && (e.Primary || !prof.EmailVerified && prof.Email == ""):
			prof.Email, prof.EmailVerified = e.Email, true
		case e.Primary && prof.Email == "":
			prof.Email = e.Email
		}
	}
	return prof, nil
}

// get calls the REST API at path with the user's token and decodes the JSON reply into into.
func (g *socialGitHub) get(ctx context.Context, token, path string, into any) error {
	header := http.Header{}
	header.Set("Authorization", "Bearer "+token)
	header.Set("Accept", "application/vnd.github+json")
	header.Set("X-GitHub-Api-Version", "2022-11-28")
	header.Set("User-Agent", "souk")
	if err := socialGetJSON(ctx, g.client, g.apiURL+path, header, into); err != nil {
		return fmt.Errorf("github: %w", err)
	}
	return nil
}

// socialGetJSON GETs rawURL with header and decodes a 200 reply's JSON
// body into into. Errors name the path only: queries may carry secrets.
func socialGetJSON(ctx context.Context, client *http.Client, rawURL string, header http.Header, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fmt.Errorf("GET: %w", withoutURL(err))
	}
	for name, values := range header {
		req.Header[name] = values
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, withoutURL(err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("%s %s: read: %w", req.Method, req.URL.Path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s: %.200s", req.Method, req.URL.Path, resp.Status, body)
	}
	if err := json.Unmarshal(body, into); err != nil {
		return fmt.Errorf("%s %s: decode: %w", req.Method, req.URL.Path, err)
	}
	return nil
}

// withoutURL drops the URL a *url.Error prints, query secrets included.
func withoutURL(err error) error {
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		return urlErr.Err
	}
	return err
}

// classifyOAuthError marks a token endpoint's refusal of the code
// (invalid_grant; GitHub says bad_verification_code) with
// errSocialCodeRefused. Anything else, such as invalid_client, is this
// site's or the provider's fault, not the visitor's.
func classifyOAuthError(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) && (re.ErrorCode == "invalid_grant" || re.ErrorCode == "bad_verification_code") {
		return fmt.Errorf("%w: %w", errSocialCodeRefused, err)
	}
	return err
}

// socialHTTPContext makes oauth2 and go-oidc call through client.
func socialHTTPContext(ctx context.Context, client *http.Client) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, client)
}

func socialOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
