package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"time"

	"souk/app/ops"
)

// restartNode is one node of a rolling restart: its name as the cluster
// status names it (node-<id>) and its HTTP address.
type restartNode struct {
	Name string
	URL  string
}

// rollingRestart restarts a cluster's nodes one at a time, never taking
// the next down before the last is back and every view agrees:
//
//  1. every node serves and all views agree on all nodes (else it refuses
//     to start, or stops before the next node);
//  2. the node is stopped gracefully (stop: SIGTERM, whose shutdown closes
//     its websockets so that their clients reconnect to the others, and
//     leaves the gossip so that its grains are activated elsewhere on
//     their next message);
//  3. it waits until the node no longer answers /readyz with 200 and the
//     others agree, all serving, on the nodes that remain;
//  4. the node is started (start) and it waits until its /readyz says 200
//     (which a node says only once it has joined the others) and every
//     view agrees on all nodes again.
//
// status reads admin.clusterStatus through a node's URL.
type rollingRestart struct {
	nodes  []restartNode
	status func(ctx context.Context, base string) (ops.ClusterStatusReply, error)
	stop   func(ctx context.Context, n restartNode) error
	start  func(ctx context.Context, n restartNode) error
	// settle bounds each wait (a node leaving, a node back).
	settle time.Duration
	poll   time.Duration
	out    io.Writer
	// ready answers a node's /readyz status (0 when it does not answer).
	ready func(ctx context.Context, base string) int
}

// run restarts every node in order.
func (r rollingRestart) run(ctx context.Context) error {
	began := time.Now()
	if err := r.waitAgree(ctx, r.nodes, "before the restart"); err != nil {
		return err
	}
	for i, n := range r.nodes {
		others := make([]restartNode, 0, len(r.nodes)-1)
		others = append(others, r.nodes[:i]...)
		others = append(others, r.nodes[i+1:]...)
		step := time.Now()
		before, _ := r.status(ctx, others[0].URL)
		fmt.Fprintf(r.out, "%s: stopping (%s)\n", n.Name, grainsOf(before, n.Name))
		if err := r.stop(ctx, n); err != nil {
			return fmt.Errorf("%s: stop: %w", n.Name, err)
		}
		if err := r.waitGone(ctx, n); err != nil {
			return err
		}
		if err := r.waitAgree(ctx, others, n.Name+" stopped"); err != nil {
			return err
		}
		after, _ := r.status(ctx, others[0].URL)
		fmt.Fprintf(r.out, "%s: stopped; %d nodes agree, %d websockets on them\n", n.Name, len(others), websocketsOf(after))
		if err := r.start(ctx, n); err != nil {
			return fmt.Errorf("%s: start: %w", n.Name, err)
		}
		if err := r.waitReady(ctx, n); err != nil {
			return err
		}
		if err := r.waitAgree(ctx, r.nodes, n.Name+" started"); err != nil {
			return err
		}
		fmt.Fprintf(r.out, "%s: back, %d nodes agree (%s)\n", n.Name, len(r.nodes), time.Since(step).Round(100*time.Millisecond))
	}
	fmt.Fprintf(r.out, "rolling restart of %d nodes done in %s\n", len(r.nodes), time.Since(began).Round(100*time.Millisecond))
	return nil
}

// waitAgree waits until the status read through one of nodes (each
// tried in turn) agrees, all serving, on exactly nodes.
func (r rollingRestart) waitAgree(ctx context.Context, nodes []restartNode, when string) error {
	want := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		want[n.Name] = true
	}
	var last []string
	return r.until(ctx, func() bool {
		last = last[:0]
		for _, n := range nodes {
			st, err := r.status(ctx, n.URL)
			if err != nil {
				last = append(last, n.Name+": "+err.Error())
				continue
			}
			if ok, why := agreesOn(st, want); !ok {
				last = append(last, n.Name+": "+why)
				continue
			}
			return true
		}
		return false
	}, func() error {
		return fmt.Errorf("%s: the nodes did not agree within %s: %s", when, r.settle, strings.Join(last, "; "))
	})
}

// agreesOn tells whether st agrees, every node serving, on exactly want.
func agreesOn(st ops.ClusterStatusReply, want map[string]bool) (bool, string) {
	if !st.Agree {
		return false, "views disagree: " + strings.Join(st.Issues, "; ")
	}
	if len(st.Nodes) != len(want) {
		return false, fmt.Sprintf("%d nodes answer, %d expected", len(st.Nodes), len(want))
	}
	for _, n := range st.Nodes {
		if !want[n.Node] {
			return false, n.Node + " answers but was not expected"
		}
		if !n.Serving {
			return false, n.Node + " does not serve: " + n.Reason
		}
	}
	return true, ""
}

// waitGone waits until n no longer says it is ready.
func (r rollingRestart) waitGone(ctx context.Context, n restartNode) error {
	return r.until(ctx, func() bool { return r.ready(ctx, n.URL) != http.StatusOK }, func() error {
		return fmt.Errorf("%s: still ready %s after it was stopped", n.Name, r.settle)
	})
}

// waitReady waits until n says it is ready.
func (r rollingRestart) waitReady(ctx context.Context, n restartNode) error {
	return r.until(ctx, func() bool { return r.ready(ctx, n.URL) == http.StatusOK }, func() error {
		return fmt.Errorf("%s: not ready %s after it was started", n.Name, r.settle)
	})
}

// until polls done until it holds, at most r.settle.
func (r rollingRestart) until(ctx context.Context, done func() bool, late func() error) error {
	deadline := time.Now().Add(r.settle)
	for !done() {
		if time.Now().After(deadline) {
			return late()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.poll):
		}
	}
	return nil
}

// grainsOf describes what name hosts in st.
func grainsOf(st ops.ClusterStatusReply, name string) string {
	for _, n := range st.Nodes {
		if n.Node == name {
			return fmt.Sprintf("%d rooms, %d sessions, %d wallets, %d uploads, %d websockets", n.Grains["room"],
				n.Grains["session"], n.Grains["wallet"], n.Grains["upload"], n.Websockets)
		}
	}
	return "not in the status"
}

// websocketsOf counts the websockets open on the nodes of st.
func websocketsOf(st ops.ClusterStatusReply) int64 {
	var sum int64
	for _, n := range st.Nodes {
		sum += n.Websockets
	}
	return sum
}

// readyStatus answers base's /readyz status, 0 when it does not answer.
func readyStatus(ctx context.Context, base string) int {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/readyz", nil)
	if err != nil {
		return 0
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// adminStatus reads admin.clusterStatus through any node, signing in as
// the administrator on each node's address once (the cookie jar keeps the
// session per address, and the session outlives a node's restart).
func adminStatus(user, password string) func(ctx context.Context, base string) (ops.ClusterStatusReply, error) {
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	signedIn := map[string]bool{}
	return func(ctx context.Context, base string) (ops.ClusterStatusReply, error) {
		var reply ops.ClusterStatusReply
		if !signedIn[base] {
			if err := callAction(ctx, client, base, "auth.login", map[string]any{"provider": "PASSWORD", "username": user,
				"password": password}, nil); err != nil {
				return reply, fmt.Errorf("sign in on %s: %w", base, err)
			}
			signedIn[base] = true
		}
		err := callAction(ctx, client, base, "admin.clusterStatus", struct{}{}, &reply)
		return reply, err
	}
}

// shellStep runs an operator's command for a node, with {name} and {url}
// replaced by the node's, through sh -c.
func shellStep(template string, stdout, stderr io.Writer) func(ctx context.Context, n restartNode) error {
	return func(ctx context.Context, n restartNode) error {
		line := strings.NewReplacer("{name}", n.Name, "{url}", n.URL).Replace(template)
		cmd := exec.CommandContext(ctx, "sh", "-c", line)
		cmd.Stdout, cmd.Stderr = stdout, stderr
		return cmd.Run()
	}
}

// nodeList is the repeatable --node NAME=URL flag.
type nodeList []restartNode

func (l *nodeList) String() string { return fmt.Sprint(*l) }

func (l *nodeList) Set(v string) error {
	name, url, ok := strings.Cut(v, "=")
	if !ok || name == "" || !strings.HasPrefix(url, "http") {
		return errors.New("want NAME=URL, e.g. node-1=http://10.0.0.1:8080")
	}
	*l = append(*l, restartNode{Name: name, URL: strings.TrimRight(url, "/")})
	return nil
}

// runClusterRestart runs `souk cluster restart`.
func runClusterRestart(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cluster restart", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var nodes nodeList
	fs.Var(&nodes, "node", "a node as NAME=URL, NAME as `souk cluster status` shows it (node-<id>); repeat for each node, in restart order")
	stop := fs.String("stop", "", "the command that stops a node gracefully (SIGTERM), {name} and {url} replaced; e.g. 'systemctl stop souk@{name}'")
	start := fs.String("start", "", "the command that starts it again; e.g. 'systemctl start souk@{name}'")
	user := fs.String("user", os.Getenv("SOUK_ADMIN_USER"), "an administrator's email or phone (env SOUK_ADMIN_USER)")
	settle := fs.Duration("settle", 90*time.Second, "the longest wait for a node to leave or come back")
	if err := fs.Parse(args); err != nil {
		return err
	}
	password := os.Getenv("SOUK_ADMIN_PASSWORD")
	switch {
	case len(nodes) < 2:
		fmt.Fprintln(stderr, "souk cluster restart: name every node with --node NAME=URL (at least two)")
		return errUsage
	case *stop == "" || *start == "":
		fmt.Fprintln(stderr, "souk cluster restart: set --stop and --start")
		return errUsage
	case *user == "" || password == "":
		fmt.Fprintln(stderr, "souk cluster restart: set --user (or SOUK_ADMIN_USER) and SOUK_ADMIN_PASSWORD")
		return errUsage
	}
	return rollingRestart{
		nodes: nodes, status: adminStatus(*user, password), ready: readyStatus,
		stop: shellStep(*stop, stdout, stderr), start: shellStep(*start, stdout, stderr),
		settle: *settle, poll: 200 * time.Millisecond, out: stdout,
	}.run(ctx)
}
