package persistence

import (
	"context"
	"fmt"
)

// Currency is a currency prices and balances can be shown in.
type Currency struct {
	// Code is the ISO 4217 code: CNY, USD, EUR.
	Code string
	// SymbolISO is the code shown beside amounts, e.g. "RMB" for CNY.
	SymbolISO string
	// Symbol is the sign shown before amounts: ¥, $, €.
	Symbol string
	// Names is the currency's name per language code.
	Names map[string]string
	// Decimals is the number of minor-unit digits.
	Decimals int
	// Position orders the picker, lowest first.
	Position int
}

// CurrenciesStore keeps the currencies.
type CurrenciesStore struct{ db *DB }

// Currencies returns the currencies store.
func (db *DB) Currencies() CurrenciesStore { return CurrenciesStore{db: db} }

const currencyColumns = `code, symbol_iso, symbol, names, decimals, position`

func scanCurrency(row scanner) (Currency, error) {
	var c Currency
	var names string
	if err := row.Scan(&c.Code, &c.SymbolISO, &c.Symbol, &names, &c.Decimals, &c.Position); err != nil {
		return c, err
	}
	return c, decodeJSON(names, &c.Names)
}

// List returns every currency ordered by Position. It answers from a copy
// up to SnapshotTTL old (see SnapshotTTL).
func (s CurrenciesStore) List(ctx context.Context) ([]Currency, error) {
	return s.db.cache.currencies.get(ctx, s.db.clock, s.list)
}

func (s CurrenciesStore) list(ctx context.Context) ([]Currency, error) {
	list, err := queryList(ctx, s.db.reads, scanCurrency,
		`SELECT `+currencyColumns+` FROM currencies ORDER BY position, code`)
	if err != nil {
		return nil, fmt.Errorf("currencies store: list: %w", err)
	}
	return list, nil
}

// Get returns the currency with the ISO code, or ErrNotFound.
func (s CurrenciesStore) Get(ctx context.Context, code string) (Currency, error) {
	c, err := scanCurrency(s.db.reads.QueryRowContext(ctx,
		`SELECT `+currencyColumns+` FROM currencies WHERE code = $1`, code))
	if err != nil {
		return Currency{}, fmt.Errorf("currencies store: get %q: %w", code, mapError(err))
	}
	return c, nil
}

// Upsert creates the currency or replaces the one with the same Code.
// An unchanged currency leaves the row untouched.
func (s CurrenciesStore) Upsert(ctx context.Context, c Currency) error {
	names, err := encodeJSON(nonNilMap(c.Names))
	if err != nil {
		return fmt.Errorf("currencies store: upsert %q: %w", c.Code, err)
	}
	_, err = s.db.write.ExecContext(ctx, `
		INSERT INTO currencies (code, symbol_iso, symbol, names, decimals, position, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (code) DO UPDATE SET symbol_iso = excluded.symbol_iso, symbol = excluded.symbol,
			names = excluded.names, decimals = excluded.decimals,
			position = excluded.position, updated_at = excluded.updated_at
		WHERE (currencies.symbol_iso, currencies.symbol, currencies.names, currencies.decimals, currencies.position)
			<> (excluded.symbol_iso, excluded.symbol, excluded.names, excluded.decimals, excluded.position)`,
		c.Code, c.SymbolISO, c.Symbol, names, c.Decimals, c.Position, Now())
	s.db.cache.currencies.invalidate()
	if err != nil {
		return fmt.Errorf("currencies store: upsert %q: %w", c.Code, mapError(err))
	}
	return nil
}
