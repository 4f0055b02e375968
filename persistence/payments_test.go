package persistence

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPaymentsStore(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Payments()
		ana := newMember(t, db, "ana")
		const now = int64(1_800_000_000_000)
		p := Payment{ID: db.NewID(), UserID: ana, Provider: "sandbox", Asset: "CNY", Amount: 1_230,
			CreatedAt: now, ExpiresAt: now + 300_000}
		require.NoError(t, s.Create(ctx, p))
		require.ErrorIs(t, s.Create(ctx, p), ErrConflict, "the id is taken")
		require.Error(t, s.Create(ctx, Payment{ID: db.NewID(), UserID: ana, Asset: "CNY"}), "no amount")

		got, err := s.Get(ctx, p.ID)
		require.NoError(t, err)
		p.Status, p.Purpose = PaymentPending, PaymentTopUp
		assert.Equal(t, p, got, "a payment without a purpose is a top-up")
		_, err = s.Get(ctx, 4242)
		require.ErrorIs(t, err, ErrNotFound)

		paid, changed, err := s.MarkPaid(ctx, p.ID, "sb-1", now+1_000)
		require.NoError(t, err)
		assert.True(t, changed)
		assert.Equal(t, []any{PaymentPaid, "sb-1", now + 1_000}, []any{paid.Status, paid.ProviderRef, paid.PaidAt})
		again, changed, err := s.MarkPaid(ctx, p.ID, "sb-2", now+2_000)
		require.NoError(t, err)
		assert.False(t, changed, "already paid")
		assert.Equal(t, paid, again, "returned unchanged")

		late := Payment{ID: db.NewID(), UserID: ana, Provider: "sandbox", Asset: "USD", Amount: 99,
			CreatedAt: now + 1, ExpiresAt: now + 300_001}
		require.NoError(t, s.Create(ctx, late))
		_, _, err = s.MarkPaid(ctx, late.ID, "sb-3", late.ExpiresAt)
		require.ErrorIs(t, err, ErrConflict, "expired")
		got, err = s.Get(ctx, late.ID)
		require.NoError(t, err)
		assert.Equal(t, PaymentPending, got.Status, "unchanged")
		_, _, err = s.MarkPaid(ctx, 4242, "x", now)
		require.ErrorIs(t, err, ErrNotFound)

		unlock := Payment{ID: db.NewID(), UserID: ana, Provider: "sandbox", Asset: "USD", Amount: 250, Purpose: PaymentUnlock,
			TargetType: TargetArticle, TargetID: 77, PayeeID: AccountRevenue, CreatedAt: now + 2, ExpiresAt: now + 300_002}
		require.NoError(t, s.Create(ctx, unlock))
		got, err = s.Get(ctx, unlock.ID)
		require.NoError(t, err)
		unlock.Status = PaymentPending
		assert.Equal(t, unlock, got, "an unlock keeps its target and payee")
		for _, bad := range []Payment{
			{Purpose: PaymentUnlock, TargetType: TargetArticle, PayeeID: AccountRevenue},
			{Purpose: PaymentUnlock, TargetType: TargetArticle, TargetID: 77},
			{Purpose: PaymentUnlock, TargetType: TargetArticle, TargetID: 77, PayeeID: ana},
			{Purpose: "gift"},
		} {
			bad.ID, bad.UserID, bad.Asset, bad.Amount = db.NewID(), ana, "USD", 1
			require.Error(t, s.Create(ctx, bad), "%+v", bad)
		}

		list, err := s.ListByUser(ctx, ana, 0)
		require.NoError(t, err)
		require.Len(t, list, 3)
		assert.Equal(t, []int64{unlock.ID, late.ID, p.ID}, []int64{list[0].ID, list[1].ID, list[2].ID}, "newest first")
		list, err = s.ListByUser(ctx, ana, 1)
		require.NoError(t, err)
		assert.Len(t, list, 1)
	})
}
