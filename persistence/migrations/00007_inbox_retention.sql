-- The inbox is a log for resuming live delivery, not the messages or
-- notifications themselves: rows older than the retention are deleted
-- (InboxStore.Prune), oldest first, through this index.

-- +goose Up
CREATE INDEX inbox_events_created ON inbox_events (created_at, user_id, seq);

-- +goose Down
DROP INDEX inbox_events_created;
