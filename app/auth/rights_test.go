package auth_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/internal/authtest"
	"souk/persistence"
)

// TestRightsChangedReachAccessTokens: an access token carries the rights
// its member had when it was issued; after RightsChanged the token is read
// with the new rights, at once on the node that changed them and on the
// others after their next read, without the client refreshing it.
func TestRightsChangedReachAccessTokens(t *testing.T) {
	t.Parallel()
	authtest.EachDB(t, func(t *testing.T, kind string) {
		f := authtest.NewFixture(t, kind)
		other := authtest.NewService(t, f.DB, f.Clock) // another node on the same database
		u := f.Member(t, persistence.User{Email: "rights@souk.dev", LevelKey: "lv1"}, "pw-123456")
		req := f.SignIn(t, "rights@souk.dev", "pw-123456")
		s, _, _ := req.SessionChange()
		canOn := func(node *authtest.Fixture) []string {
			v, err := node.Creds.Sessions().Authenticate(t.Context(), s.AccessToken)
			require.NoError(t, err)
			return v.UserCan
		}
		assert.Empty(t, canOn(f), "Lv1 holds no capability")
		assert.Empty(t, canOn(other))

		f.Clock.Add(2 * time.Second)
		u.VIPKey = "vip1"
		require.NoError(t, f.DB.Users().Update(t.Context(), u))
		assert.Empty(t, canOn(f), "a change nobody announced waits for the next refresh")

		require.NoError(t, f.Creds.Sessions().RightsChanged(t.Context(), u.ID))
		assert.Equal(t, []string{"chat", "directMessages"}, canOn(f), "read again at once where the rights changed")
		assert.Empty(t, canOn(other), "the other node has not read the change yet")
		require.NoError(t, other.Creds.Sessions().RefreshRevocations(t.Context()))
		assert.Equal(t, []string{"chat", "directMessages"}, canOn(other), "read again everywhere after the next read")

		// The token now holds the rights read: without another change it is
		// not read again (an ended tier shows after the next change or refresh).
		f.Clock.Add(2 * time.Second)
		u.VIPKey = ""
		require.NoError(t, f.DB.Users().Update(t.Context(), u))
		assert.Equal(t, []string{"chat", "directMessages"}, canOn(f))
		require.NoError(t, f.Creds.Sessions().RightsChanged(t.Context(), u.ID))
		assert.Empty(t, canOn(f), "a second change is read again too")
	})
}
