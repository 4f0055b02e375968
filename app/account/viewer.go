package account

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"souk/app/action"
	"souk/app/internal/support"
	"souk/app/member"
	"souk/persistence"
)

// Viewer is the signed-in member as the client shows them (SPEC.md §3).
type Viewer struct {
	ID          string `json:"id" doc:"the databaseId as a decimal string"`
	DatabaseID  string `json:"databaseId" doc:"64-bit id as a decimal string"`
	Avatar      Avatar `json:"avatar"`
	Name        string `json:"name"`
	Description string `json:"description"`
	GqVIP       *Badge `json:"gqVIP" doc:"the VIP tier; null when none or expired"`
	GqLevel     *Badge `json:"gqLevel" doc:"the growth level; null when the site has none"`
	DarkRoom    bool   `json:"darkRoom" doc:"barred from posting and chatting"`
	GqSlug      string `json:"gqSlug" doc:"the profile's URL segment"`
	GqMoney     string `json:"gqMoney" doc:"JSON text of the balance per ISO currency code as a decimal string, e.g. {\"CNY\":\"0.00\"}"`
	GqCredit    int64  `json:"gqCredit" doc:"credit balance (whole points)"`
	// GqUserSocketToken authenticates the websocket (signed through
	// SocketTokens).
	GqUserSocketToken SocketCredentials    `json:"gqUserSocketToken"`
	GqTicket          []support.TicketView `json:"gqTicket" doc:"the member's tickets that are not closed, most recently updated first"`
	GqNotification    int                  `json:"gqNotification" doc:"unread notifications"`
	GqRoles           Roles                `json:"gqRoles"`
	Profile           Profile              `json:"profile" doc:"the more-information fields"`
}

// Avatar is the viewer's picture.
type Avatar struct {
	URL string `json:"url" doc:"the member's picture, or /api/avatar?seed=<slug> when none (or a gravatar)"`
}

// Badge is a growth level or VIP tier in the request's language.
type Badge struct {
	Key  string `json:"key" doc:"e.g. lv3 or vip1, as in settings.level"`
	Icon string `json:"icon" doc:"badge picture URL"`
	Name string `json:"name" doc:"name in the request's language"`
}

// SocketCredentials let the websocket gateway know the member.
type SocketCredentials struct {
	Signature string `json:"signature" doc:"the signature the websocket's connect frame presents with timestamp; opaque"`
	Timestamp string `json:"timestamp" doc:"opaque: unix seconds, then .<session> when issued in a session; send it back as is"`
}

// Roles are the viewer's rights.
type Roles struct {
	CanBuilder    bool     `json:"canBuilder"`
	IsAdmin       bool     `json:"isAdmin"`
	HasInfomation bool     `json:"hasInfomation" doc:"the more-information dialog was completed"`
	ShowClose     bool     `json:"showClose" doc:"the more-information dialog may be closed: it was completed once"`
	Media         Media    `json:"media"`
	Image         Quota    `json:"image"`
	Video         Quota    `json:"video"`
	Audio         Quota    `json:"audio"`
	Attachment    Quota    `json:"attachment"`
	UserCan       []string `json:"userCan" doc:"capabilities, e.g. chat, directMessages"`
}

// Media holds the upload rights per media type (SPEC.md §6).
type Media struct {
	Image      MediaSize `json:"image"`
	Video      MediaSize `json:"video"`
	Audio      MediaSize `json:"audio"`
	Attachment MediaSize `json:"attachment"`
}

// MediaSize is the right to upload (or paste) one media type.
type MediaSize struct {
	Can   bool `json:"can"`
	Size  int  `json:"size" doc:"largest file, MB; 0 means no limit is set"`
	Max   int  `json:"max" doc:"uploads per UTC day; 0 means unlimited"`
	Count int  `json:"count" doc:"uploads of the type today (UTC), deleted ones included; when max > 0 and count >= max, no more today"`
}

// Quota is the right to upload one media type.
type Quota struct {
	Can   bool `json:"can"`
	Max   int  `json:"max" doc:"uploads per day; 0 means unlimited"`
	Count int  `json:"count" doc:"uploads today"`
}

// Profile holds the more-information fields; "" means not given.
type Profile struct {
	Gender   string `json:"gender" doc:"male, female, other or empty"`
	Birthday string `json:"birthday" doc:"YYYY-MM-DD or empty"`
	Location string `json:"location"`
	Website  string `json:"website"`
}

// ViewerReply is the reply of auth.viewer.
type ViewerReply struct {
	Viewer *Viewer `json:"viewer" doc:"the Viewer, or null for a guest"`
}

// Viewer answers auth.viewer: the caller's viewer, or null for a guest (or
// a member whose account no longer exists).
func (s *Service) Viewer(ctx context.Context, _ struct{}) (ViewerReply, error) {
	caller := action.RequestFrom(ctx).Viewer
	if caller.IsGuest() {
		return ViewerReply{}, nil
	}
	v, err := s.ViewerFor(ctx, caller.UserID)
	if errors.Is(err, persistence.ErrNotFound) {
		return ViewerReply{}, nil
	}
	if err != nil {
		return ViewerReply{}, err
	}
	return ViewerReply{Viewer: &v}, nil
}

// ViewerFor builds the viewer of userID in the request's language. It
// returns an error wrapping persistence.ErrNotFound for an unknown user.
func (s *Service) ViewerFor(ctx context.Context, userID int64) (Viewer, error) {
	u, counts, err := s.db.Users().GetWithCounts(ctx, userID)
	if err != nil {
		return Viewer{}, fmt.Errorf("account: viewer: %w", err)
	}
	unread := 0
	if s.notices != nil {
		unread = counts.Notifications
	}
	return s.viewerWith(ctx, u, unread)
}

// ViewerOf builds the viewer of u, read just now.
func (s *Service) ViewerOf(ctx context.Context, u persistence.User) (Viewer, error) {
	unread := 0
	if s.notices != nil {
		var err error
		if unread, err = s.notices.UnreadNotifications(ctx, u.ID); err != nil {
			return Viewer{}, fmt.Errorf("account: viewer: %w", err)
		}
	}
	return s.viewerWith(ctx, u, unread)
}

// viewerWith builds the viewer of u with unread notifications.
func (s *Service) viewerWith(ctx context.Context, u persistence.User, unread int) (Viewer, error) {
	lang := action.RequestFrom(ctx).Lang
	now := s.now()
	r, err := loadRights(ctx, s.db, u, now)
	if err != nil {
		return Viewer{}, err
	}
	money, credit, err := s.balances(ctx, u.ID)
	if err != nil {
		return Viewer{}, err
	}
	maxFileSize, err := s.maxFileSize(ctx)
	if err != nil {
		return Viewer{}, err
	}
	tickets, err := support.OpenTickets(ctx, s.db, u)
	if err != nil {
		return Viewer{}, fmt.Errorf("account: viewer: %w", err)
	}
	id := strconv.FormatInt(u.ID, 10)
	sig, ts := s.sockets.SocketToken(u.ID, viewerSession(ctx), now)
	v := Viewer{
		ID: id, DatabaseID: id,
		Avatar:            Avatar{URL: member.AvatarURL(u)},
		Name:              u.Name,
		Description:       u.Description,
		GqVIP:             badge(r.vip, lang),
		GqLevel:           badge(r.level, lang),
		DarkRoom:          u.DarkRoom,
		GqSlug:            u.Slug,
		GqMoney:           money,
		GqCredit:          credit,
		GqUserSocketToken: SocketCredentials{Signature: sig, Timestamp: ts},
		GqTicket:          tickets,
		GqNotification:    unread,
		Profile:           Profile(u.Profile),
		GqRoles: Roles{
			CanBuilder:    r.canBuilder,
			IsAdmin:       r.isAdmin,
			HasInfomation: u.HasInfomation,
			ShowClose:     u.HasInfomation,
			UserCan:       r.userCan,
		},
	}
	counts, err := s.db.Media().DailyCounts(ctx, u.ID, persistence.Millis(now))
	if err != nil {
		return Viewer{}, fmt.Errorf("account: viewer: %w", err)
	}
	mediaSize := func(t string) MediaSize {
		m := r.media[t]
		size := m.SizeMB
		if size == 0 || (maxFileSize > 0 && size > maxFileSize) {
			size = maxFileSize
		}
		return MediaSize{Can: m.Can, Size: size, Max: m.Max, Count: counts[t]}
	}
	quota := func(t string) Quota { m := r.media[t]; return Quota{Can: m.Can, Max: m.Max, Count: counts[t]} }
	v.GqRoles.Image, v.GqRoles.Video = quota("image"), quota("video")
	v.GqRoles.Audio, v.GqRoles.Attachment = quota("audio"), quota("attachment")
	v.GqRoles.Media = Media{Image: mediaSize("image"), Video: mediaSize("video"), Audio: mediaSize("audio"),
		Attachment: mediaSize("attachment")}
	return v, nil
}

func badge(l *persistence.Level, lang string) *Badge {
	if l == nil {
		return nil
	}
	return &Badge{Key: l.Key, Icon: l.Icon, Name: inLang(l.Names, lang)}
}

// balances are gqMoney and gqCredit from the member's ledger: money as JSON
// text of every currency of the site (a balance never used at zero),
// written with the currency's decimals, and the credit balance.
func (s *Service) balances(ctx context.Context, userID int64) (money string, credit int64, err error) {
	currencies, err := s.db.Currencies().List(ctx)
	if err != nil {
		return "", 0, fmt.Errorf("account: viewer: %w", err)
	}
	held, err := s.db.Wallets().Balances(ctx, userID)
	if err != nil {
		return "", 0, fmt.Errorf("account: viewer: %w", err)
	}
	out := make(map[string]string, len(currencies))
	for _, c := range currencies {
		out[c.Code] = formatMinor(held[c.Code], c.Decimals)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", 0, fmt.Errorf("account: viewer: %w", err)
	}
	return string(b), held[persistence.AssetCredit], nil
}

// formatMinor writes an amount in minor units as a decimal string.
func formatMinor(amount int64, decimals int) string {
	if decimals <= 0 {
		return strconv.FormatInt(amount, 10)
	}
	sign := ""
	if amount < 0 {
		sign, amount = "-", -amount
	}
	digits := fmt.Sprintf("%0*d", decimals+1, amount)
	return sign + digits[:len(digits)-decimals] + "." + digits[len(digits)-decimals:]
}

// maxFileSizeKey is the stored site setting of the upload limit
// (souk/app/settings's KeyMaxFileSize, which owns the settings documents).
const maxFileSizeKey = "max_file_size"

// maxFileSize is the site's max_file_size setting in MB; 0 when unset.
func (s *Service) maxFileSize(ctx context.Context) (int, error) {
	var mb int
	err := s.db.Settings().Get(ctx, maxFileSizeKey, &mb)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return 0, fmt.Errorf("account: viewer: %w", err)
	}
	return mb, nil
}

// inLang is a level's name in lang, else in the default language, else "".
func inLang(names map[string]string, lang string) string {
	if s, ok := names[lang]; ok {
		return s
	}
	return names[action.DefaultLang]
}

// viewerSession is the session of the request's caller: the one it just
// started (login, register) or the one its access token belongs to.
func viewerSession(ctx context.Context) int64 {
	req := action.RequestFrom(ctx)
	if session, out, changed := req.SessionChange(); changed && !out {
		return session.Family
	}
	return req.Viewer.Session
}
