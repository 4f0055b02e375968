-- Notification preferences (issue 22): per member, per kind of
-- notification (messages, mentions, replies, ...), whether it reaches them
-- in the site, by push and by email; a "do not disturb" range in their time
-- zone; and whether they want the daily email digest. A member without a
-- row has the defaults (app/internal/notifypref.Defaults).
--
-- kinds is a JSON object {"messages":{"site":true,"push":true,"email":true},
-- ...}; a kind missing from it has its default. dnd_start and dnd_end are
-- minutes after local midnight (0..1439); a start after the end wraps
-- midnight. time_zone is an IANA name ('' = UTC). Times are epoch ms.

-- +goose Up
CREATE TABLE notify_prefs (
    user_id     BIGINT PRIMARY KEY,
    kinds       TEXT NOT NULL,
    dnd_enabled BOOLEAN NOT NULL,
    dnd_start   INTEGER NOT NULL,
    dnd_end     INTEGER NOT NULL,
    time_zone   TEXT NOT NULL,
    digest      BOOLEAN NOT NULL,
    updated_at  BIGINT NOT NULL
);
-- The digest scan: the members who asked for it, by id.
CREATE INDEX notify_prefs_digest ON notify_prefs (digest, user_id);

-- +goose Down
DROP TABLE notify_prefs;
