package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"

	"souk/actors"
	"souk/app/account"
	"souk/app/action"
	"souk/app/address"
	"souk/app/admin"
	"souk/app/auth"
	"souk/app/builder"
	"souk/app/chat"
	"souk/app/community"
	"souk/app/content"
	"souk/app/coupon"
	"souk/app/follow"
	"souk/app/media"
	"souk/app/messages"
	"souk/app/notify"
	"souk/app/notifymail"
	"souk/app/notifyprefs"
	"souk/app/ops"
	"souk/app/page"
	"souk/app/push"
	"souk/app/report"
	"souk/app/search"
	"souk/app/settings"
	"souk/app/shop"
	"souk/app/ticket"
	"souk/app/wallet"
	"souk/app/watch"
	"souk/cluster"
	"souk/internal/mail"
	"souk/persistence"
	"souk/transport/realtime"
)

// deps is what the feature services are built from. It may be empty when
// the registry is only described (souk apidoc).
type deps struct {
	db *persistence.DB
	// secret signs tokens, captchas and codes; shared by every node.
	secret []byte
	// dev is demo mode (--dev).
	dev bool
	// rooms reaches the chat room grains; nil when the registry is only described.
	rooms *actors.Rooms
	// userSessions reaches the user session grains; nil when the registry
	// is only described.
	userSessions *actors.Sessions
	// email sends verification codes; nil means no mail server.
	email mail.Sender
	// notifyEmailDelay, when positive, replaces the operators' delay of
	// the email notifications (--notify-email-delay).
	notifyEmailDelay time.Duration
	// social configures the social login providers; zero means none.
	social auth.SocialConfig
	// maxHashes bounds the password hashes run at once (0: derived).
	maxHashes int
	// avatarHosts are the hosts a profile picture may be an https URL of.
	avatarHosts []string
	// uploads reaches the upload-job grains; nil when the registry is only described.
	uploads *actors.Uploads
	// chatMemberLimit is --chat-member-limit: zero means no limit across
	// rooms (never the default: an apidoc-only build has none).
	chatMemberLimit int
	// wallets reaches the wallet grains; nil when the registry is only described.
	wallets *actors.Wallets
	// publicURL is --public-url: the sandbox's confirm page URLs are built on it.
	publicURL string
	// callbackBase is this node's own HTTP address, where the sandbox
	// payment provider POSTs its callbacks (e.g. http://127.0.0.1:8080).
	callbackBase string
	// translator writes the payments' titles; nil writes the keys.
	translator wallet.Translator
	// live carries the live pages' events over the cluster's bus; nil
	// when the registry is only described.
	live *realtime.LiveBus
	// cluster gathers the nodes' views for operators; nil when the
	// registry is only described.
	cluster ops.Cluster
	// bus is the cluster's message bus, for what every node must hear at
	// once (settings saved); nil when the registry is only described.
	bus *cluster.Bus
}

// services are the node's feature services, each built once: the HTTP
// actions and the websocket gateway share them.
type services struct {
	secret []byte
	// sessions is the node's authenticator: it issues and ends sessions,
	// and refuses the tokens of sessions ended on any node (access tokens
	// and socket tokens alike).
	sessions *auth.Sessions
	auth     *auth.Service[account.Viewer]
	social   *auth.Social[account.Viewer]
	accounts *account.Service
	// awards writes the growth points of chat and private messages behind
	// them, batched; serve closes it before the database.
	awards   *account.Awards
	notify   *notify.Service
	settings *settings.Service
	chat     *chat.Service
	messages *messages.Service
	follow   *follow.Service
	pages    *page.Service
	media    *media.Service
	report   *report.Service
	wallet   *wallet.Service
	content  *content.Service
	// community answers the community's actions and pages.
	community *community.Service
	// live carries the live pages' events; nil when only described.
	live *realtime.LiveBus
	// ops answers the operators' questions about the cluster.
	ops *ops.Service
	// search answers the search overlay.
	search *search.Service
	// shop answers the shop's products, carts and orders.
	shop *shop.Service
	// coupon answers the members' coupons; ticket their support tickets.
	coupon *coupon.Service
	ticket *ticket.Service
	// address answers the members' addresses and the place picker.
	address *address.Service
	// builder answers the page builder's draft, publishes and rollbacks.
	builder *builder.Service
	// adminSettings answers the operators' settings screen.
	adminSettings *admin.SettingsService
	// audit keeps the audit log of the administrators' actions; members
	// answers the members' administration.
	audit   *admin.AuditLog
	members *admin.Members
	// adminContent answers the operators' content screen, moderation
	// their chat moderation.
	adminContent *admin.ContentService
	moderation   *admin.ModerationService
	// taxonomy creates and edits the community nodes and categories and
	// the article and shop terms.
	taxonomy *admin.TaxonomyService
	// push reaches members whose site is closed (Web Push); notifyMail
	// by email.
	push       *push.Service
	notifyMail *notifymail.Service
	// prefs answers the members' notification preferences.
	prefs *notifyprefs.Service
}

// The notify service is the notifier of the features that store events;
// auth's credentials check account's sign-ups and sign its socket tokens,
// account builds auth's viewers and reads the rights of its access tokens.
var (
	_ messages.Notifier            = (*notify.Service)(nil)
	_ follow.Notifier              = (*notify.Service)(nil)
	_ content.Notifier             = (*notify.Service)(nil)
	_ account.Signups              = (*auth.Credentials)(nil)
	_ account.SocketTokens         = (*auth.Credentials)(nil)
	_ auth.Viewers[account.Viewer] = (*account.Service)(nil)
	_ auth.Rights                  = account.TokenRights
	_ media.Uploads                = (*actors.Uploads)(nil)
	// chat and messages award growth points through account.
	_ chat.Growth     = (*account.Awards)(nil)
	_ messages.Growth = (*account.Awards)(nil)
	// report deletes content through chat, messages and media, and ends a
	// banned member's sessions through auth.
	_ report.ChatMessages   = (*chat.Service)(nil)
	_ report.ContentDeleter = (*messages.Service)(nil)
	_ report.ContentDeleter = (*media.Service)(nil)
	_ report.Sessions       = (*auth.Sessions)(nil)
	_ report.Notifier       = (*notify.Service)(nil)
	// account makes avatars from members' images through media.
	_ account.Avatars = (*media.Service)(nil)
	// content's purchases run through wallet, which pushes the balances.
	_ content.Ledger     = (*wallet.Service)(nil)
	_ content.Payments   = (*wallet.Service)(nil)
	_ community.Ledger   = (*wallet.Service)(nil)
	_ community.Balances = (*wallet.Service)(nil)
)

// newServices builds every feature service of d.
func newServices(d deps) *services {
	// One preferences store per node: a member's save is seen at once by
	// the deliveries of this node.
	prefs := notifyprefs.NewStore(d.db)
	notifyCfg := notify.Config{DB: d.db, Prefs: prefs}
	if d.userSessions != nil {
		notifyCfg.Sessions = d.userSessions
	}
	notices := notify.New(notifyCfg)
	sessions := auth.NewSessions(d.db, d.secret, account.TokenRights)
	creds := auth.NewCredentials(auth.Config{DB: d.db, Secret: d.secret, Dev: d.dev, Email: d.email, Sessions: sessions,
		MaxConcurrentHashes: d.maxHashes})
	events := rightsEvents{sessions: sessions}
	if d.userSessions != nil {
		events.next = d.userSessions
	}
	mediaSvc := media.New(media.Config{DB: d.db, Uploads: d.uploads,
		Rights: func(ctx context.Context, userID int64) (map[string]persistence.MediaRole, error) {
			return account.MediaRights(ctx, d.db, userID, time.Now())
		}})
	accounts := account.New(account.Config{DB: d.db, SocketTokens: creds, Signups: creds, Notifications: notices,
		AvatarHosts: d.avatarHosts, Sessions: events, Avatars: mediaSvc})
	awards := accounts.Awards()
	wallets := newWallet(d, events)
	comm := newCommunity(d, notices, wallets)
	s := &services{
		community: comm,
		push:      newPush(d, prefs),
		prefs:     newNotifyPrefs(d, prefs),
		live:      d.live,
		secret:    d.secret,
		sessions:  sessions,
		auth:      auth.New[account.Viewer](creds, accounts),
		social:    auth.NewSocial(d.social, d.db, d.secret, sessions, accounts),
		accounts:  accounts,
		awards:    awards,
		notify:    notices,
		settings:  settings.New(d.db, settings.WithSocialProviders(d.social.Providers())),
		chat: chat.New(chat.Config{DB: d.db, Rooms: d.rooms, Secret: d.secret, MemberLimit: memberLimit(d.chatMemberLimit),
			Growth: awards}),
		messages: messages.New(messages.Config{DB: d.db, Notify: notices, Growth: awards}),
		follow:   follow.New(follow.Config{DB: d.db, Notify: notices, Presence: d.presence()}),
		media:    mediaSvc,
		wallet:   wallets,
		content:  newContent(d, comm, notices, wallets),
		ops:      ops.New(d.cluster),
		search:   search.New(search.Config{DB: d.db}),
		coupon:   newCoupon(d, notices, wallets, events),
		ticket:   newTicket(d, notices),
		shop:     newShop(d, notices, wallets),
		builder:  newBuilder(d),
		address: address.New(address.Config{DB: d.db, Countries: func(ctx context.Context) ([]int64, error) {
			return settings.AddressPickerCountries(ctx, d.db)
		}}),
	}
	s.pages = page.New(page.Config{DB: d.db, Resolvers: map[string]page.Resolver{
		"article":   pageResolver(s.content.ArticlePage),
		"community": pageResolver(s.community.PageContent),
		"shop":      pageResolver(s.shop.ShopPage),
	}})
	s.report = newReport(d, s)
	s.audit = admin.NewAuditLog(d.db)
	s.members = newAdminMembers(d, s, events)
	s.adminSettings = newAdminSettings(d, s.settings)
	s.adminContent = newAdminContent(d, s)
	s.moderation = newAdminModeration(d, s)
	s.taxonomy = admin.NewTaxonomy(admin.TaxonomyConfig{DB: d.db})
	s.notifyMail = newNotifyMail(d, mailerOf(d.email, creds.Outbox()), prefs)
	deliverToReach(d.userSessions, s.push, s.notifyMail)
	return s
}

// presence is what profile.online asks: the session grains, or none when
// the registry is only described.
func (d deps) presence() follow.Locator {
	if d.userSessions == nil {
		return nil
	}
	return d.userSessions
}

// newReport builds the report service: the content it deletes is deleted
// by chat, messages and media, a ban's sessions are ended by auth.
func newReport(d deps, s *services) *report.Service {
	cfg := report.Config{DB: d.db, Notify: s.notify, Chat: s.chat, PrivateMessages: s.messages, Media: s.media,
		Sessions: s.sessions}
	if d.userSessions != nil {
		cfg.Live = d.userSessions
	}
	return report.New(cfg)
}

// newContent builds the content service: purchases run through the
// wallet service (in the wallet grains, balances pushed), qrcode entries
// through its payment provider; the comments, likes and deletions of topics and answers go
// through the community feature's targets.
func newContent(d deps, comm *community.Service, notices *notify.Service, wallets *wallet.Service) *content.Service {
	return content.New(content.Config{DB: d.db, Targets: communityTargets(comm), Notify: notices, Ledger: wallets,
		Payments: wallets, Live: d.livePublisher()})
}

// pageResolver makes a page resolver of a feature's page method, which
// answers a route's view, id and language with the page's title, data and
// meta.
func pageResolver(fn func(ctx context.Context, view, id, lang string, args json.RawMessage) (page.PageContent, error)) page.Resolver {
	return func(ctx context.Context, route page.Route, args json.RawMessage) (page.PageContent, error) {
		return fn(ctx, route.View, route.ID, route.Lang, args)
	}
}

// newWallet builds the wallet service: its operations run in the wallet
// grains, its events go through events.
func newWallet(d deps, events rightsEvents) *wallet.Service {
	cfg := wallet.Config{DB: d.db, Secret: d.secret, PublicURL: d.publicURL, CallbackBase: d.callbackBase,
		Translator: d.translator, Sessions: events}
	if d.wallets != nil {
		cfg.Ledger = d.wallets
	}
	return wallet.New(cfg)
}

// rightsEvents delivers the live events of the features whose actions
// change a member's rights (account's level up, wallet's VIP purchase):
// before a viewer event, the event that says so, it tells the sessions,
// so that the member's access tokens issued before are read with the new
// rights on every node (auth.Sessions.RightsChanged). next is nil when
// events are not delivered live.
type rightsEvents struct {
	sessions *auth.Sessions
	next     *actors.Sessions
}

// rightsChangedEvent is the live event of a change of a member's rights.
const rightsChangedEvent = "viewer"

func (e rightsEvents) Deliver(ctx context.Context, userID int64, idemKey, event string, data []byte) (int, error) {
	if event == rightsChangedEvent {
		if err := e.sessions.RightsChanged(ctx, userID); err != nil {
			return 0, err
		}
	}
	if e.next == nil {
		return 0, nil
	}
	return e.next.Deliver(ctx, userID, idemKey, event, data)
}

// memberLimit turns --chat-member-limit into chat.Config.MemberLimit,
// where zero is the default and negative no limit.
func memberLimit(flag int) int {
	if flag == 0 {
		return -1
	}
	return flag
}

// register adds the actions of every feature to reg.
func (s *services) register(reg *action.Registry) {
	s.pages.Register(reg)
	s.accounts.Register(reg)
	s.auth.Register(reg)
	s.social.Register(reg)
	s.settings.Register(reg)
	s.chat.Register(reg)
	s.notify.Register(reg)
	s.messages.Register(reg)
	s.follow.Register(reg)
	s.media.Register(reg)
	s.media.RegisterEmbed(reg)
	s.report.Register(reg)
	s.wallet.Register(reg)
	s.content.Register(reg)
	s.community.Register(reg)
	watch.Register(reg)
	s.ops.Register(reg)
	s.search.Register(reg)
	s.coupon.Register(reg)
	s.ticket.Register(reg)
	s.shop.Register(reg)
	s.address.Register(reg)
	s.builder.Register(reg)
	reg.SetAuditor(s.audit)
	s.audit.Register(reg)
	s.members.Register(reg)
	s.adminSettings.Register(reg)
	s.adminContent.Register(reg)
	s.moderation.Register(reg)
	s.taxonomy.Register(reg)
	s.push.Register(reg)
	s.prefs.Register(reg)
	s.notifyMail.Register(reg)
}

// verifySocket checks a websocket's gqUserSocketToken for userID: signed by
// this cluster, at most auth.SocketTokenTTL old, and of a session that has
// not ended.
func (s *services) verifySocket(userID int64, signature, timestamp string) (realtime.SocketGrant, bool) {
	grant, ok := s.sessions.VerifySocket(userID, signature, timestamp)
	return realtime.SocketGrant{Session: grant.Session, Issued: grant.Issued}, ok
}

// socketConfig wires the websocket's realtime protocol to the registry
// that runs its commands, the translator of its refusals, and the services
// that sign its members in.
func (s *services) socketConfig(reg *action.Registry, tr realtime.Translator) realtime.Config {
	return realtime.Config{
		Commands:     reg,
		Translator:   tr,
		Live:         s.live,
		VerifySocket: s.verifySocket,
		SessionEnded: s.sessions.Ended,
		// Read at connect, and again on each viewer event (rights changed).
		LookupUser: func(ctx context.Context, userID int64) (realtime.Member, error) {
			m, err := s.accounts.SocketMember(ctx, userID)
			return realtime.Member(m), err
		},
	}
}

// emailSender is the SMTP sender --smtp-addr configures, or nil.
func emailSender(cfg Config) (mail.Sender, error) {
	if cfg.SMTP.Addr == "" {
		return nil, nil
	}
	sender, err := mail.NewSMTPSender(cfg.SMTP)
	if err != nil {
		return nil, fmt.Errorf("cannot configure the mail server: %w", err)
	}
	return sender, nil
}

// nodeSecretKey keeps the generated secret in the settings store, where
// every node of a cluster finds the same one.
const nodeSecretKey = "node.secret"

// nodeSecret returns --secret, or the secret generated once and kept in the
// database.
func nodeSecret(ctx context.Context, cfg Config, db *persistence.DB) ([]byte, error) {
	if cfg.Secret != "" {
		return []byte(cfg.Secret), nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("generate the node secret: %w", err)
	}
	var stored string
	if err := db.Settings().GetOrCreate(ctx, nodeSecretKey, base64.StdEncoding.EncodeToString(fresh), &stored); err != nil {
		return nil, fmt.Errorf("read the node secret: %w", err)
	}
	secret, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(secret) < 32 {
		return nil, fmt.Errorf("the stored node secret is damaged: set --secret")
	}
	return secret, nil
}
