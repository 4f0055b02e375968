package notifymail

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/persistence"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	tk := newTokens(testSecret)
	token := tk.make(42, unsubscribeMessages)
	id, kind, ok := tk.read(token)
	require.True(t, ok)
	assert.Equal(t, int64(42), id)
	assert.Equal(t, unsubscribeMessages, kind)
	sig := token[strings.LastIndex(token, ".")+1:]
	for _, forged := range []string{
		"43.messages." + sig, "42.all." + sig, "042.messages." + sig, "42.messages." + sig[:len(sig)-1] + "0",
		"42.messages", "42.unknown." + sig, "", "..", newTokens([]byte("another secret, another site 0123")).make(42, "all"),
	} {
		_, _, ok := tk.read(forged)
		assert.False(t, ok, forged)
	}
	assert.Equal(t, "m***@example.com", maskEmail("mia@example.com"))
	assert.Equal(t, "张***@example.com", maskEmail("张三@example.com"))
	assert.Empty(t, maskEmail(""))
}

func TestUnsubscribe(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		bob := f.member(t, "Bob", "bob@souk.dev")
		ctx := t.Context()
		in := UnsubscribeInput{Token: " " + f.tokens.make(bob.ID, unsubscribeMentions) + " "}
		require.NoError(t, in.Validate())
		reply, err := f.Unsubscribe(ctx, in)
		require.NoError(t, err)
		assert.Equal(t, UnsubscribeReply{Kind: "mentions", Email: "b***@souk.dev"}, reply)
		_, err = f.Unsubscribe(ctx, in)
		require.NoError(t, err, "idempotent")
		assert.Equal(t, []string{fmt.Sprint(bob.ID, ":mentions"), fmt.Sprint(bob.ID, ":mentions")}, f.prefs.unsubscribed)

		_, err = f.Unsubscribe(ctx, UnsubscribeInput{Token: f.tokens.make(bob.ID+1000, unsubscribeAll)})
		apptest.RequireKey(t, err, "notify.unsubscribe.error.badLink")
		_, err = f.Unsubscribe(ctx, UnsubscribeInput{Token: fmt.Sprint(bob.ID) + ".all.00"})
		apptest.RequireKey(t, err, "notify.unsubscribe.error.badLink")
		long := UnsubscribeInput{Token: strings.Repeat("a", MaxTokenBytes+1)}
		apptest.RequireKey(t, long.Validate(), "notify.unsubscribe.error.badLink")
		empty := UnsubscribeInput{}
		assert.Error(t, empty.Validate())
	})
}
