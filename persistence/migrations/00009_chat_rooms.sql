-- The chat rooms that exist: a room is joined, watched or written to only
-- once the site made it (the default room "chat", rooms created by an
-- admin or by a feature). Rooms that already hold messages stay.

-- +goose Up
CREATE TABLE chat_rooms (
    name       TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);
INSERT INTO chat_rooms (name, created_at) VALUES ('chat', 0);
INSERT INTO chat_rooms (name, created_at) SELECT DISTINCT room, 0 FROM chat_events WHERE room <> 'chat';

-- +goose Down
DROP TABLE chat_rooms;
