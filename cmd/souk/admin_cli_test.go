package main

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// signInAt signs email in on the node at base; the client carries the session.
func signInAt(t *testing.T, base, email, password string) (*http.Client, error) {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	return client, callAction(context.Background(), client, base, "auth.login",
		map[string]any{"provider": "PASSWORD", "username": email, "password": password}, nil)
}

// runAdminCommand runs souk admin with args, the password in SOUK_ADMIN_PASSWORD.
func runAdminCommand(t *testing.T, password string, args ...string) (string, error) {
	t.Helper()
	t.Setenv(adminPasswordEnv, password)
	var out, errOut strings.Builder
	err := run(context.Background(), append([]string{"admin"}, args...), &out, &errOut)
	return out.String() + errOut.String(), err
}

// TestAdminCommand: souk admin create makes an administrator on a fresh
// database (a weak password refused by the sign-up rule), who signs in
// and reads the administrators' settings; souk admin reset-password sets
// a new password and ends the sessions at once on the running node.
func TestAdminCommand(t *testing.T) {
	dataDir := t.TempDir()
	const email = "boss@example.com"

	out, err := runAdminCommand(t, "password", "create", "--email", email, "--data", dataDir)
	require.Error(t, err, out)
	assert.Contains(t, err.Error(), "common", "refused by the sign-up rule, in English")

	const first = "Kestrel-quartz-1974"
	out, err = runAdminCommand(t, first, "create", "--email", email, "--name", "The Boss", "--data", dataDir)
	require.NoError(t, err, out)
	assert.Contains(t, out, "administrator "+email+" created")
	_, err = runAdminCommand(t, first, "create", "--email", email, "--data", dataDir)
	require.Error(t, err, "the account exists")

	out, err = runAdminCommand(t, first, "reset-password", "--data", dataDir)
	require.ErrorIs(t, err, errUsage, "no member named: %s", out)

	base := runServer(t, []string{"serve", "--http", "127.0.0.1:0", "--data", dataDir}, io.Discard)
	client, err := signInAt(t, base, email, first)
	require.NoError(t, err)
	var settings struct {
		Version int64 `json:"version"`
	}
	require.NoError(t, callAction(context.Background(), client, base, "admin.settings", struct{}{}, &settings),
		"the new member is an administrator")

	const second = "Osprey-lantern-2031"
	out, err = runAdminCommand(t, "", "reset-password", "--email", email, "--password", second, "--data", dataDir)
	require.NoError(t, err, out)
	assert.Contains(t, out, "every session of theirs ended")
	require.Eventually(t, func() bool {
		err := callAction(context.Background(), client, base, "admin.settings", struct{}{}, nil)
		return err != nil && strings.Contains(err.Error(), "401")
	}, 10*time.Second, 100*time.Millisecond, "the session signed in before ended")

	_, err = signInAt(t, base, email, first)
	require.Error(t, err, "the old password no longer signs in")
	client, err = signInAt(t, base, email, second)
	require.NoError(t, err)
	require.NoError(t, callAction(context.Background(), client, base, "admin.settings", struct{}{}, nil))
}
