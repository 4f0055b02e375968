-- The operators' console (issue 18), its members part.
--
-- audit_log is append-only: every call of an administrators' action (and
-- of the few member actions marked for audit) by a signed-in caller, with
-- what it changed (before and after, JSON text; '' when nothing) and the
-- request data with secrets masked. Nothing updates or deletes its rows.
--
-- users.can_builder is the per-member builder role (the page builder's
-- right without being an administrator). A ban now has an end:
-- banned_until is when it ends, epoch ms (0: never), with the reason and
-- the administrator who banned (banned_by, 0 for none recorded); banned_at
-- stays the start (0: not banned).

-- +goose Up
CREATE TABLE audit_log (
    id         BIGINT PRIMARY KEY,
    at         BIGINT NOT NULL,
    actor_id   BIGINT NOT NULL,
    action     TEXT NOT NULL,
    target     TEXT NOT NULL,
    outcome    TEXT NOT NULL,
    status     INTEGER NOT NULL,
    before     TEXT NOT NULL,
    after      TEXT NOT NULL,
    input      TEXT NOT NULL,
    ip         TEXT NOT NULL,
    user_agent TEXT NOT NULL
);
CREATE INDEX audit_log_at ON audit_log (at, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at);
CREATE INDEX audit_log_action ON audit_log (action, at);
CREATE INDEX audit_log_target ON audit_log (target, at);

ALTER TABLE users ADD COLUMN can_builder BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN banned_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN ban_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN banned_by BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN banned_by;
ALTER TABLE users DROP COLUMN ban_reason;
ALTER TABLE users DROP COLUMN banned_until;
ALTER TABLE users DROP COLUMN can_builder;
DROP TABLE audit_log;
