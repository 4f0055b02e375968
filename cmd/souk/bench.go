package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"path/filepath"
	"strconv"
	"time"

	"souk/app/benchusers"
	"souk/bench"
	"souk/persistence"
)

// BenchUsersFlags are seed's flags that create the load test's members.
type BenchUsersFlags struct {
	// Count is how many bench members to make sure exist; 0: none.
	Count int
	// File is where their credentials go; empty: bench-users.json in the
	// data folder.
	File string
	// Rooms is how many chat rooms bench-1… the chat scenarios may use;
	// bench-history, the HTTP mix's, is created with the members.
	Rooms int
	// Admins makes the bench members administrators: the upload scenario's
	// members need upload rights without a daily limit. For a throwaway
	// database only.
	Admins bool
}

// maxBenchRooms bounds --bench-rooms.
const maxBenchRooms = 100_000

// benchHistoryRoom is the room of the HTTP mix's history reads (bench's
// historyRoom).
const benchHistoryRoom = "bench-history"

// maxBenchUsers bounds --bench-users: beyond it a load test needs several
// client machines anyway.
const maxBenchUsers = 1_000_000

func (b *BenchUsersFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&b.Count, "bench-users", 0, "also create N load-test members bench-000001… and write their credentials (env SOUK_BENCH_USERS)")
	fs.StringVar(&b.File, "bench-users-file", "", "where --bench-users writes the credentials (mode 0600); empty: bench-users.json in the data folder (env SOUK_BENCH_USERS_FILE)")
	fs.BoolVar(&b.Admins, "bench-admins", false, "with --bench-users, make the bench members administrators (upload rights without daily limits, for bench upload); only on a throwaway database (env SOUK_BENCH_ADMINS)")
	fs.IntVar(&b.Rooms, "bench-rooms", 0, "with --bench-users, also create the chat rooms bench-1…bench-N of the load test's chat scenarios (env SOUK_BENCH_ROOMS)")
}

func (b BenchUsersFlags) validate() error {
	if b.Count < 0 || b.Count > maxBenchUsers {
		return &configError{"bench-users", strconv.Itoa(b.Count), "want 0 to " + strconv.Itoa(maxBenchUsers)}
	}
	if b.Rooms < 0 || b.Rooms > maxBenchRooms {
		return &configError{"bench-rooms", strconv.Itoa(b.Rooms), "want 0 to " + strconv.Itoa(maxBenchRooms)}
	}
	return nil
}

// seedBenchUsers creates the bench members and writes their credentials.
func seedBenchUsers(ctx context.Context, cfg Config, db *persistence.DB, stdout io.Writer) error {
	secret, err := nodeSecret(ctx, cfg, db)
	if err != nil {
		return err
	}
	start := time.Now()
	file, err := benchusers.Create(ctx, db, secret, cfg.Bench.Count, start)
	if err != nil {
		return fmt.Errorf("cannot create the bench members: %w", err)
	}
	rooms := []string{benchHistoryRoom}
	for i := range cfg.Bench.Rooms {
		rooms = append(rooms, "bench-"+strconv.Itoa(i+1))
	}
	if err := db.ChatRooms().CreateAll(ctx, rooms); err != nil {
		return fmt.Errorf("cannot create the bench rooms: %w", err)
	}
	if cfg.Bench.Admins {
		for _, bu := range file.Users {
			id, err := strconv.ParseInt(bu.ID, 10, 64)
			if err != nil {
				return fmt.Errorf("cannot make the bench members administrators: %w", err)
			}
			u, err := db.Users().Get(ctx, id)
			if err == nil && !u.IsAdmin {
				u.IsAdmin = true
				err = db.Users().Update(ctx, u)
			}
			if err != nil {
				return fmt.Errorf("cannot make the bench members administrators: %w", err)
			}
		}
	}
	path := cfg.Bench.File
	if path == "" {
		path = filepath.Join(cfg.Data, "bench-users.json")
	}
	if err := benchusers.Write(path, file); err != nil {
		return err
	}
	slog.Info("bench members ready", "count", len(file.Users), "file", path, "took", time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "%d bench members; credentials (valid 24 hours) in %s\n", len(file.Users), path)
	return nil
}

// runBench is souk bench: the load-test suite, which starts nodes of its
// own from this same binary when it is given no --target.
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	err := bench.Main(ctx, args, bench.Env{Stdout: stdout, Stderr: stderr, Version: version})
	if errors.Is(err, bench.ErrUsage) {
		return errUsage
	}
	return err
}

// startDebug serves net/http/pprof and the metrics on addr, apart from the
// site's listener; an empty addr serves nothing. The returned function
// stops it.
func startDebug(addr string, metrics http.Handler) (func(), error) {
	if addr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on --debug-addr %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/metrics", metrics)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	slog.Info("pprof serving", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
	return func() { _ = srv.Close() }, nil
}
