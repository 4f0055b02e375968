package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// ErrUsage is returned after the usage was printed for a wrong command line.
var ErrUsage = errors.New("bench: usage")

// Env is what Main runs with.
type Env struct {
	Stdout, Stderr io.Writer
	// Version is the souk version the figures are labelled with.
	Version string
	// Binary is the souk executable that own nodes are started from;
	// empty: this process's own executable.
	Binary string
}

// Options are the command line of souk bench.
type Options struct {
	Scenario  string
	Targets   []string
	Debug     []string
	UsersFile string
	Duration  time.Duration
	Ramp      time.Duration
	JSON      string
	SVG       string
	Markdown  string
	Out       string
	Quiet     bool
	DB        string
	KeepLogs  string

	Conns      int
	Users      int
	Rooms      int
	Members    int
	Publishers int
	Rate       float64
	Size       int
	Nodes      int
	AddAt      time.Duration
	StopNode   bool
	KillNode   bool
	// RestartNode and RestartAfter: scale with --kill-node starts the
	// killed node again, same id, no --join, this long after the kill.
	RestartNode bool
	// ThenAdd: scale --restart-node adds one more node after the restart
	// and moves a share of the listeners to it.
	ThenAdd      bool
	RestartAfter time.Duration
	// PMRate: scale with --kill-node or --rolling-restart also sends
	// private messages over HTTP at this rate and reports their
	// acknowledgement latency per phase.
	PMRate         float64
	RollingRestart bool
	// NodeBinary is the souk executable own nodes run; empty: Env.Binary.
	NodeBinary string
	Mix        string
	Files      int
	FileMB     float64
	// FindMax: chat raises the rate step by step until the p99 of a step
	// passes FindP99 (or a message is lost) and reports the last that held.
	FindMax bool
	FindP99 time.Duration

	// Settle: chat and scale wait this long after every member joined
	// before sending (the server finishes registering the joins).
	Settle time.Duration

	// RoomsPerConn: chat members join this many rooms over one connection
	// each (chat_rooms.go); 1: a connection a room and member.
	RoomsPerConn int
	// Procs: connect opens its websockets in this many worker processes
	// (one process holds at most its open-file limit of sockets).
	Procs int

	// halfRate marks the profile's chat run at half the maximum rate, whose
	// p99 is held against the latency target.
	halfRate bool
}

const usage = `souk bench: load-test a Souk node or cluster.

Usage:
  souk bench SCENARIO [flags]

Scenarios:
  connect   open --conns authenticated websockets over --ramp and hold them idle
  chat      --rooms × --members in chat rooms, --publishers sending --rate msgs/s of --size bytes;
            with --find-max, a capacity search: the rate rises run after run until p99 passes --p99
  http      --conns clients calling /api/request actions (--mix) at --rate req/s (0: as fast as possible)
  scale     chat on a cluster of --nodes while one more node joins (and with --stop-node, one leaves); or, instead,
            with --kill-node the node hosting the most rooms SIGKILLed (and with --restart-node started again),
            or with --rolling-restart every node restarted in turn; reports each listener's lost, duplicated and
            out-of-order deliveries and longest stall, and the senders' acknowledgement latency around the events
  pm        private messages between random pairs of --users, each with --conns connections on different nodes
  wallet    --users members topping up, buying memberships and giving each other money on --nodes, with idempotent retries
            (and with --kill-node, one node SIGKILLed); reports operations/s and what was lost or duplicated
  upload    --users members each uploading --files files of --file-mb MB in 1 MiB chunks, 3 at a time, spread over every node
            of its own --nodes (with --kill-node, the node holding the most upload jobs SIGKILLed a third of the way;
            clients resume through media.uploadStatus); reports MB/s, files, resumed jobs, corrupt files (sha256)
  profile   the standard profile of make bench (connect, chat at max and half rate, http)

Without --target, a fresh node (or cluster) is started from this binary on
loopback, on a new SQLite database (or --db), with bench members seeded.
With --target, give --users-file from: souk seed --bench-users N --bench-users-file FILE

Flags:
`

// Main runs souk bench with args (the scenario first).
func Main(ctx context.Context, args []string, env Env) error {
	if len(args) > 0 && args[0] == connectWorker {
		// A worker of connect --procs: its orders come on standard input.
		return runConnectWorker(ctx, os.Stdin, env.Stdout)
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			o := &Options{}
			fs := o.flags("bench", env.Stderr)
			fmt.Fprint(env.Stdout, usage)
			fs.SetOutput(env.Stdout)
			fs.PrintDefaults()
			return nil
		}
		fmt.Fprint(env.Stderr, usage)
		return ErrUsage
	}
	o := &Options{Scenario: args[0]}
	fs := o.flags(args[0], env.Stderr)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return ErrUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "unexpected argument %q\n", fs.Arg(0))
		return ErrUsage
	}
	if err := o.validate(fs); err != nil {
		fmt.Fprintln(env.Stderr, "souk bench:", err)
		return ErrUsage
	}
	if env.Binary == "" {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		env.Binary = exe
	}
	if env.Version == "" {
		env.Version = "dev"
	}
	if o.Scenario == "profile" {
		return runProfile(ctx, o, env)
	}
	rep, err := runOne(ctx, o, env)
	if err != nil {
		return err
	}
	return o.write(env, []*Report{rep})
}

func (o *Options) flags(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bench "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Func("target", "base URL(s) of running nodes, http://host:port[,…]; clients are spread over them; empty: start a fresh node", func(s string) error {
		for _, t := range strings.Split(s, ",") {
			if t = strings.TrimSpace(t); t != "" {
				o.Targets = append(o.Targets, strings.TrimSuffix(t, "/"))
			}
		}
		return nil
	})
	fs.Func("debug-addr", "with --target: the nodes' --debug-addr (host:port[,…], in --target's order), so their heap is read after a collection", func(s string) error {
		for _, d := range strings.Split(s, ",") {
			if d = strings.TrimSpace(d); d != "" {
				o.Debug = append(o.Debug, d)
			}
		}
		return nil
	})
	fs.StringVar(&o.UsersFile, "users-file", "", "bench members' credentials from souk seed --bench-users (needed with --target)")
	fs.DurationVar(&o.Duration, "duration", 30*time.Second, "how long the measured load lasts")
	fs.DurationVar(&o.Ramp, "ramp", 10*time.Second, "ramp-up: connections are opened evenly over this time (0: as fast as possible)")
	fs.StringVar(&o.JSON, "json", "", "write every figure to this JSON file")
	fs.StringVar(&o.SVG, "svg", "", "write the latency and throughput plot to this SVG file; default: beside --json")
	fs.StringVar(&o.Markdown, "md", "", "also write the Markdown summary to this file")
	fs.StringVar(&o.Out, "out", "bench/results", "profile: the folder the reports go to")
	fs.BoolVar(&o.Quiet, "quiet", false, "no live progress lines")
	fs.StringVar(&o.KeepLogs, "keep-logs", "", "own nodes: copy their logs into this folder when they stop")
	fs.StringVar(&o.DB, "db", "", "own nodes: a postgres:// URL instead of a fresh SQLite database")
	fs.IntVar(&o.Conns, "conns", 0, "connect: websockets to open (default 5000); http: concurrent clients (default 32); pm: connections per member (default 2)")
	fs.IntVar(&o.Users, "users", 0, "pm: members taking part (default 200); http: members signed in for auth.viewer (default 8); wallet: members (default 16); upload: members uploading at once (default 4)")
	fs.IntVar(&o.Rooms, "rooms", 1, "chat, scale: rooms")
	fs.IntVar(&o.Members, "members", 1000, "chat, scale: members (one connection each) per room")
	fs.IntVar(&o.Publishers, "publishers", 0, "chat, scale: members that send, spread over the rooms; 0: every member")
	fs.IntVar(&o.RoomsPerConn, "rooms-per-conn", 1, "chat: rooms each connection (one bench member) joins; --rooms × --members pairs over ⌈rooms × members ÷ this⌉ connections, every room with --members distinct members")
	fs.Float64Var(&o.Rate, "rate", 0, "chat, scale, pm: messages/s in all; http: requests/s; 0: the most the server's limits allow (chat: one message per member every 2.5 s), or as fast as possible (http)")
	fs.IntVar(&o.Size, "size", 128, "chat, scale, pm: message bytes (UTF-8, at most 120 characters)")
	fs.IntVar(&o.Nodes, "nodes", 2, "scale: nodes before one is added; pm: nodes its own cluster has (each member's connections go to different ones); chat: nodes its own cluster has (1 unless set; connections round robin); wallet, upload, scale with --kill-node or --rolling-restart: its own cluster's nodes, 3 unless set")
	fs.DurationVar(&o.AddAt, "add-at", 0, "scale: when the node is added (or killed, or the rolling restart begins); wallet: when --kill-node kills one; default a third of --duration")
	fs.BoolVar(&o.StopNode, "stop-node", false, "scale: also stop the first node at two thirds of --duration (its clients resume on the others)")
	fs.BoolVar(&o.KillNode, "kill-node", false, "wallet: SIGKILL the last node at --add-at (own nodes; their calls go on at the others); upload: SIGKILL the node holding the most upload jobs once a third of the bytes are in; scale: SIGKILL the node hosting the most rooms at --add-at instead of adding one")
	fs.BoolVar(&o.RestartNode, "restart-node", false, "scale with --kill-node: start the killed node again under the same id, without --join, --restart-after the kill")
	fs.Float64Var(&o.PMRate, "pm-rate", 0, "scale with --kill-node or --rolling-restart: also send private messages over HTTP at this rate (messages/s in all, members to members, resent to another node with the same clientId when a node does not answer) and report their acknowledgement latency in each phase")
	fs.BoolVar(&o.ThenAdd, "then-add", false, "scale --restart-node: once the restarted node serves again, add one more node and move every fourth listener to it")
	fs.DurationVar(&o.RestartAfter, "restart-after", 30*time.Second, "scale --restart-node: how long after the kill; the default is past the 15-30 s memberlist gossips to a dead member")
	fs.BoolVar(&o.RollingRestart, "rolling-restart", false, "scale: from --add-at, stop each node gracefully in turn, wait until the others agree it left and its listeners reconnected, start it again under the same id; sending goes on until 5 s after the last")
	fs.StringVar(&o.NodeBinary, "node-binary", "", "own nodes: the souk executable they run (default: this one), to compare two builds under the same load generator")
	fs.IntVar(&o.Files, "files", 4, "upload: files each member uploads, one after another")
	fs.Float64Var(&o.FileMB, "file-mb", 8, "upload: size of each file, MB (MiB)")
	fs.BoolVar(&o.FindMax, "find-max", false, "chat: capacity search: runs of --duration each at a rising --rate (from --rate, default an eighth of the send limit, ×1.5 a step, then two bisections) until p99 passes --p99 or a message is lost; reports the highest rate that held")
	fs.DurationVar(&o.Settle, "settle", 0, "chat, scale: wait this long after every member joined before sending, so that the server has registered the joins (a join is answered before the room's grain counts it)")
	fs.DurationVar(&o.FindP99, "p99", 100*time.Millisecond, "chat --find-max: the p99 delivery latency a step must stay within")
	fs.IntVar(&o.Procs, "procs", 1, "connect: open the websockets in this many worker processes of this binary (a process holds at most its open-file limit of sockets); the figures are merged")
	fs.StringVar(&o.Mix, "mix", "settings:1,page:1,viewer:1,history:1", "http: actions and their weights")
	return fs
}

var scenarios = []string{"connect", "chat", "http", "scale", "pm", "wallet", "upload", "profile"}

func (o *Options) validate(fs *flag.FlagSet) error {
	known := false
	for _, s := range scenarios {
		known = known || s == o.Scenario
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case !known:
		return fmt.Errorf("unknown scenario %q: want one of %s", o.Scenario, strings.Join(scenarios, ", "))
	case o.Duration <= 0 || o.Duration > 24*time.Hour:
		return fmt.Errorf("--duration %s: want more than 0 and at most 24h", o.Duration)
	case o.Ramp < 0 || o.Ramp > time.Hour:
		return fmt.Errorf("--ramp %s: want 0 to 1h", o.Ramp)
	case o.Conns < 0 || o.Conns > 1_000_000:
		return fmt.Errorf("--conns %d: want 0 to 1000000", o.Conns)
	case o.Rooms < 1 || o.Members < 1 || o.Rooms*o.Members > 1_000_000:
		return fmt.Errorf("--rooms × --members: want at least 1 each and at most 1000000 in all")
	case o.Publishers < 0 || o.Users < 0 || o.Rate < 0:
		return errors.New("--publishers, --users and --rate must not be negative")
	case o.Size < minMessageBytes || o.Size > maxMessageBytes:
		return fmt.Errorf("--size %d: want %d to %d bytes", o.Size, minMessageBytes, maxMessageBytes)
	case o.Nodes < 1 || o.Nodes > 16:
		return fmt.Errorf("--nodes %d: want 1 to 16", o.Nodes)
	case len(o.Targets) > 0 && o.UsersFile == "" && o.needsMembers():
		return fmt.Errorf("%s with --target needs --users-file (souk seed --bench-users N --bench-users-file FILE on the target's database)", o.Scenario)
	case len(o.Debug) > 0 && len(o.Debug) != len(o.Targets):
		return errors.New("--debug-addr: give one address per --target, in the same order")
	case len(o.Targets) > 0 && (o.Scenario == "scale" || o.Scenario == "profile"):
		return fmt.Errorf("%s starts nodes of its own: leave out --target", o.Scenario)
	}
	for _, t := range o.Targets {
		if _, err := wsURL(t); err != nil {
			return err
		}
	}
	if pubs := o.publishers(); (o.Scenario == "chat" || o.Scenario == "scale") && o.Rate > 0 &&
		float64(pubs)/o.Rate < minSendInterval.Seconds() {
		return fmt.Errorf("--rate %.0f needs at least %.0f publishers (the server takes one message per member every 2 s): raise --publishers or --members",
			o.Rate, math.Ceil(o.Rate*minSendInterval.Seconds()))
	}
	if !set["conns"] {
		o.Conns = map[string]int{"connect": 5000, "http": 32, "pm": 2}[o.Scenario]
	}
	if !set["users"] {
		o.Users = map[string]int{"pm": 200, "http": 8, "wallet": 16, "upload": 4}[o.Scenario]
	}
	if !set["nodes"] && (o.Scenario == "wallet" || o.Scenario == "upload") {
		o.Nodes = 3
	}
	if !set["nodes"] && o.Scenario == "chat" {
		o.Nodes = 1
	}
	if !set["nodes"] && o.Scenario == "scale" && (o.KillNode || o.RollingRestart) {
		o.Nodes = 3
	}
	if o.KillNode && ((o.Scenario != "wallet" && o.Scenario != "upload" && o.Scenario != "scale") || len(o.Targets) > 0 || o.Nodes < 2) {
		return errors.New("--kill-node: wallet, upload or scale on nodes of its own (no --target), at least 2 --nodes")
	}
	if err := o.validateRoomsPerConn(); err != nil {
		return err
	}
	if err := o.validateFailover(set); err != nil {
		return err
	}
	if o.Scenario == "upload" && (o.Files < 1 || o.Files > 10_000 || o.FileMB <= 0 || o.FileMB > 1024) {
		return errors.New("upload: want --files 1 to 10000 and --file-mb above 0, at most 1024")
	}
	if o.AddAt <= 0 {
		o.AddAt = o.Duration / 3
	}
	switch {
	case o.Procs < 1 || o.Procs > 64 || (o.Procs > 1 && o.Scenario != "connect"):
		return fmt.Errorf("--procs %d: connect only, 1 to 64", o.Procs)
	case o.Settle < 0 || o.Settle > 10*time.Minute || (o.Settle > 0 && o.Scenario != "chat" && o.Scenario != "scale"):
		return fmt.Errorf("--settle %s: chat or scale, 0 to 10m", o.Settle)
	case o.FindMax && o.Scenario != "chat":
		return errors.New("--find-max: chat only")
	case set["p99"] && !o.FindMax:
		return errors.New("--p99: with --find-max")
	case o.FindP99 <= 0 || o.FindP99 > time.Minute:
		return fmt.Errorf("--p99 %s: want more than 0 and at most 1m", o.FindP99)
	case o.FindMax && o.Rate > o.sendLimit():
		return fmt.Errorf("--find-max: --rate %.0f is past the send limit of %.0f msgs/s", o.Rate, o.sendLimit())
	}
	return nil
}

// validateFailover checks scale's --kill-node, --restart-node and
// --rolling-restart: a node stopped in a cluster of two leaves one that
// sees no majority, so they take three nodes.
func (o *Options) validateFailover(set map[string]bool) error {
	switch {
	case o.PMRate < 0 || (o.PMRate > 0 && (o.Scenario != "scale" || !(o.KillNode || o.RollingRestart))):
		return errors.New("--pm-rate: scale with --kill-node or --rolling-restart, above 0")
	case o.ThenAdd && !o.RestartNode:
		return errors.New("--then-add needs --restart-node")
	case o.RestartNode && (!o.KillNode || o.Scenario != "scale"):
		return errors.New("--restart-node: scale with --kill-node")
	case set["restart-after"] && !o.RestartNode:
		return errors.New("--restart-after: with --restart-node")
	case o.RestartAfter <= 0 || o.RestartAfter > time.Hour:
		return fmt.Errorf("--restart-after %s: want more than 0 and at most 1h", o.RestartAfter)
	case o.RollingRestart && o.Scenario != "scale":
		return errors.New("--rolling-restart: scale only")
	case o.RollingRestart && (o.KillNode || o.StopNode), o.KillNode && o.StopNode && o.Scenario == "scale":
		return errors.New("scale: choose one of --stop-node, --kill-node and --rolling-restart")
	case o.Scenario == "scale" && (o.KillNode || o.RollingRestart) && o.Nodes < 3:
		return errors.New("scale --kill-node and --rolling-restart: at least 3 --nodes (of two, the one left sees no majority)")
	}
	return nil
}

// needsMembers reports whether the scenario signs in or connects as bench
// members: all but an http mix of guest actions.
func (o *Options) needsMembers() bool {
	if o.Scenario != "http" {
		return true
	}
	mix, err := parseMix(o.Mix)
	return err != nil || slices.ContainsFunc(mix, func(a httpAction) bool { return a.signedIn || a.name == "history" })
}

// publishers is how many members send in chat and scale.
func (o *Options) publishers() int {
	if o.Publishers == 0 || o.Publishers > o.Rooms*o.Members {
		return o.Rooms * o.Members
	}
	return o.Publishers
}

// usersNeeded is how many bench members a fresh node is seeded with.
func (o *Options) usersNeeded() int {
	switch o.Scenario {
	case "connect":
		return o.Conns
	case "chat", "scale":
		if o.roomsPerConn() > 1 {
			return o.chatConns() // a member a connection
		}
		return o.Members
	case "pm", "wallet", "upload":
		return o.Users
	case "http":
		return max(o.Users, historyWriters)
	}
	return max(o.Users, 1)
}

// runOne runs one scenario, on nodes of its own when no target was given.
func runOne(ctx context.Context, o *Options, env Env) (*Report, error) {
	r := &runner{o: o, env: env, debug: map[string]string{}}
	if len(o.Targets) == 0 {
		nodes := 1
		multi := o.Scenario == "scale" || o.Scenario == "pm" || o.Scenario == "wallet" || o.Scenario == "upload" ||
			(o.Scenario == "chat" && o.Nodes > 1)
		if multi {
			nodes = o.Nodes
		}
		var extraSeed []string
		if o.Scenario == "upload" || o.KillNode || o.RollingRestart {
			// Upload rights without a daily limit, and admin.clusterStatus
			// (where the rooms are, whether the nodes agree), on this
			// throwaway database.
			extraSeed = []string{"--bench-admins"}
		}
		binary := env.Binary
		if o.NodeBinary != "" {
			binary = o.NodeBinary
		}
		r.logf("starting %d fresh node(s) with %d bench members…", nodes, o.usersNeeded())
		cl, err := startCluster(ctx, binary, o.DB, nodes, o.usersNeeded(), o.Rooms, multi, o.KeepLogs, extraSeed...)
		if err != nil {
			return nil, err
		}
		defer cl.stop()
		r.cl, r.users, r.targets = cl, cl.users, cl.urls()
		for _, n := range cl.all() {
			r.debug[n.url] = n.debug
		}
	} else {
		users := &UsersFile{}
		if o.UsersFile != "" {
			var err error
			if users, err = readUsers(o.UsersFile); err != nil {
				return nil, err
			}
		}
		r.users, r.targets = users, o.Targets
		for i, d := range o.Debug {
			r.debug[o.Targets[i]] = d
		}
	}
	var rep *Report
	var err error
	switch o.Scenario {
	case "connect":
		rep, err = runConnect(ctx, r)
	case "chat", "scale":
		if o.FindMax {
			rep, err = findMax(ctx, r)
		} else {
			rep, err = runChat(ctx, r)
		}
	case "http":
		rep, err = runHTTP(ctx, r)
	case "pm":
		rep, err = runPM(ctx, r)
	case "wallet":
		rep, err = runWallet(ctx, r)
	case "upload":
		rep, err = runUpload(ctx, r)
	}
	if err != nil {
		return nil, err
	}
	rep.Targets, rep.OwnNodes = r.targets, r.cl != nil
	rep.Client.CPUSeconds = round2(r.cpuUsed.Seconds())
	rep.Client.CoresBusy = round2(r.cpuUsed.Seconds() / max(r.wall.Seconds(), 0.001))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rep.Client.HeapMB = round2(float64(ms.HeapAlloc) / (1 << 20))
	if len(rep.ErrorsByKind) == 0 {
		rep.ErrorsByKind = nil
	}
	return rep, nil
}

// write prints the Markdown summary and writes the files asked for.
func (o *Options) write(env Env, reports []*Report) error {
	writeMarkdown(env.Stdout, reports)
	if o.Markdown != "" {
		f, err := os.Create(o.Markdown)
		if err != nil {
			return err
		}
		writeMarkdown(f, reports)
		if err := f.Close(); err != nil {
			return err
		}
	}
	if o.JSON != "" {
		if err := reports[0].writeJSON(o.JSON); err != nil {
			return err
		}
		svg := o.SVG
		if svg == "" {
			svg = strings.TrimSuffix(o.JSON, filepath.Ext(o.JSON)) + ".svg"
		}
		if err := reports[0].writeSVG(svg); err != nil {
			return err
		}
	} else if o.SVG != "" {
		if err := reports[0].writeSVG(o.SVG); err != nil {
			return err
		}
	}
	return nil
}
