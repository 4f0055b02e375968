package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrLastAdmin is returned by AdminMembersStore.SetRoles when the change
// would leave the site without an administrator who is not banned.
var ErrLastAdmin = errors.New("persistence: last administrator")

// The filters of AdminMembersStore.List.
const (
	MembersAll      = "all"
	MembersAdmins   = "admins"
	MembersBuilders = "builders"
	MembersBanned   = "banned"
	MembersVIP      = "vip"
)

// Ban is a member's ban as an administrator set it.
type Ban struct {
	// At is when it started, epoch ms; 0 means the member is not banned.
	At int64
	// Until is when it ends, epoch ms; 0 means never.
	Until int64
	// Reason is the administrator's reason (a report's note for a ban from
	// the reports queue).
	Reason string
	// By is the administrator who banned; 0 when none was recorded.
	By int64
}

// InForce reports whether the ban refuses the member at now (epoch ms):
// it started and has not ended.
func (b Ban) InForce(now int64) bool { return b.At != 0 && (b.Until == 0 || b.Until > now) }

// AdminMember is a member as the operators' console lists them.
type AdminMember struct {
	User
	Ban Ban
}

// MembersQuery selects AdminMembersStore.List's members.
type MembersQuery struct {
	// Query is an id (exact), an email or phone (exact), a slug (prefix)
	// or a part of a name (case-insensitive); "" matches everyone.
	Query string
	// Filter is one of the Members constants; "" is MembersAll.
	Filter string
	// Now is the time bans and VIP tiers are judged at, epoch ms.
	Now int64
	// Before is a cursor: only members created before the member of that
	// id (ids are time ordered).
	Before int64
	// Limit bounds the members returned (at least 1).
	Limit int
}

// bannedAt is the SQL condition "the ban of the users row (columns with
// prefix) is in force at now" (now a placeholder such as "$3").
func bannedAt(prefix, now string) string {
	return "(" + prefix + "banned_at <> 0 AND (" + prefix + "banned_until = 0 OR " + prefix + "banned_until > " + now + "))"
}

// AdminMembersStore keeps what administrators change of members: roles,
// level, VIP tier and bans.
type AdminMembersStore struct{ db *DB }

// AdminMembers returns the administrators' members store.
func (db *DB) AdminMembers() AdminMembersStore { return AdminMembersStore{db: db} }

const banColumns = `banned_at, banned_until, ban_reason, banned_by`

func scanAdminMember(row scanner) (AdminMember, error) {
	var m AdminMember
	var err error
	m.User, err = scanUser(row, &m.Ban.At, &m.Ban.Until, &m.Ban.Reason, &m.Ban.By)
	return m, err
}

// Get returns the member with the id and their ban, or ErrNotFound.
func (s AdminMembersStore) Get(ctx context.Context, id int64) (AdminMember, error) {
	m, err := scanAdminMember(s.db.reads.QueryRowContext(ctx,
		`SELECT `+userColumns+`, `+banColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return m, fmt.Errorf("admin members store: get %d: %w", id, mapError(err))
	}
	return m, nil
}

// List returns the members q selects, newest first.
func (s AdminMembersStore) List(ctx context.Context, q MembersQuery) ([]AdminMember, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if text := strings.TrimSpace(q.Query); text != "" {
		alternatives := []string{
			"email = " + arg(normalizeEmail(text)),
			"phone = " + arg(text),
			`slug LIKE ` + arg(LikePrefix(text)) + ` ESCAPE '\'`,
			`LOWER(name) LIKE ` + arg(LikeContains(strings.ToLower(text))) + ` ESCAPE '\'`,
		}
		if id, err := strconv.ParseInt(text, 10, 64); err == nil && id > 0 {
			alternatives = append(alternatives, "id = "+arg(id))
		}
		where = append(where, "("+strings.Join(alternatives, " OR ")+")")
	}
	switch q.Filter {
	case MembersAdmins:
		where = append(where, "is_admin = "+arg(true))
	case MembersBuilders:
		where = append(where, "can_builder = "+arg(true))
	case MembersBanned:
		where = append(where, bannedAt("", arg(q.Now)))
	case MembersVIP:
		now := arg(q.Now)
		where = append(where, "vip_key <> '' AND (vip_expires_at = 0 OR vip_expires_at > "+now+")")
	}
	if q.Before != 0 {
		where = append(where, "id < "+arg(q.Before))
	}
	query := `SELECT ` + userColumns + `, ` + banColumns + ` FROM users`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY id DESC LIMIT " + arg(max(q.Limit, 1))
	list, err := queryList(ctx, s.db.reads, scanAdminMember, query, args...)
	if err != nil {
		return nil, fmt.Errorf("admin members store: list: %w", err)
	}
	return list, nil
}

// SetBan bans the member (b.At not 0) or lifts their ban (the zero Ban).
// It returns ErrNotFound for an unknown member.
func (s AdminMembersStore) SetBan(ctx context.Context, userID int64, b Ban) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE users SET banned_at = $2, banned_until = $3, ban_reason = $4,
		banned_by = $5, updated_at = $6 WHERE id = $1`, userID, b.At, b.Until, b.Reason, b.By, Now())
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("admin members store: ban %d: %w", userID, err)
	}
	return nil
}

// SetLevel sets the member's growth level key.
func (s AdminMembersStore) SetLevel(ctx context.Context, userID int64, levelKey string) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE users SET level_key = $2, updated_at = $3 WHERE id = $1`,
		userID, levelKey, Now())
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("admin members store: level %d: %w", userID, err)
	}
	return nil
}

// SetVIP sets the member's VIP tier ("" for none) and when it ends (epoch
// ms, 0 for never).
func (s AdminMembersStore) SetVIP(ctx context.Context, userID int64, vipKey string, expiresAt int64) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE users SET vip_key = $2, vip_expires_at = $3, updated_at = $4
		WHERE id = $1`, userID, vipKey, expiresAt, Now())
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("admin members store: vip %d: %w", userID, err)
	}
	return nil
}

// SetRoles sets the member's administrator and builder roles. Removing the
// administrator role from the last administrator whose ban is not in force
// (at now, epoch ms) is ErrLastAdmin, changing nothing; on PostgreSQL the
// administrators' rows are locked so that two demotions cannot both pass.
func (s AdminMembersStore) SetRoles(ctx context.Context, userID int64, isAdmin, canBuilder bool, now int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		if !isAdmin {
			lock := ""
			if s.db.kind == KindPostgres {
				lock = " FOR UPDATE"
			}
			ids, err := queryList(ctx, tx, func(row scanner) (int64, error) {
				var id int64
				return id, row.Scan(&id)
			}, `SELECT id FROM users WHERE is_admin = $1 AND NOT `+bannedAt("", "$2")+` ORDER BY id`+lock, true, now)
			if err != nil {
				return err
			}
			if len(ids) == 1 && ids[0] == userID {
				return ErrLastAdmin
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET is_admin = $2, can_builder = $3, updated_at = $4 WHERE id = $1`,
			userID, isAdmin, canBuilder, Now())
		if err != nil {
			return err
		}
		return affectedOne(res)
	})
	if err != nil {
		return fmt.Errorf("admin members store: roles %d: %w", userID, err)
	}
	return nil
}

// LiveSession is a member's session (refresh token family) that has not
// ended.
type LiveSession struct {
	// ID is the family id: the session of the member's access tokens.
	ID int64
	// CreatedAt is the sign-in, LastUsedAt the latest refresh, ExpiresAt
	// when the current refresh token expires; epoch ms.
	CreatedAt, LastUsedAt, ExpiresAt int64
}

// LiveSessions returns the member's sessions that are neither revoked nor
// expired at now (epoch ms), the most recently used first.
func (s AdminMembersStore) LiveSessions(ctx context.Context, userID, now int64) ([]LiveSession, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (LiveSession, error) {
		var l LiveSession
		return l, row.Scan(&l.ID, &l.CreatedAt, &l.LastUsedAt, &l.ExpiresAt)
	}, `SELECT family_id, MIN(created_at), MAX(created_at), MAX(expires_at) FROM refresh_tokens
		WHERE user_id = $1 GROUP BY family_id
		HAVING MAX(revoked_at) = 0 AND MAX(expires_at) > $2
		ORDER BY MAX(created_at) DESC, family_id DESC`, userID, now)
	if err != nil {
		return nil, fmt.Errorf("admin members store: sessions %d: %w", userID, err)
	}
	return nonNilSlice(list), nil
}

// affectedOne is ErrNotFound when res changed no row.
func affectedOne(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
