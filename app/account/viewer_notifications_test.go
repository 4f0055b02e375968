package account_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/account"
	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
)

// unreadCounter is a NotificationCounter that answers n.
type unreadCounter int

func (n unreadCounter) UnreadNotifications(context.Context, int64) (int, error) { return int(n), nil }

func TestViewerCountsUnreadNotifications(t *testing.T) {
	t.Parallel()
	f := authtest.NewFixture(t, persistence.KindSQLite)
	ann := f.Member(t, persistence.User{Name: "Ann"}, "")
	for _, key := range []string{"n1", "n2"} {
		n := persistence.Notification{ToID: ann.ID, Type: "system", Title: key, Content: []byte(`{}`), IdemKey: key}
		_, _, err := f.DB.Notifications().Create(t.Context(), &n)
		require.NoError(t, err)
	}

	counting := account.New(account.Config{DB: f.DB, SocketTokens: f.Creds, Notifications: unreadCounter(7)})
	v, err := counting.ViewerFor(apptest.As(ann.ID), ann.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, v.GqNotification, "the viewer counts unread notifications in the store")
	v, err = counting.ViewerOf(apptest.As(ann.ID), ann)
	require.NoError(t, err)
	assert.Equal(t, 7, v.GqNotification, "a viewer built from a row asks the counter")

	silent := account.New(account.Config{DB: f.DB, SocketTokens: f.Creds})
	v, err = silent.ViewerFor(apptest.As(ann.ID), ann.ID)
	require.NoError(t, err)
	assert.Zero(t, v.GqNotification, "without a counter none are counted")
}
