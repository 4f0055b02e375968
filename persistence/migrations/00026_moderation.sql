-- Chat moderation (issue 18): an operator mutes a member in one chat room
-- until a time (epoch ms); the room refuses the member's messages until
-- then. One row per room and member: muting again replaces the row,
-- unmuting deletes it, and an expired row is simply no longer active.
-- by_id is the operator who muted, reason what they wrote.

-- +goose Up
CREATE TABLE chat_mutes (
    room       TEXT NOT NULL,
    user_id    BIGINT NOT NULL,
    until      BIGINT NOT NULL,
    reason     TEXT NOT NULL,
    by_id      BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (room, user_id)
);
CREATE INDEX chat_mutes_until ON chat_mutes (until);

-- +goose Down
DROP TABLE chat_mutes;
