package persistence

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/pressly/goose/v3"
)

// searchMigrationVersion is the search index's migration, number 17 among
// the SQL files of migrations/. It is written in Go: its tables differ
// between the databases, and it fills the index with the tokens of
// search_text.go.
const searchMigrationVersion = 17

// The search index: search_docs holds the entries (search_index.go); terms
// and title_terms are token lists (search_text.go). SQLite finds entries
// through an FTS5 table over search_docs kept by triggers, PostgreSQL
// through a tsvector column made of the tokens as they are.
const searchDocColumns = `
	kind        TEXT NOT NULL,
	target_id   BIGINT NOT NULL,
	lang        TEXT NOT NULL,
	title       TEXT NOT NULL,
	slug        TEXT NOT NULL,
	image       TEXT NOT NULL,
	ref_id      BIGINT NOT NULL,
	title_terms TEXT NOT NULL,
	terms       TEXT NOT NULL,
	created_at  BIGINT NOT NULL`

// The statements that create the index. The id of an entry is SQLite's
// rowid, which the FTS5 table is keyed by.
var (
	sqliteSearchSchema = []string{
		`CREATE TABLE search_docs (id INTEGER PRIMARY KEY, ` + searchDocColumns + `)`,
		`CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='search_docs', content_rowid='id', tokenize='ascii')`,
		`CREATE TRIGGER search_docs_insert AFTER INSERT ON search_docs BEGIN
			INSERT INTO search_fts (rowid, terms) VALUES (new.id, new.terms);
		END`,
		`CREATE TRIGGER search_docs_delete AFTER DELETE ON search_docs BEGIN
			INSERT INTO search_fts (search_fts, rowid, terms) VALUES ('delete', old.id, old.terms);
		END`,
		`CREATE TRIGGER search_docs_update AFTER UPDATE ON search_docs BEGIN
			INSERT INTO search_fts (search_fts, rowid, terms) VALUES ('delete', old.id, old.terms);
			INSERT INTO search_fts (rowid, terms) VALUES (new.id, new.terms);
		END`,
	}
	postgresSearchSchema = []string{
		`CREATE TABLE search_docs (id BIGINT PRIMARY KEY, ` + searchDocColumns + `,
			terms_tsv TSVECTOR GENERATED ALWAYS AS (array_to_tsvector(string_to_array(btrim(terms), ' '))) STORED)`,
		`CREATE INDEX search_docs_terms ON search_docs USING GIN (terms_tsv)`,
	}
	sharedSearchSchema = []string{
		`CREATE UNIQUE INDEX search_docs_target ON search_docs (kind, target_id)`,
		`CREATE INDEX search_docs_ref ON search_docs (kind, ref_id)`,
	}
)

// searchMigration is migration 17 for db's kind of database.
func (db *DB) searchMigration() *goose.Migration {
	return goose.NewGoMigration(searchMigrationVersion,
		&goose.GoFunc{RunTx: db.createSearchIndex}, &goose.GoFunc{RunTx: dropSearchIndex})
}

// createSearchIndex creates the index and fills it with every live
// article, topic (with its answers) and member.
func (db *DB) createSearchIndex(ctx context.Context, tx *sql.Tx) error {
	schema := sqliteSearchSchema
	if db.kind == KindPostgres {
		schema = postgresSearchSchema
	}
	for _, stmt := range append(schema, sharedSearchSchema...) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	for _, fill := range []struct {
		query string
		index func(context.Context, *sql.Tx, int64) error
	}{
		{`SELECT id FROM articles WHERE deleted_at = 0 ORDER BY id`, db.indexArticle},
		{`SELECT id FROM community_topics WHERE deleted_at = 0 ORDER BY id`, db.indexTopic},
		{`SELECT id FROM users ORDER BY id`, db.indexUser},
	} {
		ids, err := queryList(ctx, tx, func(row scanner) (int64, error) {
			var id int64
			return id, row.Scan(&id)
		}, fill.query)
		if err != nil {
			return fmt.Errorf("search index: fill: %w", err)
		}
		for _, id := range ids {
			if err := fill.index(ctx, tx, id); err != nil {
				return fmt.Errorf("search index: fill %d: %w", id, err)
			}
		}
	}
	return nil
}

func dropSearchIndex(ctx context.Context, tx *sql.Tx) error {
	for _, stmt := range []string{`DROP TABLE IF EXISTS search_fts`, `DROP TABLE search_docs`} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("search index: drop: %w", err)
		}
	}
	return nil
}
