package benchusers_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/auth"
	"souk/app/benchusers"
	"souk/app/demo"
	"souk/persistence"
)

func TestCreateMakesChattingMembersOnce(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db, err := persistence.Open(ctx, persistence.Config{DataDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, db.Close()) })
	require.NoError(t, db.Migrate(ctx))
	_, err = benchusers.Create(ctx, db, nil, 3, time.Now())
	require.ErrorIs(t, err, benchusers.ErrNoChatLevel, "no levels yet")
	_, err = demo.Seed(ctx, db)
	require.NoError(t, err)

	secret := []byte("0123456789abcdef0123456789abcdef")
	now := time.Now()
	first, err := benchusers.Create(ctx, db, secret, 3, now)
	require.NoError(t, err)
	require.Len(t, first.Users, 3)
	again, err := benchusers.Create(ctx, db, secret, 4, now)
	require.NoError(t, err)
	require.Len(t, again.Users, 4)
	for i, u := range first.Users {
		assert.Equal(t, u.ID, again.Users[i].ID, "a second run keeps the members")
	}
	for _, u := range again.Users {
		id, err := strconv.ParseInt(u.ID, 10, 64)
		require.NoError(t, err)
		session, valid := auth.VerifySocketToken(secret, id, u.Signature, u.Timestamp, now, time.Minute)
		assert.True(t, valid)
		assert.Zero(t, session, "bench credentials belong to no session")
		stored, err := db.Users().Get(ctx, id)
		require.NoError(t, err)
		level, err := db.Levels().Get(ctx, persistence.LevelKindGrowth, stored.LevelKey)
		require.NoError(t, err)
		assert.True(t, slices.Contains(level.Roles.UserCan, "chat"))
		ok, err := auth.VerifyPassword(stored.PasswordHash, again.Password)
		require.NoError(t, err)
		assert.True(t, ok, "the last file's password signs in")
	}

	path := filepath.Join(t.TempDir(), "sub", "users.json")
	require.NoError(t, benchusers.Write(path, again))
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var back benchusers.File
	require.NoError(t, json.Unmarshal(raw, &back))
	assert.Equal(t, again, back)
}
