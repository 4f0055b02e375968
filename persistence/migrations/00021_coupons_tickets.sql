-- Coupons and support tickets (issue 16).
--
-- A coupon is a row keyed by its code. owner_id is the member holding it
-- (0: a template, such as a register coupon granted to every new member).
-- coupon_type is cash, register or exchange ('' is an invalid coupon);
-- face_value minor units of face_currency; expired_at epoch ms (0 never).
-- Its status is computed on read: used (used_at <> 0), expired, unused.
-- A checkout takes it in one conditional update (owner, unused, not
-- expired) and records the order in used_order_id; a gift moves owner_id
-- in one conditional update too, so a coupon is used or gifted once.
-- template is the code of the register template a granted coupon came
-- from: (template, owner_id) is unique, so each member gets each template
-- once. names and descriptions are JSON objects per language;
-- restrict_users, restrict_levels and restricted_products JSON lists.
--
-- A ticket is a member's support request; its messages are the thread.
-- A ticket and a message are written once per creation key (the client's
-- clientId scoped to its author). users_admins finds the administrators,
-- who are told of every ticket's change.

-- +goose Up
CREATE TABLE coupons (
    code                TEXT PRIMARY KEY,
    owner_id            BIGINT NOT NULL,
    template            TEXT NOT NULL,
    names               TEXT NOT NULL,
    coupon_type         TEXT NOT NULL,
    face_currency       TEXT NOT NULL,
    face_value          BIGINT NOT NULL,
    min_spend           BIGINT NOT NULL,
    allow_push          BOOLEAN NOT NULL,
    created_at          BIGINT NOT NULL,
    expired_at          BIGINT NOT NULL,
    redeem_type         TEXT NOT NULL,
    redeem_text         TEXT NOT NULL,
    redeem_asset        TEXT NOT NULL,
    redeem_amount       BIGINT NOT NULL,
    redeem_level        TEXT NOT NULL,
    use_restrict        TEXT NOT NULL,
    restrict_users      TEXT NOT NULL,
    restrict_levels     TEXT NOT NULL,
    restricted_type     TEXT NOT NULL,
    restricted_products TEXT NOT NULL,
    descriptions        TEXT NOT NULL,
    used_at             BIGINT NOT NULL,
    used_order_id       BIGINT NOT NULL,
    pushed_from         BIGINT NOT NULL
);
CREATE INDEX coupons_owner ON coupons (owner_id, created_at, code);
CREATE UNIQUE INDEX coupons_template ON coupons (template, owner_id) WHERE template <> '';

CREATE TABLE tickets (
    id             BIGINT PRIMARY KEY,
    user_id        BIGINT NOT NULL,
    creation_key   TEXT NOT NULL,
    subject        TEXT NOT NULL,
    category       TEXT NOT NULL,
    status         TEXT NOT NULL,
    last_message   TEXT NOT NULL,
    last_author_id BIGINT NOT NULL,
    owner_read_at  BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX tickets_key ON tickets (creation_key);
CREATE INDEX tickets_user ON tickets (user_id, status, updated_at, id);
CREATE INDEX tickets_updated ON tickets (updated_at, id);

CREATE TABLE ticket_messages (
    id           BIGINT PRIMARY KEY,
    ticket_id    BIGINT NOT NULL,
    author_id    BIGINT NOT NULL,
    creation_key TEXT NOT NULL,
    staff        BOOLEAN NOT NULL,
    content      TEXT NOT NULL,
    attachments  TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX ticket_messages_key ON ticket_messages (creation_key);
CREATE INDEX ticket_messages_thread ON ticket_messages (ticket_id, id);

-- The staff a ticket's events go to, without reading every member.
CREATE INDEX users_admins ON users (id) WHERE is_admin;

-- +goose Down
DROP INDEX users_admins;
DROP TABLE ticket_messages;
DROP TABLE tickets;
DROP TABLE coupons;
