package notifyprefs

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
	"souk/persistence"
)

func TestPrefsActions(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s := New(Config{DB: db, PushAvailable: true})
		ann := apptest.Member(t, db, "ann")
		ctx := apptest.As(ann)

		reply, err := s.Prefs(ctx, PrefsInput{})
		require.NoError(t, err)
		require.Len(t, reply.Kinds, len(notifypref.Kinds))
		for i, k := range reply.Kinds {
			kind := notifypref.Kinds[i]
			assert.Equal(t, string(kind), k.Kind, "in the settings' order")
			assert.True(t, k.Site)
			assert.Equal(t, kind == notifypref.Messages || kind == notifypref.System, k.SiteLocked, kind)
			assert.True(t, k.PushAllowed)
			assert.True(t, k.EmailAllowed)
		}
		assert.False(t, reply.Kinds[4].Push, "likes: no push by default")
		assert.Equal(t, DND{Start: "22:00", End: "07:00"}, reply.DND)
		assert.False(t, reply.HasEmail, "ann has no email")
		assert.True(t, reply.PushAvailable)
		assert.True(t, reply.DigestAllowed)
		assert.Equal(t, 8, reply.DigestHour)
		assert.Equal(t, 15, reply.EmailDelayMinutes)

		digest := true
		in := SavePrefsInput{Kinds: []KindInput{{Kind: "messages", Site: false, Push: false, Email: true},
			{Kind: "likes", Site: false, Push: true, Email: false}},
			DND: &DND{Enabled: true, Start: "23:15", End: "06:45", TimeZone: "Europe/Madrid"}, Digest: &digest}
		require.NoError(t, in.Validate())
		reply, err = s.SavePrefs(ctx, in)
		require.NoError(t, err)
		assert.Equal(t, KindPrefs{Kind: "messages", Site: true, Push: false, Email: true, SiteLocked: true, PushAllowed: true,
			EmailAllowed: true}, reply.Kinds[0], "messages always reach the site")
		assert.Equal(t, KindPrefs{Kind: "likes", Site: false, Push: true, Email: false, PushAllowed: true, EmailAllowed: true},
			reply.Kinds[4])
		assert.True(t, reply.Kinds[1].Push, "a kind not listed keeps its channels")
		assert.Equal(t, DND{Enabled: true, Start: "23:15", End: "06:45", TimeZone: "Europe/Madrid"}, reply.DND)
		assert.True(t, reply.Digest)

		// A save without dnd and digest keeps them.
		in = SavePrefsInput{Kinds: []KindInput{{Kind: "mentions", Site: true, Push: false, Email: false}}}
		require.NoError(t, in.Validate())
		reply, err = s.SavePrefs(ctx, in)
		require.NoError(t, err)
		assert.False(t, reply.Kinds[1].Push)
		assert.Equal(t, "23:15", reply.DND.Start)
		assert.True(t, reply.Digest)
		again, err := s.Prefs(ctx, PrefsInput{})
		require.NoError(t, err)
		assert.Equal(t, reply, again)

		// An unsubscribe link followed on another node is kept by a save
		// here, whatever this node's copy says.
		require.NoError(t, notifypref.NewStore(db).Unsubscribe(t.Context(), ann, notifypref.UnsubscribeAll))
		reply, err = s.SavePrefs(ctx, SavePrefsInput{Kinds: []KindInput{{Kind: "mentions", Site: true, Push: true}}})
		require.NoError(t, err)
		assert.True(t, reply.Kinds[1].Push)
		assert.False(t, reply.Kinds[0].Email, "messages' email stays off")
		assert.False(t, reply.Digest)

		// The operators' switches show beside the member's own.
		require.NoError(t, db.Settings().Put(t.Context(), sitesettings.KeyNotify, notifypref.Operators{
			Push: map[notifypref.Kind]bool{notifypref.Orders: false}, EmailDelayMinutes: 45, DigestHour: 6}))
		fresh := New(Config{DB: db})
		reply, err = fresh.Prefs(ctx, PrefsInput{})
		require.NoError(t, err)
		assert.False(t, reply.Kinds[6].PushAllowed, "orders")
		assert.True(t, reply.Kinds[6].EmailAllowed)
		assert.Equal(t, 45, reply.EmailDelayMinutes)
		assert.False(t, reply.DigestAllowed)
		assert.Equal(t, 6, reply.DigestHour)
		assert.False(t, reply.PushAvailable)

		u, err := db.Users().Get(t.Context(), ann)
		require.NoError(t, err)
		u.Email = "ann@example.com"
		require.NoError(t, db.Users().Update(t.Context(), u))
		reply, err = fresh.Prefs(ctx, PrefsInput{})
		require.NoError(t, err)
		assert.True(t, reply.HasEmail)
	})
}

func requireField(t *testing.T, err error, key, field string) {
	t.Helper()
	var e *action.Error
	require.True(t, errors.As(err, &e), "want %s, got %v", key, err)
	assert.Equal(t, key, e.Key)
	assert.Equal(t, field, e.Args["field"])
}

func TestSavePrefsValidation(t *testing.T) {
	t.Parallel()
	dnd := func(start, end, zone string) *DND { return &DND{Start: start, End: end, TimeZone: zone} }
	for _, c := range []struct {
		name  string
		in    SavePrefsInput
		key   string
		field string
	}{
		{"unknown kind", SavePrefsInput{Kinds: []KindInput{{Kind: "sms"}}}, "notify.prefs.error.kind", "kinds"},
		{"too many kinds", SavePrefsInput{Kinds: make([]KindInput, maxKinds+1)}, "notify.prefs.error.kind", "kinds"},
		{"start", SavePrefsInput{DND: dnd("7:00", "08:00", "")}, "notify.prefs.error.time", "dnd.start"},
		{"start hour", SavePrefsInput{DND: dnd("24:00", "08:00", "")}, "notify.prefs.error.time", "dnd.start"},
		{"signed", SavePrefsInput{DND: dnd("+1:00", "08:00", "")}, "notify.prefs.error.time", "dnd.start"},
		{"end minutes", SavePrefsInput{DND: dnd("22:00", "08:60", "")}, "notify.prefs.error.time", "dnd.end"},
		{"end empty", SavePrefsInput{DND: dnd("22:00", "", "")}, "notify.prefs.error.time", "dnd.end"},
		{"zone", SavePrefsInput{DND: dnd("22:00", "07:00", "Mars/Olympus")}, "notify.prefs.error.timeZone", "dnd.timeZone"},
		{"local", SavePrefsInput{DND: dnd("22:00", "07:00", "Local")}, "notify.prefs.error.timeZone", "dnd.timeZone"},
		{"long zone", SavePrefsInput{DND: dnd("22:00", "07:00", "Europe/"+strings.Repeat("x", 64))}, "notify.prefs.error.timeZone",
			"dnd.timeZone"},
	} {
		requireField(t, c.in.Validate(), c.key, c.field)
	}
	ok := SavePrefsInput{DND: dnd("00:00", "23:59", " America/New_York ")}
	require.NoError(t, ok.Validate())
	assert.Equal(t, "America/New_York", ok.DND.TimeZone)
	assert.Equal(t, 1439, ok.end)
	require.NoError(t, (&SavePrefsInput{DND: dnd("22:00", "07:00", "")}).Validate(), "empty zone is UTC")
}

func TestClock(t *testing.T) {
	t.Parallel()
	for minutes, text := range map[int]string{0: "00:00", 450: "07:30", 1439: "23:59"} {
		assert.Equal(t, text, FormatClock(minutes))
		got, ok := ParseClock(text)
		assert.True(t, ok)
		assert.Equal(t, minutes, got)
	}
	for _, bad := range []string{"", "7:30", "07:3", "0730", "07-30", "ab:cd", "-1:00", "12:00:00"} {
		_, ok := ParseClock(bad)
		assert.False(t, ok, bad)
	}
}
