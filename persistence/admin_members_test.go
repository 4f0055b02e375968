package persistence

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAdminMembersStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.AdminMembers()
		ids := newMembers(t, db, "ann", "bob_one", "carl", "Dora Mae")
		ann, bob, carl, dora := ids[0], ids[1], ids[2], ids[3]
		const now = int64(1_000_000)

		require.NoError(t, s.SetRoles(ctx, ann, true, false, now))
		require.NoError(t, s.SetRoles(ctx, bob, false, true, now))
		require.NoError(t, s.SetVIP(ctx, carl, "vip1", now+1))
		require.NoError(t, s.SetVIP(ctx, dora, "vip1", now-1))
		require.NoError(t, s.SetBan(ctx, dora, Ban{At: now - 10, Until: now + 10, Reason: "spam", By: ann}))

		list := func(q MembersQuery) []int64 {
			t.Helper()
			q.Now, q.Limit = now, 10
			got, err := s.List(ctx, q)
			require.NoError(t, err)
			out := []int64{}
			for _, m := range got {
				out = append(out, m.ID)
			}
			return out
		}
		assert.Equal(t, []int64{dora, carl, bob, ann}, list(MembersQuery{}), "newest first")
		assert.Equal(t, []int64{ann}, list(MembersQuery{Filter: MembersAdmins}))
		assert.Equal(t, []int64{bob}, list(MembersQuery{Filter: MembersBuilders}))
		assert.Equal(t, []int64{carl}, list(MembersQuery{Filter: MembersVIP}), "an ended tier is none")
		assert.Equal(t, []int64{dora}, list(MembersQuery{Filter: MembersBanned}))
		assert.Equal(t, []int64{bob}, list(MembersQuery{Query: "bob"}), "slug prefix")
		assert.Equal(t, []int64{dora}, list(MembersQuery{Query: "mae"}), "name part, any case")
		assert.Empty(t, list(MembersQuery{Query: "b_b"}), "_ is no wildcard")
		assert.Equal(t, []int64{carl}, list(MembersQuery{Query: formatTestID(carl)}), "id")
		assert.Equal(t, []int64{bob, ann}, list(MembersQuery{Before: carl}))

		got, err := s.Get(ctx, dora)
		require.NoError(t, err)
		assert.Equal(t, Ban{At: now - 10, Until: now + 10, Reason: "spam", By: ann}, got.Ban)
		assert.True(t, got.Ban.InForce(now))
		assert.False(t, got.Ban.InForce(now+10), "a ban ends at Until")
		assert.False(t, Ban{}.InForce(now))
		assert.True(t, Ban{At: 1}.InForce(now), "Until 0 is for good")
		_, err = s.Get(ctx, 4242)
		require.ErrorIs(t, err, ErrNotFound)
		require.ErrorIs(t, s.SetBan(ctx, 4242, Ban{}), ErrNotFound)

		b, err := db.Users().Get(ctx, bob)
		require.NoError(t, err)
		assert.True(t, b.CanBuilder, "the users store reads the builder role")
		b.Name = "Bob"
		require.NoError(t, db.Users().Update(ctx, b))

		// The last administrator whose ban is not in force cannot be demoted.
		require.ErrorIs(t, s.SetRoles(ctx, ann, false, false, now), ErrLastAdmin)
		require.NoError(t, s.SetRoles(ctx, carl, true, false, now))
		require.NoError(t, s.SetBan(ctx, carl, Ban{At: now, Reason: "x", By: ann}))
		require.ErrorIs(t, s.SetRoles(ctx, ann, false, false, now), ErrLastAdmin, "a banned admin does not count")
		require.NoError(t, s.SetBan(ctx, carl, Ban{}))
		require.NoError(t, s.SetRoles(ctx, ann, false, false, now))
		admins, err := db.Reports().Admins(ctx)
		require.NoError(t, err)
		assert.Equal(t, []int64{carl}, admins)

		require.NoError(t, db.Sessions().Create(ctx, RefreshToken{Hash: "h1", FamilyID: 1, UserID: bob, CreatedAt: now - 5, ExpiresAt: now + 100}))
		require.NoError(t, db.Sessions().Create(ctx, RefreshToken{Hash: "h2", FamilyID: 1, UserID: bob, CreatedAt: now - 2, ExpiresAt: now + 200}))
		require.NoError(t, db.Sessions().Create(ctx, RefreshToken{Hash: "h3", FamilyID: 2, UserID: bob, CreatedAt: now - 9, ExpiresAt: now + 100}))
		require.NoError(t, db.Sessions().Create(ctx, RefreshToken{Hash: "h4", FamilyID: 3, UserID: bob, CreatedAt: now - 9, ExpiresAt: now - 1}))
		require.NoError(t, db.Sessions().RevokeSession(ctx, 2, bob, now))
		live, err := s.LiveSessions(ctx, bob, now)
		require.NoError(t, err)
		assert.Equal(t, []LiveSession{{ID: 1, CreatedAt: now - 5, LastUsedAt: now - 2, ExpiresAt: now + 200}}, live)
	})
}

// formatTestID writes an id as a query types it.
func formatTestID(id int64) string { return strconv.FormatInt(id, 10) }
