package actors

import (
	"context"
	"testing"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
)

// TestRetryPauseIsShortJitteredAndBounded: the pause before a failed grain
// request is sent again doubles from retryPauseMin, never exceeds
// retryPauseMax, and is at least half of its nominal value.
func TestRetryPauseIsShortJitteredAndBounded(t *testing.T) {
	for n := range 40 {
		nominal := retryPauseMax
		if n < 16 {
			nominal = min(retryPauseMin<<n, retryPauseMax)
		}
		for range 50 {
			p := retryPause(n)
			if p < nominal/2 || p > nominal || p > retryPauseMax {
				t.Fatalf("retryPause(%d) = %s, want within [%s, %s]", n, p, nominal/2, nominal)
			}
		}
	}
}

// muteOnce is a grain that drops the first request it gets without an
// answer, as an activation stopped with requests in its mailbox does, and
// answers the others with how many it got.
type muteOnce struct{ got int32 }

func (g *muteOnce) Receive(ctx actor.Context) {
	if _, ok := ctx.Message().(*GetPresence); !ok {
		return
	}
	g.got++
	if g.got > 1 {
		ctx.Respond(&PresenceReply{Online: g.got})
	}
}

// TestDroppedRequestIsSentAgainSoon: a request dropped without an answer
// is sent again after the short first attempt, well within a call's
// deadline that the full attempt timeout would have used up.
func TestDroppedRequestIsSentAgainSoon(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo", Kinds: []*pcluster.Kind{
		pcluster.NewKind("mute", actor.PropsFromProducer(func() actor.Actor { return &muteOnce{} })),
	}})
	require.Less(t, 2*firstAttemptTimeout, attemptTimeout)
	ctx, cancel := context.WithTimeout(t.Context(), attemptTimeout-firstAttemptTimeout/2)
	defer cancel()
	res, err := sys.env.request(ctx, "mute", "one", &GetPresence{})
	require.NoError(t, err)
	assert.Equal(t, int32(2), res.(*PresenceReply).GetOnline(), "answered at the second attempt")
}
