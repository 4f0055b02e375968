// Command souk is the Souk server: one binary that serves the site, migrates
// and seeds its database, and prints its version.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"souk/transport/httpapi"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `souk: a realtime community, content and shop site.

Usage:
  souk serve    [flags]   start a node (see souk serve -h)
  souk migrate  [flags]   apply database migrations and exit
  souk seed     [flags]   load the demo content (idempotent) and exit
  souk bench    SCENARIO  load-test a node or a cluster (see souk bench -h)
  souk cluster  status    every node's view of the cluster, through a node (see souk cluster status -h)
  souk cluster  restart   a rolling restart, one node at a time (see souk cluster restart -h)
  souk admin    create    make an administrator on the database (see souk admin create -h)
  souk admin    reset-password  set a member's password and end their sessions
  souk apidoc             print the API reference generated from the action registry
  souk tstypes            print the client's TypeScript wire types generated from the registry
  souk version            print the version
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) && !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, errorLine(err))
		}
		os.Exit(1)
	}
}

// errorLine renders a fatal error as the one line the operator reads:
// drivers may report multi-line errors, which would scatter in a log.
func errorLine(err error) string {
	return "souk: " + strings.Join(strings.Fields(err.Error()), " ")
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "souk", version)
		return nil
	case "apidoc":
		return writeAPIDoc(stdout)
	case "tstypes":
		return writeTSTypes(stdout)
	case "bench":
		return runBench(ctx, rest, stdout, stderr)
	case "cluster":
		return runCluster(ctx, rest, stdout, stderr)
	case "admin":
		return runAdmin(ctx, rest, stdout, stderr)
	case "serve", "migrate", "seed":
		cfg, err := parseConfig(cmd, rest, stderr)
		if err != nil {
			return err
		}
		setupLogging(cfg, stderr)
		switch cmd {
		case "serve":
			return serve(ctx, cfg, stdout)
		case "migrate":
			return migrate(ctx, cfg)
		default:
			return seed(ctx, cfg, stdout)
		}
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "unknown command %q\n\n%s", cmd, usage)
	return errUsage
}

func setupLogging(cfg Config, w io.Writer) {
	level, _ := cfg.slogLevel() // validated with the config
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	} else {
		h = slog.NewTextHandler(w, opts)
	}
	slog.SetDefault(slog.New(httpapi.LogHandler(h)))
}
