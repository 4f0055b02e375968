package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// User is a member's account.
type User struct {
	// ID is the databaseId; Create assigns one when it is 0.
	ID          int64
	Name        string
	Slug        string // unique, the profile's URL segment
	Description string
	AvatarURL   string
	// Email is unique among users who have one; "" means none. It is
	// stored trimmed and lower-cased.
	Email string
	// Phone is unique among users who have one, with its dial code; "" means none.
	Phone string
	// PasswordHash is the encoded password hash; "" means no password login.
	PasswordHash string
	// LevelKey is the member's growth level key.
	LevelKey string
	// VIPKey is the member's VIP tier key; "" means none.
	VIPKey string
	// VIPExpiresAt is when the VIP tier ends, epoch ms; 0 with a VIPKey means never.
	VIPExpiresAt int64
	IsAdmin      bool
	// CanBuilder is the builder role an administrator gave: the page
	// builder without being an administrator. Update leaves it alone
	// (AdminMembersStore.SetRoles changes it).
	CanBuilder bool
	// DarkRoom is set on members barred from posting and chatting.
	DarkRoom bool
	// HasInfomation is set once the member completed the profile (spelled as the client spells it).
	HasInfomation bool
	// ReferrerID is the member who invited this one; 0 means nobody.
	ReferrerID int64
	// Profile holds the more-information fields.
	Profile UserProfile
	// CreatedAt and UpdatedAt are epoch ms, set by the store.
	CreatedAt, UpdatedAt int64
}

// UserProfile is what the more-information dialog asks a member. Every
// field is optional; "" means not given.
type UserProfile struct {
	// Gender is "male", "female" or "other".
	Gender string `json:"gender,omitempty"`
	// Birthday is a date, YYYY-MM-DD.
	Birthday string `json:"birthday,omitempty"`
	// Location is free text such as a city.
	Location string `json:"location,omitempty"`
	// Website is an http or https URL.
	Website string `json:"website,omitempty"`
}

// UsersStore keeps the members.
type UsersStore struct{ db *DB }

// Users returns the users store.
func (db *DB) Users() UsersStore { return UsersStore{db: db} }

// userColumns are every column of a user, in scanUser's and insertUser's order.
const userColumns = `id, name, slug, description, avatar_url, email, phone, password_hash, level_key,
	vip_key, vip_expires_at, is_admin, dark_room, has_information, created_at, updated_at, referrer_id, profile, can_builder`

// scanUser scans userColumns, then the extra columns into extra.
func scanUser(row scanner, extra ...any) (User, error) {
	var u User
	var email, phone sql.NullString
	var profile string
	err := row.Scan(append([]any{&u.ID, &u.Name, &u.Slug, &u.Description, &u.AvatarURL, &email, &phone,
		&u.PasswordHash, &u.LevelKey, &u.VIPKey, &u.VIPExpiresAt, &u.IsAdmin, &u.DarkRoom,
		&u.HasInfomation, &u.CreatedAt, &u.UpdatedAt, &u.ReferrerID, &profile, &u.CanBuilder}, extra...)...)
	if err != nil {
		return u, err
	}
	u.Email, u.Phone = email.String, phone.String
	return u, decodeJSON(profile, &u.Profile)
}

// normalizeEmail is how emails are stored and looked up.
func normalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// nullIfEmpty stores "" as NULL, so that several users can have no email or phone.
func nullIfEmpty(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// Create inserts u, assigning its ID when 0 and its times. It returns
// ErrConflict when the ID, slug, email or phone is taken.
func (s UsersStore) Create(ctx context.Context, u *User) error {
	if err := s.db.tx(ctx, func(tx *sql.Tx) error { return insertUser(ctx, s.db, tx, u) }); err != nil {
		return fmt.Errorf("users store: create %q: %w", u.Slug, err)
	}
	return nil
}

// insertUser fills u's ID and times when unset, normalizes its email and
// phone, and writes the row and its search entry in tx.
func insertUser(ctx context.Context, ids *DB, tx *sql.Tx, u *User) error {
	if u.ID == 0 {
		u.ID = ids.NewID()
	}
	u.Email = normalizeEmail(u.Email)
	u.Phone = strings.TrimSpace(u.Phone)
	now := Now()
	if u.CreatedAt == 0 {
		u.CreatedAt = now
	}
	u.UpdatedAt = now
	profile, err := encodeJSON(u.Profile)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO users (`+userColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
		u.ID, u.Name, u.Slug, u.Description, u.AvatarURL, nullIfEmpty(u.Email), nullIfEmpty(u.Phone),
		u.PasswordHash, u.LevelKey, u.VIPKey, u.VIPExpiresAt, u.IsAdmin, u.DarkRoom,
		u.HasInfomation, u.CreatedAt, u.UpdatedAt, u.ReferrerID, profile, u.CanBuilder)
	if err != nil {
		return mapError(err)
	}
	return ids.indexUser(ctx, tx, u.ID)
}

// Get returns the user with the id, or ErrNotFound.
func (s UsersStore) Get(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.db.reads.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return User{}, fmt.Errorf("users store: get %d: %w", id, mapError(err))
	}
	return u, nil
}

// GetWithCounts returns the user with the id and their unread counters
// (Counts without Conversation) in one statement, or ErrNotFound: what a
// member's every page load asks for.
func (s UsersStore) GetWithCounts(ctx context.Context, id int64) (User, Counts, error) {
	var c Counts
	u, err := scanUser(s.db.reads.QueryRowContext(ctx, `SELECT `+userColumns+`,
		(SELECT COUNT(*) FROM private_messages WHERE to_id = $1 AND read_at = 0 AND deleted_at = 0),
		(SELECT COUNT(*) FROM notifications WHERE to_id = $1 AND read_at = 0)
		FROM users WHERE id = $1`, id), &c.Messages, &c.Notifications)
	if err != nil {
		return User{}, Counts{}, fmt.Errorf("users store: get %d with counts: %w", id, mapError(err))
	}
	return u, c, nil
}

// GetBySlug returns the user with the slug, or ErrNotFound.
func (s UsersStore) GetBySlug(ctx context.Context, slug string) (User, error) {
	u, err := scanUser(s.db.reads.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE slug = $1`, slug))
	if err != nil {
		return User{}, fmt.Errorf("users store: get by slug %q: %w", slug, mapError(err))
	}
	return u, nil
}

// GetByLogin returns the user whose email (compared case-insensitively) or
// phone is login, or ErrNotFound.
func (s UsersStore) GetByLogin(ctx context.Context, login string) (User, error) {
	login = strings.TrimSpace(login)
	if login == "" {
		return User{}, fmt.Errorf("users store: get by login: %w", ErrNotFound)
	}
	u, err := scanUser(s.db.reads.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM users WHERE email = $1 OR phone = $2`, normalizeEmail(login), login))
	if err != nil {
		return User{}, fmt.Errorf("users store: get by login: %w", mapError(err))
	}
	return u, nil
}

// Update replaces every field of the user with u.ID except CreatedAt and
// CanBuilder, and sets UpdatedAt. It returns ErrNotFound for an unknown ID and ErrConflict
// when the new slug, email or phone is taken.
func (s UsersStore) Update(ctx context.Context, u User) error {
	profile, err := encodeJSON(u.Profile)
	if err != nil {
		return fmt.Errorf("users store: update %d: %w", u.ID, err)
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET name = $2, slug = $3, description = $4,
			avatar_url = $5, email = $6, phone = $7, password_hash = $8, level_key = $9, vip_key = $10,
			vip_expires_at = $11, is_admin = $12, dark_room = $13, has_information = $14, updated_at = $15,
			referrer_id = $16, profile = $17
			WHERE id = $1`,
			u.ID, u.Name, u.Slug, u.Description, u.AvatarURL, nullIfEmpty(normalizeEmail(u.Email)),
			nullIfEmpty(strings.TrimSpace(u.Phone)), u.PasswordHash, u.LevelKey, u.VIPKey, u.VIPExpiresAt,
			u.IsAdmin, u.DarkRoom, u.HasInfomation, Now(), u.ReferrerID, profile)
		if err != nil {
			return mapError(err)
		}
		return s.reindexUpdated(ctx, tx, res, u.ID)
	})
	if err != nil {
		return fmt.Errorf("users store: update %d: %w", u.ID, err)
	}
	return nil
}

// reindexUpdated writes the search entry of the member id after res
// changed their row: ErrNotFound when it changed none.
func (s UsersStore) reindexUpdated(ctx context.Context, tx *sql.Tx, res sql.Result, id int64) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return s.db.indexUser(ctx, tx, id)
}

// SetPasswordHash replaces only the password hash of the user with the id,
// so that it cannot undo a profile change made meanwhile. It returns
// ErrNotFound for an unknown id.
func (s UsersStore) SetPasswordHash(ctx context.Context, id int64, hash string) error {
	res, err := s.db.write.ExecContext(ctx,
		`UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, id, hash, Now())
	if err != nil {
		return fmt.Errorf("users store: set password %d: %w", id, mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("users store: set password %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("users store: set password %d: %w", id, ErrNotFound)
	}
	return nil
}

// ProfileChange is what a member edits of their own account.
type ProfileChange struct {
	Name, Description, AvatarURL string
	Profile                      UserProfile
	// HasInfomation marks the profile complete.
	HasInfomation bool
}

// UpdateProfile replaces only the fields of c on the user with the id,
// leaving what administrators set (level, VIP, admin, dark room) alone even
// when they change it meanwhile. It returns ErrNotFound for an unknown id.
func (s UsersStore) UpdateProfile(ctx context.Context, id int64, c ProfileChange) error {
	profile, err := encodeJSON(c.Profile)
	if err != nil {
		return fmt.Errorf("users store: update profile %d: %w", id, err)
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET name = $2, description = $3, avatar_url = $4,
			profile = $5, has_information = $6, updated_at = $7 WHERE id = $1`,
			id, c.Name, c.Description, c.AvatarURL, profile, c.HasInfomation, Now())
		if err != nil {
			return mapError(err)
		}
		return s.reindexUpdated(ctx, tx, res, id)
	})
	if err != nil {
		return fmt.Errorf("users store: update profile %d: %w", id, err)
	}
	return nil
}

// EndedTier is a member whose VIP tier ended.
type EndedTier struct {
	UserID    int64
	VIPKey    string
	ExpiresAt int64
}

// VIPEndedBetween returns the members whose VIP tier ended after from and
// at or before to (epoch ms).
func (s UsersStore) VIPEndedBetween(ctx context.Context, from, to int64) ([]EndedTier, error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT id, vip_key, vip_expires_at FROM users
		WHERE vip_expires_at > $1 AND vip_expires_at <= $2 AND vip_key <> '' ORDER BY vip_expires_at, id`, from, to)
	if err != nil {
		return nil, fmt.Errorf("users store: vip ended: %w", err)
	}
	defer rows.Close()
	var out []EndedTier
	for rows.Next() {
		var e EndedTier
		if err := rows.Scan(&e.UserID, &e.VIPKey, &e.ExpiresAt); err != nil {
			return nil, fmt.Errorf("users store: vip ended: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("users store: vip ended: %w", err)
	}
	return out, nil
}
