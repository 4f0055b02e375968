-- Follows, blocks, private messages, notifications and each member's inbox.
--
-- The inbox is the sequenced log of the events a member must not miss
-- (private messages, their deletion, notifications, unread counters): a
-- member's events are numbered 1, 2, 3… without gaps. inbox_seqs holds the
-- last number of each member; a change takes the next one by updating that
-- row in its own transaction, so numbers are committed in order and a
-- rolled back change gives its number back. Transactions that touch two
-- members take their rows in ascending user id order.

-- +goose Up
CREATE TABLE follows (
    follower_id BIGINT NOT NULL,
    followee_id BIGINT NOT NULL,
    id          BIGINT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_follower ON follows (follower_id, id);
CREATE INDEX follows_followee ON follows (followee_id, id);

-- user_id blocked blocked_id: no private message passes between them.
CREATE TABLE user_blocks (
    user_id    BIGINT NOT NULL,
    blocked_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
);

-- read_at and deleted_at are 0 while unread and standing. idem_key is
-- unique so that a retried send is answered with the row it wrote.
CREATE TABLE private_messages (
    id         BIGINT PRIMARY KEY,
    from_id    BIGINT NOT NULL,
    to_id      BIGINT NOT NULL,
    content    TEXT NOT NULL,
    image      TEXT NOT NULL,
    read_at    BIGINT NOT NULL,
    deleted_at BIGINT NOT NULL,
    idem_key   TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX private_messages_sent ON private_messages (from_id, to_id, id);
CREATE INDEX private_messages_received ON private_messages (to_id, from_id, id);
CREATE INDEX private_messages_unread ON private_messages (to_id, read_at, deleted_at);

-- content is a JSON object whose fields depend on type. from_id is 0 for
-- the site itself.
CREATE TABLE notifications (
    id         BIGINT PRIMARY KEY,
    to_id      BIGINT NOT NULL,
    from_id    BIGINT NOT NULL,
    type       TEXT NOT NULL,
    title      TEXT NOT NULL,
    content    TEXT NOT NULL,
    read_at    BIGINT NOT NULL,
    idem_key   TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX notifications_to ON notifications (to_id, id);
CREATE INDEX notifications_unread ON notifications (to_id, read_at);

CREATE TABLE inbox_seqs (
    user_id  BIGINT PRIMARY KEY,
    last_seq BIGINT NOT NULL
);

-- data is the event's JSON object, its first member "seq".
CREATE TABLE inbox_events (
    user_id    BIGINT NOT NULL,
    seq        BIGINT NOT NULL,
    action     TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, seq)
);

-- +goose Down
DROP TABLE inbox_events;
DROP TABLE inbox_seqs;
DROP TABLE notifications;
DROP TABLE private_messages;
DROP TABLE user_blocks;
DROP TABLE follows;
