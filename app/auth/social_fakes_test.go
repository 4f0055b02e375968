package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/require"
)

// fakeGitHubUser is a person the fake GitHub signs in.
type fakeGitHubUser struct {
	ID     int64
	Login  string
	Name   string
	Avatar string
	Emails []fakeGitHubEmail
}

type fakeGitHubEmail struct {
	Email    string `json:"email"`
	Primary  bool   `json:"primary"`
	Verified bool   `json:"verified"`
}

// fakeGrant is an issued code: who signed in, and what the token request must match.
type fakeGrant struct {
	user        any
	redirectURI string
	challenge   string
	used        bool
}

// fakeProviders plays GitHub's web flow and REST API and WeChat's QR login
// and sns API on one httptest server. A test queues the person who signs
// in next, follows the authorization URL, and gets the redirect back.
type fakeProviders struct {
	t      *testing.T
	srv    *httptest.Server
	id     string
	secret string

	mu     sync.Mutex
	next   any                   // guarded by mu: the person the next authorization signs in
	grants map[string]*fakeGrant // guarded by mu: by code
	tokens map[string]any        // guarded by mu: access token → person
}

func newFakeProviders(t *testing.T) *fakeProviders {
	f := &fakeProviders{t: t, id: "fake-client", secret: "fake-secret",
		grants: map[string]*fakeGrant{}, tokens: map[string]any{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /github/login/oauth/authorize", f.authorize)
	mux.HandleFunc("POST /github/login/oauth/access_token", f.githubToken)
	mux.HandleFunc("GET /github-api/user", f.githubUser)
	mux.HandleFunc("GET /github-api/user/emails", f.githubEmails)
	mux.HandleFunc("GET /wechat-open/connect/qrconnect", f.authorize)
	mux.HandleFunc("GET /wechat-api/sns/oauth2/access_token", f.wechatToken)
	mux.HandleFunc("GET /wechat-api/sns/userinfo", f.wechatUserinfo)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

// signInNext queues the person the next authorization signs in.
func (f *fakeProviders) signInNext(user any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.next = user
}

func randomHex() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// authorize stands for the person approving the login: it issues a code
// and redirects to redirect_uri with code and state, as both providers do.
func (f *fakeProviders) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	clientID := q.Get("client_id")
	if strings.HasPrefix(r.URL.Path, "/wechat-open/") {
		clientID = q.Get("appid")
		if q.Get("scope") != "snsapi_login" {
			http.Error(w, "bad scope", http.StatusBadRequest)
			return
		}
	}
	if clientID != f.id {
		http.Error(w, "unknown client", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	code := "code-" + randomHex()
	f.grants[code] = &fakeGrant{user: f.next, redirectURI: q.Get("redirect_uri"), challenge: q.Get("code_challenge")}
	f.mu.Unlock()
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	bq := back.Query()
	bq.Set("code", code)
	bq.Set("state", q.Get("state"))
	back.RawQuery = bq.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// redeem spends code and returns a new access token for its person, or "".
func (f *fakeProviders) redeem(code, redirectURI, verifier string, checkPKCE bool) (string, any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.grants[code]
	if !ok || g.used || (redirectURI != "" && g.redirectURI != redirectURI) {
		return "", nil
	}
	if checkPKCE {
		sum := sha256.Sum256([]byte(verifier))
		if g.challenge == "" || base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
			return "", nil
		}
	}
	g.used = true
	token := "token-" + randomHex()
	f.tokens[token] = g.user
	return token, g.user
}

func (f *fakeProviders) githubToken(w http.ResponseWriter, r *http.Request) {
	if r.FormValue("client_id") != f.id || r.FormValue("client_secret") != f.secret {
		writeJSON(w, map[string]string{"error": "incorrect_client_credentials"})
		return
	}
	token, _ := f.redeem(r.FormValue("code"), r.FormValue("redirect_uri"), r.FormValue("code_verifier"), true)
	if token == "" {
		// GitHub answers a bad code with HTTP 200 and an error field.
		writeJSON(w, map[string]string{"error": "bad_verification_code"})
		return
	}
	writeJSON(w, map[string]string{"access_token": token, "token_type": "bearer", "scope": "read:user,user:email"})
}

func (f *fakeProviders) githubPerson(r *http.Request) (fakeGitHubUser, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")].(fakeGitHubUser)
	return u, ok
}

func (f *fakeProviders) githubUser(w http.ResponseWriter, r *http.Request) {
	u, ok := f.githubPerson(r)
	if !ok {
		http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
		return
	}
	writeJSON(w, map[string]any{"id": u.ID, "login": u.Login, "name": u.Name, "avatar_url": u.Avatar})
}

func (f *fakeProviders) githubEmails(w http.ResponseWriter, r *http.Request) {
	u, ok := f.githubPerson(r)
	if !ok {
		http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
		return
	}
	writeJSON(w, append([]fakeGitHubEmail{}, u.Emails...))
}

// fakeWeChatUser is a person the fake WeChat signs in.
type fakeWeChatUser struct {
	OpenID, UnionID, Nickname, HeadImg string
}

func (f *fakeProviders) wechatToken(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("appid") != f.id || q.Get("secret") != f.secret || q.Get("grant_type") != "authorization_code" {
		writeJSON(w, map[string]any{"errcode": 40125, "errmsg": "invalid appsecret"})
		return
	}
	token, person := f.redeem(q.Get("code"), "", "", false)
	if token == "" {
		writeJSON(w, map[string]any{"errcode": 40029, "errmsg": "invalid code"})
		return
	}
	u := person.(fakeWeChatUser)
	writeJSON(w, map[string]any{"access_token": token, "expires_in": 7200, "refresh_token": "r",
		"openid": u.OpenID, "scope": "snsapi_login", "unionid": u.UnionID})
}

func (f *fakeProviders) wechatUserinfo(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	u, ok := f.tokens[r.URL.Query().Get("access_token")].(fakeWeChatUser)
	f.mu.Unlock()
	if !ok || r.URL.Query().Get("openid") != u.OpenID {
		writeJSON(w, map[string]any{"errcode": 40001, "errmsg": "invalid credential"})
		return
	}
	writeJSON(w, map[string]any{"openid": u.OpenID, "nickname": u.Nickname, "sex": 1,
		"headimgurl": u.HeadImg, "privilege": []string{}, "unionid": u.UnionID})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// oidcUser is a person the mock OIDC server signs in, with the name and
// picture claims Google sends.
type oidcUser struct {
	Subject, Email, Name, Picture string
	EmailVerified                 bool
}

func (u oidcUser) ID() string { return u.Subject }

func (u oidcUser) Userinfo([]string) ([]byte, error) {
	return json.Marshal(map[string]any{"sub": u.Subject, "email": u.Email, "name": u.Name})
}

func (u oidcUser) Claims(_ []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &struct {
		*mockoidc.IDTokenClaims
		Email         string `json:"email,omitempty"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name,omitempty"`
		Picture       string `json:"picture,omitempty"`
	}{base, u.Email, u.EmailVerified, u.Name, u.Picture}, nil
}

// newMockOIDC starts a mock OpenID Connect server standing for Google.
func newMockOIDC(t *testing.T) *mockoidc.MockOIDC {
	m, err := mockoidc.Run()
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Shutdown() })
	return m
}
