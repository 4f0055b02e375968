package admin

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/notifypref"
	"souk/app/internal/sitesettings"
)

// TestSettingsNotify: the notification switches read as the defaults
// until saved; a save may leave fields out (they take their defaults) and
// is read back, by the console and by the deliveries' store.
func TestSettingsNotify(t *testing.T) {
	t.Parallel()
	eachSettingsDB(t, func(t *testing.T, f *settingsFixture) {
		r := f.read(t)
		assert.Equal(t, notifypref.Operators{Push: map[notifypref.Kind]bool{}, Email: map[notifypref.Kind]bool{},
			EmailDelayMinutes: 15, Digest: true, DigestHour: 8}, r.Notify)

		_, err := f.svc.SaveSettings(adminContext(), SaveSettingsInput{Section: "notify", Version: r.Version,
			Value: json.RawMessage(`{"push":{"likes":false,"follows":false},"email":{"orders":false},"emailDelayMinutes":30}`)})
		require.NoError(t, err)
		r = f.read(t)
		assert.Equal(t, int64(1), r.Version)
		assert.Equal(t, notifypref.Operators{Push: map[notifypref.Kind]bool{"likes": false, "follows": false},
			Email: map[notifypref.Kind]bool{"orders": false}, EmailDelayMinutes: 30, Digest: true, DigestHour: 8}, r.Notify)

		ops, err := notifypref.ReadOperators(t.Context(), f.db)
		require.NoError(t, err)
		assert.False(t, ops.Allows(notifypref.Likes, notifypref.Push))
		assert.False(t, ops.Allows(notifypref.Orders, notifypref.Email))
		assert.True(t, ops.Allows(notifypref.Orders, notifypref.Push))
		assert.Equal(t, 30, int(ops.EmailDelay().Minutes()))

		_, err = f.save("notify", r.Version, notifypref.Operators{Digest: false, DigestHour: 0})
		require.NoError(t, err)
		r = f.read(t)
		assert.False(t, r.Notify.Digest)
		assert.Zero(t, r.Notify.DigestHour, "midnight is an hour")
		assert.Equal(t, map[notifypref.Kind]bool{}, r.Notify.Push)
		var stored map[string]any
		require.NoError(t, f.db.Settings().Get(t.Context(), sitesettings.KeyNotify, &stored))
		assert.Equal(t, map[string]any{}, stored["push"], "stored as {}")
	})
}
