-- Web Push subscriptions (issue 22): one row per browser (device) that a
-- member turned push on in. The endpoint is the push service's URL of that
-- browser and is unique: a browser that signs in as another member moves
-- to them. p256dh and auth are the browser's keys (base64url), lang the
-- language its pushes are written in. A member keeps at most a few
-- devices (the store drops the least recently subscribed).

-- +goose Up
CREATE TABLE push_subscriptions (
    id         BIGINT PRIMARY KEY,
    user_id    BIGINT NOT NULL,
    endpoint   TEXT NOT NULL UNIQUE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    lang       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, updated_at, id);
-- Each node reads the members who subscribed since its last read.
CREATE INDEX push_subscriptions_updated ON push_subscriptions (updated_at);

-- +goose Down
DROP TABLE push_subscriptions;
