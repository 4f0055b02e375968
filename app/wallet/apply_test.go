package wallet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/internal/authtest"
	"souk/persistence"
)

func TestApplyPushesTheBalancesOnce(t *testing.T) {
	t.Parallel()
	db := authtest.OpenDB(t, persistence.KindSQLite)
	f := newFixture(t, db)
	buyer, seller := apptest.Member(t, db, "buyer"), apptest.Member(t, db, "seller")
	f.credit(buyer, "USD", "10.00")
	f.events()
	op := persistence.WalletOp{IdemKey: persistence.UnlockKey(buyer, persistence.TargetArticle, 1), UserID: buyer,
		Reason: persistence.ReasonPurchase, Ref: "article:1", Postings: []persistence.Posting{
			{UserID: buyer, Asset: "USD", Amount: -250}, {UserID: seller, Asset: "USD", Amount: 250}}}
	_, err := f.s.Apply(t.Context(), op)
	require.NoError(t, err)
	events := f.events()[EventWallet]
	require.Len(t, events, 2, "the buyer and the seller get their balances")
	assert.Contains(t, events[buyer], "7.50")
	res, err := f.s.Apply(t.Context(), op)
	require.NoError(t, err)
	assert.True(t, res.Replayed)
	assert.Empty(t, f.events(), "a replay changes nothing and pushes nothing")
	op.Postings[0].Amount, op.Postings[1].Amount = -999999, 999999
	_, err = f.s.Apply(t.Context(), persistence.WalletOp{IdemKey: "other", UserID: buyer, Reason: persistence.ReasonPurchase,
		Postings: op.Postings})
	require.ErrorIs(t, err, persistence.ErrInsufficientFunds)
	f.audit()
}
