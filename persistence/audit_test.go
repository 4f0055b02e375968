package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAuditStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Audit()
		entries := []AuditEntry{
			{At: 1000, ActorID: 7, Action: "admin.ban", Target: "user:42", Outcome: "ok", Status: 200,
				Before: `{"bannedAt":0}`, After: `{"bannedAt":1000}`, Input: `{"userId":"42"}`, IP: "10.0.0.1", UserAgent: "ua"},
			{At: 2000, ActorID: 8, Action: "admin.members", Outcome: "refused", Status: 403},
			{At: 3000, ActorID: 7, Action: "admin.setRoles", Target: "user:43", Outcome: "failed", Status: 500},
			{At: 4000, ActorID: 7, Action: "admin.saveSettings", Target: "settings:a_b%c", Outcome: "ok", Status: 200},
		}
		for i := range entries {
			require.NoError(t, s.Append(ctx, &entries[i]))
			require.NotZero(t, entries[i].ID)
		}
		actions := func(f AuditFilter) []string {
			t.Helper()
			if f.Limit == 0 {
				f.Limit = 10
			}
			list, err := s.Search(ctx, f)
			require.NoError(t, err)
			out := []string{}
			for _, e := range list {
				out = append(out, e.Action)
			}
			return out
		}
		assert.Equal(t, []string{"admin.saveSettings", "admin.setRoles", "admin.members", "admin.ban"}, actions(AuditFilter{}),
			"newest first")
		assert.Equal(t, []string{"admin.setRoles", "admin.ban"}, actions(AuditFilter{Query: "user:4"}), "target prefix")
		assert.Equal(t, []string{"admin.setRoles"}, actions(AuditFilter{Query: "admin.se", Outcome: "failed"}))
		assert.Equal(t, []string{"admin.saveSettings"}, actions(AuditFilter{Query: "settings:a_b%"}), "wildcards are literal")
		assert.Empty(t, actions(AuditFilter{Query: "settings:a%"}), "% matches only itself")
		assert.Equal(t, []string{"admin.members"}, actions(AuditFilter{ActorID: 8}))
		assert.Equal(t, []string{"admin.ban"}, actions(AuditFilter{Action: "admin.ban"}))
		assert.Equal(t, []string{"admin.setRoles"}, actions(AuditFilter{Target: "user:43"}))
		assert.Equal(t, []string{"admin.setRoles", "admin.members"}, actions(AuditFilter{From: 2000, To: 3000}))
		assert.Equal(t, []string{"admin.members", "admin.ban"}, actions(AuditFilter{Before: entries[2].ID}))
		assert.Equal(t, []string{"admin.saveSettings"}, actions(AuditFilter{Limit: 1}))

		list, err := s.Search(ctx, AuditFilter{Action: "admin.ban", Limit: 1})
		require.NoError(t, err)
		require.Len(t, list, 1)
		assert.Equal(t, entries[0], list[0], "every field is kept")
	})
}
