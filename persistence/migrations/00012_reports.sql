-- Reports (issue 13): members report a member, a chat message, a private
-- message or a media item; administrators resolve them from a live queue.
--
-- A member has one open report per thing (reports_open, partial and
-- unique); resolving it frees the key for a new report. The reported
-- content's excerpt and its author are kept with the report, so that the
-- queue still shows what was reported after the content is deleted.
-- users.banned_at is when an administrator banned the member (0: not
-- banned): their sessions end and sign-in is refused.

-- +goose Up
CREATE TABLE reports (
    id          BIGINT PRIMARY KEY,
    reporter_id BIGINT NOT NULL,
    post_type   TEXT NOT NULL,
    post_id     BIGINT NOT NULL,
    author_id   BIGINT NOT NULL,
    report_type TEXT NOT NULL,
    content     TEXT NOT NULL,
    imgs        TEXT NOT NULL,
    excerpt     TEXT NOT NULL,
    status      TEXT NOT NULL,
    resolution  TEXT NOT NULL,
    note        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    resolved_at BIGINT NOT NULL,
    resolved_by BIGINT NOT NULL
);
CREATE UNIQUE INDEX reports_open ON reports (reporter_id, post_type, post_id) WHERE status = 'open';
CREATE INDEX reports_queue ON reports (status, id);
CREATE INDEX reports_reporter ON reports (reporter_id, created_at);

ALTER TABLE users ADD COLUMN banned_at BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN banned_at;
DROP TABLE reports;
