package demo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

// TestSeedCoupons: the demo coupons and ticket are written once; a gifted
// coupon stays gifted when the seed runs again.
func TestSeedCoupons(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	ctx := t.Context()
	_, err := Seed(ctx, db)
	require.NoError(t, err)
	member, err := db.Users().GetBySlug(ctx, "member")
	require.NoError(t, err)
	vip, err := db.Users().GetBySlug(ctx, "vip")
	require.NoError(t, err)
	now := persistence.Now()

	gift, err := db.Coupons().Get(ctx, "DEMOGIFT10CN")
	require.NoError(t, err)
	assert.Equal(t, member.ID, gift.OwnerID)
	assert.True(t, gift.AllowPush)
	assert.Equal(t, int64(1000), gift.FaceValue)
	assert.Equal(t, int64(5000), gift.MinSpend)
	assert.Equal(t, persistence.CouponUnused, gift.Status(now))
	old, err := db.Coupons().Get(ctx, "DEMOEXPIRED5")
	require.NoError(t, err)
	assert.Equal(t, persistence.CouponExpired, old.Status(now))
	credit, err := db.Coupons().Get(ctx, "DEMOCREDIT12")
	require.NoError(t, err)
	assert.Equal(t, persistence.CouponExchange, credit.Type)
	assert.Equal(t, int64(120), credit.RedeemAmount)
	templates, err := db.Coupons().Templates(ctx, now)
	require.NoError(t, err)
	require.Len(t, templates, 1)
	assert.Equal(t, "DEMOWELCOME5", templates[0].Code)

	_, err = db.Coupons().Push(ctx, "DEMOGIFT10CN", member.ID, vip.ID, now)
	require.NoError(t, err)
	_, err = Seed(ctx, db)
	require.NoError(t, err)
	gift, err = db.Coupons().Get(ctx, "DEMOGIFT10CN")
	require.NoError(t, err)
	assert.Equal(t, vip.ID, gift.OwnerID, "the seed keeps the gift")

	tickets, err := db.Tickets().List(ctx, member.ID, "", persistence.TicketCursor{}, 10)
	require.NoError(t, err)
	require.Len(t, tickets, 1, "once")
	assert.Equal(t, persistence.TicketAnswered, tickets[0].Status)
	msgs, err := db.Tickets().Messages(ctx, tickets[0].ID, 0, 10)
	require.NoError(t, err)
	require.Len(t, msgs, 2)
	assert.True(t, msgs[1].Staff)
}
