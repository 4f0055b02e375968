-- The first schema: site settings, languages, currencies, levels, users and
-- custom pages. One text for SQLite and PostgreSQL: ids are application
-- generated BIGINTs, times are UTC epoch milliseconds, JSON is kept as TEXT
-- so that it reads back byte for byte on both.

-- +goose Up
CREATE TABLE settings (
    setting_key TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE languages (
    code       TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    locale     TEXT NOT NULL,
    flag_url   TEXT NOT NULL,
    currency   TEXT NOT NULL,
    position   INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE currencies (
    code       TEXT PRIMARY KEY,
    symbol_iso TEXT NOT NULL,
    symbol     TEXT NOT NULL,
    names      TEXT NOT NULL,
    decimals   INTEGER NOT NULL,
    position   INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE levels (
    kind       TEXT NOT NULL,
    level_key  TEXT NOT NULL,
    icon       TEXT NOT NULL,
    names      TEXT NOT NULL,
    level_rank INTEGER NOT NULL,
    roles      TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (kind, level_key)
);

CREATE TABLE users (
    id               BIGINT PRIMARY KEY,
    name             TEXT NOT NULL,
    slug             TEXT NOT NULL UNIQUE,
    description      TEXT NOT NULL,
    avatar_url       TEXT NOT NULL,
    email            TEXT UNIQUE,
    phone            TEXT UNIQUE,
    password_hash    TEXT NOT NULL,
    level_key        TEXT NOT NULL,
    vip_key          TEXT NOT NULL,
    vip_expires_at   BIGINT NOT NULL,
    is_admin         BOOLEAN NOT NULL,
    dark_room        BOOLEAN NOT NULL,
    has_information  BOOLEAN NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);

CREATE TABLE pages (
    id         BIGINT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    titles     TEXT NOT NULL,
    layout     TEXT NOT NULL,
    modules    TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE page_variants (
    name       TEXT PRIMARY KEY,
    type       TEXT NOT NULL,
    ids        TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE page_variants;
DROP TABLE pages;
DROP TABLE users;
DROP TABLE levels;
DROP TABLE currencies;
DROP TABLE languages;
DROP TABLE settings;
