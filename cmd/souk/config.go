package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"souk/app/auth"
	"souk/app/chat"
	"souk/internal/mail"
	"souk/transport/ws"
)

// The default caps of a client address's websocket connections: enough for
// many members behind one NAT, far below the process's own limit.
const (
	defaultWSMaxPerAddr       = 256
	defaultWSMaxGuestsPerAddr = 64
)

// Config is everything a node is started with, filled from flags and their
// SOUK_* environment equivalents (a flag given on the command line wins).
type Config struct {
	// HTTP is the listen address of the web server.
	HTTP string
	// Data is the folder for the embedded database and local files.
	Data string
	// DB selects the database: empty for SQLite in Data, or a postgres:// URL.
	DB string
	// DBMaxConns bounds the node's PostgreSQL connections (0: the default).
	DBMaxConns int
	// DBWarmConns are the PostgreSQL connections the node opens as it starts.
	DBWarmConns int
	// MediaStore is where uploaded files are kept: disk (a folder under
	// Data, one node), db (the database every node shares) or empty for
	// disk on SQLite and db on PostgreSQL.
	MediaStore string
	// Dev turns on demo mode: demo content on first start, codes in the log.
	Dev bool
	// LogFormat is text or json.
	LogFormat string
	// LogLevel is debug, info, warn or error; debug adds a line per
	// successful request.
	LogLevel string
	// Secret signs tokens, captchas and codes; every node of a cluster must
	// share it. Empty: generated once and kept in the database.
	Secret string
	// TrustProxy reads the client's address and scheme from a reverse
	// proxy's X-Forwarded-For and X-Forwarded-Proto headers.
	TrustProxy bool
	// ShutdownTimeout bounds how long in-flight requests may finish on stop.
	ShutdownTimeout time.Duration
	// Cluster holds the cluster and NATS flags (cluster_config.go).
	Cluster ClusterFlags
	// SMTP is the mail server verification codes are sent through; an
	// empty Addr means none (with --dev, codes go to the log).
	SMTP mail.SMTPConfig
	// NotifyEmailDelay, when positive, replaces the operators' delay
	// before an unread private message or mention is emailed (tests).
	NotifyEmailDelay time.Duration
	// PublicURL is the site's external base URL (scheme, host, maybe a path
	// prefix); OAuth redirect URIs and the pages' absolute URLs are built
	// on it (the pages use the request's host while it is the default).
	PublicURL string
	// Social holds the OAuth clients of the social login providers (its
	// PublicURL is unused: see socialConfig). A provider is offered when its
	// client is set and settings' login_box.social lists it.
	Social auth.SocialConfig
	// ChatMemberLimit is how many chat messages a member may send across
	// rooms within 2 seconds; zero: no limit across rooms (each room
	// still takes one per member every 2 seconds).
	ChatMemberLimit int
	// WSMaxPerAddr bounds the websocket connections of one client address
	// (the forwarded one with TrustProxy; an IPv6 /64 counts as one);
	// WSMaxGuestsPerAddr bounds those not signed in yet. Zero: no limit.
	WSMaxPerAddr, WSMaxGuestsPerAddr int
	// WSFlushDelay is how long a busy connection's frames wait to share
	// a write (ws.Config.FlushDelay); zero writes every frame at once.
	WSFlushDelay time.Duration
	// DebugAddr serves net/http/pprof on its own listener (serve only);
	// empty: none. Bind it to loopback: profiles reveal the process.
	DebugAddr string
	// HSTS sends Strict-Transport-Security on HTTPS responses: only for a
	// site served over HTTPS alone.
	HSTS bool
	// MetricsToken serves /metrics on the public listener to callers
	// sending it as a bearer token; empty: /metrics only on DebugAddr.
	MetricsToken string
	// AvatarHosts are the hosts a profile picture may come from (https
	// only); empty: none, only the site's own avatars.
	AvatarHosts []string
	// Bench holds seed's --bench-users flags (bench.go).
	Bench BenchUsersFlags
	// MaxConcurrentHashes bounds the password hashes a node runs at once;
	// 0: derived from memory (auth.DefaultMaxConcurrentHashes).
	MaxConcurrentHashes int
}

// configError names the flag whose value is wrong.
type configError struct {
	flag, value, want string
}

func (e *configError) Error() string {
	return fmt.Sprintf("invalid value %q for --%s (env SOUK_%s): %s",
		e.value, e.flag, strings.ToUpper(strings.ReplaceAll(e.flag, "-", "_")), e.want)
}

// defaultPublicURL is --public-url when none is given: pages then build
// their absolute URLs on the request's host.
const defaultPublicURL = "http://localhost:8080"

// parseConfig reads the flags of the serve-like subcommands.
func parseConfig(name string, args []string, stderr io.Writer) (Config, error) {
	cfg := Config{
		HTTP:               ":8080",
		Data:               "./data",
		LogFormat:          "text",
		LogLevel:           "info",
		ShutdownTimeout:    20 * time.Second,
		PublicURL:          defaultPublicURL,
		Social:             auth.SocialConfig{GoogleIssuer: auth.DefaultGoogleIssuer},
		ChatMemberLimit:    chat.DefaultMemberLimit,
		WSMaxPerAddr:       defaultWSMaxPerAddr,
		WSMaxGuestsPerAddr: defaultWSMaxGuestsPerAddr,
		WSFlushDelay:       ws.DefaultFlushDelay,
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.HTTP, "http", cfg.HTTP, "HTTP listen address (env SOUK_HTTP)")
	fs.StringVar(&cfg.Data, "data", cfg.Data, "data folder for the embedded database (env SOUK_DATA)")
	fs.StringVar(&cfg.DB, "db", cfg.DB, "database: empty for SQLite in the data folder, or a postgres:// URL (env SOUK_DB)")
	fs.IntVar(&cfg.DBMaxConns, "db-max-conns", cfg.DBMaxConns, "PostgreSQL connections this node keeps at most (env SOUK_DB_MAX_CONNS) (default 16)")
	fs.IntVar(&cfg.DBWarmConns, "db-warm-conns", cfg.DBWarmConns, "PostgreSQL connections this node opens as it starts, at most --db-max-conns, so that its first requests do not wait for them (env SOUK_DB_WARM_CONNS); 0: on demand")
	fs.StringVar(&cfg.MediaStore, "media-store", cfg.MediaStore, "where uploads are kept: disk (the data folder's media/, one node) or db (the shared database, a cluster); empty: disk on SQLite, db on PostgreSQL (env SOUK_MEDIA_STORE)")
	fs.BoolVar(&cfg.Dev, "dev", cfg.Dev, "demo mode: demo content on first start, verification codes in the log (env SOUK_DEV)")
	fs.StringVar(&cfg.LogFormat, "log-format", cfg.LogFormat, "log format: text or json (env SOUK_LOG_FORMAT)")
	fs.StringVar(&cfg.LogLevel, "log-level", cfg.LogLevel, "log level: debug (adds a line per successful request), info, warn or error (env SOUK_LOG_LEVEL)")
	fs.StringVar(&cfg.Secret, "secret", cfg.Secret, "secret that signs tokens, at least 32 characters; empty: generated once and kept in the database (env SOUK_SECRET)")
	fs.BoolVar(&cfg.TrustProxy, "trust-proxy", cfg.TrustProxy, "trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy (env SOUK_TRUST_PROXY)")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", cfg.ShutdownTimeout, "how long in-flight requests may finish on stop (env SOUK_SHUTDOWN_TIMEOUT)")
	cfg.Cluster.register(fs)
	fs.StringVar(&cfg.SMTP.Addr, "smtp-addr", "", "mail server host:port for verification codes; empty: no email (with --dev: to the log) (env SOUK_SMTP_ADDR)")
	fs.StringVar(&cfg.SMTP.From, "smtp-from", "", "sender address of emails, e.g. 'Souk <no-reply@souk.example>' (env SOUK_SMTP_FROM)")
	fs.StringVar(&cfg.SMTP.User, "smtp-user", "", "mail server user name; empty: no authentication (env SOUK_SMTP_USER)")
	fs.StringVar(&cfg.SMTP.Password, "smtp-password", "", "mail server password (env SOUK_SMTP_PASSWORD)")
	fs.DurationVar(&cfg.NotifyEmailDelay, "notify-email-delay", 0, "how long a private message or mention stays unread before it is emailed; 0: the operators' setting (15m by default) (env SOUK_NOTIFY_EMAIL_DELAY)")
	fs.StringVar(&cfg.PublicURL, "public-url", cfg.PublicURL, "the site's external base URL, on which OAuth redirect URIs and pages' absolute URLs (canonical, previews, sitemaps) are built; unset: the request's host (env SOUK_PUBLIC_URL)")
	fs.StringVar(&cfg.Social.GitHub.ID, "oauth-github-id", "", "GitHub OAuth app client id; empty: no GitHub login (env SOUK_OAUTH_GITHUB_ID)")
	fs.StringVar(&cfg.Social.GitHub.Secret, "oauth-github-secret", "", "GitHub OAuth app client secret (env SOUK_OAUTH_GITHUB_SECRET)")
	fs.StringVar(&cfg.Social.Google.ID, "oauth-google-id", "", "Google OAuth client id; empty: no Google login (env SOUK_OAUTH_GOOGLE_ID)")
	fs.StringVar(&cfg.Social.Google.Secret, "oauth-google-secret", "", "Google OAuth client secret (env SOUK_OAUTH_GOOGLE_SECRET)")
	fs.StringVar(&cfg.Social.GoogleIssuer, "oauth-google-issuer", cfg.Social.GoogleIssuer, "OpenID Connect issuer of the Google login (env SOUK_OAUTH_GOOGLE_ISSUER)")
	fs.StringVar(&cfg.Social.WeChat.ID, "oauth-wechat-id", "", "WeChat Open Platform website app AppID; empty: no WeChat login (env SOUK_OAUTH_WECHAT_ID)")
	fs.StringVar(&cfg.Social.WeChat.Secret, "oauth-wechat-secret", "", "WeChat Open Platform website app AppSecret (env SOUK_OAUTH_WECHAT_SECRET)")
	fs.IntVar(&cfg.MaxConcurrentHashes, "max-concurrent-hashes", 0, "password hashes (64 MiB each) run at once by logins, sign-ups and resets; more wait up to 2 s, then get 503; 0: as many as fit in half of GOMEMLIMIT, or 256 MiB without one (env SOUK_MAX_CONCURRENT_HASHES)")
	if name == "serve" {
		fs.IntVar(&cfg.ChatMemberLimit, "chat-member-limit", cfg.ChatMemberLimit, "chat messages a member may send across rooms within 2 s; 0: no limit across rooms (env SOUK_CHAT_MEMBER_LIMIT)")
		fs.IntVar(&cfg.WSMaxPerAddr, "ws-max-per-addr", cfg.WSMaxPerAddr, "websocket connections one client address may hold (with --trust-proxy the forwarded address; an IPv6 /64 is one address); 0: no limit (env SOUK_WS_MAX_PER_ADDR)")
		fs.IntVar(&cfg.WSMaxGuestsPerAddr, "ws-max-guests-per-addr", cfg.WSMaxGuestsPerAddr, "of those, connections not signed in yet; 0: no limit (env SOUK_WS_MAX_GUESTS_PER_ADDR)")
		fs.DurationVar(&cfg.WSFlushDelay, "ws-flush-delay", cfg.WSFlushDelay, "how long the frames of a connection written to in the last two such delays wait to share one write (an idle connection's first frame goes at once); 0: every frame at once, at most 100ms (env SOUK_WS_FLUSH_DELAY)")
		fs.StringVar(&cfg.DebugAddr, "debug-addr", "", "serve pprof (/debug/pprof/) and /metrics on this host:port, e.g. 127.0.0.1:6060; empty: off (env SOUK_DEBUG_ADDR)")
		fs.BoolVar(&cfg.HSTS, "hsts", false, "send Strict-Transport-Security on HTTPS responses; only for a site served over HTTPS alone (env SOUK_HSTS)")
		fs.StringVar(&cfg.MetricsToken, "metrics-token", "", "serve /metrics on the public listener to callers sending this bearer token, at least 32 characters; empty: only on --debug-addr (env SOUK_METRICS_TOKEN)")
		fs.Func("avatar-hosts", "comma-separated hosts a profile picture may be an https URL of, e.g. images.example.com; empty: none (env SOUK_AVATAR_HOSTS)", func(v string) error {
			hosts, err := parseHosts(v)
			cfg.AvatarHosts = hosts
			return err
		})
	}
	if name == "seed" {
		cfg.Bench.register(fs)
	}

	if err := applyEnv(fs); err != nil {
		return cfg, err
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return cfg, cfg.validate()
}

// applyEnv sets every flag from its SOUK_* variable before the command line
// is parsed, so the command line overrides the environment.
func applyEnv(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil {
			return
		}
		env := "SOUK_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := os.LookupEnv(env); ok {
			if setErr := f.Value.Set(v); setErr != nil {
				err = &configError{flag: f.Name, value: v, want: setErr.Error()}
			}
		}
	})
	return err
}

func (c Config) validate() error {
	host, port, err := net.SplitHostPort(c.HTTP)
	if err != nil {
		return &configError{"http", c.HTTP, "want host:port, e.g. :8080 or 127.0.0.1:8080"}
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return &configError{"http", c.HTTP, "the port must be a number from 0 to 65535"}
	}
	if strings.ContainsAny(host, " /") {
		return &configError{"http", c.HTTP, "the host must be a name or an IP address"}
	}
	if strings.TrimSpace(c.Data) == "" {
		return &configError{"data", c.Data, "must name a folder"}
	}
	if c.DB != "" {
		u, err := url.Parse(c.DB)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
			return &configError{"db", redactURL(c.DB), "want empty (SQLite in the data folder) or postgres://user@host:port/database"}
		}
	}
	switch c.MediaStore {
	case "", mediaStoreDisk, mediaStoreDB:
	default:
		return &configError{"media-store", c.MediaStore, "want disk, db or empty"}
	}
	if c.ChatMemberLimit < 0 || c.ChatMemberLimit > 1000 {
		return &configError{"chat-member-limit", strconv.Itoa(c.ChatMemberLimit), "want 0 (no limit) to 1000"}
	}
	if c.WSMaxPerAddr < 0 {
		return &configError{"ws-max-per-addr", strconv.Itoa(c.WSMaxPerAddr), "want 0 (no limit) or more"}
	}
	if c.WSMaxGuestsPerAddr < 0 {
		return &configError{"ws-max-guests-per-addr", strconv.Itoa(c.WSMaxGuestsPerAddr), "want 0 (no limit) or more"}
	}
	if c.WSFlushDelay < 0 || c.WSFlushDelay > 100*time.Millisecond {
		return &configError{"ws-flush-delay", c.WSFlushDelay.String(), "want 0 (no delay) to 100ms"}
	}
	if c.DBMaxConns < 0 || c.DBMaxConns > 1000 {
		return &configError{"db-max-conns", strconv.Itoa(c.DBMaxConns), "want 1 to 1000, or 0 for the default"}
	}
	if c.DBWarmConns < 0 || c.DBWarmConns > 1000 {
		return &configError{"db-warm-conns", strconv.Itoa(c.DBWarmConns), "want 0 to 1000"}
	}
	if _, err := c.slogLevel(); err != nil {
		return &configError{"log-level", c.LogLevel, "want debug, info, warn or error"}
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return &configError{"log-format", c.LogFormat, "want text or json"}
	}
	if c.Secret != "" && len(c.Secret) < 32 {
		return &configError{"secret", "(hidden)", "must be at least 32 characters"}
	}
	if c.ShutdownTimeout <= 0 {
		return &configError{"shutdown-timeout", c.ShutdownTimeout.String(), "must be positive"}
	}
	if c.DebugAddr != "" && !isHostPort(c.DebugAddr) {
		return &configError{"debug-addr", c.DebugAddr, "want host:port, e.g. 127.0.0.1:6060"}
	}
	if c.MaxConcurrentHashes < 0 || c.MaxConcurrentHashes > 1024 {
		return &configError{"max-concurrent-hashes", strconv.Itoa(c.MaxConcurrentHashes), "want 1 to 1024, or 0 to derive it from memory"}
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < 32 {
		return &configError{"metrics-token", "(hidden)", "must be at least 32 characters"}
	}
	if c.HSTS && !strings.HasPrefix(c.PublicURL, "https://") {
		return &configError{"hsts", "true", "needs an https --public-url: HSTS is for sites served over HTTPS alone"}
	}
	if err := c.Bench.validate(); err != nil {
		return err
	}
	if err := c.Cluster.validate(); err != nil {
		return err
	}
	if err := c.validateSMTP(); err != nil {
		return err
	}
	if c.NotifyEmailDelay < 0 || c.NotifyEmailDelay > 24*time.Hour {
		return &configError{"notify-email-delay", c.NotifyEmailDelay.String(), "want a duration from 0 to 24h, e.g. 15m"}
	}
	return c.validateSocial()
}

// validateSocial checks --public-url and the social login providers' flags.
func (c Config) validateSocial() error {
	if !isBaseURL(c.PublicURL) {
		return &configError{"public-url", c.PublicURL, "want the site's address, e.g. https://souk.example (http or https, no query)"}
	}
	if !isBaseURL(c.Social.GoogleIssuer) {
		return &configError{"oauth-google-issuer", c.Social.GoogleIssuer, "want an http or https URL, e.g. " + auth.DefaultGoogleIssuer}
	}
	for _, p := range []struct {
		name   string
		client auth.OAuthClient
	}{{"github", c.Social.GitHub}, {"google", c.Social.Google}, {"wechat", c.Social.WeChat}} {
		switch {
		case p.client.ID != "" && p.client.Secret == "":
			return &configError{"oauth-" + p.name + "-id", p.client.ID, "set --oauth-" + p.name + "-secret too, or neither"}
		case p.client.ID == "" && p.client.Secret != "":
			return &configError{"oauth-" + p.name + "-secret", "(hidden)", "set --oauth-" + p.name + "-id too, or neither"}
		}
	}
	return nil
}

// isBaseURL reports whether raw is an absolute http(s) URL with a host and
// no user, query or fragment.
func isBaseURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		u.User == nil && u.RawQuery == "" && u.Fragment == "" && !strings.HasSuffix(raw, "?") && !strings.HasSuffix(raw, "#")
}

// parseHosts reads a comma-separated list of host names (no scheme, path
// or port), lower case.
func parseHosts(v string) ([]string, error) {
	var hosts []string
	for _, h := range strings.Split(v, ",") {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		if strings.ContainsAny(h, "/:@?# ") || strings.HasPrefix(h, ".") || strings.HasSuffix(h, ".") {
			return nil, fmt.Errorf("%q is not a host name (want e.g. images.example.com)", h)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

// socialConfig is the social login configuration with the public URL.
func (c Config) socialConfig() auth.SocialConfig {
	s := c.Social
	s.PublicURL = strings.TrimSuffix(c.PublicURL, "/")
	return s
}

// redactURL hides a password in a database URL before it is printed.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

var errUsage = errors.New("usage")

// validateSMTP checks the --smtp-* flags.
func (c Config) validateSMTP() error {
	var fe *mail.SMTPFieldError
	if err := c.SMTP.Validate(); errors.As(err, &fe) {
		value := map[string]string{"addr": c.SMTP.Addr, "from": c.SMTP.From, "user": c.SMTP.User, "password": "(hidden)"}[fe.Field]
		return &configError{"smtp-" + fe.Field, value, fe.Want}
	}
	return nil
}

// slogLevel is LogLevel as a slog level.
func (c Config) slogLevel() (slog.Level, error) {
	var level slog.Level
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
		return level, level.UnmarshalText([]byte(c.LogLevel))
	}
	return level, fmt.Errorf("unknown log level %q", c.LogLevel)
}
