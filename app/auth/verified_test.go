package auth

import (
	"strconv"
	"testing"
	"time"

	"souk/app/action"
)

// TestVerifiedTokensAreBounded: expired tokens make room first; when all
// are live the memory starts again instead of growing.
func TestVerifiedTokensAreBounded(t *testing.T) {
	var c verifiedTokens
	now := time.Unix(1_800_000_000, 0)
	for i := range maxVerifiedTokens {
		c.put("t"+strconv.Itoa(i), verifiedToken{viewer: action.Viewer{UserID: int64(i + 1)}, expires: now.Add(time.Duration(i%2+1) * time.Minute)}, now)
	}
	later := now.Add(time.Minute)
	c.put("new", verifiedToken{viewer: action.Viewer{UserID: 1}, expires: later.Add(time.Minute)}, later)
	if n := len(c.tokens); n != maxVerifiedTokens/2+1 {
		t.Fatalf("%d tokens kept, want the %d live ones and the new one", n, maxVerifiedTokens/2)
	}
	if _, ok := c.get("t0", later); ok {
		t.Fatal("an expired token was answered")
	}
	if v, ok := c.get("t1", later); !ok || v.viewer.UserID != 2 {
		t.Fatalf("live token: %v %v", v, ok)
	}
	for i := range maxVerifiedTokens {
		c.put("u"+strconv.Itoa(i), verifiedToken{viewer: action.Viewer{UserID: 1}, expires: later.Add(time.Hour)}, later)
	}
	if n := len(c.tokens); n > maxVerifiedTokens {
		t.Fatalf("%d tokens kept, over the bound %d", n, maxVerifiedTokens)
	}
}
