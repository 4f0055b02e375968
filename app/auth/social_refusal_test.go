package auth

import (
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

var octocat = fakeGitHubUser{ID: 1, Login: "octocat", Emails: []fakeGitHubEmail{{Email: "octo@users.example", Primary: true, Verified: true}}}

// githubReturn starts a GitHub login and returns the query the provider sends back.
func (h *socialHarness) githubReturn(redirect string) url.Values {
	h.t.Helper()
	start, err := h.start("GITHUB", redirect)
	require.NoError(h.t, err)
	h.fake.signInNext(octocat)
	return h.authorize(start)
}

func TestSocialStateRefused(t *testing.T) {
	t.Parallel()
	tamper := func(state string) string {
		raw, err := socialB64.DecodeString(state)
		require.NoError(t, err)
		raw[len(raw)/2] ^= 0x01
		return socialB64.EncodeToString(raw)
	}
	tests := []struct {
		name   string
		before func(h *socialHarness, q url.Values)
	}{
		{"tampered", func(_ *socialHarness, q url.Values) { q.Set("state", tamper(q.Get("state"))) }},
		{"truncated", func(_ *socialHarness, q url.Values) { q.Set("state", q.Get("state")[:20]) }},
		{"garbage", func(_ *socialHarness, q url.Values) { q.Set("state", "not a state!") }},
		{"expired", func(h *socialHarness, _ url.Values) {
			h.social.now = func() time.Time { return time.Now().Add(socialStateTTL + time.Second) }
		}},
		{"another browser", func(h *socialHarness, _ url.Values) { h.visitor = "visitor-2" }},
		{"type of another provider", func(_ *socialHarness, q url.Values) { q.Set("type", "wechat") }},
		{"signed with another secret", func(h *socialHarness, q url.Values) {
			other := newSocialStates([]byte("another secret, another site...."))
			claims, err := h.social.states.verify(q.Get("state"), h.visitor, time.Now())
			require.NoError(t, err)
			q.Set("state", other.sign(claims))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newSocialHarness(t, nil)
			q := h.githubReturn("/")
			tt.before(h, q)
			_, req, err := h.finish(q)
			requireActionError(t, ErrSocialState, err)
			_, _, changed := req.SessionChange()
			assert.False(t, changed, "nobody is signed in")
			assert.Empty(t, h.accounts.started)
		})
	}
}

func TestSocialStateReplayRefusedOnEveryNode(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	q := h.githubReturn("/")

	// Another node sharing the database and the node secret accepts the state...
	nodeB := NewSocial(h.cfg, h.db, h.secret, h.accounts, h.accounts)
	regB := action.NewRegistry()
	nodeB.Register(regB)
	req := &action.Request{VisitorID: h.visitor}
	_, err := regB.Call(action.WithRequest(t.Context(), req), "auth.socialCallback",
		[]byte(`{"code":"`+q.Get("code")+`","state":"`+q.Get("state")+`"}`))
	require.NoError(t, err)

	// ...and then neither node accepts it again.
	_, _, err = h.finish(q)
	requireActionError(t, ErrSocialState, err)
	_, err = regB.Call(action.WithRequest(t.Context(), &action.Request{VisitorID: h.visitor}), "auth.socialCallback",
		[]byte(`{"code":"`+q.Get("code")+`","state":"`+q.Get("state")+`"}`))
	requireActionError(t, ErrSocialState, err)
}

func TestSocialProviderRefused(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, func(cfg *SocialConfig) { cfg.WeChat = OAuthClient{ID: "appid-only"} })
	for _, provider := range []string{"WECHAT", "FACEBOOK", "PASSWORD"} {
		_, err := h.start(provider, "/")
		requireActionError(t, ErrSocialProvider, err)
	}
	_, err := h.start("", "/")
	requireActionError(t, action.Required("provider"), err)

	// Configured but not offered in login_box.social.
	require.NoError(t, h.db.Settings().Put(t.Context(), "login_box", map[string]any{"social": []string{"github"}}))
	_, err = h.start("GOOGLE", "/")
	requireActionError(t, ErrSocialProvider, err)
	start, err := h.start("github", "/")
	require.NoError(t, err, "the key is matched whatever its case")

	// Withdrawn between the start and the callback.
	require.NoError(t, h.db.Settings().Put(t.Context(), "login_box", map[string]any{"social": []string{}}))
	h.fake.signInNext(octocat)
	_, _, err = h.finish(h.authorize(start))
	requireActionError(t, ErrSocialProvider, err)
}

func TestSocialOpenRedirectFallsBackToRoot(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	for _, redirect := range []string{"https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"} {
		h.fake.signInNext(octocat)
		got := h.loginAs("GITHUB", redirect)
		assert.Equal(t, "/", got.Redirect, redirect)
	}
}

func TestSocialRedirect(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"":                          "/",
		"/":                         "/",
		"/en/community?tab=hot#top": "/en/community?tab=hot#top",
		"/es/account/wealth":        "/es/account/wealth",
		"https://evil.example/x":    "/",
		"//evil.example":            "/",
		"/\\evil.example":           "/",
		"\\\\evil.example":          "/",
		"evil.example":              "/",
		"javascript:alert(1)":       "/",
		"/a\r\nLocation: x":         "/",
		"/authorize?code=1":         "/",
		"/en/authorize":             "/",
	}
	for in, want := range tests {
		assert.Equal(t, want, socialRedirect(in), "%q", in)
	}
}

func TestSocialProviderRefusesCode(t *testing.T) {
	t.Parallel()
	h := newSocialHarness(t, nil)
	for _, provider := range []string{"GITHUB", "GOOGLE", "WECHAT"} {
		start, err := h.start(provider, "/")
		require.NoError(t, err)
		q := url.Values{"code": {"made-up"}, "state": {start.State}}
		_, _, err = h.finish(q)
		requireActionError(t, ErrSocialRefused, err)
		_, _, err = h.finish(q)
		requireActionError(t, ErrSocialState, err)
	}
	_, _, err := h.finish(url.Values{"state": {"x"}})
	requireActionError(t, action.Required("code"), err)
}

func TestSocialProviderUnreachable(t *testing.T) {
	t.Parallel()
	gone := httptest.NewServer(nil)
	gone.Close()
	h := newSocialHarness(t, func(cfg *SocialConfig) {
		cfg.GitHubURL = gone.URL
		cfg.GoogleIssuer = gone.URL
	})
	start, err := h.start("GITHUB", "/")
	require.NoError(t, err)
	_, _, err = h.finish(url.Values{"code": {"c"}, "state": {start.State}})
	requireActionError(t, ErrSocialFailed, err)

	_, err = h.start("GOOGLE", "/")
	requireActionError(t, ErrSocialFailed, err)
}

func TestSocialStateIsCompact(t *testing.T) {
	t.Parallel()
	s := newSocialStates([]byte("0123456789abcdef0123456789abcdef"))
	now := time.Now()
	c, err := s.issue(SocialWeChat, "/en/community", "visitor", now)
	require.NoError(t, err)
	state := s.sign(c)
	assert.LessOrEqual(t, len(state), 80)
	got, err := s.verify(state, "visitor", now)
	require.NoError(t, err)
	assert.Equal(t, c, got)
	assert.Len(t, s.flow(c).Verifier, 43, "a PKCE verifier of 43 characters")
	assert.NotEqual(t, s.flow(c).Verifier, s.flow(c).Nonce)
}
