package persistence

import (
	"context"
	"fmt"
	"strings"
)

// AuditEntry is one line of the audit log (see app/action.AuditEntry):
// who called which administrators' action, how it ended, what it changed.
type AuditEntry struct {
	// ID is the databaseId, time ordered; Append assigns it when 0.
	ID int64
	// At is epoch ms; Append sets it when 0.
	At      int64
	ActorID int64
	Action  string
	// Target names what changed ("user:123"); "" for none.
	Target string
	// Outcome is "ok", "refused" or "failed"; Status the HTTP status.
	Outcome string
	Status  int
	// Before, After and Input are JSON text, "" for none.
	Before, After, Input string
	IP, UserAgent        string
}

// AuditFilter narrows AuditStore.Search. Zero fields do not filter.
type AuditFilter struct {
	// Query matches entries whose action or target starts with it.
	Query   string
	ActorID int64
	Action  string
	Target  string
	Outcome string
	// From and To bound At, epoch ms, both included.
	From, To int64
	// Before is a cursor: only entries older than the entry of that id.
	Before int64
	// Limit bounds the entries returned (at least 1).
	Limit int
}

// AuditStore keeps the audit log. It only appends and searches: no method
// updates or deletes an entry, so that what operators did stays on record.
type AuditStore struct{ db *DB }

// Audit returns the audit log store.
func (db *DB) Audit() AuditStore { return AuditStore{db: db} }

const auditColumns = `id, at, actor_id, action, target, outcome, status, before, after, input, ip, user_agent`

// Append adds e to the log, assigning its ID and At when 0.
func (s AuditStore) Append(ctx context.Context, e *AuditEntry) error {
	if e.ID == 0 {
		e.ID = s.db.NewID()
	}
	if e.At == 0 {
		e.At = Now()
	}
	_, err := s.db.write.ExecContext(ctx, `INSERT INTO audit_log (`+auditColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		e.ID, e.At, e.ActorID, e.Action, e.Target, e.Outcome, e.Status, e.Before, e.After, e.Input, e.IP, e.UserAgent)
	if err != nil {
		return fmt.Errorf("audit store: append %s: %w", e.Action, mapError(err))
	}
	return nil
}

// Search returns the entries f selects, newest first (by id, which is
// time ordered).
func (s AuditStore) Search(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	var where []string
	var args []any
	add := func(cond string, arg ...any) {
		for _, a := range arg {
			args = append(args, a)
			cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", len(args)), 1)
		}
		where = append(where, cond)
	}
	if f.Query != "" {
		prefix := LikePrefix(f.Query)
		add(`(action LIKE ? ESCAPE '\' OR target LIKE ? ESCAPE '\')`, prefix, prefix)
	}
	if f.ActorID != 0 {
		add("actor_id = ?", f.ActorID)
	}
	if f.Action != "" {
		add("action = ?", f.Action)
	}
	if f.Target != "" {
		add("target = ?", f.Target)
	}
	if f.Outcome != "" {
		add("outcome = ?", f.Outcome)
	}
	if f.From != 0 {
		add("at >= ?", f.From)
	}
	if f.To != 0 {
		add("at <= ?", f.To)
	}
	if f.Before != 0 {
		add("id < ?", f.Before)
	}
	query := `SELECT ` + auditColumns + ` FROM audit_log`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += fmt.Sprintf(" ORDER BY id DESC LIMIT %d", max(f.Limit, 1))
	list, err := queryList(ctx, s.db.reads, func(row scanner) (AuditEntry, error) {
		var e AuditEntry
		return e, row.Scan(&e.ID, &e.At, &e.ActorID, &e.Action, &e.Target, &e.Outcome, &e.Status, &e.Before, &e.After,
			&e.Input, &e.IP, &e.UserAgent)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("audit store: search: %w", err)
	}
	return list, nil
}

// likeEscaper escapes LIKE's wildcards and its escape character ('\').
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// LikePrefix is a LIKE pattern (with ESCAPE '\') matching text that starts
// with s.
func LikePrefix(s string) string { return likeEscaper.Replace(s) + "%" }

// LikeContains is a LIKE pattern (with ESCAPE '\') matching text that
// contains s.
func LikeContains(s string) string { return "%" + likeEscaper.Replace(s) + "%" }
