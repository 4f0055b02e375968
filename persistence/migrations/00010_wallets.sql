-- Wallets (issue 12): a double-entry ledger of member and system accounts,
-- top-up payments, VIP tier prices and growth points.
--
-- Member balances are rows of wallet_balances, changed only by conditional
-- updates (balance + delta >= 0) in the transaction that inserts the
-- operation's wallet_ops row under its unique idempotency key and its
-- wallet_entries. System accounts (negative ids) have entries only, so no
-- single hot row serializes every operation.

-- +goose Up
ALTER TABLE levels ADD COLUMN min_points BIGINT NOT NULL DEFAULT 0;
ALTER TABLE levels ADD COLUMN prices TEXT NOT NULL DEFAULT '{}';
ALTER TABLE levels ADD COLUMN duration_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN growth_points BIGINT NOT NULL DEFAULT 0;

CREATE TABLE wallet_balances (
    user_id    BIGINT NOT NULL,
    asset      TEXT NOT NULL,
    balance    BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, asset)
);

CREATE TABLE wallet_ops (
    id             BIGINT PRIMARY KEY,
    idem_key       TEXT NOT NULL UNIQUE,
    user_id        BIGINT NOT NULL,
    reason         TEXT NOT NULL,
    ref            TEXT NOT NULL,
    fingerprint    TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    vip_expires_at BIGINT NOT NULL
);

CREATE TABLE wallet_entries (
    id            BIGINT PRIMARY KEY,
    op_id         BIGINT NOT NULL,
    user_id       BIGINT NOT NULL,
    asset         TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    ref           TEXT NOT NULL,
    memo          TEXT NOT NULL,
    peer_id       BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX wallet_entries_user ON wallet_entries (user_id, id);
CREATE INDEX wallet_entries_op ON wallet_entries (op_id);

CREATE TABLE payments (
    id           BIGINT PRIMARY KEY,
    user_id      BIGINT NOT NULL,
    provider     TEXT NOT NULL,
    asset        TEXT NOT NULL,
    amount       BIGINT NOT NULL,
    status       TEXT NOT NULL,
    provider_ref TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    paid_at      BIGINT NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, id);

CREATE TABLE growth_days (
    user_id BIGINT NOT NULL,
    day     TEXT NOT NULL,
    reason  TEXT NOT NULL,
    points  BIGINT NOT NULL,
    PRIMARY KEY (user_id, day, reason)
);

-- When a member's rights last changed (a VIP tier bought or ended, a level
-- reached): every node reads the recent changes, and an access token
-- issued before its member's change has its rights read again.
CREATE TABLE rights_changes (
    user_id    BIGINT PRIMARY KEY,
    changed_at BIGINT NOT NULL
);
CREATE INDEX rights_changes_at ON rights_changes (changed_at);

-- The tiers that end are found by their end (account's membership watch).
CREATE INDEX users_vip_expires ON users (vip_expires_at);

-- +goose Down
DROP INDEX users_vip_expires;
DROP TABLE rights_changes;
DROP TABLE growth_days;
DROP TABLE payments;
DROP TABLE wallet_entries;
DROP TABLE wallet_ops;
DROP TABLE wallet_balances;
ALTER TABLE users DROP COLUMN growth_points;
ALTER TABLE levels DROP COLUMN duration_days;
ALTER TABLE levels DROP COLUMN prices;
ALTER TABLE levels DROP COLUMN min_points;
