package main

import (
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c Config)
	}{
		{
			name: "defaults",
			check: func(t *testing.T, c Config) {
				require.Equal(t, ":8080", c.HTTP)
				require.Equal(t, "./data", c.Data)
				require.Empty(t, c.DB)
				require.False(t, c.Dev)
				require.Equal(t, "text", c.LogFormat)
				require.Equal(t, "info", c.LogLevel)
				require.Equal(t, 256, c.WSMaxPerAddr)
				require.Equal(t, 64, c.WSMaxGuestsPerAddr)
				require.Equal(t, 10*time.Millisecond, c.WSFlushDelay)
				require.Equal(t, 3, c.ChatMemberLimit)
			},
		},
		{
			name: "environment",
			env:  map[string]string{"SOUK_HTTP": "127.0.0.1:9000", "SOUK_DEV": "true", "SOUK_LOG_FORMAT": "json", "SOUK_DB": "postgres://root@127.0.0.1:5432/souk"},
			check: func(t *testing.T, c Config) {
				require.Equal(t, "127.0.0.1:9000", c.HTTP)
				require.True(t, c.Dev)
				require.Equal(t, "json", c.LogFormat)
				require.Equal(t, "postgres://root@127.0.0.1:5432/souk", c.DB)
			},
		},
		{
			name: "flags override the environment",
			args: []string{"--http", ":9100", "--dev=false"},
			env:  map[string]string{"SOUK_HTTP": ":9000", "SOUK_DEV": "1"},
			check: func(t *testing.T, c Config) {
				require.Equal(t, ":9100", c.HTTP)
				require.False(t, c.Dev)
			},
		},
		{name: "bad address", args: []string{"--http", "8080"}, wantErr: `invalid value "8080" for --http (env SOUK_HTTP)`},
		{name: "bad port", args: []string{"--http", ":99999"}, wantErr: `for --http`},
		{name: "bad database scheme", args: []string{"--db", "mysql://x@y/z"}, wantErr: `invalid value "mysql://x@y/z" for --db (env SOUK_DB)`},
		{name: "database password is not printed", args: []string{"--db", "mysql://u:hunter2@y/z"}, wantErr: `mysql://u:xxxxx@y/z`},
		{name: "bad log level", args: []string{"--log-level", "loud"}, wantErr: `invalid value "loud" for --log-level (env SOUK_LOG_LEVEL): want debug, info, warn or error`},
		{name: "bad log format", args: []string{"--log-format", "xml"}, wantErr: `invalid value "xml" for --log-format (env SOUK_LOG_FORMAT): want text or json`},
		{name: "bad boolean in the environment", env: map[string]string{"SOUK_DEV": "maybe"}, wantErr: `invalid value "maybe" for --dev (env SOUK_DEV)`},
		{name: "empty data folder", args: []string{"--data", " "}, wantErr: `for --data`},
		{name: "negative hash bound", args: []string{"--max-concurrent-hashes", "-1"}, wantErr: `invalid value "-1" for --max-concurrent-hashes (env SOUK_MAX_CONCURRENT_HASHES): want 1 to 1024, or 0 to derive it from memory`},
		{name: "short secret", args: []string{"--secret", "hunter2"}, wantErr: `invalid value "(hidden)" for --secret (env SOUK_SECRET): must be at least 32 characters`},
		{name: "stray argument", args: []string{"extra"}, wantErr: `unexpected argument "extra"`},
		{name: "negative websocket cap", args: []string{"--ws-max-per-addr", "-1"}, wantErr: `invalid value "-1" for --ws-max-per-addr (env SOUK_WS_MAX_PER_ADDR)`},
		{name: "negative guest cap", env: map[string]string{"SOUK_WS_MAX_GUESTS_PER_ADDR": "-5"}, wantErr: `for --ws-max-guests-per-addr`},
		{name: "negative chat limit", args: []string{"--chat-member-limit", "-1"}, wantErr: `for --chat-member-limit`},
		{name: "long flush delay", args: []string{"--ws-flush-delay", "1s"}, wantErr: `invalid value "1s" for --ws-flush-delay (env SOUK_WS_FLUSH_DELAY): want 0 (no delay) to 100ms`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			c, err := parseConfig("serve", tt.args, io.Discard)
			if tt.wantErr != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), tt.wantErr)
				require.NotContains(t, err.Error(), "hunter2")
				return
			}
			require.NoError(t, err)
			tt.check(t, c)
		})
	}
}
