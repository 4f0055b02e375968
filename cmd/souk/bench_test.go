package main

import (
	"io"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchFlagsValidated(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd  string
		args []string
		flag string
	}{
		{"seed", []string{"--bench-users", "-1"}, "bench-users"},
		{"seed", []string{"--bench-users", "2000000"}, "bench-users"},
		{"serve", []string{"--debug-addr", "nowhere"}, "debug-addr"},
	} {
		_, err := parseConfig(tt.cmd, tt.args, io.Discard)
		require.Error(t, err, "%v", tt.args)
		assert.Contains(t, err.Error(), "--"+tt.flag)
	}
	_, err := parseConfig("serve", []string{"--bench-users", "3"}, io.Discard)
	assert.Error(t, err, "--bench-users belongs to seed only")
	cfg, err := parseConfig("seed", []string{"--bench-users", "3", "--bench-users-file", "u.json"}, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, BenchUsersFlags{Count: 3, File: "u.json"}, cfg.Bench)
}

func TestDebugListenerServesPprofAndMetrics(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	metrics := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "souk_metrics") })
	stop, err := startDebug(addr, metrics)
	require.NoError(t, err)
	defer stop()
	resp, err := http.Get("http://" + addr + "/debug/pprof/")
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	resp, err = http.Get("http://" + addr + "/metrics")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	assert.Equal(t, "souk_metrics", string(body))

	none, err := startDebug("", metrics)
	require.NoError(t, err)
	none()
}
