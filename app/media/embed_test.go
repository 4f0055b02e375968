package media

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
)

// TestEmbedProviders: every recognised address form of each provider
// gives the provider's official https player for the media's id.
func TestEmbedProviders(t *testing.T) {
	t.Parallel()
	const yt, bv, spot = "dQw4w9WgXcQ", "BV1xx411c7mD", "4uLU6hMCjMI75M1A2tKUQC"
	for _, tt := range []struct {
		url, provider, src string
	}{
		{"https://www.youtube.com/watch?v=" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://youtube.com/watch?v=" + yt + "&t=42s&list=PL1", "youtube", "https://www.youtube.com/embed/" + yt},
		{"http://m.youtube.com/watch?feature=share&v=" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://youtu.be/" + yt + "?si=abc", "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://www.youtube.com/shorts/" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://www.youtube.com/embed/" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://www.youtube.com/live/" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://WWW.YouTube.com./watch?v=" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://www.youtube-nocookie.com/embed/" + yt, "youtube", "https://www.youtube.com/embed/" + yt},
		{"https://vimeo.com/76979871", "vimeo", "https://player.vimeo.com/video/76979871"},
		{"https://vimeo.com/76979871/8272103f6e", "vimeo", "https://player.vimeo.com/video/76979871?h=8272103f6e"},
		{"https://vimeo.com/channels/staffpicks/76979871", "vimeo", "https://player.vimeo.com/video/76979871"},
		{"https://vimeo.com/groups/shortfilms/videos/76979871", "vimeo", "https://player.vimeo.com/video/76979871"},
		{"https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1", "vimeo", "https://player.vimeo.com/video/76979871?h=8272103f6e"},
		{"https://www.bilibili.com/video/" + bv + "/", "bilibili", "https://player.bilibili.com/player.html?bvid=" + bv + "&autoplay=0"},
		{"https://m.bilibili.com/video/" + bv + "?p=3&spm=x", "bilibili", "https://player.bilibili.com/player.html?bvid=" + bv + "&autoplay=0&p=3"},
		{"https://v.youku.com/v_show/id_XNDM2MzY2NTk2OA==.html?spm=a2h0c", "youku", "https://player.youku.com/embed/XNDM2MzY2NTk2OA=="},
		{"https://player.youku.com/embed/XNDM2MzY2NTk2OA==", "youku", "https://player.youku.com/embed/XNDM2MzY2NTk2OA=="},
		{"https://soundcloud.com/forss/flickermood", "soundcloud", "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood"},
		{"https://m.soundcloud.com/forss/sets/soulhack?in=x", "soundcloud", "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fsets%2Fsoulhack"},
		{"https://open.spotify.com/track/" + spot + "?si=1", "spotify", "https://open.spotify.com/embed/track/" + spot},
		{"https://open.spotify.com/album/" + spot, "spotify", "https://open.spotify.com/embed/album/" + spot},
		{"https://open.spotify.com/playlist/" + spot, "spotify", "https://open.spotify.com/embed/playlist/" + spot},
		{"https://open.spotify.com/intl-de/episode/" + spot, "spotify", "https://open.spotify.com/embed/episode/" + spot},
		{"https://open.spotify.com/embed/track/" + spot, "spotify", "https://open.spotify.com/embed/track/" + spot},
		{"https://www.dailymotion.com/video/x8abc12", "dailymotion", "https://www.dailymotion.com/embed/video/x8abc12"},
		{"https://www.dailymotion.com/video/x8abc12_some-title_news", "dailymotion", "https://www.dailymotion.com/embed/video/x8abc12"},
		{"https://dai.ly/x8abc12", "dailymotion", "https://www.dailymotion.com/embed/video/x8abc12"},
		{"https://www.tiktok.com/@scout2015/video/6718335390845095173?lang=en", "tiktok", "https://www.tiktok.com/embed/v2/6718335390845095173"},
		{"https://www.tiktok.com/embed/v2/6718335390845095173", "tiktok", "https://www.tiktok.com/embed/v2/6718335390845095173"},
	} {
		e, err := EmbedOf(tt.url)
		require.NoError(t, err, tt.url)
		assert.Equal(t, tt.provider, e.Provider, tt.url)
		p := byName(tt.provider)
		want := `<iframe src="` + strings.ReplaceAll(tt.src, "&", "&amp;") + `" width="` + itoa(p.width) + `" height="` + itoa(p.height) +
			`" title="` + p.title + `" sandbox="` + iframeSandbox + `" allow="` + p.allow +
			`" referrerpolicy="strict-origin-when-cross-origin" loading="lazy" frameborder="0" allowfullscreen></iframe>`
		assert.Equal(t, want, e.HTML, "%s: the player is built from the id alone", tt.url)
		assert.Equal(t, p.width, e.Width)
		assert.Equal(t, p.height, e.Height)
		assert.True(t, strings.HasPrefix(tt.src, "https://"), "https only")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func byName(name string) *provider {
	for _, p := range providerHosts {
		if p.name == name {
			return p
		}
	}
	return nil
}

// TestEmbedRefusals: unknown hosts, addresses, schemes, credentials and
// forms a provider does not have are refused with media.error.embedHost.
func TestEmbedRefusals(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{
		"https://evil.example/watch?v=dQw4w9WgXcQ",
		"https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
		"https://evilyoutube.com/watch?v=dQw4w9WgXcQ",
		"http://127.0.0.1/watch?v=dQw4w9WgXcQ",
		"http://127.0.0.1:8080/",
		"http://[::1]/watch?v=dQw4w9WgXcQ",
		"http://[::ffff:127.0.0.1]/",
		"http://10.0.0.5/video/x8abc12",
		"http://169.254.169.254/latest/meta-data/",
		"http://2130706433/",
		"http://localhost/watch?v=dQw4w9WgXcQ",
		"javascript:alert(document.cookie)",
		"JavaScript://youtube.com/%0aalert(1)",
		"data:text/html,<script>alert(1)</script>",
		"ftp://youtube.com/watch?v=dQw4w9WgXcQ",
		"file:///etc/passwd",
		"//www.youtube.com/watch?v=dQw4w9WgXcQ",
		"www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://user@www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
		"https://www.youtube.com/watch?v=" + strings.Repeat("a", MaxEmbedURL),
		"https://www.youtube.com/watch?v=short",
		`https://www.youtube.com/watch?v="><script>x</script>`,
		"https://www.youtube.com/watch?v=dQw4w9WgXc%22",
		"https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA",
		"https://vimeo.com/76979871/not-a-hash!",
		"https://vimeo.com/about",
		"https://www.bilibili.com/video/av170001",
		"https://b23.tv/BV1xx411c7mD",
		"https://v.youku.com/v_show/xx.html",
		"https://soundcloud.com/forss",
		"https://soundcloud.com/forss/tracks",
		"https://soundcloud.com/forss/flicker%22mood",
		"https://open.spotify.com/artist/4uLU6hMCjMI75M1A2tKUQC",
		"https://open.spotify.com/track/short",
		"https://www.dailymotion.com/user/x8abc12",
		"https://vm.tiktok.com/ZMabcdef/",
		"https://www.tiktok.com/@scout2015",
	} {
		_, err := EmbedOf(bad)
		apptest.RequireKey(t, err, "media.error.embedHost")
	}
	_, err := EmbedOf("  ")
	apptest.RequireKey(t, err, "common.error.required")
}

// TestGetEmbedAction: members only; the reply carries the embed and
// nothing of the address but the id, whatever the address adds.
func TestGetEmbedAction(t *testing.T) {
	t.Parallel()
	s := New(Config{})
	reg := action.NewRegistry()
	s.RegisterEmbed(reg)
	in := json.RawMessage(`{"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E#\"onload=\"x"}`)
	_, err := reg.Call(context.Background(), "utils.getEmbed", in)
	require.ErrorIs(t, err, action.ErrUnauthorized)
	out, err := reg.Call(apptest.As(7), "utils.getEmbed", in)
	require.NoError(t, err)
	e := out.(GetEmbedReply).Embed
	assert.Equal(t, "youtube", e.Provider)
	assert.NotContains(t, e.HTML, "<script")
	assert.NotContains(t, e.HTML, "alert")
	assert.NotContains(t, e.HTML, "onload")
	assert.Contains(t, e.HTML, `src="https://www.youtube.com/embed/dQw4w9WgXcQ"`)
	_, err = reg.Call(apptest.As(7), "utils.getEmbed", json.RawMessage(`{"url":"http://[::1]:8080/"}`))
	apptest.RequireKey(t, err, "media.error.embedHost")
}
