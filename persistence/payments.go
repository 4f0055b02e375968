package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

const paymentColumns = `id, user_id, provider, asset, amount, status, provider_ref, created_at, expires_at, paid_at,
	purpose, target_type, target_id, payee_id`

func scanPayment(row scanner) (Payment, error) {
	var p Payment
	err := row.Scan(&p.ID, &p.UserID, &p.Provider, &p.Asset, &p.Amount, &p.Status, &p.ProviderRef,
		&p.CreatedAt, &p.ExpiresAt, &p.PaidAt, &p.Purpose, &p.TargetType, &p.TargetID, &p.PayeeID)
	return p, err
}

// Create stores a new pending payment. p.ID must be set (db.NewID); a
// CreatedAt of 0 becomes now, a Purpose of "" PaymentTopUp; an unlock needs
// its target and payee. ErrConflict when the id is taken.
func (s PaymentsStore) Create(ctx context.Context, p Payment) error {
	if p.ID == 0 || p.UserID <= 0 || p.Asset == "" || p.Amount <= 0 {
		return fmt.Errorf("payments store: create %d: want an id, a member, an asset and a positive amount", p.ID)
	}
	switch p.Purpose {
	case "", PaymentTopUp:
		p.Purpose, p.TargetType, p.TargetID, p.PayeeID = PaymentTopUp, "", 0, 0
	case PaymentOrder:
		if p.TargetID <= 0 {
			return fmt.Errorf("payments store: create %d: an order payment wants its order", p.ID)
		}
		p.TargetType, p.PayeeID = PaymentOrder, AccountRevenue
	case PaymentUnlock:
		if p.TargetType == "" || p.TargetID <= 0 || p.PayeeID == 0 || p.PayeeID == p.UserID {
			return fmt.Errorf("payments store: create %d: an unlock wants a target and a payee other than the member", p.ID)
		}
	default:
		return fmt.Errorf("payments store: create %d: unknown purpose %q", p.ID, p.Purpose)
	}
	if p.CreatedAt == 0 {
		p.CreatedAt = Now()
	}
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO payments (`+paymentColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $13)`,
		p.ID, p.UserID, p.Provider, p.Asset, p.Amount, PaymentPending, p.ProviderRef, p.CreatedAt, p.ExpiresAt,
		p.Purpose, p.TargetType, p.TargetID, p.PayeeID)
	if err != nil {
		return fmt.Errorf("payments store: create %d: %w", p.ID, mapError(err))
	}
	return nil
}

// Get returns a payment as stored (a pending payment past ExpiresAt stays
// "pending": callers show it expired); ErrNotFound when there is none.
func (s PaymentsStore) Get(ctx context.Context, id int64) (Payment, error) {
	p, err := scanPayment(s.db.reads.QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id))
	if err != nil {
		return p, fmt.Errorf("payments store: get %d: %w", id, mapError(err))
	}
	return p, nil
}

// MarkPaid moves a pending payment whose ExpiresAt is after at (epoch ms) to
// paid and reports true. A payment already paid is returned unchanged with
// false; an expired one is ErrConflict; none is ErrNotFound.
func (s PaymentsStore) MarkPaid(ctx context.Context, id int64, providerRef string, at int64) (Payment, bool, error) {
	p, err := scanPayment(s.db.write.QueryRowContext(ctx, `UPDATE payments
		SET status = $2, provider_ref = $3, paid_at = $4
		WHERE id = $1 AND status = $5 AND expires_at > $4 RETURNING `+paymentColumns,
		id, PaymentPaid, providerRef, at, PaymentPending))
	if err == nil {
		return p, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return p, false, fmt.Errorf("payments store: mark paid %d: %w", id, err)
	}
	// Read on the writer: a reader may not see a payment marked a moment ago.
	p, err = scanPayment(s.db.write.QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id))
	switch {
	case err != nil:
		return p, false, fmt.Errorf("payments store: mark paid %d: %w", id, mapError(err))
	case p.Status == PaymentPaid:
		return p, false, nil
	default:
		return p, false, fmt.Errorf("payments store: mark paid %d: %w: payment %s, expired at %d", id, ErrConflict, p.Status, p.ExpiresAt)
	}
}

// ListByUser returns a member's payments, newest first, at most limit (20
// when 0 or less, never more than 200).
func (s PaymentsStore) ListByUser(ctx context.Context, userID int64, limit int) ([]Payment, error) {
	if limit <= 0 {
		limit = defaultEntriesPage
	}
	list, err := queryList(ctx, s.db.reads, scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, userID, min(limit, maxEntriesPage))
	if err != nil {
		return nil, fmt.Errorf("payments store: list of %d: %w", userID, err)
	}
	return list, nil
}
