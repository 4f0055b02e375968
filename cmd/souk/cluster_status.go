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
)

// statusSubject is the bus subject every node answers its view on.
const statusSubject = "status"

// clusterViews is ops.Cluster over the bus: each node answers its own view.
type clusterViews struct {
	rt      *realtimeNode
	started time.Time
}

// view is this node's status now.
func (c clusterViews) view() ops.NodeStatus {
	v := c.rt.sys.Node().View()
	return ops.NodeStatus{
		Node: v.Node, MemberID: v.MemberID, Serving: v.Serving, Reason: v.Reason, Members: v.Members, Peers: v.Peers,
		Grains: map[string]int{"room": c.rt.sys.RoomActivations(), "session": c.rt.sys.SessionActivations(),
			"wallet": c.rt.sys.WalletActivations(), "upload": c.rt.sys.UploadActivations()},
		Websockets: c.rt.gateway.Stats().Open, NATSRoutes: v.Routes, Restarts: v.Restarts, Version: version,
		StartedAt: c.started.UnixMilli(), RespondedAt: time.Now().UnixMilli(),
	}
}

// answer makes this node answer status requests until the returned
// function is called.
func (c clusterViews) answer() (func(), error) {
	bus := c.rt.sys.Node().Bus()
	return bus.Answer(bus.Subject(statusSubject), func([]byte) []byte {
		data, err := json.Marshal(c.view())
		if err != nil {
			slog.Warn("cluster status: encode", "error", err)
		}
		return data
	})
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
	fmt.Fprintln(tw, "NODE\tSERVING\tMEMBERS\tPEERS\tROOMS\tSESSIONS\tWALLETS\tUPLOADS\tWEBSOCKETS\tNATS ROUTES\tVERSION")
	for _, n := range r.Nodes {
		serving := "yes"
		if !n.Serving {
			serving = "no"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", n.Node, serving, len(n.Members),
			strings.Join(n.Peers, ","), n.Grains["room"], n.Grains["session"], n.Grains["wallet"], n.Grains["upload"],
			n.Websockets, n.NATSRoutes, n.Version)
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
