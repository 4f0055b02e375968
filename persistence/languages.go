package persistence

import (
	"context"
	"fmt"
)

// Language is a language the site speaks.
type Language struct {
	// Code is the site's code: zh-hans, en or es.
	Code string
	// Name is the BCP 47 tag shown to the client: zh-CN, en-US, es-ES.
	Name string
	// Locale is the locale used to format dates and numbers.
	Locale string
	// FlagURL is the picture of the flag shown in the language picker.
	FlagURL string
	// Currency is the ISO code of the currency shown by default in this language.
	Currency string
	// Position orders the picker, lowest first.
	Position int
}

// LanguagesStore keeps the languages.
type LanguagesStore struct{ db *DB }

// Languages returns the languages store.
func (db *DB) Languages() LanguagesStore { return LanguagesStore{db: db} }

// List returns every language ordered by Position.
func (s LanguagesStore) List(ctx context.Context) ([]Language, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (Language, error) {
		var l Language
		err := row.Scan(&l.Code, &l.Name, &l.Locale, &l.FlagURL, &l.Currency, &l.Position)
		return l, err
	}, `SELECT code, name, locale, flag_url, currency, position FROM languages ORDER BY position, code`)
	if err != nil {
		return nil, fmt.Errorf("languages store: list: %w", err)
	}
	return list, nil
}

// Upsert creates the language or replaces the one with the same Code.
// An unchanged language leaves the row untouched.
func (s LanguagesStore) Upsert(ctx context.Context, l Language) error {
	_, err := s.db.write.ExecContext(ctx, `
		INSERT INTO languages (code, name, locale, flag_url, currency, position, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (code) DO UPDATE SET name = excluded.name, locale = excluded.locale,
			flag_url = excluded.flag_url, currency = excluded.currency,
			position = excluded.position, updated_at = excluded.updated_at
		WHERE (languages.name, languages.locale, languages.flag_url, languages.currency, languages.position)
			<> (excluded.name, excluded.locale, excluded.flag_url, excluded.currency, excluded.position)`,
		l.Code, l.Name, l.Locale, l.FlagURL, l.Currency, l.Position, Now())
	if err != nil {
		return fmt.Errorf("languages store: upsert %q: %w", l.Code, mapError(err))
	}
	return nil
}
