package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// prefsReply is the part of notify.prefs's reply the tests read.
type prefsReply struct {
	Kinds []struct {
		Kind       string `json:"kind"`
		Site       bool   `json:"site"`
		Push       bool   `json:"push"`
		Email      bool   `json:"email"`
		SiteLocked bool   `json:"siteLocked"`
	} `json:"kinds"`
	DND struct {
		Enabled  bool   `json:"enabled"`
		Start    string `json:"start"`
		End      string `json:"end"`
		TimeZone string `json:"timeZone"`
	} `json:"dnd"`
	PushAvailable bool `json:"pushAvailable"`
}

// checkPushPrefs (part of TestWebPush, on its node; phone is the member's
// device, with 3 pushes received so far): a member who turned push off
// for private messages, or who is in their do-not-disturb hours, gets no
// push, while another member still does; turned back on, pushes come
// again.
func checkPushPrefs(t *testing.T, f *authzFixture, ps *pushService, phone browser) {
	const before = 3
	adminPhone := newBrowser(t, ps.srv.URL+"/push/admin-phone")
	f.must(asAdmin, "push.subscribe", adminPhone.subscription("en"), nil)

	var prefs prefsReply
	f.must(asMember, "notify.prefs", map[string]any{}, &prefs)
	require.Len(t, prefs.Kinds, 9)
	assert.Equal(t, "messages", prefs.Kinds[0].Kind)
	assert.True(t, prefs.Kinds[0].Push)
	assert.True(t, prefs.PushAvailable)

	f.must(asMember, "notify.savePrefs", map[string]any{
		"kinds": []any{map[string]any{"kind": "messages", "site": true, "push": false, "email": true}}}, &prefs)
	assert.False(t, prefs.Kinds[0].Push)
	f.must(asAdmin, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "push is off"}, nil)
	f.must(asVIP, "mutates.sendMessage", map[string]any{"to_id": f.ids[asAdmin], "content": "yours is on"}, nil)
	require.Eventually(t, func() bool { return len(ps.received("/push/admin-phone")) == 1 }, 10*time.Second, 50*time.Millisecond,
		"the other member still gets pushes")
	assert.Equal(t, "yours is on", adminPhone.payload(t, ps.received("/push/admin-phone")[0]).Body)
	never(t, func() bool { return len(ps.received("/push/member-phone")) > before }, time.Second,
		"no push for a member who turned push off for messages")

	// Push on again, but in the do-not-disturb hours: the hour around now, in Tokyo.
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	require.NoError(t, err)
	now := time.Now().In(tokyo)
	clock := func(t time.Time) string { return fmt.Sprintf("%02d:%02d", t.Hour(), t.Minute()) }
	f.must(asMember, "notify.savePrefs", map[string]any{
		"kinds": []any{map[string]any{"kind": "messages", "site": true, "push": true, "email": true}},
		"dnd": map[string]any{"enabled": true, "start": clock(now.Add(-time.Hour)), "end": clock(now.Add(time.Hour)),
			"timeZone": "Asia/Tokyo"}}, &prefs)
	assert.True(t, prefs.DND.Enabled)
	assert.Equal(t, "Asia/Tokyo", prefs.DND.TimeZone)
	f.must(asAdmin, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "shh"}, nil)
	never(t, func() bool { return len(ps.received("/push/member-phone")) > before }, 4*time.Second,
		"no push in the do-not-disturb hours")

	res := f.call(asMember, "notify.savePrefs", map[string]any{"dnd": map[string]any{"enabled": true, "start": "25:00",
		"end": "07:00", "timeZone": ""}})
	assert.Equal(t, badInput, res.status, "%s", res)
	assert.Equal(t, "notify.prefs.error.time", res.code)
	assert.Contains(t, string(res.body), `"field":"dnd.start"`)

	f.must(asMember, "notify.savePrefs", map[string]any{"dnd": map[string]any{"enabled": false, "start": "22:00",
		"end": "07:00", "timeZone": "Asia/Tokyo"}}, nil)
	f.must(asAdmin, "mutates.sendMessage", map[string]any{"to_id": f.ids[asMember], "content": "awake?"}, nil)
	require.Eventually(t, func() bool { return len(ps.received("/push/member-phone")) == before+1 }, 10*time.Second,
		50*time.Millisecond, "pushes come again")
	assert.Equal(t, "awake?", phone.payload(t, ps.received("/push/member-phone")[before]).Body)
	assert.Equal(t, "2", f.metric("souk_push_skipped"))
}
