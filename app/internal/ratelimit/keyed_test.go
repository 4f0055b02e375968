package ratelimit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestKeyed(t *testing.T) {
	t.Parallel()
	l := New(time.Minute, 3)
	now := time.Unix(1000, 0)
	for range 3 {
		assert.True(t, l.Allow("a", now))
	}
	assert.False(t, l.Allow("a", now), "burst spent")
	assert.Equal(t, time.Minute, l.Wait("a", now), "a token comes back in a minute")
	assert.Equal(t, 20*time.Second, l.Wait("a", now.Add(40*time.Second)), "a refused call takes nothing")
	assert.True(t, l.Allow("b", now), "keys are independent")
	assert.True(t, l.Allow("a", now.Add(time.Minute)), "one more per minute")
	assert.Equal(t, 2, l.Keys())
	l.Allow("c", now.Add(10*time.Minute)) // sweeps the idle buckets
	assert.Equal(t, 1, l.Keys(), "idle full buckets are evicted")
}
