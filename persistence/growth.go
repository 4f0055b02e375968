package persistence

import (
	"context"
	"database/sql"
	"fmt"
)

// GrowthGrant is one award of Award.
type GrowthGrant struct {
	UserID   int64
	Reason   string
	Points   int64 // points asked for
	DailyCap int64 // most points of Reason on the day; 0: no cap
}

// Award adds each grant's points to its member for its reason on day
// (YYYY-MM-DD, UTC), never more than its DailyCap for that reason and day
// in total, all in one transaction, and returns what each added and its
// member's total, in the order of grants. The day's row is locked by the
// upsert that reads it, so concurrent awards never pass the cap together;
// users.growth_points changes in the same transaction. Callers on several
// nodes should sort grants alike (by member, then reason) so that their
// transactions lock rows in one order. Any failure writes nothing;
// ErrNotFound when a member does not exist.
func (s GrowthStore) Award(ctx context.Context, day string, grants []GrowthGrant) ([]GrowthAward, error) {
	for _, g := range grants {
		if g.Points <= 0 || g.DailyCap < 0 || day == "" || g.Reason == "" {
			return nil, fmt.Errorf("growth store: award %d %s: want a day, a reason and positive points", g.UserID, g.Reason)
		}
	}
	awards := make([]GrowthAward, len(grants))
	err := s.db.ledgerTx(ctx, func(tx *sql.Tx) error {
		if s.db.kind == KindPostgres && len(grants) > 1 {
			return awardArrays(ctx, tx, day, grants, awards)
		}
		for i, g := range grants {
			award, err := awardTx(ctx, tx, day, g)
			if err != nil {
				return fmt.Errorf("award %d %s: %w", g.UserID, g.Reason, err)
			}
			awards[i] = award
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("growth store: %w", err)
	}
	return awards, nil
}

func awardTx(ctx context.Context, tx *sql.Tx, day string, g GrowthGrant) (GrowthAward, error) {
	var award GrowthAward
	var earned int64
	// The no-op update takes the row lock and answers the committed
	// value after any concurrent award.
	err := tx.QueryRowContext(ctx, `INSERT INTO growth_days (user_id, day, reason, points)
		VALUES ($1, $2, $3, 0) ON CONFLICT (user_id, day, reason)
		DO UPDATE SET points = growth_days.points RETURNING points`, g.UserID, day, g.Reason).Scan(&earned)
	if err != nil {
		return award, fmt.Errorf("day: %w", mapError(err))
	}
	award.Added = g.Points
	if g.DailyCap > 0 {
		award.Added = max(0, min(g.Points, g.DailyCap-earned))
	}
	award.Day = earned + award.Added
	if award.Added > 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE growth_days SET points = points + $4
			WHERE user_id = $1 AND day = $2 AND reason = $3`, g.UserID, day, g.Reason, award.Added); err != nil {
			return award, fmt.Errorf("day: %w", err)
		}
	}
	err = tx.QueryRowContext(ctx, `UPDATE users SET growth_points = growth_points + $2
		WHERE id = $1 RETURNING growth_points, level_key`, g.UserID, award.Added).Scan(&award.Total, &award.LevelKey)
	return award, mapError(err)
}

// awardArrays is Award's transaction on PostgreSQL in three statements
// whatever the number of grants (awardTx takes three per grant): the
// day's rows, taken in the grants' order (each once, however many grants
// name it); their new points; the members'
// totals, their rows taken in id order. The awards a member gets in one
// call are answered with the running total, as one by one.
func awardArrays(ctx context.Context, tx *sql.Tx, day string, grants []GrowthGrant, awards []GrowthAward) error {
	type key struct {
		user   int64
		reason string
	}
	users, reasons := make([]int64, len(grants)), make([]string, len(grants))
	for i, g := range grants {
		users[i], reasons[i] = g.UserID, g.Reason
	}
	type dayRow struct {
		key
		points int64
	}
	days, err := queryList(ctx, tx, func(row scanner) (dayRow, error) {
		var d dayRow
		return d, row.Scan(&d.user, &d.reason, &d.points)
	}, `INSERT INTO growth_days (user_id, day, reason, points)
		SELECT DISTINCT u, $1, r, 0 FROM unnest($2::BIGINT[], $3::TEXT[]) AS g(u, r) ORDER BY u, r
		ON CONFLICT (user_id, day, reason) DO UPDATE SET points = growth_days.points
		RETURNING user_id, reason, points`, day, users, reasons)
	if err != nil {
		return fmt.Errorf("days: %w", mapError(err))
	}
	earned := make(map[key]int64, len(days))
	for _, d := range days {
		earned[d.key] = d.points
	}
	added := make([]int64, len(grants))
	for i, g := range grants {
		k := key{g.UserID, g.Reason}
		a := &awards[i]
		a.Added = g.Points
		if g.DailyCap > 0 {
			a.Added = max(0, min(g.Points, g.DailyCap-earned[k]))
		}
		earned[k] += a.Added
		a.Day = earned[k]
		added[i] = a.Added
	}
	if _, err := tx.ExecContext(ctx, `UPDATE growth_days AS d SET points = d.points + g.a
		FROM (SELECT u, r, SUM(a) AS a FROM unnest($2::BIGINT[], $3::TEXT[], $4::BIGINT[]) AS t(u, r, a) GROUP BY u, r) AS g
		WHERE d.user_id = g.u AND d.day = $1 AND d.reason = g.r AND g.a > 0`, day, users, reasons, added); err != nil {
		return fmt.Errorf("days: %w", mapError(err))
	}
	type member struct {
		id, total int64
		level     string
	}
	members, err := queryList(ctx, tx, func(row scanner) (member, error) {
		var m member
		return m, row.Scan(&m.id, &m.total, &m.level)
	}, `WITH g AS (SELECT u, SUM(a) AS a FROM unnest($1::BIGINT[], $2::BIGINT[]) AS t(u, a) GROUP BY u),
		l AS MATERIALIZED (SELECT id FROM users WHERE id IN (SELECT u FROM g) ORDER BY id FOR UPDATE)
		UPDATE users SET growth_points = users.growth_points + g.a FROM g, l
		WHERE users.id = g.u AND l.id = users.id
		RETURNING users.id, users.growth_points, users.level_key`, users, added)
	if err != nil {
		return fmt.Errorf("members: %w", mapError(err))
	}
	totals := make(map[int64]member, len(members))
	for _, m := range members {
		totals[m.id] = m
	}
	// Each award's total is the member's final one less what their later
	// awards of the call added.
	for i := len(grants) - 1; i >= 0; i-- {
		m, ok := totals[grants[i].UserID]
		if !ok {
			return fmt.Errorf("award %d: %w", grants[i].UserID, ErrNotFound)
		}
		awards[i].Total, awards[i].LevelKey = m.total, m.level
		m.total -= awards[i].Added
		totals[grants[i].UserID] = m
	}
	return nil
}

// Points returns a member's growth points; ErrNotFound when there is no such member.
func (s GrowthStore) Points(ctx context.Context, userID int64) (int64, error) {
	var points int64
	err := s.db.reads.QueryRowContext(ctx, `SELECT growth_points FROM users WHERE id = $1`, userID).Scan(&points)
	if err != nil {
		return 0, fmt.Errorf("growth store: points of %d: %w", userID, mapError(err))
	}
	return points, nil
}

// Today returns the points a member earned on day per reason (reasons
// without points are absent).
func (s GrowthStore) Today(ctx context.Context, userID int64, day string) (map[string]int64, error) {
	type earned struct {
		reason string
		points int64
	}
	list, err := queryList(ctx, s.db.reads, func(row scanner) (earned, error) {
		var e earned
		return e, row.Scan(&e.reason, &e.points)
	}, `SELECT reason, points FROM growth_days WHERE user_id = $1 AND day = $2 AND points > 0`, userID, day)
	if err != nil {
		return nil, fmt.Errorf("growth store: today of %d: %w", userID, err)
	}
	today := make(map[string]int64, len(list))
	for _, e := range list {
		today[e.reason] = e.points
	}
	return today, nil
}

// SetLevel sets a member's growth level key; it reports whether it changed.
// ErrNotFound when there is no such member.
func (s GrowthStore) SetLevel(ctx context.Context, userID int64, levelKey string) (bool, error) {
	res, err := s.db.write.ExecContext(ctx, `UPDATE users SET level_key = $2, updated_at = $3
		WHERE id = $1 AND level_key <> $2`, userID, levelKey, Now())
	if err != nil {
		return false, fmt.Errorf("growth store: set level of %d: %w", userID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, fmt.Errorf("growth store: set level of %d: %w", userID, err)
	} else if n > 0 {
		return true, nil
	}
	var one int
	if err := s.db.write.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, userID).Scan(&one); err != nil {
		return false, fmt.Errorf("growth store: set level of %d: %w", userID, mapError(err))
	}
	return false, nil
}
