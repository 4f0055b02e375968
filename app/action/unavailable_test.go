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
