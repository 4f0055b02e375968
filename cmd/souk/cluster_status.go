package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"souk/app/ops"
	"souk/persistence"
)

// statusSubject is the bus subject every node answers its view on.
const statusSubject = "status"

// clusterViews is ops.Cluster over the bus: each node answers its own view.
type clusterViews struct {
	rt      *realtimeNode
	db      *persistence.DB
	started time.Time
}

// rateSampleEvery is how often a node samples the counters its rates are
// read from.
const rateSampleEvery = time.Second

// counters are the node's ever-growing counts its rates are read from:
// chat messages its room grains stored, websocket frames it wrote.
func (c clusterViews) counters() (chat, frames uint64) {
	_, messages := c.rt.sys.ChatCommits()
	return uint64(max(messages, 0)), c.rt.gateway.Stats().FramesOut
}

// view is this node's status now, its rates read from rates.
func (c clusterViews) view(rates *ops.Rates) ops.NodeStatus {
	v := c.rt.sys.Node().View()
	chat, frames := c.counters()
	perSecond := rates.PerSecond(time.Now(), chat, frames)
	pool := c.db.PoolStats()
	return ops.NodeStatus{
		Node: v.Node, MemberID: v.MemberID, Serving: v.Serving, Reason: v.Reason, Members: v.Members, Peers: v.Peers,
		Grains: map[string]int{"room": c.rt.sys.RoomActivations(), "session": c.rt.sys.SessionActivations(),
			"wallet": c.rt.sys.WalletActivations(), "upload": c.rt.sys.UploadActivations()},
		Websockets: c.rt.gateway.Stats().Open, NATSRoutes: v.Routes, Restarts: v.Restarts, Version: version,
		ChatPerSecond: perSecond[0], DeliveriesPerSecond: perSecond[1],
		DB:        ops.DBPool{Open: pool.Open, InUse: pool.InUse, Idle: pool.Idle, MaxOpen: pool.MaxOpen},
		StartedAt: c.started.UnixMilli(), RespondedAt: time.Now().UnixMilli(),
	}
}

// answer makes this node answer status requests, and sample its counters
// every rateSampleEvery, until the returned function is called.
func (c clusterViews) answer() (func(), error) {
	rates := &ops.Rates{}
	bus := c.rt.sys.Node().Bus()
	unsubscribe, err := bus.Answer(bus.Subject(statusSubject), func([]byte) []byte {
		data, err := json.Marshal(c.view(rates))
		if err != nil {
			slog.Warn("cluster status: encode", "error", err)
		}
		return data
	})
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(rateSampleEvery)
		defer tick.Stop()
		for {
			chat, frames := c.counters()
			rates.Sample(time.Now(), chat, frames)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		unsubscribe()
	}, nil
}

// Views gathers every node's answer until ctx ends.
func (c clusterViews) Views(ctx context.Context) ([]ops.NodeStatus, error) {
	bus := c.rt.sys.Node().Bus()
	answers, err := bus.Gather(ctx, bus.Subject(statusSubject), nil)
	if err != nil {
		return nil, err
	}
	out := make([]ops.NodeStatus, 0, len(answers))
	for _, a := range answers {
		var s ops.NodeStatus
		if err := json.Unmarshal(a, &s); err != nil {
			slog.Warn("cluster status: an undecodable answer", "error", err)
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// runCluster runs `souk cluster status`: it signs in as an administrator
// and prints every node's view of the cluster; it fails (exit 1) when the
// views disagree. `souk cluster restart` is the rolling restart
// (runClusterRestart).
func runCluster(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "restart" {
		return runClusterRestart(ctx, args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "status" {
		fmt.Fprintln(stderr, "usage: souk cluster status --target URL --user EMAIL (password in SOUK_ADMIN_PASSWORD)\n"+
			"       souk cluster restart --node NAME=URL --node … --stop CMD --start CMD --user EMAIL")
		return errUsage
	}
	fs := flag.NewFlagSet("cluster status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	target := fs.String("target", "http://127.0.0.1:8080", "a node's URL")
	user := fs.String("user", os.Getenv("SOUK_ADMIN_USER"), "an administrator's email or phone (env SOUK_ADMIN_USER)")
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	password := os.Getenv("SOUK_ADMIN_PASSWORD")
	if *user == "" || password == "" {
		fmt.Fprintln(stderr, "souk cluster status: set --user (or SOUK_ADMIN_USER) and SOUK_ADMIN_PASSWORD")
		return errUsage
	}
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 15 * time.Second}
	base := strings.TrimRight(*target, "/")
	if err := callAction(ctx, client, base, "auth.login", map[string]any{"provider": "PASSWORD", "username": *user,
		"password": password}, nil); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	var reply ops.ClusterStatusReply
	if err := callAction(ctx, client, base, "admin.clusterStatus", struct{}{}, &reply); err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reply); err != nil {
			return err
		}
	} else {
		printClusterStatus(stdout, reply)
	}
	if !reply.Agree {
		return errors.New("the nodes' views disagree")
	}
	return nil
}

func printClusterStatus(w io.Writer, r ops.ClusterStatusReply) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NODE\tSERVING\tMEMBERS\tPEERS\tROOMS\tSESSIONS\tWALLETS\tUPLOADS\tWEBSOCKETS\tCHAT/S\tDELIVERIES/S\tDB IN USE/OPEN/MAX\tNATS ROUTES\tVERSION")
	for _, n := range r.Nodes {
		serving := "yes"
		if !n.Serving {
			serving = "no"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%.1f\t%.1f\t%d/%d/%d\t%d\t%s\n", n.Node, serving,
			len(n.Members), strings.Join(n.Peers, ","), n.Grains["room"], n.Grains["session"], n.Grains["wallet"],
			n.Grains["upload"], n.Websockets, n.ChatPerSecond, n.DeliveriesPerSecond, n.DB.InUse, n.DB.Open, n.DB.MaxOpen,
			n.NATSRoutes, n.Version)
	}
	_ = tw.Flush()
	if r.Agree {
		fmt.Fprintf(w, "%d nodes, all views agree\n", len(r.Nodes))
		return
	}
	for _, issue := range r.Issues {
		fmt.Fprintln(w, "disagreement:", issue)
	}
}

// callAction posts one action to a node and decodes its data into out.
func callAction(ctx context.Context, client *http.Client, base, name string, data, out any) error {
	body, err := json.Marshal(map[string]any{"action": name, "lang": "en", "data": data})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/request", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s %s", name, res.Status, bytes.TrimSpace(raw))
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
