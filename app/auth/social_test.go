package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/oauth2-proxy/mockoidc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/persistence"
)

// testViewer is the viewer the fake account service builds.
type testViewer struct {
	DatabaseID int64  `json:"databaseId"`
	Name       string `json:"name"`
	Slug       string `json:"gqSlug"`
	Avatar     string `json:"avatar"`
	Email      string `json:"email"`
	Level      string `json:"gqLevel"`
}

// fakeAccounts starts sessions and builds viewers from the users store.
type fakeAccounts struct {
	db      *persistence.DB
	mu      sync.Mutex
	started []int64 // guarded by mu
}

func (a *fakeAccounts) Start(ctx context.Context, userID int64) error {
	a.mu.Lock()
	a.started = append(a.started, userID)
	a.mu.Unlock()
	action.RequestFrom(ctx).SignIn(action.Session{AccessToken: fmt.Sprint("access-", userID)})
	return nil
}

func (a *fakeAccounts) ViewerFor(ctx context.Context, userID int64) (testViewer, error) {
	u, err := a.db.Users().Get(ctx, userID)
	if err != nil {
		return testViewer{}, err
	}
	return testViewer{DatabaseID: u.ID, Name: u.Name, Slug: u.Slug, Avatar: u.AvatarURL, Email: u.Email, Level: u.LevelKey}, nil
}

// socialHarness is a site with social login against local fake providers.
type socialHarness struct {
	t        *testing.T
	db       *persistence.DB
	fake     *fakeProviders
	oidc     *mockoidc.MockOIDC
	accounts *fakeAccounts
	social   *Social[testViewer]
	reg      *action.Registry
	visitor  string
	cfg      SocialConfig
	secret   []byte
}

func newSocialHarness(t *testing.T, change func(*SocialConfig)) *socialHarness {
	t.Helper()
	ctx := t.Context()
	db, err := persistence.Open(ctx, persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	require.NoError(t, db.Settings().Put(ctx, "login_box", map[string]any{
		"login_type": []string{"email"}, "social": []string{"wechat", "github", "google"}}))
	for _, l := range []persistence.Level{
		{Kind: persistence.LevelKindGrowth, Key: "lv2", Rank: 2},
		{Kind: persistence.LevelKindGrowth, Key: "lv1", Rank: 1},
	} {
		require.NoError(t, db.Levels().Upsert(ctx, l))
	}

	fake := newFakeProviders(t)
	mock := newMockOIDC(t)
	cfg := SocialConfig{
		PublicURL:     "https://souk.example",
		GitHub:        OAuthClient{ID: fake.id, Secret: fake.secret},
		WeChat:        OAuthClient{ID: fake.id, Secret: fake.secret},
		Google:        OAuthClient{ID: mock.ClientID, Secret: mock.ClientSecret},
		GoogleIssuer:  mock.Issuer(),
		GitHubURL:     fake.srv.URL + "/github",
		GitHubAPIURL:  fake.srv.URL + "/github-api",
		WeChatOpenURL: fake.srv.URL + "/wechat-open",
		WeChatAPIURL:  fake.srv.URL + "/wechat-api",
	}
	if change != nil {
		change(&cfg)
	}
	accounts := &fakeAccounts{db: db}
	secret := []byte("0123456789abcdef0123456789abcdef")
	h := &socialHarness{
		t: t, db: db, fake: fake, accounts: accounts, visitor: "visitor-1", oidc: mock, cfg: cfg, secret: secret,
		social: NewSocial(cfg, db, secret, accounts, accounts),
		reg:    action.NewRegistry(),
	}
	h.social.Register(h.reg)
	return h
}

// call runs an action as the harness's browser and returns its reply and request.
func (h *socialHarness) call(name string, data any) (any, *action.Request, error) {
	h.t.Helper()
	raw, err := json.Marshal(data)
	require.NoError(h.t, err)
	req := &action.Request{Action: name, Lang: "en", VisitorID: h.visitor}
	out, err := h.reg.Call(action.WithRequest(h.t.Context(), req), name, raw)
	return out, req, err
}

// start calls utils.socialLogin.
func (h *socialHarness) start(provider, redirect string) (SocialLoginStart, error) {
	h.t.Helper()
	out, _, err := h.call("utils.socialLogin", map[string]string{"provider": provider, "redirect": redirect})
	if err != nil {
		return SocialLoginStart{}, err
	}
	return out.(SocialLoginReply).Guaqi.Utils.SocialLogin, nil
}

// authorize plays the browser at the provider: it follows the
// authorization URL and returns the query of the /authorize page the
// provider sends it back to.
func (h *socialHarness) authorize(start SocialLoginStart) url.Values {
	h.t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(start.AuthorizationURL)
	require.NoError(h.t, err)
	require.NoError(h.t, resp.Body.Close())
	require.Equal(h.t, http.StatusFound, resp.StatusCode, "the provider should redirect back")
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(h.t, err)
	require.Equal(h.t, "souk.example", back.Host)
	require.Equal(h.t, "/authorize", back.Path)
	return back.Query()
}

// finish calls auth.socialCallback with the query of the /authorize page.
func (h *socialHarness) finish(q url.Values) (SocialLoginResult[testViewer], *action.Request, error) {
	h.t.Helper()
	data := map[string]string{"code": q.Get("code"), "state": q.Get("state")}
	if q.Get("type") != "" {
		data["type"] = q.Get("type")
	}
	out, req, err := h.call("auth.socialCallback", data)
	if err != nil {
		return SocialLoginResult[testViewer]{}, req, err
	}
	return out.(SocialCallbackReply[testViewer]).SocialLogin, req, nil
}

// loginAs runs the whole exchange for the person the provider signs in next.
func (h *socialHarness) loginAs(provider, redirect string) SocialLoginResult[testViewer] {
	h.t.Helper()
	start, err := h.start(provider, redirect)
	require.NoError(h.t, err)
	got, req, err := h.finish(h.authorize(start))
	require.NoError(h.t, err)
	_, _, changed := req.SessionChange()
	require.True(h.t, changed, "the callback signs the member in")
	return got
}

func (h *socialHarness) link(provider, subject string) (persistence.SocialAccount, error) {
	return h.db.Social().Get(h.t.Context(), provider, subject)
}

func requireActionError(t *testing.T, want *action.Error, err error) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, want, action.AsError(err), "got %v", err)
}

func TestSocialGitHubCreatesThenReuses(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	octo := fakeGitHubUser{ID: 583231, Login: "Octo.Cat", Name: "The Octocat", Avatar: "https://avatars.example/u/583231",
		Emails: []fakeGitHubEmail{{Email: "octo@users.example", Primary: true, Verified: true}}}

	start, err := h.start("GITHUB", "/en/community")
	require.NoError(t, err)
	assert.Equal(t, "github", start.Name)
	assert.Equal(t, h.fake.id, start.ClientID)
	assert.Equal(t, "https://souk.example/authorize", start.RedirectURI)
	auth, err := url.Parse(start.AuthorizationURL)
	require.NoError(t, err)
	assert.Equal(t, "S256", auth.Query().Get("code_challenge_method"))
	assert.Equal(t, start.State, auth.Query().Get("state"))

	h.fake.signInNext(octo)
	got, _, err := h.finish(h.authorize(start))
	require.NoError(t, err)
	assert.Equal(t, "/en/community", got.Redirect)
	assert.Equal(t, "The Octocat", got.User.Name)
	assert.Equal(t, "octo-cat", got.User.Slug)
	assert.Equal(t, "https://avatars.example/u/583231", got.User.Avatar)
	assert.Equal(t, "octo@users.example", got.User.Email, "a verified email nobody has is kept")
	assert.Equal(t, "lv1", got.User.Level, "new members start at the lowest growth level")
	link, err := h.link("github", "583231")
	require.NoError(t, err)
	assert.Equal(t, got.User.DatabaseID, link.UserID)

	h.fake.signInNext(octo)
	again := h.loginAs("GITHUB", "")
	assert.Equal(t, got.User.DatabaseID, again.User.DatabaseID, "the second login reuses the link")
	assert.Equal(t, "/", again.Redirect)
	assert.Equal(t, []int64{got.User.DatabaseID, got.User.DatabaseID}, h.accounts.started)
}

func TestSocialGitHubVerifiedEmailLinksExistingMember(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	ana := persistence.User{Name: "Ana", Slug: "ana", Email: "ana@souk.dev", LevelKey: "lv2"}
	require.NoError(t, h.db.Users().Create(t.Context(), &ana))

	h.fake.signInNext(fakeGitHubUser{ID: 7, Login: "ana-gh", Emails: []fakeGitHubEmail{
		{Email: "ana@old.example", Primary: false, Verified: false},
		{Email: "ANA@souk.dev", Primary: true, Verified: true},
	}})
	got := h.loginAs("GITHUB", "/")
	assert.Equal(t, ana.ID, got.User.DatabaseID, "linked to the member with the verified email")
	assert.Equal(t, "Ana", got.User.Name, "the member's own profile is left alone")
	link, err := h.link("github", "7")
	require.NoError(t, err)
	assert.Equal(t, ana.ID, link.UserID)
}

func TestSocialGoogleUnverifiedEmailIsNotLinked(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	bob := persistence.User{Name: "Bob", Slug: "bob", Email: "bob@souk.dev", LevelKey: "lv2"}
	require.NoError(t, h.db.Users().Create(t.Context(), &bob))

	h.oidc.QueueUser(oidcUser{Subject: "g-bob", Email: "bob@souk.dev", EmailVerified: false,
		Name: "Bob Impostor", Picture: "https://lh3.example/bob.png"})
	got := h.loginAs("GOOGLE", "/es/cart")
	assert.NotEqual(t, bob.ID, got.User.DatabaseID, "an unverified email must not take over an account")
	assert.Equal(t, "Bob Impostor", got.User.Name)
	assert.Equal(t, "bob-impostor", got.User.Slug)
	assert.Empty(t, got.User.Email, "an unverified email is not kept")
	assert.Equal(t, "/es/cart", got.Redirect)

	// The same person again: the link holds, whatever the email says.
	h.oidc.QueueUser(oidcUser{Subject: "g-bob", Email: "bob@souk.dev", EmailVerified: true})
	again := h.loginAs("GOOGLE", "")
	assert.Equal(t, got.User.DatabaseID, again.User.DatabaseID)
}

func TestSocialGoogleVerifiedEmailLinksExistingMember(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	cy := persistence.User{Name: "Cy", Slug: "cy", Email: "cy@souk.dev", LevelKey: "lv2"}
	require.NoError(t, h.db.Users().Create(t.Context(), &cy))

	start, err := h.start("GOOGLE", "")
	require.NoError(t, err)
	auth, err := url.Parse(start.AuthorizationURL)
	require.NoError(t, err)
	assert.NotEmpty(t, auth.Query().Get("nonce"))
	assert.Equal(t, "S256", auth.Query().Get("code_challenge_method"))
	assert.Equal(t, "openid profile email", start.Scope)

	h.oidc.QueueUser(oidcUser{Subject: "g-cy", Email: "cy@souk.dev", EmailVerified: true, Name: "Cy G"})
	got, _, err := h.finish(h.authorize(start))
	require.NoError(t, err)
	assert.Equal(t, cy.ID, got.User.DatabaseID)
}

func TestSocialWeChatCreatesWithUnionID(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	start, err := h.start("WECHAT", "/community")
	require.NoError(t, err)
	assert.Equal(t, "https://souk.example/authorize?type=wechat", start.RedirectURI)
	assert.Equal(t, "snsapi_login", start.Scope)

	h.fake.signInNext(fakeWeChatUser{OpenID: "o-1", UnionID: "u-1", Nickname: "小明", HeadImg: "https://thirdwx.example/1.jpg"})
	q := h.authorize(start)
	assert.Equal(t, "wechat", q.Get("type"))
	got, _, err := h.finish(q)
	require.NoError(t, err)
	assert.Equal(t, "小明", got.User.Name)
	assert.Regexp(t, `^wechat(-[a-z0-9]{6})?$`, got.User.Slug, "a name without Latin letters gets a provider slug")
	assert.Equal(t, "/community", got.Redirect)
	_, err = h.link("wechat", "u-1")
	require.NoError(t, err, "the unionid is the subject")

	// Without a unionid the openid is the subject; the taken slug gets a suffix.
	h.fake.signInNext(fakeWeChatUser{OpenID: "o-2", Nickname: "小红"})
	second := h.loginAs("WECHAT", "")
	assert.NotEqual(t, got.User.DatabaseID, second.User.DatabaseID)
	assert.Regexp(t, `^wechat-[a-z0-9]{6}$`, second.User.Slug)
	_, err = h.link("wechat", "o-2")
	require.NoError(t, err)
}

// TestSocialSignUpGetsRegisterCoupons: a member created by a social login
// gets the site's register coupons once, like one who registered.
func TestSocialSignUpGetsRegisterCoupons(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	ctx := t.Context()
	require.NoError(t, h.db.Coupons().Insert(ctx, []persistence.Coupon{{Code: "WELCOME", Type: "register",
		Names: map[string]string{"en": "Welcome"}, FaceCurrency: "CNY", FaceValue: 500, CreatedAt: 1}}))
	octo := fakeGitHubUser{ID: 99, Login: "coupons", Name: "Coupons"}
	h.fake.signInNext(octo)
	got := h.loginAs("GITHUB", "")
	h.fake.signInNext(octo)
	h.loginAs("GITHUB", "")
	list, err := h.db.Coupons().ListByOwner(ctx, got.User.DatabaseID, "", persistence.Now(), persistence.CouponCursor{}, 10)
	require.NoError(t, err)
	require.Len(t, list, 1, "once")
	assert.Equal(t, "WELCOME", list[0].Template)
}
