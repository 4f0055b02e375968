-- Email notifications (issue 22): the emails the nodes of a cluster owe
-- their members, each sent by one node.
--
-- A job is one email to one member: kind is messages (unread private
-- messages from one sender: topic is the sender's id), mentions (unread
-- mentions: topic '') or digest (the unread notifications of one local
-- day: topic is that day, YYYY-MM-DD). ref_id is the first message or
-- notification the email stands for (0 for a digest).
--
-- once_key keeps jobs from doubling: while a messages or mentions job is
-- pending it holds "user:kind:topic" (more events of that kind only join
-- it) and is cleared once the job ends; a digest keeps "user:digest:day"
-- for good, so a day's digest is created once whatever node scans.
--
-- state is pending, sent, skipped (nothing left to say, or the member's
-- preferences refuse it) or failed (the mail server refused it every
-- attempt). A node claims due pending jobs by setting lease_until and a
-- lease_token of its own in one UPDATE; only the holder of the token ends
-- or reschedules the job, and a lease that ran out (its node stopped) lets
-- another node take the job. Times are epoch ms.

-- +goose Up
CREATE TABLE email_jobs (
    id          BIGINT PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    topic       TEXT NOT NULL,
    ref_id      BIGINT NOT NULL,
    once_key    TEXT UNIQUE,
    state       TEXT NOT NULL,
    due_at      BIGINT NOT NULL,
    attempts    INTEGER NOT NULL,
    lease_until BIGINT NOT NULL,
    lease_token TEXT NOT NULL,
    last_error  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
-- The nodes' poll: the due pending jobs, earliest first.
CREATE INDEX email_jobs_due ON email_jobs (state, due_at);
-- The janitor: ended jobs by age.
CREATE INDEX email_jobs_updated ON email_jobs (updated_at);

-- +goose Down
DROP TABLE email_jobs;
