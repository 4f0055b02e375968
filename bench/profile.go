package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// profileStep is one run of the standard profile.
type profileStep struct {
	file string
	opts func(base Options, prior []*Report) Options
}

// profileSteps are make bench's runs, each on a fresh node: 5,000 idle
// connections opened as fast as they go (so the ramp's rate is the
// server's), held 10 s; 1 room × 1,000 members at the most the server's
// send limit allows, then at half the rate that run reached; the HTTP mix
// of four read actions, then the lightest action alone (the request path's
// ceiling).
var profileSteps = []profileStep{
	{"connect", func(b Options, _ []*Report) Options {
		b.Scenario, b.Conns, b.Ramp, b.Duration = "connect", 5000, 0, 10*time.Second
		return b
	}},
	{"chat", func(b Options, _ []*Report) Options {
		b.Scenario, b.Rooms, b.Members, b.Size, b.Rate, b.Ramp = "chat", 1, 1000, 128, 0, 5*time.Second
		return b
	}},
	{"chat-half", func(b Options, prior []*Report) Options {
		b.Scenario, b.Rooms, b.Members, b.Size, b.Ramp = "chat", 1, 1000, 128, 5*time.Second
		b.Rate, b.halfRate = 200, true
		for _, r := range prior {
			if r.Scenario == "chat" && r.MessagesPerS > 0 {
				b.Rate = float64(int(r.MessagesPerS / 2))
			}
		}
		return b
	}},
	{"http", func(b Options, _ []*Report) Options {
		b.Scenario, b.Conns, b.Users, b.Rate = "http", 32, 8, 0
		return b
	}},
	{"http-guest", func(b Options, _ []*Report) Options {
		b.Scenario, b.Conns, b.Users, b.Rate, b.Mix = "http", 32, 1, 0, "guest:1"
		return b
	}},
}

// runProfile runs the standard profile and writes every report and the
// summary into o.Out.
func runProfile(ctx context.Context, o *Options, env Env) error {
	var reports []*Report
	for _, step := range profileSteps {
		so := step.opts(Options{Duration: o.Duration, Quiet: o.Quiet, DB: o.DB, KeepLogs: o.KeepLogs, Mix: o.Mix, Size: 128,
			Rooms: 1, Members: 1000, Nodes: 1}, reports)
		if o.Duration > 0 && step.file != "connect" {
			so.Duration = o.Duration
		}
		fmt.Fprintf(env.Stderr, "== %s\n", step.file)
		rep, err := runOne(ctx, &so, env)
		if err != nil {
			return fmt.Errorf("%s: %w", step.file, err)
		}
		rep.Params["profile_step"] = step.file
		reports = append(reports, rep)
		if err := rep.writeJSON(filepath.Join(o.Out, step.file+".json")); err != nil {
			return err
		}
		if err := rep.writeSVG(filepath.Join(o.Out, step.file+".svg")); err != nil {
			return err
		}
	}
	var md strings.Builder
	writeMarkdown(&md, reports)
	fmt.Fprint(env.Stdout, md.String())
	return os.WriteFile(filepath.Join(o.Out, "summary.md"), []byte(md.String()), 0o644)
}
