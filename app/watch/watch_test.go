package watch

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

// TestGuestsWatchTheSiteOnly: a guest's socket watches and unwatches the
// site channel; every other channel needs a member.
func TestGuestsWatchTheSiteOnly(t *testing.T) {
	t.Parallel()
	r := action.NewRegistry()
	Register(r)
	guest := action.WithRequest(context.Background(), &action.Request{})
	member := action.WithRequest(context.Background(), &action.Request{Viewer: action.Viewer{UserID: 7}})
	for _, tt := range []struct {
		ctx     context.Context
		name    string
		channel string
		want    *action.Error
	}{
		{guest, "watch", "site", nil},
		{guest, "unwatch", "site", nil},
		{guest, "watch", "feed", action.ErrUnauthorized},
		{guest, "unwatch", "topic:1", action.ErrUnauthorized},
		{member, "watch", "site", nil},
		{member, "watch", "feed", nil},
		{member, "unwatch", "node:2", nil},
	} {
		reply, err := r.CallSocket(tt.ctx, tt.name, json.RawMessage(`{"channel":"`+tt.channel+`"}`))
		if tt.want != nil {
			assert.Equal(t, tt.want, action.AsError(err), "%s %s", tt.name, tt.channel)
			continue
		}
		require.NoError(t, err, "%s %s", tt.name, tt.channel)
		w, ok := reply.(interface{ LiveWatch() (string, bool) })
		require.True(t, ok)
		channel, watch := w.LiveWatch()
		assert.Equal(t, tt.channel, channel)
		assert.Equal(t, tt.name == "watch", watch)
	}
	_, err := r.CallSocket(guest, "watch", json.RawMessage(`{"channel":"room:1"}`))
	assert.Equal(t, "common.error.badField", action.AsError(err).Key)
}
