package bench

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// uploadChunk is the size of every chunk but the last (the server's ChunkSize).
	uploadChunk = 1 << 20
	// uploadParallel is how many chunks of a file are in flight at once.
	uploadParallel = 3
	// uploadFileTimeout bounds one file, its retries included.
	uploadFileTimeout = 3 * time.Minute
	// uploadRetryPause is the wait before asking which chunks are missing.
	uploadRetryPause = 300 * time.Millisecond
	// uploadJobsGauge is the metric of upload-job grains active on a node.
	uploadJobsGauge = "souk_upload_jobs_active"
)

// uploadStats are the upload scenario's counters, updated by every client.
type uploadStats struct {
	bytesAcked  atomic.Int64 // chunk bytes the server acknowledged
	files       atomic.Int64 // files finished and read back
	resumed     atomic.Int64 // files that asked media.uploadStatus after a failed chunk
	statusCalls atomic.Int64
	retries     atomic.Int64 // chunks sent again
	corrupt     atomic.Int64 // served file's sha256 differs from the original
	failed      atomic.Int64 // files given up on

	mu     sync.Mutex
	errors map[string]int64 // guarded by mu
	lat    []time.Duration  // guarded by mu: per-file upload time
}

func (s *uploadStats) fail(kind string) {
	s.mu.Lock()
	s.errors[kind]++
	s.mu.Unlock()
}

// uploadClient is one member uploading their files.
type uploadClient struct {
	r       *runner
	http    *http.Client
	token   string
	member  int
	targets func() []string
	stats   *uploadStats
	// started is told the first time a file's chunks are under way.
	rng *rand.Rand
}

// uploadReply is POST /api/upload's and media.uploadStatus's reply.
type uploadReply struct {
	FileUpload *struct {
		ID        string `json:"id"`
		SourceURL string `json:"sourceUrl"`
		FileSize  int64  `json:"fileSize"`
	} `json:"fileUpload"`
	FileID  string `json:"fileId"`
	Missing []int  `json:"missing"`
}

// runUpload has --users members upload --files files of --file-mb MB each,
// in 1 MiB chunks 3 at a time, every chunk to the next node; with
// --kill-node the node holding the most upload jobs is SIGKILLed once a
// third of the bytes are in, and its members resume through
// media.uploadStatus. Every finished file is read back and its SHA-256
// compared with the original's.
func runUpload(ctx context.Context, r *runner) (*Report, error) {
	o := r.o
	rep := newReport("upload", r.env.Version, o)
	users := min(max(o.Users, 1), len(r.users.Users))
	fileBytes := int64(o.FileMB * (1 << 20))
	total := int64(users) * int64(o.Files) * fileBytes
	for k, v := range map[string]any{"users": users, "files_per_user": o.Files, "file_mb": o.FileMB,
		"chunk_kib": uploadChunk >> 10, "chunks_in_flight": uploadParallel, "nodes": len(r.targets),
		"kill_node": o.KillNode, "db": map[bool]string{true: "postgres", false: "sqlite"}[o.DB != ""]} {
		rep.Params[k] = v
	}
	if len(o.Targets) > 0 {
		rep.Params["db"] = "target's"
	}
	transport := &http.Transport{DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: uploadParallel * users, DisableCompression: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport}
	tokens, err := signIn(ctx, &http.Client{Transport: transport, Timeout: 10 * time.Second}, r, users)
	if err != nil {
		return nil, err
	}
	targets := func() []string { return r.targets }
	if r.cl != nil {
		targets = r.cl.urls
	}
	stats := &uploadStats{errors: map[string]int64{}}
	probe := newServerProbe(ctx, r.targets, r.debug)

	start := time.Now()
	event := func(what string) {
		rep.Events = append(rep.Events, Event{TS: round2(time.Since(start).Seconds()), What: what})
		r.logf("[%3.0fs] %s", time.Since(start).Seconds(), what)
	}
	run, cancel := context.WithCancel(ctx)
	defer cancel()
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		if !o.KillNode || r.cl == nil {
			return
		}
		for stats.bytesAcked.Load() < total/3 {
			if !sleepCtx(run, 20*time.Millisecond) {
				return
			}
		}
		victim, jobs := r.cl.busiestUploads(run)
		event(fmt.Sprintf("node %d killed (SIGKILL) holding %d upload jobs", victim.id, jobs))
		victim.kill()
	}()
	stop := make(chan struct{})
	measured := make(chan struct{})
	var perSecond []float64
	go func() {
		defer close(measured)
		var last int64
		r.measure(ctx, start, stop, func() string {
			acked := stats.bytesAcked.Load()
			perSecond = append(perSecond, float64(acked-last)/(1<<20))
			line := fmt.Sprintf("%6.1f MB/s  %5.0f of %.0f MB  files %d  resumed %d", float64(acked-last)/(1<<20),
				float64(acked)/(1<<20), float64(total)/(1<<20), stats.files.Load(), stats.resumed.Load())
			last = acked
			return line
		})
	}()
	var wg sync.WaitGroup
	for i := range users {
		c := &uploadClient{r: r, http: client, token: tokens[i], member: i, targets: targets, stats: stats,
			rng: rand.New(rand.NewPCG(uint64(i)+1, 99))}
		wg.Go(func() {
			for f := range o.Files {
				c.file(run, f, fileBytes)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	cancel()
	<-killed
	close(stop)
	<-measured
	rep.Server = probe.finish(ctx)

	rep.DurationS = round2(elapsed.Seconds())
	mbps := float64(stats.bytesAcked.Load()) / (1 << 20) / max(elapsed.Seconds(), 0.001)
	rep.OpsPerS = round2(float64(stats.files.Load()) / max(elapsed.Seconds(), 0.001))
	stats.mu.Lock()
	lat := latencyOfDurations(stats.lat)
	for k, v := range stats.errors {
		rep.fail(k, v)
	}
	stats.mu.Unlock()
	rep.LatencyMs = &lat
	for i, v := range perSecond {
		rep.Buckets = append(rep.Buckets, Bucket{TS: float64(i + 1), OpsPerS: round2(v), ClientCores: r.clientCores(i)})
	}
	corrupt, failed := stats.corrupt.Load(), stats.failed.Load()
	lost := failed
	rep.Lost = &lost
	for k, v := range map[string]any{"mb_per_s": round2(mbps), "files": stats.files.Load(), "files_expected": users * o.Files,
		"resumed_jobs": stats.resumed.Load(), "status_calls": stats.statusCalls.Load(), "chunks_resent": stats.retries.Load(),
		"corrupt": corrupt, "failed": failed, "mb_sent": round2(float64(stats.bytesAcked.Load()) / (1 << 20))} {
		rep.Params[k] = v
	}
	zero := func(v float64) bool { return v == 0 }
	rep.figure("upload throughput (acknowledged chunk bytes)", round2(mbps), "MB/s", "", nil)
	rep.figure("files uploaded and read back", float64(stats.files.Load()), "", strconv.Itoa(users*o.Files),
		func(v float64) bool { return int(v) == users*o.Files })
	rep.figure("jobs resumed through media.uploadStatus", float64(stats.resumed.Load()), "", "", nil)
	rep.figure("file upload time p50", lat.P50, "ms", "", nil)
	rep.figure("file upload time p99", lat.P99, "ms", "", nil)
	rep.figure("corrupt files (served sha256 ≠ original)", float64(corrupt), "", "0", zero)
	rep.figure("files given up on", float64(failed), "", "0", zero)
	rep.figure("errors", float64(rep.Errors), "", "0", zero)
	return rep, nil
}

// latencyOfDurations summarises durations (ms).
func latencyOfDurations(ds []time.Duration) Latency {
	if len(ds) == 0 {
		return Latency{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) float64 {
		return round2(float64(s[min(len(s)-1, int(q*float64(len(s))))].Microseconds()) / 1000)
	}
	return Latency{P50: at(0.5), P95: at(0.95), P99: at(0.99), Max: at(1)}
}

// file uploads the member's file number f and reads it back.
func (c *uploadClient) file(ctx context.Context, f int, size int64) {
	ctx, cancel := context.WithTimeout(ctx, uploadFileTimeout)
	defer cancel()
	data := benchFile(c.member, f, size)
	want := sha256.Sum256(data)
	name := fmt.Sprintf("bench-%d-%d.zip", c.member, f)
	chunks := int(max(1, (size+uploadChunk-1)/uploadChunk))
	start := time.Now()

	// The first chunk creates the job; without an answer nobody knows its
	// id, so a failed first chunk starts another job.
	var first uploadReply
	for {
		var err error
		first, err = c.chunk(ctx, data, 0, chunks, name, "")
		if err == nil {
			break
		}
		if !c.retryable(ctx, err) {
			c.stats.failed.Add(1)
			return
		}
	}
	done := first.FileUpload
	pending := make([]int, 0, chunks-1)
	for i := 1; i < chunks; i++ {
		pending = append(pending, i)
	}
	resumed := false
	for done == nil {
		if len(pending) > 0 {
			var mu sync.Mutex
			var failed error
			sem := make(chan struct{}, uploadParallel)
			var wg sync.WaitGroup
			for _, i := range pending {
				sem <- struct{}{}
				wg.Go(func() {
					defer func() { <-sem }()
					reply, err := c.chunk(ctx, data, i, chunks, name, first.FileID)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err != nil:
						failed = err
					case reply.FileUpload != nil:
						done = reply.FileUpload
					}
				})
			}
			wg.Wait()
			if done != nil {
				break
			}
			if failed != nil && !c.retryable(ctx, failed) {
				c.stats.failed.Add(1)
				return
			}
			if failed != nil && !resumed {
				resumed = true
				c.stats.resumed.Add(1)
			}
		}
		// Ask the job (wherever it now lives) what it still needs.
		status, err := c.status(ctx, first.FileID)
		if err != nil {
			if !c.retryable(ctx, err) {
				c.stats.failed.Add(1)
				return
			}
			pending = pending[:0]
			continue
		}
		done = status.FileUpload
		c.stats.retries.Add(int64(len(status.Missing)))
		pending = status.Missing
		if done == nil && len(pending) == 0 && !sleepCtx(ctx, uploadRetryPause) {
			c.stats.failed.Add(1) // nothing to send, and not finished in time
			return
		}
	}
	c.stats.mu.Lock()
	c.stats.lat = append(c.stats.lat, time.Since(start))
	c.stats.mu.Unlock()
	for {
		got, err := c.download(ctx, done.SourceURL)
		if err == nil {
			if got != want {
				c.stats.corrupt.Add(1)
			}
			c.stats.files.Add(1)
			return
		}
		if !c.retryable(ctx, err) {
			c.stats.failed.Add(1)
			return
		}
	}
}

// errRetry is a failure worth another try: no answer, or the server busy.
type errRetry struct{ msg string }

func (e *errRetry) Error() string { return e.msg }

// retryable counts err and waits before another try, unless it is final
// or the file's time is up.
func (c *uploadClient) retryable(ctx context.Context, err error) bool {
	var re *errRetry
	if !errors.As(err, &re) {
		c.stats.fail(err.Error())
		return false
	}
	return sleepCtx(ctx, uploadRetryPause)
}

// node picks the node for a request: spread by member and chunk.
func (c *uploadClient) node(i int) string {
	ts := c.targets()
	for len(ts) == 0 {
		time.Sleep(50 * time.Millisecond)
		ts = c.targets()
	}
	return ts[(c.member+i+c.rng.IntN(len(ts)))%len(ts)]
}

// chunk posts chunk i of data.
func (c *uploadClient) chunk(ctx context.Context, data []byte, i, total int, name, uploadID string) (uploadReply, error) {
	part := data[int64(i)*uploadChunk : min(int64(i+1)*uploadChunk, int64(len(data)))]
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for field, value := range map[string]string{"chunkIndex": strconv.Itoa(i), "totalChunks": strconv.Itoa(total),
		"fileName": name, "fileSize": strconv.Itoa(len(data)), "uploadId": uploadID} {
		if value != "" {
			_ = w.WriteField(field, value)
		}
	}
	fw, _ := w.CreateFormFile("chunk", "blob")
	_, _ = fw.Write(part)
	_ = w.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.node(i)+"/api/upload", &body)
	if err != nil {
		return uploadReply{}, err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	reply, err := c.do(req)
	if err == nil {
		c.stats.bytesAcked.Add(int64(len(part)))
	}
	return reply, err
}

// status calls media.uploadStatus.
func (c *uploadClient) status(ctx context.Context, uploadID string) (uploadReply, error) {
	c.stats.statusCalls.Add(1)
	body, _ := json.Marshal(map[string]any{"action": "media.uploadStatus", "lang": "en",
		"data": map[string]string{"uploadId": uploadID}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.node(0)+"/api/request", bytes.NewReader(body))
	if err != nil {
		return uploadReply{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	return c.do(req)
}

// do sends req as the member and decodes the reply; no answer, a 5xx or
// a 429 is an *errRetry.
func (c *uploadClient) do(req *http.Request) (uploadReply, error) {
	req.AddCookie(&http.Cookie{Name: "souk_access", Value: c.token})
	resp, err := c.http.Do(req)
	if err != nil {
		return uploadReply{}, &errRetry{"no answer"}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return uploadReply{}, &errRetry{"reply cut"}
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return uploadReply{}, &errRetry{"status " + strconv.Itoa(resp.StatusCode)}
	}
	if resp.StatusCode != http.StatusOK {
		var refusal struct {
			Codes []string `json:"codes"`
		}
		_ = json.Unmarshal(b, &refusal)
		return uploadReply{}, fmt.Errorf("upload refused: %d %s", resp.StatusCode, strings.Join(refusal.Codes, ","))
	}
	var out uploadReply
	if err := json.Unmarshal(b, &out); err != nil {
		return uploadReply{}, fmt.Errorf("upload reply: %w", err)
	}
	return out, nil
}

// download reads the served file and returns its SHA-256.
func (c *uploadClient) download(ctx context.Context, path string) ([sha256.Size]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.node(0)+path, nil)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	req.AddCookie(&http.Cookie{Name: "souk_access", Value: c.token})
	resp, err := c.http.Do(req)
	if err != nil {
		return [sha256.Size]byte{}, &errRetry{"no answer"}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return [sha256.Size]byte{}, &errRetry{"status " + strconv.Itoa(resp.StatusCode)}
	}
	if resp.StatusCode != http.StatusOK {
		return [sha256.Size]byte{}, fmt.Errorf("download: status %d", resp.StatusCode)
	}
	h := sha256.New()
	if _, err := io.Copy(h, resp.Body); err != nil {
		return [sha256.Size]byte{}, &errRetry{"download cut"}
	}
	var sum [sha256.Size]byte
	copy(sum[:], h.Sum(nil))
	return sum, nil
}

// benchFile is member m's file f: size random (incompressible) bytes
// behind a zip local file header, which is all the server's sniffer needs
// to take it as an attachment.
func benchFile(m, f int, size int64) []byte {
	data := make([]byte, size)
	rng := rand.NewChaCha8([32]byte{byte(m), byte(m >> 8), byte(f), byte(f >> 8), 's', 'o', 'u', 'k'})
	_, _ = rng.Read(data)
	copy(data, "PK\x03\x04\x14\x00\x00\x00\x00\x00")
	return data
}

// busiestUploads is the running node with the most upload-job grains
// (its /metrics' souk_upload_jobs_active), or the last one when none says.
func (cl *cluster) busiestUploads(ctx context.Context) (*node, int) {
	var best *node
	bestJobs := -1
	for _, n := range cl.all() {
		if !n.running() {
			continue
		}
		jobs := readGauge(ctx, "http://"+n.debug+"/metrics", uploadJobsGauge)
		if jobs > bestJobs || best == nil {
			best, bestJobs = n, jobs
		}
	}
	return best, max(bestJobs, 0)
}

// readGauge reads one unlabelled gauge from a Prometheus text page; -1
// when it cannot.
func readGauge(ctx context.Context, url, name string) int {
	var body strings.Builder
	if err := get(ctx, url, &body); err != nil {
		return -1
	}
	sc := bufio.NewScanner(strings.NewReader(body.String()))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err == nil {
				return int(f)
			}
		}
	}
	return -1
}
