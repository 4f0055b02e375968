package auth

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// socialWeChat signs in with a WeChat Open Platform website app: the QR
// login page, then sns/oauth2/access_token and sns/userinfo. WeChat's
// replies are not standard OAuth2 (HTTP 200 with errcode on failure,
// appid/secret in the query), so the exchange is written by hand.
type socialWeChat struct {
	app     OAuthClient
	openURL string
	apiURL  string
	client  *http.Client
}

// wechatRefusedCodes are the errcodes that mean the code is not good:
// 40029 invalid code, 40163 code already used.
var wechatRefusedCodes = map[int]bool{40029: true, 40163: true}

func newWeChat(cfg SocialConfig, client *http.Client) *socialWeChat {
	return &socialWeChat{
		app:     cfg.WeChat,
		openURL: strings.TrimSuffix(socialOr(cfg.WeChatOpenURL, "https://open.weixin.qq.com"), "/"),
		apiURL:  strings.TrimSuffix(socialOr(cfg.WeChatAPIURL, "https://api.weixin.qq.com"), "/"),
		client:  client,
	}
}

func (w *socialWeChat) clientID() string { return w.app.ID }

func (w *socialWeChat) scopes() []string { return []string{"snsapi_login"} }

func (w *socialWeChat) authorizationURL(_ context.Context, redirectURI, state string, _ socialFlow) (string, error) {
	q := url.Values{
		"appid":         {w.app.ID},
		"redirect_uri":  {redirectURI},
		"response_type": {"code"},
		"scope":         {"snsapi_login"},
		"state":         {state},
	}
	return w.openURL + "/connect/qrconnect?" + q.Encode() + "#wechat_redirect", nil
}

// wechatError is the failure part of every WeChat reply.
type wechatError struct {
	ErrCode int    `json:"errcode"`
	ErrMsg  string `json:"errmsg"`
}

func (e wechatError) err(step string) error {
	if e.ErrCode == 0 {
		return nil
	}
	err := fmt.Errorf("wechat: %s: errcode %d: %s", step, e.ErrCode, e.ErrMsg)
	if wechatRefusedCodes[e.ErrCode] {
		return fmt.Errorf("%w: %w", errSocialCodeRefused, err)
	}
	return err
}

func (w *socialWeChat) profile(ctx context.Context, _ string, code string, _ socialFlow) (socialProfile, error) {
	var tok struct {
		wechatError
		AccessToken string `json:"access_token"`
		OpenID      string `json:"openid"`
		UnionID     string `json:"unionid"`
	}
	err := w.get(ctx, "/sns/oauth2/access_token", url.Values{
		"appid":      {w.app.ID},
		"secret":     {w.app.Secret},
		"code":       {code},
		"grant_type": {"authorization_code"},
	}, &tok)
	if err != nil {
		return socialProfile{}, err
	}
	if err := tok.err("access token"); err != nil {
		return socialProfile{}, err
	}
	if tok.AccessToken == "" || tok.OpenID == "" {
		return socialProfile{}, fmt.Errorf("wechat: access token: the reply has no access_token or openid")
	}
	var user struct {
		wechatError
		OpenID     string `json:"openid"`
		UnionID    string `json:"unionid"`
		Nickname   string `json:"nickname"`
		HeadImgURL string `json:"headimgurl"`
	}
	err = w.get(ctx, "/sns/userinfo", url.Values{
		"access_token": {tok.AccessToken},
		"openid":       {tok.OpenID},
		"lang":         {"zh_CN"},
	}, &user)
	if err != nil {
		return socialProfile{}, err
	}
	if err := user.err("userinfo"); err != nil {
		return socialProfile{}, err
	}
	// The unionid is the same person across every app of the site's Open
	// Platform account; without one bound, the openid is per app.
	subject := socialOr(user.UnionID, tok.UnionID)
	if subject == "" {
		subject = tok.OpenID
	}
	return socialProfile{Subject: subject, Name: user.Nickname, AvatarURL: user.HeadImgURL}, nil
}

// get calls the API at path with query and decodes the JSON reply (WeChat
// may label it text/plain) into into.
func (w *socialWeChat) get(ctx context.Context, path string, query url.Values, into any) error {
	if err := socialGetJSON(ctx, w.client, w.apiURL+path+"?"+query.Encode(), nil, into); err != nil {
		return fmt.Errorf("wechat: %w", err)
	}
	return nil
}
