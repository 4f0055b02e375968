package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// mediaNodeEnv carries a child's `souk serve` arguments; TestMediaNode runs
// only with it.
const mediaNodeEnv = "SOUK_TEST_MEDIA_NODE"

// TestMediaNode is a node of TestUploadSurvivesItsNode, run in a child
// process of the test binary (one cluster member per process: see
// transport/realtime/process_test.go); it does nothing when run as a test.
func TestMediaNode(t *testing.T) {
	raw := os.Getenv(mediaNodeEnv)
	if raw == "" {
		t.Skip("a node of the media cluster test, started by it in a child process")
	}
	var args []string
	require.NoError(t, json.Unmarshal([]byte(raw), &args))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := run(ctx, args, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "node stopped:", err)
	}
}

// mediaNode is a `souk serve` in a child process.
type mediaNode struct {
	base string
	cmd  *exec.Cmd
	done chan struct{} // closed once the process exited
	mu   sync.Mutex
	logs bytes.Buffer // guarded by mu
}

func (n *mediaNode) log() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.logs.String()
}

// stop ends the node as SIGTERM does (a graceful stop) and waits for it.
func (n *mediaNode) stop(t *testing.T) {
	select {
	case <-n.done:
		return
	default:
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(30 * time.Second):
		_ = n.cmd.Process.Kill()
		<-n.done
		t.Log("a node did not stop within 30s and was killed")
	}
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// clusterTestStore skips in a node's child process and under -short, and
// returns what the test's nodes share: a data folder, and a PostgreSQL
// database when SOUK_TEST_POSTGRES_URL is set ("" for SQLite in the folder).
func clusterTestStore(t *testing.T) (dataDir, db string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts cluster nodes")
	}
	if os.Getenv(mediaNodeEnv) != "" {
		t.Skip("in a node process")
	}
	if os.Getenv(pgtest.Env) != "" {
		db = pgtest.NewDatabase(t)
	}
	return t.TempDir(), db
}

// postgresClusterStore is clusterTestStore for a test whose nodes must
// share PostgreSQL: it skips when SOUK_TEST_POSTGRES_URL is not set.
func postgresClusterStore(t *testing.T) (dataDir, db string) {
	t.Helper()
	if os.Getenv(pgtest.Env) == "" {
		t.Skip(pgtest.Env + " not set: the nodes share PostgreSQL")
	}
	return clusterTestStore(t)
}

// nodeArgs is the serve command of node id on dataDir and db (SQLite in
// dataDir when db is ""), its gossip on gossip, with flags after.
func nodeArgs(dataDir, db string, id int, gossip string, flags ...string) []string {
	args := []string{"serve", "--dev", "--http", "127.0.0.1:0", "--data", dataDir, "--node-id", fmt.Sprint(id),
		"--gossip", gossip}
	if db != "" {
		args = append(args, "--db", db)
	}
	return append(args, flags...)
}

// startNodes starts n nodes on dataDir and db with flags, the first the
// seed the others join, and waits until each one is ready.
func startNodes(t *testing.T, n int, dataDir, db string, flags ...string) []*mediaNode {
	t.Helper()
	seed := freeAddr(t)
	nodes := []*mediaNode{startMediaNode(t, nodeArgs(dataDir, db, 1, seed, flags...))}
	for i := 2; i <= n; i++ {
		args := nodeArgs(dataDir, db, i, freeAddr(t), append([]string{"--join", seed}, flags...)...)
		nodes = append(nodes, startMediaNode(t, args))
	}
	return nodes
}

// startMediaNode starts a node and waits until /readyz says 200.
func startMediaNode(t *testing.T, args []string) *mediaNode {
	t.Helper()
	n := launchNode(t, args)
	n.waitReady(t, 60*time.Second)
	return n
}

// launchNode starts a node and waits until it listens.
func launchNode(t *testing.T, args []string) *mediaNode {
	t.Helper()
	raw, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestMediaNode$", "-test.count=1")
	cmd.Env = append(os.Environ(), mediaNodeEnv+"="+string(raw))
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	n := &mediaNode{cmd: cmd, done: make(chan struct{})}
	urls := make(chan string, 1)
	var readers sync.WaitGroup
	readers.Go(func() {
		running := regexp.MustCompile(`running at (http://\S+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := running.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	})
	readers.Go(func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			n.mu.Lock()
			n.logs.WriteString(sc.Text() + "\n")
			n.mu.Unlock()
		}
	})
	go func() {
		readers.Wait()
		_ = cmd.Wait()
		close(n.done)
	}()
	t.Cleanup(func() { n.stop(t) })
	select {
	case n.base = <-urls:
	case <-n.done:
		t.Fatalf("node exited before it served:\n%s", n.log())
	case <-time.After(90 * time.Second):
		t.Fatalf("node did not serve within 90s:\n%s", n.log())
	}
	return n
}

// readyz answers the node's /readyz status and body ("" and 0 when it does
// not answer).
func (n *mediaNode) readyz() (int, string) {
	res, err := http.Get(n.base + "/readyz")
	if err != nil {
		return 0, ""
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// waitReady waits until /readyz says 200, at most within.
func (n *mediaNode) waitReady(t *testing.T, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		if status, _ := n.readyz(); status == http.StatusOK {
			return
		}
		require.True(t, time.Now().Before(deadline), "node not ready:\n%s", n.log())
		time.Sleep(50 * time.Millisecond)
	}
}

// TestUploadSurvivesItsNode uploads a 20 MB file to a 3-node cluster, its
// chunks spread over the nodes 3 at a time; the node holding the upload's
// job is stopped mid-upload; the client asks which chunks are still
// missing, sends those to the other nodes, and the stored file's SHA-256
// is the original's. The nodes share PostgreSQL when SOUK_TEST_POSTGRES_URL
// is set, else one SQLite folder; the files are in that database.
func TestUploadSurvivesItsNode(t *testing.T) {
	dataDir, db := clusterTestStore(t)
	nodes := startNodes(t, 3, dataDir, db, "--media-store", "db", "--log-level", "debug", "--trust-proxy")

	client := newClient(t)
	login := demoLogin(asAdmin)
	body, _ := json.Marshal(map[string]any{"action": "auth.login", "lang": "en",
		"data": map[string]any{"provider": "PASSWORD", "username": login.Email, "password": login.Password}})
	res, err := client.Post(nodes[0].base+"/api/request", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)

	const size = 20 << 20
	rng := rand.New(rand.NewPCG(13, 13))
	file := make([]byte, size)
	for i := range file {
		file[i] = byte(rng.UintN(256))
	}
	copy(file, "PK\x03\x04\x14\x00\x00\x00\x00\x00")
	want := sha256.Sum256(file)
	const chunkSize = 1 << 20
	total := size / chunkSize
	part := func(i int) uploadChunk {
		return uploadChunk{data: file[i*chunkSize : (i+1)*chunkSize], index: i, total: total, name: "big.zip", size: size}
	}
	type answer struct {
		FileUpload *struct {
			ID      string `json:"id"`
			FileURL string `json:"sourceUrl"`
		} `json:"fileUpload"`
		FileID  string `json:"fileId"`
		Missing []int  `json:"missing"`
	}
	send := func(node *mediaNode, c uploadChunk) answer {
		// A node that has just seen another leave may answer 503 once: the
		// client sends the chunk again, as the web client does.
		for attempt := 0; ; attempt++ {
			r := postChunk(t, client, node.base, c)
			if r.status == http.StatusServiceUnavailable && attempt < 5 {
				continue
			}
			require.Equal(t, http.StatusOK, r.status, "chunk %d: %s", c.index, r)
			var a answer
			require.NoError(t, json.Unmarshal(r.body, &a))
			return a
		}
	}
	// sendAll sends the chunks round robin over nodes, 3 at a time.
	sendAll := func(nodes []*mediaNode, indexes []int, id string) *answer {
		var mu sync.Mutex
		var done *answer
		sem := make(chan struct{}, 3)
		var wg sync.WaitGroup
		for k, i := range indexes {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				c := part(i)
				c.uploadID = id
				a := send(nodes[k%len(nodes)], c)
				if a.FileUpload != nil {
					mu.Lock()
					done = &a
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		return done
	}

	first := send(nodes[0], part(0))
	require.NotEmpty(t, first.FileID)
	activated := "upload job activated\" upload=" + first.FileID
	holder := -1
	require.Eventually(t, func() bool {
		for i, n := range nodes {
			if strings.Contains(n.log(), activated) {
				holder = i
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond, "no node logged the job's activation")
	sent := make([]int, 0, total)
	for i := 1; i < total/2; i++ {
		sent = append(sent, i)
	}
	require.Nil(t, sendAll(nodes, sent, first.FileID))

	t.Logf("stopping node %d, which holds upload %s, after %d of %d chunks", holder+1, first.FileID, len(sent)+1, total)
	nodes[holder].stop(t)
	var survivors []*mediaNode
	for i, n := range nodes {
		if i != holder {
			survivors = append(survivors, n)
		}
	}

	var status answer
	require.Eventually(t, func() bool {
		body, _ := json.Marshal(map[string]any{"action": "media.uploadStatus", "lang": "en", "data": map[string]any{"uploadId": first.FileID}})
		res, err := client.Post(survivors[0].base+"/api/request", "application/json", bytes.NewReader(body))
		if err != nil {
			return false
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode == http.StatusOK && json.Unmarshal(b, &status) == nil
	}, 30*time.Second, 100*time.Millisecond, "the job did not answer after its node stopped")
	var wantMissing []int
	for i := total / 2; i < total; i++ {
		wantMissing = append(wantMissing, i)
	}
	assert.Equal(t, wantMissing, status.Missing, "every acknowledged chunk survived the node")

	done := sendAll(survivors, status.Missing, first.FileID)
	require.NotNil(t, done, "the last chunk answers the media item")
	reactivated := false
	for _, n := range survivors {
		reactivated = reactivated || strings.Contains(n.log(), activated)
	}
	assert.True(t, reactivated, "the job was activated again on a surviving node")

	res, err = client.Get(survivors[1].base + done.FileUpload.FileURL)
	require.NoError(t, err)
	h := sha256.New()
	_, err = io.Copy(h, res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, hex.EncodeToString(want[:]), hex.EncodeToString(h.Sum(nil)), "the stored file is the original")
}
