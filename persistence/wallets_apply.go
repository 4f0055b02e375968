package persistence

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// maxPostingAmount bounds one posting (10^15 minor units), so that the sums
// of an operation and of a balance can never overflow an int64.
const maxPostingAmount = 1_000_000_000_000_000

// pgDeadlockDetected is PostgreSQL's SQLSTATE for a deadlock victim.
const pgDeadlockDetected = "40P01"

// ErrInvalidOp is returned by Apply for an operation that could never
// apply: no idempotency key, no postings, a posting without an asset, an
// account or an amount, or a membership without a member, tier or duration.
var ErrInvalidOp = errors.New("persistence: invalid ledger operation")

// Apply applies op exactly once, in one transaction: the op row under its
// unique IdemKey, a conditional update per member posting (in user_id,
// asset order, so two operations never wait on each other in a cycle), an
// entry per posting and the membership change. A key applied before gives
// its first result with Replayed set and changes nothing, or
// ErrIdemMismatch when it was another operation. ErrUnbalanced when the
// postings do not sum to zero per asset; ErrInsufficientFunds (nothing
// written) when a member's balance would go below zero; ErrNotFound when the
// membership's member does not exist.
func (s WalletsStore) Apply(ctx context.Context, op WalletOp) (WalletResult, error) {
	var res WalletResult
	err := s.db.applyWith(ctx, op, &res, nil)
	if err != nil {
		return WalletResult{}, fmt.Errorf("wallet store: apply %q: %w", op.IdemKey, err)
	}
	return res, nil
}

// applyWith is Apply, writing the result to res, with then run in the same
// transaction after the operation (nil runs nothing): an error of then
// undoes the operation too. The transaction is rerun after a deadlock, so
// then must have no effect outside it.
func (db *DB) applyWith(ctx context.Context, op WalletOp, res *WalletResult, then func(*sql.Tx) error) error {
	if err := checkOp(op); err != nil {
		if !errors.Is(err, ErrUnbalanced) {
			err = fmt.Errorf("%w: %w", ErrInvalidOp, err)
		}
		return err
	}
	if op.At == 0 {
		op.At = Now()
	}
	postings := slices.Clone(op.Postings)
	slices.SortStableFunc(postings, func(a, b Posting) int {
		return cmp.Or(cmp.Compare(a.UserID, b.UserID), strings.Compare(a.Asset, b.Asset))
	})
	fingerprint := op.Fingerprint()
	return db.ledgerTx(ctx, func(tx *sql.Tx) error {
		var err error
		if *res, err = applyOp(ctx, db, tx, op, postings, fingerprint); err != nil || then == nil {
			return err
		}
		return then(tx)
	})
}

func applyOp(ctx context.Context, db *DB, tx *sql.Tx, op WalletOp, postings []Posting, fingerprint string) (WalletResult, error) {
	res := WalletResult{OpID: db.NewID(), Members: opMembers(postings)}
	inserted, err := tx.ExecContext(ctx, `INSERT INTO wallet_ops
		(id, idem_key, user_id, reason, ref, fingerprint, created_at, vip_expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 0) ON CONFLICT (idem_key) DO NOTHING`,
		res.OpID, op.IdemKey, op.UserID, op.Reason, op.Ref, fingerprint, op.At)
	if err != nil {
		return res, fmt.Errorf("insert op: %w", err)
	}
	if n, err := inserted.RowsAffected(); err != nil {
		return res, err
	} else if n == 0 {
		return replayOp(ctx, tx, op.IdemKey, fingerprint)
	}

	balances := make([]int64, len(postings))
	for i, p := range postings {
		if p.UserID <= 0 {
			continue
		}
		var row *sql.Row
		if p.Amount > 0 {
			row = tx.QueryRowContext(ctx, `INSERT INTO wallet_balances (user_id, asset, balance, updated_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, asset)
				DO UPDATE SET balance = wallet_balances.balance + excluded.balance, updated_at = excluded.updated_at
				RETURNING balance`, p.UserID, p.Asset, p.Amount, op.At)
		} else {
			row = tx.QueryRowContext(ctx, `UPDATE wallet_balances SET balance = balance + $3, updated_at = $4
				WHERE user_id = $1 AND asset = $2 AND balance + $3 >= 0 RETURNING balance`,
				p.UserID, p.Asset, p.Amount, op.At)
		}
		if err := row.Scan(&balances[i]); errors.Is(err, sql.ErrNoRows) {
			return res, fmt.Errorf("%w: member %d, %s %d", ErrInsufficientFunds, p.UserID, p.Asset, p.Amount)
		} else if err != nil {
			return res, fmt.Errorf("update balance of %d %s: %w", p.UserID, p.Asset, err)
		}
	}
	if err := insertEntries(ctx, db, tx, op, res, postings, balances); err != nil {
		return res, err
	}
	if m := op.Membership; m != nil {
		err := tx.QueryRowContext(ctx, `UPDATE users SET vip_key = $2,
			vip_expires_at = CASE
				WHEN vip_key = $2 AND vip_expires_at = 0 THEN 0
				WHEN vip_key = $2 AND vip_expires_at > $3 THEN vip_expires_at + $4
				ELSE $3 + $4 END,
			updated_at = $3
			WHERE id = $1 RETURNING vip_expires_at`, m.UserID, m.VIPKey, op.At, m.ExtendMillis).Scan(&res.VIPExpiresAt)
		if err != nil {
			return res, fmt.Errorf("membership of %d: %w", m.UserID, mapError(err))
		}
		if _, err := tx.ExecContext(ctx, `UPDATE wallet_ops SET vip_expires_at = $2 WHERE id = $1`,
			res.OpID, res.VIPExpiresAt); err != nil {
			return res, fmt.Errorf("membership of %d: %w", m.UserID, err)
		}
	}
	return res, nil
}

// insertEntries writes one entry per posting in one statement.
func insertEntries(ctx context.Context, db *DB, tx *sql.Tx, op WalletOp, res WalletResult, postings []Posting, balances []int64) error {
	if len(postings) == 0 {
		return nil
	}
	const columns = 11
	var query strings.Builder
	query.WriteString(`INSERT INTO wallet_entries (id, op_id, user_id, asset, amount, balance_after,
		reason, ref, memo, peer_id, created_at) VALUES `)
	args := make([]any, 0, columns*len(postings))
	for i, p := range postings {
		if i > 0 {
			query.WriteString(", ")
		}
		query.WriteString("(")
		for c := range columns {
			if c > 0 {
				query.WriteString(", ")
			}
			query.WriteString("$" + strconv.Itoa(len(args)+c+1))
		}
		query.WriteString(")")
		args = append(args, db.NewID(), res.OpID, p.UserID, p.Asset, p.Amount, balances[i],
			op.Reason, op.Ref, op.Memo, peerOf(p.UserID, res.Members), op.At)
	}
	if _, err := tx.ExecContext(ctx, query.String(), args...); err != nil {
		return fmt.Errorf("insert entries: %w", err)
	}
	return nil
}

// replayOp answers a key applied before: its first result, or
// ErrIdemMismatch when fingerprint names another operation.
func replayOp(ctx context.Context, tx *sql.Tx, idemKey, fingerprint string) (WalletResult, error) {
	res := WalletResult{Replayed: true}
	var stored string
	err := tx.QueryRowContext(ctx, `SELECT id, fingerprint, vip_expires_at FROM wallet_ops WHERE idem_key = $1`,
		idemKey).Scan(&res.OpID, &stored, &res.VIPExpiresAt)
	if err != nil {
		return res, fmt.Errorf("read op: %w", err)
	}
	if stored != fingerprint {
		return res, ErrIdemMismatch
	}
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT user_id FROM wallet_entries
		WHERE op_id = $1 AND user_id > 0 ORDER BY user_id`, res.OpID)
	if err != nil {
		return res, fmt.Errorf("read op members: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return res, fmt.Errorf("read op members: %w", err)
		}
		res.Members = append(res.Members, id)
	}
	return res, rows.Err()
}

// checkOp refuses an operation that could never apply.
func checkOp(op WalletOp) error {
	if op.IdemKey == "" {
		return errors.New("no idempotency key")
	}
	if len(op.Postings) == 0 && op.Membership == nil {
		return errors.New("no postings")
	}
	sums := map[string]int64{}
	for _, p := range op.Postings {
		if p.Asset == "" || p.UserID == 0 || p.Amount == 0 {
			return fmt.Errorf("posting %+v: want an asset, an account and an amount", p)
		}
		if p.Amount > maxPostingAmount || p.Amount < -maxPostingAmount {
			return fmt.Errorf("posting %+v: amount out of range", p)
		}
		sums[p.Asset] += p.Amount
	}
	for asset, sum := range sums {
		if sum != 0 {
			return fmt.Errorf("%w: %s sums to %d", ErrUnbalanced, asset, sum)
		}
	}
	if m := op.Membership; m != nil && (m.UserID <= 0 || m.VIPKey == "" || m.ExtendMillis <= 0) {
		return fmt.Errorf("membership %+v: want a member, a tier and a duration", *m)
	}
	return nil
}

// Fingerprint identifies what op does (its member, reason, ref, postings in
// any order and membership; not when, nor its memo), so that a key reused
// for another operation is told apart from a retry. Apply stores it with
// the op; a grain compares it with the ops it answers from memory.
func (op WalletOp) Fingerprint() string {
	var b strings.Builder
	fmt.Fprintf(&b, "v1\x00%d\x00%s\x00%s", op.UserID, op.Reason, op.Ref)
	postings := slices.Clone(op.Postings)
	slices.SortFunc(postings, func(a, b Posting) int {
		return cmp.Or(cmp.Compare(a.UserID, b.UserID), strings.Compare(a.Asset, b.Asset), cmp.Compare(a.Amount, b.Amount))
	})
	for _, p := range postings {
		fmt.Fprintf(&b, "\x00p%d:%s:%d", p.UserID, p.Asset, p.Amount)
	}
	if m := op.Membership; m != nil {
		fmt.Fprintf(&b, "\x00m%d:%s:%d", m.UserID, m.VIPKey, m.ExtendMillis)
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// opMembers lists the members of sorted postings, ascending, once each.
func opMembers(sorted []Posting) []int64 {
	var members []int64
	for _, p := range sorted {
		if p.UserID > 0 && (len(members) == 0 || members[len(members)-1] != p.UserID) {
			members = append(members, p.UserID)
		}
	}
	return members
}

// peerOf is the other member of a two-member operation, for a member's
// entry; 0 otherwise.
func peerOf(userID int64, members []int64) int64 {
	if userID <= 0 || len(members) != 2 {
		return 0
	}
	if members[0] == userID {
		return members[1]
	}
	return members[0]
}

// ledgerTx is db.tx that also reruns fn after a deadlock on PostgreSQL:
// member accounts are updated in a fixed order, but a membership's users
// row or a foreign writer can still close a cycle, and the rerun is safe
// because fn has no effect outside the transaction.
func (db *DB) ledgerTx(ctx context.Context, fn func(*sql.Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := db.runTx(ctx, fn)
		if err == nil || !ledgerRetryable(err) || attempt == maxTxAttempts {
			return err
		}
		if err := backoff(ctx, attempt); err != nil {
			return err
		}
	}
}

// ledgerRetryable reports a serialization failure or a deadlock.
func ledgerRetryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == pgSerializationFailure || pgErr.Code == pgDeadlockDetected)
}
