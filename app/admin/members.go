package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// MemberSessions ends a member's sessions on every node within the
// revocation poll (souk/app/auth's Sessions).
type MemberSessions interface {
	EndAll(ctx context.Context, userID int64) error
	EndSession(ctx context.Context, userID, session int64) error
}

// RightsDeliverer tells a member's clients (and the nodes' sessions) that
// their rights changed: the wiring's rights events, which mark the rights
// changed before delivering the viewer event.
type RightsDeliverer interface {
	Deliver(ctx context.Context, userID int64, idemKey, event string, data []byte) (int, error)
}

// Wallets answers a member's balances (the wiring reads them through
// souk/app/wallet) in the site's currency order.
type Wallets interface {
	Balances(ctx context.Context, userID int64) (MemberWallet, error)
}

// MembersConfig wires Members. Sessions, Rights and Wallets are nil only
// in a registry that is described, never run.
type MembersConfig struct {
	DB       *persistence.DB
	Sessions MemberSessions
	Rights   RightsDeliverer
	Wallets  Wallets
	// Now is the clock; nil is time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Members answers the members' administration: find, inspect, change
// level, VIP tier and roles, end sessions, ban and unban.
type Members struct {
	cfg MembersConfig

	mu sync.RWMutex
	// revoked tells every node that sessions ended, so that each reads
	// them and closes their sockets at once; guarded by mu, nil until the
	// node's bus is wired (then only this node's poll sees them soon).
	revoked func(ctx context.Context, userID int64) error
}

// NewMembers returns the members' administration over cfg.
func NewMembers(cfg MembersConfig) *Members {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Members{cfg: cfg}
}

// SetRevocationBroadcast makes every ban and session revocation call fn
// after the sessions ended, to tell every node at once.
func (m *Members) SetRevocationBroadcast(fn func(ctx context.Context, userID int64) error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.revoked = fn
}

// Register adds the members' actions to r.
func (m *Members) Register(r *action.Registry) {
	action.Register(r, action.Spec{Name: "admin.members", Access: action.Admin,
		Summary: "A page of the members, newest first: q finds an id, an email or phone (exact), a slug (prefix) or a " +
			"part of a name; filter keeps all, admins, builders, banned or vip members."}, m.List)
	action.Register(r, action.Spec{Name: "admin.member", Access: action.Admin,
		Summary: "One member for the console: their row, description, ban, live sessions, balances, and the site's " +
			"levels and VIP tiers for the pickers."}, m.Get)
	action.Register(r, action.Spec{Name: "admin.revokeSession", Access: action.Admin,
		Summary: "Ends one session of a member at once on every node: its tokens are refused, its sockets closed."},
		m.RevokeSession)
	action.Register(r, action.Spec{Name: "admin.revokeSessions", Access: action.Admin,
		Summary: "Ends every session of a member at once on every node: their tokens are refused, their sockets closed."},
		m.RevokeSessions)
	action.Register(r, action.Spec{Name: "admin.setLevel", Access: action.Admin,
		Summary: "Sets a member's growth level; their rights change at once and their clients get a viewer event."},
		m.SetLevel)
	action.Register(r, action.Spec{Name: "admin.setVip", Access: action.Admin,
		Summary: "Grants a VIP tier for days (0: never ends), extends the current tier by days, or revokes it; the " +
			"member's rights change at once."}, m.SetVIP)
	action.Register(r, action.Spec{Name: "admin.setRoles", Access: action.Admin,
		Summary: "Sets a member's administrator and builder roles; the last administrator who is not banned cannot " +
			"be demoted."}, m.SetRoles)
	action.Register(r, action.Spec{Name: "admin.ban", Access: action.Admin,
		Summary: "Bans a member for minutes (0: for good) with a reason: every session ends and every socket closes at " +
			"once on every node, and signing in is refused until the ban ends. Not yourself, not an administrator."},
		m.Ban)
	action.Register(r, action.Spec{Name: "admin.unban", Access: action.Admin,
		Summary: "Lifts a member's ban: they may sign in again."}, m.Unban)
}

// MemberDoneReply is the reply of an action that only says it was done.
type MemberDoneReply struct {
	OK bool `json:"ok"`
}

// MemberInput names a member.
type MemberInput struct {
	UserID action.ID `json:"userId" doc:"the member's databaseId"`
}

// Validate checks the member is named.
func (in *MemberInput) Validate() error {
	if in.UserID <= 0 {
		return action.Required("userId")
	}
	return nil
}

// AdminMemberRow is a member as the console lists them.
type AdminMemberRow struct {
	DatabaseID   string        `json:"databaseId"`
	Name         string        `json:"name"`
	Slug         string        `json:"slug"`
	Email        string        `json:"email" doc:"empty when none"`
	Phone        string        `json:"phone" doc:"with its dial code; empty when none"`
	Avatar       member.Avatar `json:"avatar"`
	Level        string        `json:"level" doc:"the growth level's key"`
	LevelName    string        `json:"levelName" doc:"the growth level's name in the request's language"`
	VIP          string        `json:"vip" doc:"the VIP tier's key; empty when none or ended"`
	VIPName      string        `json:"vipName" doc:"the VIP tier's name in the request's language; empty when none"`
	VIPExpiresAt int64         `json:"vipExpiresAt" doc:"epoch ms; 0 with a tier: never ends"`
	IsAdmin      bool          `json:"isAdmin"`
	CanBuilder   bool          `json:"canBuilder" doc:"the builder role"`
	Banned       bool          `json:"banned" doc:"a ban is in force"`
	BannedUntil  int64         `json:"bannedUntil" doc:"epoch ms when the ban ends; 0: never (or not banned)"`
	CreatedAt    int64         `json:"createdAt" doc:"epoch ms"`
}

// levelNames names the site's growth levels and VIP tiers in a language.
type levelNames struct {
	growth, vip []persistence.Level
	lang        string
}

func (m *Members) levelNames(ctx context.Context) (levelNames, error) {
	growth, err := m.cfg.DB.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return levelNames{}, fmt.Errorf("admin: levels: %w", err)
	}
	vip, err := m.cfg.DB.Levels().List(ctx, persistence.LevelKindVIP)
	if err != nil {
		return levelNames{}, fmt.Errorf("admin: vip tiers: %w", err)
	}
	return levelNames{growth: growth, vip: vip, lang: action.RequestFrom(ctx).Lang}, nil
}

func (n levelNames) name(levels []persistence.Level, key string) string {
	for _, l := range levels {
		if l.Key == key {
			return localName(l.Names, n.lang)
		}
	}
	return ""
}

// localName is names in lang, else in the first of the site's languages
// (the default first) that has one.
func localName(names map[string]string, lang string) string {
	if s := names[lang]; s != "" {
		return s
	}
	// Then the site's languages in their order, so the answer never
	// depends on a map's iteration order.
	for _, l := range action.Languages {
		if s := names[l]; s != "" {
			return s
		}
	}
	return ""
}

// row is the console's view of a member at now.
func (n levelNames) row(a persistence.AdminMember, now int64) AdminMemberRow {
	u := a.User
	r := AdminMemberRow{DatabaseID: member.FormatID(u.ID), Name: u.Name, Slug: u.Slug, Email: u.Email, Phone: u.Phone,
		Avatar: member.Avatar{URL: member.AvatarURL(u)}, Level: u.LevelKey, LevelName: n.name(n.growth, u.LevelKey),
		IsAdmin: u.IsAdmin, CanBuilder: u.CanBuilder, Banned: a.Ban.InForce(now), CreatedAt: u.CreatedAt}
	if u.VIPKey != "" && (u.VIPExpiresAt == 0 || u.VIPExpiresAt > now) {
		r.VIP, r.VIPName, r.VIPExpiresAt = u.VIPKey, n.name(n.vip, u.VIPKey), u.VIPExpiresAt
	}
	if r.Banned {
		r.BannedUntil = a.Ban.Until
	}
	return r
}

// member returns the member with the id, or ErrUserNotFound.
func (m *Members) member(ctx context.Context, id action.ID) (persistence.AdminMember, error) {
	a, err := m.cfg.DB.AdminMembers().Get(ctx, int64(id))
	if errors.Is(err, persistence.ErrNotFound) {
		return a, ErrUserNotFound
	}
	return a, err
}

// now is the clock in epoch ms.
func (m *Members) now() int64 { return m.cfg.Now().UnixMilli() }

// userTarget is a member's audit target.
func userTarget(userID int64) string { return "user:" + strconv.FormatInt(userID, 10) }

// auditState is what the audit log keeps of a member before and after a
// change: the fields an administrator changes.
type auditState struct {
	LevelKey     string `json:"levelKey"`
	VIPKey       string `json:"vipKey"`
	VIPExpiresAt int64  `json:"vipExpiresAt"`
	IsAdmin      bool   `json:"isAdmin"`
	CanBuilder   bool   `json:"canBuilder"`
	BannedAt     int64  `json:"bannedAt"`
	BannedUntil  int64  `json:"bannedUntil"`
	BanReason    string `json:"banReason"`
}

func stateOf(a persistence.AdminMember) auditState {
	return auditState{LevelKey: a.LevelKey, VIPKey: a.VIPKey, VIPExpiresAt: a.VIPExpiresAt, IsAdmin: a.IsAdmin,
		CanBuilder: a.CanBuilder, BannedAt: a.Ban.At, BannedUntil: a.Ban.Until, BanReason: a.Ban.Reason}
}

// changed records the change of the member in the audit log, reading
// them again for the after state.
func (m *Members) changed(ctx context.Context, before persistence.AdminMember) error {
	after, err := m.member(ctx, action.ID(before.ID))
	if err != nil {
		return err
	}
	action.AuditChange(ctx, userTarget(before.ID), stateOf(before), stateOf(after))
	return nil
}

// deliverTimeout bounds the delivery of a rights event.
const deliverTimeout = 5 * time.Second

// viewerEvent is the live event that tells a member's clients their
// rights changed (souk/app/account's EventViewer).
const viewerEvent = "viewer"

// viewerReasonAdmin is the viewer event's reason for a change an
// administrator made.
const viewerReasonAdmin = "admin"

// rightsChanged marks the member's rights changed on every node and tells
// their clients; a failed delivery is logged (the change is stored).
func (m *Members) rightsChanged(ctx context.Context, userID int64) {
	if m.cfg.Rights == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deliverTimeout)
	defer cancel()
	data, err := json.Marshal(struct {
		Reason string `json:"reason"`
	}{viewerReasonAdmin})
	if err == nil {
		key := "viewer:admin:" + strconv.FormatInt(m.cfg.Now().UnixNano(), 36) + ":" + member.FormatID(userID)
		_, err = m.cfg.Rights.Deliver(ctx, userID, key, viewerEvent, data)
	}
	if err != nil {
		m.cfg.Logger.Warn("admin: rights changed event", "user", userID, "error", err)
	}
	m.broadcast(ctx, userID)
}

// broadcast tells every node that the member's sessions or rights
// changed; a failure is logged, the nodes' poll sees it within a second.
func (m *Members) broadcast(ctx context.Context, userID int64) {
	m.mu.RLock()
	fn := m.revoked
	m.mu.RUnlock()
	if fn == nil {
		return
	}
	if err := fn(ctx, userID); err != nil {
		m.cfg.Logger.Warn("admin: tell the nodes sessions ended", "user", userID, "error", err)
	}
}
