package push

import (
	"context"
	"strings"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Keys are a browser's keys, as PushSubscription.toJSON() gives them.
type Keys struct {
	P256dh string `json:"p256dh" doc:"the browser's P-256 public key: 65 bytes, base64url"`
	Auth   string `json:"auth" doc:"the browser's authentication secret: 16 bytes, base64url"`
}

// SubscribeInput is a browser's PushSubscription.
type SubscribeInput struct {
	Endpoint string `json:"endpoint" doc:"the push service's URL for this browser: https, at most 2048 bytes, not a private address"`
	Keys     Keys   `json:"keys"`
	Lang     string `json:"lang,omitempty" doc:"the language of its pushes: zh-hans, en or es; default the request's"`
}

// Validate checks what needs no database.
func (in *SubscribeInput) Validate() error {
	in.Endpoint = strings.TrimSpace(in.Endpoint)
	switch {
	case in.Endpoint == "":
		return action.Required("endpoint")
	case in.Keys.P256dh == "" || in.Keys.Auth == "":
		return action.Required("keys")
	case in.Lang != "" && action.NormalizeLang(in.Lang) != in.Lang:
		return action.BadField("lang")
	}
	return checkKeys(in.Keys.P256dh, in.Keys.Auth)
}

// Device is one of the viewer's browsers that receive pushes.
type Device struct {
	ID       string `json:"id" doc:"the databaseId as a decimal string"`
	Endpoint string `json:"endpoint" doc:"compare with the browser's own PushSubscription.endpoint to find this device"`
	Host     string `json:"host" doc:"the push service's host (which browser family it is)"`
	Lang     string `json:"lang"`
	// CreatedAt is when the member first subscribed it, UpdatedAt when last.
	CreatedAt int64 `json:"createdAt" doc:"epoch milliseconds"`
	UpdatedAt int64 `json:"updatedAt" doc:"epoch milliseconds: when the browser last subscribed"`
}

// SubscribeReply is the reply of push.subscribe.
type SubscribeReply struct {
	Device Device `json:"device"`
}

// Subscribe answers push.subscribe.
func (s *Service) Subscribe(ctx context.Context, in SubscribeInput) (SubscribeReply, error) {
	req := action.RequestFrom(ctx)
	if err := checkEndpoint(in.Endpoint, s.loopback); err != nil {
		return SubscribeReply{}, err
	}
	lang := in.Lang
	if lang == "" {
		lang = action.NormalizeLang(req.Lang)
	}
	sub := persistence.PushSubscription{UserID: req.Viewer.UserID, Endpoint: in.Endpoint, P256dh: in.Keys.P256dh,
		Auth: in.Keys.Auth, Lang: lang}
	if err := s.db.Push().Save(ctx, &sub, MaxDevices); err != nil {
		return SubscribeReply{}, err
	}
	s.owners.add(sub.UserID)
	return SubscribeReply{Device: deviceOf(sub)}, nil
}

func deviceOf(p persistence.PushSubscription) Device {
	host := p.Endpoint
	if rest, ok := strings.CutPrefix(host, "https://"); ok {
		host, _, _ = strings.Cut(rest, "/")
	}
	return Device{ID: member.FormatID(p.ID), Endpoint: p.Endpoint, Host: host, Lang: p.Lang, CreatedAt: p.CreatedAt,
		UpdatedAt: p.UpdatedAt}
}
