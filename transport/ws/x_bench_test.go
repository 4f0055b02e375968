package ws

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gws "github.com/gobwas/ws"
)

// BenchmarkBroadcast1000 measures local fan-out: one 128-byte frame to
// 1,000 connections per iteration, read by raw socket readers that only
// count bytes. Reported as deliveries/s.
func BenchmarkBroadcast1000(b *testing.B) {
	for _, mode := range readModes {
		b.Run(mode.name, func(b *testing.B) {
			const conns = 1000
			s := newTestServer(b, Config{DisablePoller: mode.disablePoller, QueueFrames: 1 << 16, QueueBytes: 64 << 20})
			frame, _ := Encode("chat_room", strings.Repeat("m", 128-len(`{"action":"chat_room","data":""}`)))
			if len(frame) != 128 {
				b.Fatalf(
					"frame is %d bytes",
					len(frame))
			}
			wire := int64(len(frame) + 2)
			clients := make([]net.Conn, conns)
			for i := range clients {
				c := s.dial(b)
				c.send("join", map[string]string{"room": "bench"})
				if f := c.frame(); f.Action != "join_success" {
					b.Fatal(f.Action)
				}
				clients[i] = c.conn
			}
			var wg sync.WaitGroup
			b.ResetTimer()
			for _, nc := range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_ = nc.SetReadDeadline(time.Now().Add(time.Minute))
					_, _ = io.CopyN(io.Discard, nc, wire*int64(b.N))
				}()
			}
			start := time.Now()
			for range b.N {
				s.h.groups.Broadcast("bench", frame)
			}
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			st := s.gw.Stats()
			b.ReportMetric(float64(b.N)*conns/elapsed.Seconds(), "deliveries/s")
			b.ReportMetric(float64(st.FramesOut)/float64(max(st.Writes, 1)), "frames/write")
		})
	}
}

// BenchmarkIdleConnMemory opens 5,000 idle connections from a child process
// (so that only the server's memory is measured) and reports the heap and
// stack growth per connection.
func BenchmarkIdleConnMemory(b *testing.B) {
	for _, mode := range readModes {
		b.Run(mode.name, func(b *testing.B) {
			const conns = 5000
			for range b.N {
				s := newTestServer(b, Config{DisablePoller: mode.disablePoller, PingInterval: time.Hour})
				before := memInUse()
				cmd := exec.Command(os.Args[0], "-test.run=^TestIdleClientProcess$")
				cmd.Env = append(os.Environ(), "SOUK_WS_IDLE_CLIENTS="+s.wsURL+" "+strconv.Itoa(conns))
				stdin, _ := cmd.StdinPipe()
				stdout, _ := cmd.StdoutPipe()
				cmd.Stderr = os.Stderr
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				line, _ := bufio.NewReader(stdout).ReadString('\n')
				if strings.TrimSpace(line) != "ready" {
					b.Fatalf(
						"client process: %q",
						line)
				}
				waitFor(b, "every connection open", 30*time.Second, func() bool { return s.gw.Stats().Open == conns })
				after := memInUse()
				b.ReportMetric(float64(after-before)/conns, "bytes/conn")
				_ = stdin.Close()
				_ = cmd.Wait()
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_ = s.gw.Shutdown(ctx)
				cancel()
			}
		})
	}
}

// memInUse is the heap and goroutine stacks in use after a collection.
func memInUse() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc + m.StackInuse)
}

// TestIdleClientProcess is the child process of BenchmarkIdleConnMemory: it
// opens the connections, says "ready", and holds them until stdin closes.
func TestIdleClientProcess(t *testing.T) {
	spec := os.Getenv("SOUK_WS_IDLE_CLIENTS")
	if spec == "" {
		t.Skip("runs only as BenchmarkIdleConnMemory's child process")
	}
	url, count, _ := strings.Cut(spec, " ")
	n, _ := strconv.Atoi(count)
	conns := make([]net.Conn, 0, n)
	for range n {
		conn, _, _, err := gws.Dial(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
	}
	fmt.Println("ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
	for _, c := range conns {
		_ = c.Close()
	}
}
