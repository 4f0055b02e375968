package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"souk/app/account"
	"souk/app/action"
	"souk/app/demo"
	"souk/app/i18n"
	"souk/app/settings"
	"souk/app/wallet"
	"souk/persistence"
	"souk/transport/httpapi"
	"souk/transport/realtime"
	"souk/transport/web"
	"souk/webui"
)

// demoSeededKey marks in the settings store that --dev loaded the demo
// content once, so later starts leave an operator's edits alone.
const demoSeededKey = "demo.seeded"

func openDB(ctx context.Context, cfg Config) (*persistence.DB, error) {
	db, err := persistence.Open(ctx, persistence.Config{URL: cfg.DB, DataDir: cfg.Data, Node: int64(cfg.Cluster.NodeID), MaxConns: cfg.DBMaxConns,
		WarmConns: cfg.DBWarmConns})
	if err != nil {
		return nil, fmt.Errorf("cannot open the database: %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("cannot migrate the database: %w", err)
	}
	return db, nil
}

func migrate(ctx context.Context, cfg Config) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	slog.Info("migrations applied", "db", db.Kind())
	return db.Close()
}

func seed(ctx context.Context, cfg Config, stdout io.Writer) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := loadDemo(ctx, cfg, db); err != nil {
		return err
	}
	if cfg.Bench.Count > 0 {
		return seedBenchUsers(ctx, cfg, db, stdout)
	}
	printLogins(stdout)
	return nil
}

// loadDemo seeds the demo content, its audio tracks into the media store
// the site serves them from.
func loadDemo(ctx context.Context, cfg Config, db *persistence.DB) error {
	blobs, err := mediaBlobs(cfg, db)
	if err != nil {
		return err
	}
	if _, err := demo.Seed(ctx, db, demo.WithAudio(blobs)); err != nil {
		return fmt.Errorf("cannot load the demo content: %w", err)
	}
	if err := db.Settings().Put(ctx, demoSeededKey, persistence.Now()); err != nil {
		return fmt.Errorf("cannot record the demo content: %w", err)
	}
	slog.Info("demo content loaded")
	return nil
}

func printLogins(w io.Writer) {
	fmt.Fprintln(w, "Demo logins:")
	for _, l := range demo.Logins {
		fmt.Fprintf(w, "  %-8s %-18s %s\n", l.Role, l.Email, l.Password)
	}
}

// describedRegistry registers every action without a database or a
// cluster, for the generated API reference and wire types.
func describedRegistry() *action.Registry {
	reg := action.NewRegistry()
	newServices(deps{}).register(reg)
	return reg
}

func writeAPIDoc(w io.Writer) error {
	return describedRegistry().WriteReference(w)
}

// inboxPruneEvery is how often a node deletes the inbox events past
// notify.InboxRetention.
const inboxPruneEvery = time.Hour

func serve(ctx context.Context, cfg Config, stdout io.Writer) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.Dev {
		var seededAt int64
		switch err := db.Settings().Get(ctx, demoSeededKey, &seededAt); {
		case errors.Is(err, persistence.ErrNotFound):
			if err := loadDemo(ctx, cfg, db); err != nil {
				return err
			}
		case err != nil:
			return fmt.Errorf("cannot read the settings: %w", err)
		}
	}

	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	if err != nil {
		return fmt.Errorf("cannot load the messages: %w", err)
	}
	secret, err := nodeSecret(ctx, cfg, db)
	if err != nil {
		return err
	}
	email, err := emailSender(cfg)
	if err != nil {
		return err
	}
	// Listen first: a node that cannot serve HTTP never joins the cluster,
	// and the gossip and actor ports the cluster member picks at random
	// (a single node) can never take the HTTP port. The services are built
	// after: the sandbox payment provider posts its callbacks to this
	// listener's own address.
	ln, err := net.Listen("tcp", cfg.HTTP)
	if err != nil {
		return fmt.Errorf("cannot listen on --http %s: %w", cfg.HTTP, err)
	}
	// At the open-file limit a new connection is answered 503 at once
	// (acceptguard.go), not left waiting in the listen queue.
	ln = guardAccept(ln)
	defer ln.Close()
	// Join the cluster (waiting until this node sees itself in the
	// topology), then build every service once on it: the actions and the
	// websocket gateway share them.
	rt, err := startCluster(ctx, cfg, db)
	if err != nil {
		return fmt.Errorf("cannot start the cluster member: %w", err)
	}
	defer rt.stop(context.Background())
	views := clusterViews{rt: rt, db: db, started: time.Now()}
	svc := newServices(deps{cluster: views, db: db, secret: secret, dev: cfg.Dev, email: email, social: cfg.socialConfig(),
		maxHashes: cfg.MaxConcurrentHashes, avatarHosts: cfg.AvatarHosts, chatMemberLimit: cfg.ChatMemberLimit,
		rooms: rt.sys.Rooms(), userSessions: rt.sys.Sessions(), wallets: rt.sys.Wallets(), uploads: rt.sys.Uploads(),
		publicURL: cfg.PublicURL, callbackBase: "http://" + loopbackAddr(ln.Addr()), translator: catalog,
		live: realtime.NewLiveBus(rt.sys.Node().Bus()), bus: rt.sys.Node().Bus(), notifyEmailDelay: cfg.NotifyEmailDelay})
	reg := action.NewRegistry()
	svc.register(reg)
	go svc.sessions.WatchRevocations(ctx, slog.Default())
	go svc.accounts.WatchMemberships(ctx, account.MembershipWatch, time.After)
	if err := rt.startSockets(cfg, db, svc.socketConfig(reg, catalog)); err != nil {
		return fmt.Errorf("cannot start the websocket gateway: %w", err)
	}
	stopRevocations, err := svc.listenRevocations(rt.sys.Node().Bus(), rt.handler)
	if err != nil {
		return fmt.Errorf("cannot listen for revoked sessions: %w", err)
	}
	defer stopRevocations()
	stopViews, err := views.answer()
	if err != nil {
		return fmt.Errorf("cannot answer cluster status requests: %w", err)
	}
	defer stopViews()
	// Bursts still gathering are pushed before the node stops, and the
	// growth points of the last messages written.
	defer svc.push.Close()
	defer svc.awards.Close()
	go svc.push.WatchOwners(ctx)
	go svc.notifyMail.Run(ctx)
	go svc.notify.RunInboxJanitor(ctx, inboxPruneEvery)
	// Senders are answered once their event is stored; live delivery to
	// session grains goes on in the background.
	go svc.notify.RunDelivery(ctx)
	go svc.content.RunViews(ctx)
	go svc.community.RunSweep(ctx, communitySweepEvery)
	go svc.shop.RunSweep(ctx, shopSweepEvery)
	go sweepUploads(ctx, rt.sys.Uploads(), uploadSweepEvery)
	uploadRoute, mediaRoute := mediaRoutes(svc.media)
	client, err := web.New(web.Config{
		Dist:      webui.Dist(),
		Locales:   webui.Locales(),
		Languages: action.Languages,
		Describe:  describePage(svc.pages),
		Sitemap:   sitemapOf(svc.pages),
		PublicURL: pagesPublicURL(cfg.PublicURL),
		Analytics: func(ctx context.Context) string {
			reply, err := svc.settings.Get(ctx, settings.GetInput{})
			if err != nil {
				slog.ErrorContext(ctx, "read the analytics snippet", "err", err)
				return ""
			}
			return reply.Settings.Analytics
		},
	})
	if err != nil {
		return fmt.Errorf("cannot load the web client: %w", err)
	}
	handler := httpapi.New(httpapi.Config{
		Registry:     reg,
		Translator:   catalog,
		Fallback:     client,
		TrustProxy:   cfg.TrustProxy,
		PublicURL:    cfg.PublicURL,
		HSTS:         cfg.HSTS,
		MetricsToken: cfg.MetricsToken,
		Auth:         svc.sessions,
		Upload:       uploadRoute,
		MediaFile:    mediaRoute,
		PaymentCallback: func(ctx context.Context, provider string, body []byte, header func(string) string) error {
			return svc.wallet.Confirm(ctx, provider, wallet.Callback{Body: body, Header: header})
		},
		Gauges: append([]httpapi.Gauge{{Name: "souk_upload_jobs_active", Help: "Upload-job grains active on this node.",
			Value: func() float64 { return float64(rt.sys.UploadActivations()) }},
			{Name: "souk_chat_group_commits", Help: "Transactions the room grains of this node stored chat messages in, since it started.",
				Value: func() float64 { commits, _ := rt.sys.ChatCommits(); return float64(commits) }},
			{Name: "souk_chat_group_committed", Help: "Chat messages those transactions stored (over souk_chat_group_commits: the mean group).",
				Value: func() float64 { _, messages := rt.sys.ChatCommits(); return float64(messages) }},
			{Name: "souk_chat_transactions", Help: "Database transactions the chat messages of this node's rooms were stored in, since it started (the rooms' group commits share them).",
				Value: func() float64 { transactions, _ := db.ChatWrites(); return float64(transactions) }}}, append(pushGauges(svc.push), notifyMailGauges(svc.notifyMail)...)...),
		Ready: func(ctx context.Context) error {
			if !db.Ready() {
				return errors.New("migrations have not run")
			}
			if err := rt.ready(); err != nil {
				return err
			}
			return db.Ping(ctx)
		},
	})
	stopDebug, err := startDebug(cfg.DebugAddr, handler.Metrics())
	if err != nil {
		return err
	}
	defer stopDebug()

	srv := &http.Server{
		Handler:           rt.route(handler),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	slog.Info("souk serving", "url", "http://"+displayAddr(ln.Addr()), "db", db.Kind(), "dev", cfg.Dev, "version", version)
	fmt.Fprintf(stdout, "Souk is running at http://%s\n", displayAddr(ln.Addr()))
	if cfg.Dev {
		printLogins(stdout)
	}

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	slog.Info("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("graceful shutdown: %w", err)
	}
	slog.Info("shutting down: closing websockets, leaving the cluster")
	if err := rt.stop(shutdownCtx); err != nil {
		return fmt.Errorf("graceful shutdown of the cluster member: %w", err)
	}
	slog.Info("stopped")
	return nil
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || tcp.IP.IsUnspecified() {
		if ok {
			return fmt.Sprintf("localhost:%d", tcp.Port)
		}
	}
	return addr.String()
}

// loopbackAddr is an address this node reaches its own listener at: a
// wildcard listen address becomes the loopback one.
func loopbackAddr(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return addr.String()
	}
	host := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		// A wildcard listener (":8080" is dual-stack) takes IPv4 loopback too.
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, strconv.Itoa(tcp.Port))
}
