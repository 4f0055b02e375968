package notifypref

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKindOf(t *testing.T) {
	t.Parallel()
	for event, want := range map[string]Kind{
		"message": Messages, "private_message": Messages, "mention": Mentions, "comment": Replies, "answer": Replies,
		"follow": Follows, "like": Likes, "award": Awards, "refund": Awards, "order": Orders, "wallet": Wallet,
		"coupon": Wallet, "system": System, "report": System, "ticket": System, "": System, "strange": System,
	} {
		assert.Equal(t, want, KindOf(event), event)
	}
}

func TestDefaults(t *testing.T) {
	t.Parallel()
	p := Defaults()
	require.Len(t, p.Kinds, len(Kinds))
	for _, k := range Kinds {
		assert.True(t, p.Allows(k, Site), k)
		assert.Equal(t, k != Likes, p.Allows(k, Push), k)
		assert.Equal(t, k != Likes && k != Follows, p.Allows(k, Email), k)
	}
	assert.False(t, p.DND.Enabled)
	assert.False(t, p.Digest)
	assert.False(t, p.Quiet(time.Date(2026, 1, 1, 23, 0, 0, 0, time.UTC)), "DND is off by default")

	empty := Prefs{}
	assert.True(t, empty.Allows(Mentions, Push), "a kind missing has its default")
	assert.False(t, empty.Allows(Likes, Push))
	assert.False(t, empty.Allows(Mentions, Channel("fax")))
}

func TestSiteLocked(t *testing.T) {
	t.Parallel()
	p := Defaults()
	for _, k := range Kinds {
		p.Kinds[k] = Channels{}
	}
	for _, k := range Kinds {
		assert.Equal(t, k == Messages || k == System, p.Allows(k, Site), k)
		assert.False(t, p.Allows(k, Push), k)
		assert.False(t, p.Allows(k, Email), k)
	}
}

func at(hour, minute int, loc *time.Location) time.Time {
	return time.Date(2026, 3, 10, hour, minute, 0, 0, loc)
}

func TestQuietWrapsMidnight(t *testing.T) {
	t.Parallel()
	p := Prefs{DND: DND{Enabled: true, Start: 22 * 60, End: 7*60 + 30}}
	for _, c := range []struct {
		hour, minute int
		quiet        bool
	}{{21, 59, false}, {22, 0, true}, {23, 59, true}, {0, 0, true}, {3, 0, true}, {7, 29, true}, {7, 30, false}, {12, 0, false}} {
		assert.Equal(t, c.quiet, p.Quiet(at(c.hour, c.minute, time.UTC)), "%02d:%02d", c.hour, c.minute)
	}
	assert.Equal(t, at(7, 30, time.UTC).AddDate(0, 0, 1), p.QuietUntil(at(23, 0, time.UTC)), "before midnight: tomorrow's end")
	assert.Equal(t, at(7, 30, time.UTC), p.QuietUntil(at(3, 0, time.UTC)), "after midnight: today's end")
	noon := at(12, 0, time.UTC)
	assert.Equal(t, noon, p.QuietUntil(noon), "not quiet: now")

	day := Prefs{DND: DND{Enabled: true, Start: 13 * 60, End: 14 * 60}}
	assert.False(t, day.Quiet(at(12, 59, time.UTC)))
	assert.True(t, day.Quiet(at(13, 0, time.UTC)))
	assert.False(t, day.Quiet(at(14, 0, time.UTC)))
	assert.Equal(t, at(14, 0, time.UTC), day.QuietUntil(at(13, 30, time.UTC)))

	empty := Prefs{DND: DND{Enabled: true, Start: 600, End: 600}}
	assert.False(t, empty.Quiet(at(10, 0, time.UTC)), "start == end is an empty range")
	off := Prefs{DND: DND{Start: 0, End: 1439}}
	assert.False(t, off.Quiet(at(10, 0, time.UTC)), "disabled")
}

func TestQuietTimeZones(t *testing.T) {
	t.Parallel()
	p := Prefs{TimeZone: "Asia/Shanghai", DND: DND{Enabled: true, Start: 22 * 60, End: 7 * 60}}
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	require.NoError(t, err)
	assert.Equal(t, shanghai.String(), p.Location().String())
	assert.True(t, p.Quiet(at(15, 0, time.UTC)), "23:00 in Shanghai")
	assert.False(t, p.Quiet(at(12, 0, time.UTC)), "20:00 in Shanghai")
	assert.True(t, p.QuietUntil(at(15, 0, time.UTC)).Equal(at(23, 0, time.UTC)), "07:00 in Shanghai is 23:00 UTC")

	// New York moves to summer time on 2026-03-08: 22:00 local is 02:00 UTC.
	ny := Prefs{TimeZone: "America/New_York", DND: DND{Enabled: true, Start: 22 * 60, End: 7 * 60}}
	assert.True(t, ny.Quiet(time.Date(2026, 3, 11, 2, 30, 0, 0, time.UTC)))
	assert.False(t, ny.Quiet(time.Date(2026, 3, 11, 1, 30, 0, 0, time.UTC)))
	assert.True(t, ny.QuietUntil(time.Date(2026, 3, 11, 2, 30, 0, 0, time.UTC)).Equal(time.Date(2026, 3, 11, 11, 0, 0, 0, time.UTC)))
	// The night the clocks move: 22:00 EST on 03-07 to 07:00 EDT on 03-08.
	assert.True(t, ny.QuietUntil(time.Date(2026, 3, 8, 4, 0, 0, 0, time.UTC)).Equal(time.Date(2026, 3, 8, 11, 0, 0, 0, time.UTC)))

	bad := Prefs{TimeZone: "Mars/Olympus", DND: DND{Enabled: true, Start: 22 * 60, End: 7 * 60}}
	assert.Equal(t, time.UTC, bad.Location(), "an unknown zone is UTC")
	assert.True(t, bad.Quiet(at(23, 0, time.UTC)))
	assert.Equal(t, time.UTC, Prefs{}.Location())
}

func TestOperators(t *testing.T) {
	t.Parallel()
	o := DefaultOperators()
	for _, k := range Kinds {
		for _, c := range []Channel{Site, Push, Email} {
			assert.True(t, o.Allows(k, c), "%s %s", k, c)
		}
	}
	assert.Equal(t, 15*time.Minute, o.EmailDelay())
	assert.True(t, o.Digest)
	assert.Equal(t, 8, o.DigestHour)
	assert.Empty(t, o.Validate())

	o = Operators{Push: map[Kind]bool{Likes: false, Mentions: true}, Email: map[Kind]bool{Orders: false}, EmailDelayMinutes: 30}
	assert.False(t, o.Allows(Likes, Push))
	assert.True(t, o.Allows(Mentions, Push))
	assert.True(t, o.Allows(Likes, Email))
	assert.False(t, o.Allows(Orders, Email))
	assert.True(t, o.Allows(Orders, Site), "the site is never switched off")
	assert.Equal(t, 30*time.Minute, o.EmailDelay())
	o.EmailDelayMinutes = 0
	assert.Equal(t, 15*time.Minute, o.EmailDelay(), "0 is the default")

	assert.Equal(t, "push", Operators{Push: map[Kind]bool{"nope": true}}.Validate())
	assert.Equal(t, "email", Operators{Email: map[Kind]bool{"nope": true}}.Validate())
	assert.Equal(t, "emailDelayMinutes", Operators{EmailDelayMinutes: 1441}.Validate())
	assert.Equal(t, "emailDelayMinutes", Operators{EmailDelayMinutes: -1}.Validate())
	assert.Equal(t, "digestHour", Operators{DigestHour: 24}.Validate())
}
