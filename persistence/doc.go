// Package persistence opens the database (an embedded SQLite file by default,
// PostgreSQL or CockroachDB given a postgres:// URL), migrates it, and holds
// one store per aggregate: settings, languages, currencies, levels, users,
// sessions, chat, messages, notifications, follows, custom pages, and the
// money: the wallets' double-entry ledger, payments and growth points.
//
// All SQL of the project lives here, written once for both databases: $n
// placeholders, ON CONFLICT upserts, application-generated BIGINT ids,
// BIGINT epoch-millisecond times and JSON kept as TEXT. The few differences
// (drivers, unique-violation codes, serialization retries, migration locking)
// sit in dialect.go.
//
// A *DB is safe for concurrent use. On SQLite every write goes through one
// connection (SQLite allows one writer at a time) while reads use a separate
// pool of read-only connections, which WAL lets run beside the writer.
package persistence
