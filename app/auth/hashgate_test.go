package auth_test

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/argon2"

	"souk/app/auth"
	"souk/internal/authtest"
	"souk/persistence"
)

// TestLoginHashesBounded starts more parallel logins than the hash gate
// holds: never more than its slots hash at once, a short line waits, the
// rest are refused at once, and the line is refused when its wait ends.
func TestLoginHashesBounded(t *testing.T) {
	t.Parallel()
	const slots, logins = 2, 15
	line := slots * 5 // the slots and 4 waiting per slot
	f := authtest.NewFixtureWith(t, persistence.KindSQLite, func(c *auth.Config) { c.MaxConcurrentHashes = slots })
	var running, most atomic.Int64
	release, deadline := make(chan struct{}), make(chan time.Time)
	f.Creds.WatchHashes(func(pw, salt []byte, tm, mem uint32, th uint8, n uint32) []byte {
		now := running.Add(1)
		for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
		}
		<-release
		running.Add(-1)
		return argon2.IDKey(pw, salt, tm, mem, th, n)
	}, func(time.Duration) <-chan time.Time { return deadline })

	errs := make(chan error, logins)
	for i := range logins {
		email := fmt.Sprintf("parallel%d@souk.dev", i)
		f.Member(t, persistence.User{Email: email}, "right-password")
		go func() {
			_, _, err := f.Call(t, authtest.NewGuest(), "auth.login",
				map[string]any{"provider": "PASSWORD", "username": email, "password": "wrong-password"})
			errs <- err
		}()
	}
	for range logins - line {
		authtest.RequireKey(t, <-errs, http.StatusServiceUnavailable, "common.error.busy")
	}
	require.Eventually(t, func() bool { return running.Load() == slots }, 5*time.Second, time.Millisecond)
	close(deadline)
	for range line - slots {
		authtest.RequireKey(t, <-errs, http.StatusServiceUnavailable, "common.error.busy")
	}
	close(release)
	for range slots {
		authtest.RequireKey(t, <-errs, http.StatusBadRequest, "common.login.error.invalidCredentials")
	}
	assert.EqualValues(t, slots, most.Load(), "hashes running at once")
}

// TestLoginBurstPerAddress: one address starts at most 8 logins at once.
func TestLoginBurstPerAddress(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	ip := authtest.NewGuest()
	for i := range 8 {
		_, _, err := f.Call(t, ip, "auth.login", map[string]any{"provider": "PASSWORD",
			"username": fmt.Sprintf("burst%d@souk.dev", i), "password": "wrong-password"})
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.login.error.invalidCredentials")
	}
	_, _, err := f.Call(t, ip, "auth.login", map[string]any{"provider": "PASSWORD", "username": "burst8@souk.dev", "password": "wrong-password"})
	authtest.RequireKey(t, err, http.StatusTooManyRequests, "common.error.rateLimited")
	f.Clock.Add(3 * time.Second)
	_, _, err = f.Call(t, ip, "auth.login", map[string]any{"provider": "PASSWORD", "username": "burst8@souk.dev", "password": "wrong-password"})
	authtest.RequireKey(t, err, http.StatusBadRequest, "common.login.error.invalidCredentials")
}
