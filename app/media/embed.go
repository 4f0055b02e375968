package media

import (
	"context"
	"html"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"souk/app/action"
)

// MaxEmbedURL bounds the address utils.getEmbed takes, in bytes.
const MaxEmbedURL = 2048

// ErrEmbedHost is returned for an address utils.getEmbed does not embed:
// a host outside the providers' allow-list, an IP address (private,
// loopback or any other), a scheme other than http(s), credentials or an
// unusual port in the URL, an address of a known provider whose form is
// not recognised, or one longer than MaxEmbedURL.
var ErrEmbedHost = action.Errorf(http.StatusBadRequest, "media.error.embedHost")

// GetEmbedInput is the address of the media to embed.
type GetEmbedInput struct {
	URL string `json:"url" doc:"the page's address on a known provider, up to 2048 bytes"`
}

// GetEmbedReply is the reply of utils.getEmbed.
type GetEmbedReply struct {
	Embed Embed `json:"embed"`
}

// Embed is a provider's player, built by the server.
type Embed struct {
	HTML     string `json:"html" doc:"an <iframe> on the provider's official https embed address, sandboxed; only the media's validated id comes from the address given"`
	Provider string `json:"provider" doc:"youtube, vimeo, bilibili, youku, soundcloud, spotify, dailymotion or tiktok"`
	Title    string `json:"title,omitempty" doc:"the iframe's title: the provider's name"`
	Width    int    `json:"width,omitempty" doc:"the player's natural width, px"`
	Height   int    `json:"height,omitempty" doc:"the player's natural height, px"`
}

// RegisterEmbed adds utils.getEmbed to r.
func (s *Service) RegisterEmbed(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "utils.getEmbed",
		Summary: "The player of a video or audio page on a known provider (YouTube, Vimeo, Bilibili, Youku, SoundCloud, Spotify, " +
			"Dailymotion, TikTok), recognised from the address alone: the server fetches nothing.",
		Access: action.Member,
	}, s.GetEmbed)
}

// GetEmbed answers utils.getEmbed. The address is only parsed: the media's
// id is taken from it by the provider's pattern, and the player is built
// from that id and constants, so nothing else of the address reaches the
// HTML, and no request leaves the server.
func (s *Service) GetEmbed(_ context.Context, in GetEmbedInput) (GetEmbedReply, error) {
	e, err := EmbedOf(in.URL)
	if err != nil {
		return GetEmbedReply{}, err
	}
	return GetEmbedReply{Embed: e}, nil
}

// EmbedOf returns the player of the media raw addresses, or ErrEmbedHost
// (action.Required when raw is blank).
func EmbedOf(raw string) (Embed, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return Embed{}, action.Required("url")
	}
	if len(raw) > MaxEmbedURL {
		return Embed{}, ErrEmbedHost
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Opaque != "" {
		return Embed{}, ErrEmbedHost
	}
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		return Embed{}, ErrEmbedHost
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" || net.ParseIP(host) != nil {
		return Embed{}, ErrEmbedHost
	}
	p, ok := providerHosts[host]
	if !ok {
		return Embed{}, ErrEmbedHost
	}
	player, ok := p.player(host, u)
	if !ok {
		return Embed{}, ErrEmbedHost
	}
	return Embed{HTML: iframe(player, p), Provider: p.name, Title: p.title, Width: p.width, Height: p.height}, nil
}

// provider is one embeddable site: player returns its embed address for a
// page of it, built from the validated id only.
type provider struct {
	name, title   string
	width, height int
	// allow is the iframe's permissions policy.
	allow  string
	player func(host string, u *url.URL) (string, bool)
}

// The ids each provider's addresses carry.
var (
	youtubeID     = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	vimeoID       = regexp.MustCompile(`^[0-9]{1,12}$`)
	vimeoHash     = regexp.MustCompile(`^[0-9a-f]{6,20}$`)
	bilibiliID    = regexp.MustCompile(`^BV[A-Za-z0-9]{10}$`)
	youkuID       = regexp.MustCompile(`^X[A-Za-z0-9]{6,30}={0,2}$`)
	soundcloudSeg = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,99}$`)
	spotifyID     = regexp.MustCompile(`^[A-Za-z0-9]{22}$`)
	spotifyLocale = regexp.MustCompile(`^intl-[a-z]{2}(-[a-z]{2})?$`)
	dailymotionID = regexp.MustCompile(`^x[A-Za-z0-9]{4,14}$`)
	tiktokID      = regexp.MustCompile(`^[0-9]{10,25}$`)
	tiktokUser    = regexp.MustCompile(`^@[A-Za-z0-9_.]{1,50}$`)
)

const (
	videoAllow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
	audioAllow = "autoplay; clipboard-write; encrypted-media"
)

var (
	youtube = &provider{name: "youtube", title: "YouTube", width: 560, height: 315, allow: videoAllow,
		player: func(host string, u *url.URL) (string, bool) {
			seg := segments(u)
			var id string
			switch {
			case host == "youtu.be" && len(seg) == 1:
				id = seg[0]
			case len(seg) == 1 && seg[0] == "watch":
				id = u.Query().Get("v")
			case len(seg) == 2 && (seg[0] == "shorts" || seg[0] == "embed" || seg[0] == "live" || seg[0] == "v"):
				id = seg[1]
			}
			if !youtubeID.MatchString(id) {
				return "", false
			}
			return "https://www.youtube.com/embed/" + id, true
		}}
	vimeo = &provider{name: "vimeo", title: "Vimeo", width: 640, height: 360, allow: "autoplay; fullscreen; picture-in-picture",
		player: func(host string, u *url.URL) (string, bool) {
			seg := segments(u)
			var id, hash string
			switch {
			case host == "player.vimeo.com" && len(seg) == 2 && seg[0] == "video":
				id, hash = seg[1], u.Query().Get("h")
			case host == "player.vimeo.com":
				return "", false
			case len(seg) == 1:
				id = seg[0]
			case len(seg) == 2 && vimeoID.MatchString(seg[0]):
				id, hash = seg[0], seg[1]
			case len(seg) == 3 && seg[0] == "channels":
				id = seg[2]
			case len(seg) == 4 && seg[0] == "groups" && seg[2] == "videos":
				id = seg[3]
			}
			if !vimeoID.MatchString(id) || (hash != "" && !vimeoHash.MatchString(hash)) {
				return "", false
			}
			src := "https://player.vimeo.com/video/" + id
			if hash != "" {
				src += "?h=" + hash
			}
			return src, true
		}}
	bilibili = &provider{name: "bilibili", title: "Bilibili", width: 640, height: 360, allow: "fullscreen; picture-in-picture",
		player: func(_ string, u *url.URL) (string, bool) {
			seg := segments(u)
			if len(seg) != 2 || seg[0] != "video" || !bilibiliID.MatchString(seg[1]) {
				return "", false
			}
			src := "https://player.bilibili.com/player.html?bvid=" + seg[1] + "&autoplay=0"
			if p, err := strconv.Atoi(u.Query().Get("p")); err == nil && p > 1 && p <= 1000 {
				src += "&p=" + strconv.Itoa(p)
			}
			return src, true
		}}
	youku = &provider{name: "youku", title: "Youku", width: 640, height: 360, allow: "fullscreen",
		player: func(host string, u *url.URL) (string, bool) {
			seg := segments(u)
			var id string
			switch {
			case host == "player.youku.com" && len(seg) == 2 && seg[0] == "embed":
				id = seg[1]
			case host != "player.youku.com" && len(seg) == 2 && seg[0] == "v_show":
				name, ok := strings.CutSuffix(seg[1], ".html")
				if id, ok = strings.CutPrefix(name, "id_"); !ok {
					return "", false
				}
			}
			if !youkuID.MatchString(id) {
				return "", false
			}
			return "https://player.youku.com/embed/" + id, true
		}}
	soundcloud = &provider{name: "soundcloud", title: "SoundCloud", width: 640, height: 166, allow: audioAllow,
		player: func(_ string, u *url.URL) (string, bool) {
			seg := segments(u)
			if len(seg) == 3 && seg[1] != "sets" || len(seg) < 2 || len(seg) > 3 {
				return "", false
			}
			for _, s := range seg {
				if !soundcloudSeg.MatchString(s) {
					return "", false
				}
			}
			switch seg[len(seg)-1] {
			case "sets", "tracks", "likes", "followers", "following", "albums", "reposts", "popular-tracks":
				return "", false
			}
			return "https://w.soundcloud.com/player/?url=" + url.QueryEscape("https://soundcloud.com/"+strings.Join(seg, "/")), true
		}}
	spotify = &provider{name: "spotify", title: "Spotify", width: 640, height: 152, allow: audioAllow + "; fullscreen; picture-in-picture",
		player: func(_ string, u *url.URL) (string, bool) {
			seg := segments(u)
			if len(seg) > 0 && spotifyLocale.MatchString(seg[0]) {
				seg = seg[1:]
			}
			if len(seg) == 3 && seg[0] == "embed" {
				seg = seg[1:]
			}
			if len(seg) != 2 || !spotifyID.MatchString(seg[1]) {
				return "", false
			}
			switch seg[0] {
			case "track", "album", "playlist", "episode":
				return "https://open.spotify.com/embed/" + seg[0] + "/" + seg[1], true
			}
			return "", false
		}}
	dailymotion = &provider{name: "dailymotion", title: "Dailymotion", width: 640, height: 360, allow: "autoplay; fullscreen; picture-in-picture",
		player: func(host string, u *url.URL) (string, bool) {
			seg := segments(u)
			var id string
			switch {
			case host == "dai.ly" && len(seg) == 1:
				id = seg[0]
			case len(seg) == 2 && seg[0] == "video":
				id = seg[1]
			case len(seg) == 3 && seg[0] == "embed" && seg[1] == "video":
				id = seg[2]
			}
			// The old addresses add the title after an underscore.
			id, _, _ = strings.Cut(id, "_")
			if !dailymotionID.MatchString(id) {
				return "", false
			}
			return "https://www.dailymotion.com/embed/video/" + id, true
		}}
	tiktok = &provider{name: "tiktok", title: "TikTok", width: 325, height: 575, allow: "encrypted-media; fullscreen; picture-in-picture",
		player: func(_ string, u *url.URL) (string, bool) {
			seg := segments(u)
			var id string
			switch {
			case len(seg) == 3 && tiktokUser.MatchString(seg[0]) && seg[1] == "video":
				id = seg[2]
			case len(seg) == 3 && seg[0] == "embed" && seg[1] == "v2":
				id = seg[2]
			}
			if !tiktokID.MatchString(id) {
				return "", false
			}
			return "https://www.tiktok.com/embed/v2/" + id, true
		}}
)

// providerHosts is the allow-list: every host an embeddable page is on.
// Short links that only redirect (b23.tv, vm.tiktok.com) are not on it:
// resolving them would mean fetching.
var providerHosts = map[string]*provider{
	"youtube.com": youtube, "www.youtube.com": youtube, "m.youtube.com": youtube, "youtu.be": youtube,
	"youtube-nocookie.com": youtube, "www.youtube-nocookie.com": youtube,
	"vimeo.com": vimeo, "www.vimeo.com": vimeo, "player.vimeo.com": vimeo,
	"bilibili.com": bilibili, "www.bilibili.com": bilibili, "m.bilibili.com": bilibili,
	"v.youku.com": youku, "m.youku.com": youku, "player.youku.com": youku,
	"soundcloud.com": soundcloud, "www.soundcloud.com": soundcloud, "m.soundcloud.com": soundcloud,
	"open.spotify.com": spotify,
	"dailymotion.com":  dailymotion, "www.dailymotion.com": dailymotion, "dai.ly": dailymotion,
	"tiktok.com": tiktok, "www.tiktok.com": tiktok, "m.tiktok.com": tiktok,
}

// segments are the non-empty segments of u's path.
func segments(u *url.URL) []string {
	var out []string
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// iframeSandbox lets the player run its script and show itself full
// screen, and open the provider's page in a new tab; never navigate ours.
const iframeSandbox = "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"

// iframe is the player's HTML: src and every attribute come from the
// provider table and the validated id.
func iframe(src string, p *provider) string {
	return `<iframe src="` + html.EscapeString(src) + `" width="` + strconv.Itoa(p.width) + `" height="` + strconv.Itoa(p.height) +
		`" title="` + html.EscapeString(p.title) + `" sandbox="` + iframeSandbox + `" allow="` + p.allow +
		`" referrerpolicy="strict-origin-when-cross-origin" loading="lazy" frameborder="0" allowfullscreen></iframe>`
}
