package i18ntest

import (
	"fmt"
	"net/http"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/app/action"
)

// recorder is a testing.TB that keeps what RequireTranslated reports.
type recorder struct {
	testing.TB
	errors  []string
	stopped bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) FailNow() {
	r.stopped = true
	runtime.Goexit()
}

// run calls RequireTranslated with keys on a recorder, in a goroutine of
// its own as FailNow ends it.
func run(t *testing.T, keys ...string) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		RequireTranslated(r, keys...)
	}()
	<-done
	return r
}

func TestRequireTranslated(t *testing.T) {
	t.Parallel()
	r := run(t, "common.error.internal")
	assert.Empty(t, r.errors)
	assert.False(t, r.stopped)

	r = run(t, "common.error.internal", "no.such.key")
	assert.Len(t, r.errors, len(action.Languages), "the missing key is reported in every language")
	assert.Contains(t, r.errors[0], "no.such.key")
	assert.True(t, r.stopped)
}

func TestKeys(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []string{"a.b", "c.d"},
		Keys(action.Errorf(http.StatusBadRequest, "a.b"), action.Errorf(http.StatusConflict, "c.d")))
}
