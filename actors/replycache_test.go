package actors

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReplyCacheKeepsTheLastSizeKeys(t *testing.T) {
	t.Parallel()
	c := newReplyCache[int](3)
	assert.Empty(t, c.order, "an unused cache holds nothing")
	for i := range 5 {
		c.put("k"+strconv.Itoa(i), i)
	}
	c.put("k4", 40)
	c.put("", 99)
	for i, want := range map[int]bool{0: false, 1: false, 2: true, 3: true, 4: true} {
		_, ok := c.get("k" + strconv.Itoa(i))
		assert.Equal(t, want, ok, "k%d", i)
	}
	v, _ := c.get("k4")
	assert.Equal(t, 40, v, "a key put again is updated in place")
	assert.Len(t, c.byKey, 3)
}
