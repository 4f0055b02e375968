package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Address types (Address.Type).
const (
	// AddressSelected is an address whose places were picked from the
	// GeoNames data: every part has its geonameId.
	AddressSelected = "SELECTED"
	// AddressManual is an address with a picked country and free text below it.
	AddressManual = "MANUAL"
)

// ErrAddressLimit is returned by SaveAddress when the member already has
// the most addresses allowed.
var ErrAddressLimit = errors.New("persistence: too many addresses")

// Address is a member's shipping address.
type Address struct {
	// ID is the databaseId; SaveAddress assigns one to a new address.
	ID     int64
	UserID int64
	// Type is AddressSelected or AddressManual.
	Type string
	// Default marks the member's default address; the store keeps exactly
	// one while the member has any.
	Default bool
	// CountryID, ProvinceID, CityID and DistrictID are GeoNames ids (0 for
	// a part typed by hand or left out).
	CountryID, ProvinceID, CityID, DistrictID int64
	// Country, Province, City and District are the parts' names as saved.
	Country, Province, City, District string
	// Line is the street address; AddressString the whole address on one line.
	Line, AddressString string
	// Phone is the national number, DialCode its country calling code ("+86").
	Phone, DialCode string
	// Name is the recipient's.
	Name     string
	Postcode string
	// Index is the member's own ordering of their addresses.
	Index     int
	CreatedAt int64
	UpdatedAt int64
}

// AddressesStore keeps members' addresses.
type AddressesStore struct{ db *DB }

// Addresses returns the addresses store.
func (db *DB) Addresses() AddressesStore { return AddressesStore{db: db} }

const addressColumns = `id, user_id, type, is_default, country_id, province_id, city_id, district_id, country,
	province, city, district, line, address_string, phone, dial_code, name, postcode, position, created_at, updated_at`

func scanAddress(row scanner) (Address, error) {
	var a Address
	err := row.Scan(&a.ID, &a.UserID, &a.Type, &a.Default, &a.CountryID, &a.ProvinceID, &a.CityID, &a.DistrictID,
		&a.Country, &a.Province, &a.City, &a.District, &a.Line, &a.AddressString, &a.Phone, &a.DialCode, &a.Name,
		&a.Postcode, &a.Index, &a.CreatedAt, &a.UpdatedAt)
	return a, mapError(err)
}

// Get returns the member's address id, or ErrNotFound (also when it is
// another member's).
func (s AddressesStore) Get(ctx context.Context, userID, id int64) (Address, error) {
	a, err := scanAddress(s.db.reads.QueryRowContext(ctx, `SELECT `+addressColumns+` FROM addresses
		WHERE id = $1 AND user_id = $2`, id, userID))
	if err != nil {
		return a, fmt.Errorf("addresses store: get %d: %w", id, err)
	}
	return a, nil
}

// List returns the member's addresses: the default first, then by Index,
// the newest first among equal indexes.
func (s AddressesStore) List(ctx context.Context, userID int64) ([]Address, error) {
	list, err := queryList(ctx, s.db.reads, scanAddress, `SELECT `+addressColumns+` FROM addresses
		WHERE user_id = $1 ORDER BY is_default DESC, position, created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("addresses store: list: %w", err)
	}
	return list, nil
}

// Save writes a: a new address when a.ID is 0 (refused with
// ErrAddressLimit when the member has max already), or the member's
// address a.ID (ErrNotFound when it is not theirs). In one transaction: a
// member's first address is their default; a default address unsets the
// others; unsetting the default makes the newest other address the default
// (or keeps it when it is the only one). a's ID, Default and times are set
// to what was stored; created reports a new row.
func (s AddressesStore) Save(ctx context.Context, a *Address, limit int) (created bool, err error) {
	id, wantDefault := a.ID, a.Default
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		created, a.ID, a.Default = false, id, wantDefault
		now := Now()
		// The member's row is the lock that keeps concurrent saves from both
		// counting below the limit or both becoming the first (default) one.
		if _, err := tx.ExecContext(ctx, `UPDATE users SET id = id WHERE id = $1`, a.UserID); err != nil {
			return err
		}
		var count int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM addresses WHERE user_id = $1`,
			a.UserID).Scan(&count); err != nil {
			return err
		}
		if a.ID == 0 {
			if count >= limit {
				return ErrAddressLimit
			}
			created = true
			a.ID = s.db.NewID()
			a.CreatedAt = now
			if count == 0 {
				a.Default = true
			}
		} else {
			var createdAt int64
			var wasDefault bool
			err := tx.QueryRowContext(ctx, `SELECT created_at, is_default FROM addresses WHERE id = $1 AND user_id = $2`,
				a.ID, a.UserID).Scan(&createdAt, &wasDefault)
			if err != nil {
				return mapError(err)
			}
			a.CreatedAt = createdAt
			if wasDefault && !a.Default && count == 1 {
				a.Default = true // the only address stays the default
			}
		}
		a.UpdatedAt = now
		if a.Default {
			if _, err := tx.ExecContext(ctx, `UPDATE addresses SET is_default = $1 WHERE user_id = $2 AND id <> $3
				AND is_default = $4`, false, a.UserID, a.ID, true); err != nil {
				return err
			}
		}
		args := []any{a.ID, a.UserID, a.Type, a.Default, a.CountryID, a.ProvinceID, a.CityID, a.DistrictID, a.Country,
			a.Province, a.City, a.District, a.Line, a.AddressString, a.Phone, a.DialCode, a.Name, a.Postcode, a.Index,
			a.CreatedAt, a.UpdatedAt}
		if created {
			_, err := tx.ExecContext(ctx, `INSERT INTO addresses (`+addressColumns+`) VALUES ($1, $2, $3, $4, $5, $6,
				$7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`, args...)
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE addresses SET type = $3, is_default = $4, country_id = $5,
			province_id = $6, city_id = $7, district_id = $8, country = $9, province = $10, city = $11,
			district = $12, line = $13, address_string = $14, phone = $15, dial_code = $16, name = $17,
			postcode = $18, position = $19, created_at = $20, updated_at = $21
			WHERE id = $1 AND user_id = $2`, args...); err != nil {
			return err
		}
		return ensureDefaultAddressTx(ctx, tx, a.UserID, a.ID)
	})
	if err != nil {
		a.ID = id
		return false, fmt.Errorf("addresses store: save: %w", mapError(err))
	}
	return created, nil
}

// Delete removes the member's address id (ErrNotFound when it is not
// theirs); when it was the default, the newest remaining address becomes
// the default, in the same transaction.
func (s AddressesStore) Delete(ctx context.Context, userID, id int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET id = id WHERE id = $1`, userID); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM addresses WHERE id = $1 AND user_id = $2`, id, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		return ensureDefaultAddressTx(ctx, tx, userID, 0)
	})
	if err != nil {
		return fmt.Errorf("addresses store: delete %d: %w", id, mapError(err))
	}
	return nil
}

// ensureDefaultAddressTx makes the member's newest address the default
// when they have addresses and none is; avoid is taken only when it is the
// only one.
func ensureDefaultAddressTx(ctx context.Context, tx *sql.Tx, userID, avoid int64) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM addresses WHERE user_id = $1 AND is_default = $2`,
		userID, true).Scan(&one)
	switch {
	case err == nil:
		return nil
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	var newest int64
	err = tx.QueryRowContext(ctx, `SELECT id FROM addresses WHERE user_id = $1
		ORDER BY CASE WHEN id = $2 THEN 1 ELSE 0 END, created_at DESC, id DESC LIMIT 1`, userID, avoid).Scan(&newest)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE addresses SET is_default = $1 WHERE id = $2`, true, newest)
	return err
}
