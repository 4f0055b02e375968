-- Chat: one row per sequenced event of a room. A room's events are numbered
-- 1, 2, 3… without gaps; (room, seq) is unique so that two activations of a
-- room during a partition cannot both take a number, and idem_key is unique
-- so that a retried command is answered with the row it wrote the first time.
-- kind is chat_room (a message) or delete_chat (the deletion of target_id).
-- deleted_seq on a message is the seq of the event that deleted it, 0 while
-- it stands.

-- +goose Up
CREATE TABLE chat_events (
    room        TEXT NOT NULL,
    seq         BIGINT NOT NULL,
    id          BIGINT NOT NULL UNIQUE,
    kind        TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    message     TEXT NOT NULL,
    target_id   BIGINT NOT NULL,
    deleted_seq BIGINT NOT NULL,
    idem_key    TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (room, seq)
);

-- +goose Down
DROP TABLE chat_events;
