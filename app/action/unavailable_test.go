package action

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestDependencyFailuresAreRetryable503s(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		err  error
		want *Error
	}{
		{"deadline on a store call", fmt.Errorf("users store: get: %w", context.DeadlineExceeded), ErrUnavailable},
		{"connection refused", fmt.Errorf("dial: %w", syscall.ECONNREFUSED), ErrUnavailable},
		{"a bug", errors.New("boom"), ErrInternal},
		{"a refusal stays itself", ErrForbidden, ErrForbidden},
	} {
		require.Same(t, tc.want, AsError(tc.err), tc.name)
	}
	require.Equal(t, http.StatusServiceUnavailable, ErrUnavailable.Status)
	require.Equal(t, DefaultRetryAfter, ErrUnavailable.RetryAfter())
	require.Equal(t, DefaultRetryAfter, Unavailable("chat.error.unavailable").RetryAfter())
	require.Equal(t, DefaultRetryAfter, (&Error{Status: http.StatusServiceUnavailable, Key: "common.error.busy"}).RetryAfter(), "every 503 says when")
	require.Zero(t, ErrForbidden.RetryAfter())
}

func TestEveryActionRunsUnderADeadline(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	r.SetTimeout(50 * time.Millisecond)
	Register(r, Spec{Name: "test.hang", Summary: "Waits on a dependency that never answers."}, func(ctx context.Context, _ struct{}) (struct{}, error) {
		<-ctx.Done()
		return struct{}{}, fmt.Errorf("store: %w", ctx.Err())
	})
	start := time.Now()
	_, err := r.Call(WithRequest(context.Background(), &Request{}), "test.hang", nil)
	require.Less(t, time.Since(start), 5*time.Second)
	require.Same(t, ErrUnavailable, AsError(err))
}

// TestSpecTimeoutOverridesTheRegistrys: an action whose work is long by
// nature runs under its own bound, the others under the registry's.
func TestSpecTimeoutOverridesTheRegistrys(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	r.SetTimeout(20 * time.Millisecond)
	slow := func(ctx context.Context, _ struct{}) (struct{}, error) {
		select {
		case <-ctx.Done():
			return struct{}{}, fmt.Errorf("store: %w", ctx.Err())
		case <-time.After(100 * time.Millisecond):
			return struct{}{}, nil
		}
	}
	Register(r, Spec{Name: "test.short", Summary: "Bounded by the registry."}, slow)
	Register(r, Spec{Name: "test.long", Summary: "Bounded by its own spec.", Timeout: time.Minute}, slow)
	_, err := r.Call(WithRequest(context.Background(), &Request{}), "test.short", nil)
	require.Same(t, ErrUnavailable, AsError(err))
	_, err = r.Call(WithRequest(context.Background(), &Request{}), "test.long", nil)
	require.NoError(t, err)
}
