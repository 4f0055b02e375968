package admin_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/admin"
	"souk/internal/authtest"
	"souk/persistence"
)

const password = "correct horse battery"

// membersFixture is the auth and account actions with the audit log and
// the members' administration on one registry, an administrator and a
// member who signed in.
type membersFixture struct {
	*authtest.Fixture
	root, bob persistence.User
	admin     authtest.Caller
}

func newMembersFixture(t *testing.T, kind string) *membersFixture {
	t.Helper()
	f := &membersFixture{Fixture: authtest.NewFixture(t, kind)}
	audit := admin.NewAuditLog(f.DB)
	f.Reg.SetAuditor(audit)
	audit.Register(f.Reg)
	admin.NewMembers(admin.MembersConfig{DB: f.DB, Sessions: f.Creds.Sessions(), Now: f.Clock.Now}).Register(f.Reg)
	f.root = f.Member(t, persistence.User{Name: "Root", Email: "root@example.com", IsAdmin: true}, password)
	f.bob = f.Member(t, persistence.User{Name: "Bob Stone", Email: "bob@example.com"}, password)
	f.admin = authtest.Caller{IP: "192.0.2.1", Lang: "en", Viewer: authtest.ViewerOf(f.root)}
	return f
}

func (f *membersFixture) must(t *testing.T, name string, data any) map[string]any {
	t.Helper()
	reply, _ := f.MustCall(t, f.admin, name, data)
	return reply
}

func TestBanEndsSessionsUntilItEnds(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newMembersFixture(t, kind)
		ctx := t.Context()
		signIn := f.SignIn(t, "bob@example.com", password)
		session, _, _ := signIn.SessionChange()
		bob := f.As(t, signIn)
		bobID := authtest.FormatID(f.bob.ID)

		row := f.must(t, "admin.ban", map[string]any{"userId": bobID, "reason": " spam  ", "minutes": 60})
		assert.Equal(t, true, row["banned"])
		assert.EqualValues(t, f.Clock.Now().Add(time.Hour).UnixMilli(), row["bannedUntil"])

		// Every session ended at once: the access token and the refresh token are refused.
		_, err := f.Creds.Sessions().Authenticate(ctx, session.AccessToken)
		require.Error(t, err, "the access token of an ended session is refused")
		_, _, err = f.Call(t, bob, "auth.refresh", nil)
		require.Error(t, err)
		_, _, err = f.Call(t, authtest.NewGuest(), "auth.login",
			map[string]any{"provider": "PASSWORD", "username": "bob@example.com", "password": password})
		authtest.RequireKey(t, err, http.StatusForbidden, "auth.error.banned")

		detail := f.must(t, "admin.member", map[string]any{"userId": bobID})
		ban := detail["ban"].(map[string]any)
		assert.Equal(t, "spam", ban["reason"], "the reason is kept as plain text, trimmed")
		assert.Equal(t, "Root", ban["by"].(map[string]any)["name"])
		assert.Empty(t, detail["sessions"])

		// The console lists the banned members.
		members := f.must(t, "admin.members", map[string]any{"filter": "banned"})
		require.Len(t, members["edges"], 1)

		// The ban ends by itself.
		f.Clock.Add(61 * time.Minute)
		f.SignIn(t, "bob@example.com", password)
		detail = f.must(t, "admin.member", map[string]any{"userId": bobID})
		assert.Nil(t, detail["ban"])
		assert.Len(t, detail["sessions"], 1)

		// A ban for good, then lifted.
		f.must(t, "admin.ban", map[string]any{"userId": bobID, "reason": "again", "minutes": 0})
		f.Clock.Add(24 * 365 * time.Hour)
		_, _, err = f.Call(t, authtest.NewGuest(), "auth.login",
			map[string]any{"provider": "PASSWORD", "username": "bob@example.com", "password": password})
		authtest.RequireKey(t, err, http.StatusForbidden, "auth.error.banned")
		row = f.must(t, "admin.unban", map[string]any{"userId": bobID})
		assert.Equal(t, false, row["banned"])
		f.SignIn(t, "bob@example.com", password)

		// Not yourself, not an administrator, with a reason within bounds.
		_, _, err = f.Call(t, f.admin, "admin.ban", map[string]any{"userId": authtest.FormatID(f.root.ID), "reason": "x"})
		authtest.RequireKey(t, err, http.StatusConflict, "admin.error.banSelf")
		other := f.Member(t, persistence.User{Name: "Other admin", IsAdmin: true}, "")
		_, _, err = f.Call(t, f.admin, "admin.ban", map[string]any{"userId": authtest.FormatID(other.ID), "reason": "x"})
		authtest.RequireKey(t, err, http.StatusConflict, "admin.error.banAdmin")
		_, _, err = f.Call(t, f.admin, "admin.ban", map[string]any{"userId": bobID, "reason": "  "})
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.required")
		_, _, err = f.Call(t, f.admin, "admin.ban", map[string]any{"userId": bobID, "reason": "x", "minutes": 5256001})
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
		_, _, err = f.Call(t, f.admin, "admin.ban", map[string]any{"userId": "4242", "reason": "x"})
		authtest.RequireKey(t, err, http.StatusNotFound, "admin.error.userNotFound")
	})
}

func TestRevokeSessions(t *testing.T) {
	t.Parallel()
	f := newMembersFixture(t, persistence.KindSQLite)
	ctx := t.Context()
	first := f.SignIn(t, "bob@example.com", password)
	second := f.SignIn(t, "bob@example.com", password)
	bobID := authtest.FormatID(f.bob.ID)
	sessions := f.must(t, "admin.member", map[string]any{"userId": bobID})["sessions"].([]any)
	require.Len(t, sessions, 2)

	s1, _, _ := first.SessionChange()
	s2, _, _ := second.SessionChange()
	f.must(t, "admin.revokeSession", map[string]any{"userId": bobID, "session": authtest.FormatID(s1.Family)})
	_, err := f.Creds.Sessions().Authenticate(ctx, s1.AccessToken)
	require.Error(t, err, "the revoked session ends at once")
	_, err = f.Creds.Sessions().Authenticate(ctx, s2.AccessToken)
	require.NoError(t, err, "the other session lives")

	f.must(t, "admin.revokeSessions", map[string]any{"userId": bobID})
	_, err = f.Creds.Sessions().Authenticate(ctx, s2.AccessToken)
	require.Error(t, err)
	assert.Empty(t, f.must(t, "admin.member", map[string]any{"userId": bobID})["sessions"])
}

func TestRolesAndTheLastAdmin(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newMembersFixture(t, kind)
		rootID, bobID := authtest.FormatID(f.root.ID), authtest.FormatID(f.bob.ID)

		_, _, err := f.Call(t, f.admin, "admin.setRoles", map[string]any{"userId": rootID, "admin": false, "builder": true})
		authtest.RequireKey(t, err, http.StatusConflict, "admin.error.lastAdmin")

		row := f.must(t, "admin.setRoles", map[string]any{"userId": bobID, "admin": false, "builder": true})
		assert.Equal(t, true, row["canBuilder"])
		assert.Equal(t, false, row["isAdmin"])
		bob := authtest.Caller{Lang: "en", Viewer: authtest.ViewerOf(f.bob)}
		viewer, _ := f.MustCall(t, bob, "auth.viewer", nil)
		assert.Equal(t, true, authtest.Dig(t, viewer, "viewer", "gqRoles", "canBuilder"),
			"the builder role gives the builder's right whatever the member's level")
		builders := f.must(t, "admin.members", map[string]any{"filter": "builders"})["edges"].([]any)
		require.Len(t, builders, 1)

		f.must(t, "admin.setRoles", map[string]any{"userId": bobID, "admin": true, "builder": false})
		row = f.must(t, "admin.setRoles", map[string]any{"userId": rootID, "admin": false, "builder": false})
		assert.Equal(t, false, row["isAdmin"], "demoting is fine while another administrator remains")

		entries := f.must(t, "admin.audit", map[string]any{"target": "user:" + rootID})["edges"].([]any)
		require.Len(t, entries, 1, "the refused demotion changed nothing and names no target")
		node := entries[0].(map[string]any)["node"].(map[string]any)
		assert.Equal(t, "admin.setRoles", node["action"])
		assert.JSONEq(t, `true`, jsonField(t, node["before"].(string), "isAdmin"))
		assert.JSONEq(t, `false`, jsonField(t, node["after"].(string), "isAdmin"))
		refused := f.must(t, "admin.audit", map[string]any{"action": "admin.setRoles", "outcome": "refused"})["edges"].([]any)
		require.Len(t, refused, 1)
		assert.EqualValues(t, http.StatusConflict, refused[0].(map[string]any)["node"].(map[string]any)["status"])
	})
}

func TestLevelAndVIP(t *testing.T) {
	t.Parallel()
	f := newMembersFixture(t, persistence.KindSQLite)
	bobID := authtest.FormatID(f.bob.ID)
	_, _, err := f.Call(t, f.admin, "admin.setLevel", map[string]any{"userId": bobID, "levelKey": "lv9"})
	authtest.RequireKey(t, err, http.StatusBadRequest, "admin.error.unknownLevel")
	row := f.must(t, "admin.setLevel", map[string]any{"userId": bobID, "levelKey": "lv2"})
	assert.Equal(t, "lv2", row["level"])
	assert.Equal(t, "Level 2", row["levelName"])

	_, _, err = f.Call(t, f.admin, "admin.setVip", map[string]any{"userId": bobID, "op": "extend", "days": 3})
	authtest.RequireKey(t, err, http.StatusConflict, "admin.error.noVip")
	_, _, err = f.Call(t, f.admin, "admin.setVip", map[string]any{"userId": bobID, "op": "grant", "vipKey": "gold"})
	authtest.RequireKey(t, err, http.StatusBadRequest, "admin.error.unknownVip")
	day := (24 * time.Hour).Milliseconds()
	now := f.Clock.Now().UnixMilli()
	row = f.must(t, "admin.setVip", map[string]any{"userId": bobID, "op": "grant", "vipKey": "vip1", "days": 10})
	assert.Equal(t, "vip1", row["vip"])
	assert.EqualValues(t, now+10*day, row["vipExpiresAt"])
	row = f.must(t, "admin.setVip", map[string]any{"userId": bobID, "op": "extend", "days": 5})
	assert.EqualValues(t, now+15*day, row["vipExpiresAt"], "extended from the current end")
	f.Clock.Add(20 * 24 * time.Hour)
	_, _, err = f.Call(t, f.admin, "admin.setVip", map[string]any{"userId": bobID, "op": "extend", "days": 5})
	authtest.RequireKey(t, err, http.StatusConflict, "admin.error.noVip")
	row = f.must(t, "admin.setVip", map[string]any{"userId": bobID, "op": "grant", "vipKey": "vip1", "days": 0})
	assert.EqualValues(t, 0, row["vipExpiresAt"], "0 days: never ends")
	assert.Equal(t, "vip1", row["vip"])
	row = f.must(t, "admin.setVip", map[string]any{"userId": bobID, "op": "revoke"})
	assert.Equal(t, "", row["vip"])
}

func TestAuditRecordsCallsAndSearches(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := newMembersFixture(t, kind)
		bobID := authtest.FormatID(f.bob.ID)
		member := authtest.Caller{IP: "192.0.2.9", Lang: "en", Viewer: authtest.ViewerOf(f.bob)}

		f.must(t, "admin.members", map[string]any{"q": "bob"})
		_, _, err := f.Call(t, member, "admin.members", map[string]any{"q": "secret", "password": "x"})
		authtest.RequireKey(t, err, http.StatusForbidden, "common.error.forbidden")
		_, _, err = f.Call(t, authtest.NewGuest(), "admin.members", nil)
		authtest.RequireKey(t, err, http.StatusUnauthorized, "common.error.unauthorized")
		f.must(t, "admin.setLevel", map[string]any{"userId": bobID, "levelKey": "lv2"})

		reply := f.must(t, "admin.audit", map[string]any{"first": 2})
		edges := reply["edges"].([]any)
		require.Len(t, edges, 2)
		newest := edges[0].(map[string]any)["node"].(map[string]any)
		assert.Equal(t, "admin.setLevel", newest["action"])
		assert.Equal(t, "user:"+bobID, newest["target"])
		assert.Equal(t, "ok", newest["outcome"])
		assert.Equal(t, "Root", newest["actor"].(map[string]any)["name"])
		assert.JSONEq(t, `"lv1"`, jsonField(t, newest["before"].(string), "levelKey"))
		assert.JSONEq(t, `"lv2"`, jsonField(t, newest["after"].(string), "levelKey"))
		assert.Equal(t, "192.0.2.1", newest["ip"])

		refusal := edges[1].(map[string]any)["node"].(map[string]any)
		assert.Equal(t, "refused", refusal["outcome"])
		assert.EqualValues(t, http.StatusForbidden, refusal["status"])
		assert.Equal(t, bobID, refusal["actor"].(map[string]any)["databaseId"])
		assert.JSONEq(t, `{"q":"secret","password":"***"}`, refusal["input"].(string), "secrets are masked")
		page := reply["pageInfo"].(map[string]any)
		assert.Equal(t, true, page["hasNextPage"])

		rest := f.must(t, "admin.audit", map[string]any{"after": page["endCursor"]})["edges"].([]any)
		require.Len(t, rest, 1, "the guest's call left no entry")
		assert.Equal(t, "admin.members", rest[0].(map[string]any)["node"].(map[string]any)["action"])

		byQ := f.must(t, "admin.audit", map[string]any{"q": "user:" + bobID})["edges"].([]any)
		assert.Len(t, byQ, 1)
		byActor := f.must(t, "admin.audit", map[string]any{"actorId": bobID})["edges"].([]any)
		assert.Len(t, byActor, 1)
		_, _, err = f.Call(t, f.admin, "admin.audit", map[string]any{"outcome": "maybe"})
		authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
	})
}

func TestMembersSearch(t *testing.T) {
	t.Parallel()
	f := newMembersFixture(t, persistence.KindSQLite)
	ids := func(data map[string]any) []string {
		t.Helper()
		var out []string
		for _, e := range f.must(t, "admin.members", data)["edges"].([]any) {
			out = append(out, e.(map[string]any)["node"].(map[string]any)["databaseId"].(string))
		}
		return out
	}
	rootID, bobID := authtest.FormatID(f.root.ID), authtest.FormatID(f.bob.ID)
	assert.Equal(t, []string{bobID, rootID}, ids(map[string]any{}))
	assert.Equal(t, []string{bobID}, ids(map[string]any{"q": "STONE"}))
	assert.Equal(t, []string{bobID}, ids(map[string]any{"q": "Bob@Example.com"}))
	assert.Equal(t, []string{rootID}, ids(map[string]any{"q": rootID}))
	assert.Equal(t, []string{rootID}, ids(map[string]any{"filter": "admins"}))
	assert.Empty(t, ids(map[string]any{"q": "%"}))
	_, _, err := f.Call(t, f.admin, "admin.members", map[string]any{"filter": "everyone"})
	authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
	_, _, err = f.Call(t, f.admin, "admin.members", map[string]any{"first": 101})
	authtest.RequireKey(t, err, http.StatusBadRequest, "common.error.badField")
}

// jsonField is one field of a JSON object's text, as JSON text.
func jsonField(t *testing.T, text, field string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(text), &m))
	b, err := json.Marshal(m[field])
	require.NoError(t, err)
	return string(b)
}
