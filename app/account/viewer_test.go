package account_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/authtest"
	"souk/persistence"
)

func TestViewerRoles(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		now := f.Clock.Now()
		viewer := func(u persistence.User) map[string]any {
			reply, _ := f.MustCall(t, authtest.Caller{Lang: "es", Viewer: authtest.ViewerOf(u)}, "auth.viewer", nil)
			return reply["viewer"].(map[string]any)
		}

		t.Run("guest", func(t *testing.T) {
			reply, _ := f.MustCall(t, authtest.NewGuest(), "auth.viewer", nil)
			assert.Contains(t, reply, "viewer")
			assert.Nil(t, reply["viewer"])
			reply, _ = f.MustCall(t, authtest.Caller{Viewer: authtest.ViewerOf(persistence.User{ID: 404})}, "auth.viewer", nil)
			assert.Nil(t, reply["viewer"], "an account that went away")
		})

		t.Run("level and VIP merged", func(t *testing.T) {
			u := f.Member(t, persistence.User{Name: "Vera", Description: "hola", Email: "vera@souk.dev", LevelKey: "lv2",
				VIPKey: "vip1", VIPExpiresAt: persistence.Millis(now.Add(time.Hour)),
				AvatarURL: "https://cdn.souk.dev/vera.png", HasInfomation: true}, "")
			v := viewer(u)
			assert.Equal(t, v["id"], v["databaseId"])
			assert.Equal(t, authtest.FormatID(u.ID), v["databaseId"])
			assert.Equal(t, "https://cdn.souk.dev/vera.png", authtest.Dig(t, v, "avatar", "url"))
			assert.Equal(t, map[string]any{"key": "vip1", "icon": "/vip1.svg", "name": "Plata"}, v["gqVIP"])
			assert.Equal(t, map[string]any{"key": "lv2", "icon": "/lv2.svg", "name": "Nivel 2"}, v["gqLevel"])
			assert.Equal(t, `{"CNY":"0.00","JPY":"0"}`, v["gqMoney"])
			assert.EqualValues(t, 0, v["gqCredit"])
			assert.EqualValues(t, 0, v["gqNotification"])
			assert.Equal(t, []any{}, v["gqTicket"])
			assert.Equal(t, false, v["darkRoom"])
			sock := v["gqUserSocketToken"].(map[string]any)
			assert.Equal(t, authtest.FormatID(now.Unix()), sock["timestamp"])
			assert.Len(t, sock["signature"], 64)
			roles := v["gqRoles"].(map[string]any)
			assert.Equal(t, map[string]any{
				"canBuilder": false, "isAdmin": false, "hasInfomation": true, "showClose": true,
				"media": map[string]any{
					"image":      map[string]any{"can": true, "size": 8.0, "max": 0.0, "count": 0.0},
					"video":      map[string]any{"can": true, "size": 8.0, "max": 5.0, "count": 0.0},
					"audio":      map[string]any{"can": true, "size": 8.0, "max": 4.0, "count": 0.0},
					"attachment": map[string]any{"can": false, "size": 8.0, "max": 0.0, "count": 0.0},
				},
				"image":      map[string]any{"can": true, "max": 0.0, "count": 0.0},
				"video":      map[string]any{"can": true, "max": 5.0, "count": 0.0},
				"audio":      map[string]any{"can": true, "max": 4.0, "count": 0.0},
				"attachment": map[string]any{"can": false, "max": 0.0, "count": 0.0},
				"userCan":    []any{"chat", "directMessages"},
			}, roles, "image size capped by max_file_size 8")
			assert.NotContains(t, roles, "apiSecret")
		})

		t.Run("an expired VIP counts as none; dark room loses chat", func(t *testing.T) {
			u := f.Member(t, persistence.User{Email: "old@souk.dev", LevelKey: "lv2", VIPKey: "vip1",
				VIPExpiresAt: persistence.Millis(now.Add(-time.Hour)), DarkRoom: true,
				AvatarURL: "https://www.gravatar.com/avatar/abc"}, "")
			v := viewer(u)
			assert.Nil(t, v["gqVIP"])
			assert.Equal(t, true, v["darkRoom"])
			assert.Equal(t, []any{}, authtest.Dig(t, v, "gqRoles", "userCan"))
			assert.Equal(t, map[string]any{"can": false, "max": 0.0, "count": 0.0}, authtest.Dig(t, v, "gqRoles", "video"))
			assert.Equal(t, "/api/avatar?seed="+u.Slug, authtest.Dig(t, v, "avatar", "url"), "gravatars are replaced")
		})

		t.Run("gqTicket: the member's tickets that are not closed", func(t *testing.T) {
			u := f.Member(t, persistence.User{Name: "Tina", Email: "tickets@souk.dev"}, "")
			open := func(key, subject string) persistence.Ticket {
				tk := persistence.Ticket{UserID: u.ID, CreationKey: key, Subject: subject, Category: "order",
					LastMessage: "help", CreatedAt: persistence.Millis(now)}
				m := persistence.TicketMessage{AuthorID: u.ID, CreationKey: key, Content: "help",
					CreatedAt: persistence.Millis(now)}
				_, err := f.DB.Tickets().CreateTicket(t.Context(), &tk, &m, 5)
				require.NoError(t, err)
				return tk
			}
			open("t:1", "First")
			closed := open("t:2", "Closed")
			_, _, err := f.DB.Tickets().Close(t.Context(), closed.ID, persistence.Millis(now)+1)
			require.NoError(t, err)
			tickets := viewer(u)["gqTicket"].([]any)
			require.Len(t, tickets, 1)
			tk := tickets[0].(map[string]any)
			assert.Equal(t, "First", tk["subject"])
			assert.Equal(t, "open", tk["status"])
			assert.Equal(t, "Tina", authtest.Dig(t, tk, "author", "name"))
		})

		t.Run("an unknown level counts as the lowest", func(t *testing.T) {
			u := f.Member(t, persistence.User{Email: "gone@souk.dev", LevelKey: "lv99"}, "")
			v := viewer(u)
			assert.Equal(t, "lv1", authtest.Dig(t, v, "gqLevel", "key"))
			assert.Equal(t, map[string]any{"can": true, "size": 2.0, "max": 5.0, "count": 0.0},
				authtest.Dig(t, v, "gqRoles", "media", "image"))
		})

		t.Run("today's uploads per type, in one grouped query", func(t *testing.T) {
			u := f.Member(t, persistence.User{Email: "counts@souk.dev", LevelKey: "lv2"}, "")
			finish := func(typ string, at time.Time) {
				require.NoError(t, f.DB.Media().Finish(t.Context(), persistence.MediaItem{ID: f.DB.NewID(), OwnerID: u.ID,
					Type: typ, StorageKey: "k", Status: persistence.MediaReady, CreatedAt: persistence.Millis(at)}, 0))
			}
			finish("video", now)
			finish("video", now)
			finish("audio", now)
			finish("video", now.Add(-48*time.Hour))
			v := viewer(u)
			assert.EqualValues(t, 2, authtest.Dig(t, v, "gqRoles", "media", "video", "count"), "yesterday's do not count")
			assert.EqualValues(t, 1, authtest.Dig(t, v, "gqRoles", "media", "audio", "count"))
			assert.EqualValues(t, 0, authtest.Dig(t, v, "gqRoles", "media", "image", "count"))
			assert.EqualValues(t, 2, authtest.Dig(t, v, "gqRoles", "video", "count"))
		})

		t.Run("admins may do everything", func(t *testing.T) {
			u := f.Member(t, persistence.User{Email: "root@souk.dev", IsAdmin: true}, "")
			roles := authtest.Dig(t, viewer(u), "gqRoles").(map[string]any)
			assert.Equal(t, true, roles["isAdmin"])
			assert.Equal(t, true, roles["canBuilder"])
			assert.Equal(t, []any{"chat", "directMessages"}, roles["userCan"])
			for _, typ := range []string{"image", "video", "audio", "attachment"} {
				assert.Equal(t, map[string]any{"can": true, "max": 0.0, "count": 0.0}, roles[typ], typ)
			}
		})
	})
}

func TestUpdateUser(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		u := f.Member(t, persistence.User{Name: "Old", Email: "edit@souk.dev", DarkRoom: true}, "")
		me := authtest.Caller{Viewer: authtest.ViewerOf(u)}

		_, _, err := f.Call(t, authtest.NewGuest(), "updateUser", map[string]any{"name": "x"})
		authtest.RequireKey(t, err, 401, "common.error.unauthorized")

		for _, tt := range []struct {
			data map[string]any
			key  string
		}{
			{map[string]any{"name": "  "}, "common.error.profileName"},
			{map[string]any{"name": " \x00\u0007\n "}, "common.error.profileName"},
			{map[string]any{"name": strings.Repeat("名", 41)}, "common.error.profileName"},
			{map[string]any{"description": strings.Repeat("d", 201)}, "common.error.profileDescription"},
			{map[string]any{"avatar": "javascript:alert(1)"}, "common.error.profileAvatar"},
			{map[string]any{"avatar": "//evil.example/a.png"}, "common.error.profileAvatarSource"},
			{map[string]any{"avatar": "/api/auth/logout"}, "common.error.profileAvatarSource"},
			{map[string]any{"avatar": "https://cdn.example/a.png"}, "common.error.profileAvatarSource"},
			{map[string]any{"gender": "robot"}, "common.error.profileGender"},
			{map[string]any{"birthday": "1990-02-30"}, "common.error.profileBirthday"},
			{map[string]any{"birthday": "1850-01-01"}, "common.error.profileBirthday"},
			{map[string]any{"birthday": f.Clock.Now().AddDate(0, 0, 2).Format(time.DateOnly)}, "common.error.profileBirthday"},
			{map[string]any{"location": strings.Repeat("l", 101)}, "common.error.profileLocation"},
			{map[string]any{"website": "ftp://x.example"}, "common.error.profileWebsite"},
			{map[string]any{"name": 42}, "common.error.badField"},
		} {
			_, _, err := f.Call(t, me, "updateUser", tt.data)
			authtest.RequireKey(t, err, 400, tt.key)
		}
		got, err := f.DB.Users().Get(t.Context(), u.ID)
		require.NoError(t, err)
		assert.False(t, got.HasInfomation, "a refused update changes nothing")

		reply, _ := f.MustCall(t, me, "updateUser", map[string]any{
			"name": "  Ana <script>alert(1)</script>López ", "description": "line one\n\n\n\nline two\u0007",
			"avatar": "/api/avatar?seed=ana", "gender": "Female", "birthday": "1990-02-03",
			"location": "&lt;img src=x onerror=alert(1)&gt; Madrid", "website": "https://ana.example"})
		user := authtest.Dig(t, reply, "updateUser", "user").(map[string]any)
		assert.Equal(t, "Ana <script>alert(1)</script>López", user["name"], "stored as typed: the client shows it as text")
		assert.Equal(t, "line one\n\nline two", user["description"])
		assert.Equal(t, "/api/avatar?seed=ana", authtest.Dig(t, user, "avatar", "url"))
		assert.Equal(t, map[string]any{"gender": "female", "birthday": "1990-02-03",
			"location": "&lt;img src=x onerror=alert(1)&gt; Madrid", "website": "https://ana.example"}, user["profile"],
			"entities are not decoded into markup")
		assert.Equal(t, true, authtest.Dig(t, user, "gqRoles", "hasInfomation"))
		assert.Equal(t, true, user["darkRoom"], "members cannot leave the dark room themselves")

		reply, _ = f.MustCall(t, me, "updateUser", map[string]any{"avatar": "", "location": ""})
		user = authtest.Dig(t, reply, "updateUser", "user").(map[string]any)
		assert.Equal(t, "Ana <script>alert(1)</script>López", user["name"], "absent fields are kept")
		assert.Equal(t, "/api/avatar?seed="+u.Slug, authtest.Dig(t, user, "avatar", "url"))
		assert.Equal(t, "", authtest.Dig(t, user, "profile", "location"))
	})
}

func TestLevelTips(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	reply, _ := f.MustCall(t, authtest.NewGuest(), "utils.levelTips", nil)
	tips := reply["levelTips"].(map[string]any)
	require.Len(t, tips["levels"], 2)
	require.Len(t, tips["vip"], 1)
	assert.Nil(t, tips["current"])
	assert.Equal(t, "lv1", authtest.Dig(t, tips, "next", "level", "key"), "a guest is shown the first level")

	u := f.Member(t, persistence.User{Email: "lv1@souk.dev", LevelKey: "lv1"}, "")
	reply, _ = f.MustCall(t, authtest.Caller{Viewer: authtest.ViewerOf(u), Lang: "zh-hans"}, "utils.levelTips", nil)
	tips = reply["levelTips"].(map[string]any)
	assert.Equal(t, "一级", authtest.Dig(t, tips, "current", "name"))
	assert.Nil(t, tips["currentVip"])
	next := tips["next"].(map[string]any)
	assert.Equal(t, "lv2", authtest.Dig(t, next, "level", "key"))
	assert.Equal(t, []any{"chat"}, authtest.Dig(t, next, "unlocks", "userCan"))
	assert.Equal(t, []any{"audio", "image"}, keys(authtest.Dig(t, next, "unlocks", "media").(map[string]any)))

	top := f.Member(t, persistence.User{Email: "lv2@souk.dev", LevelKey: "lv2"}, "")
	reply, _ = f.MustCall(t, authtest.Caller{Viewer: authtest.ViewerOf(top)}, "utils.levelTips", nil)
	assert.Nil(t, authtest.Dig(t, reply, "levelTips", "next"), "nothing above the top level")
}

func keys(m map[string]any) []any {
	out := []any{}
	for _, k := range []string{"attachment", "audio", "image", "video"} {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	return out
}
