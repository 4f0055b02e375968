-- Every node reads the session families revoked in the last minutes
-- (SessionsStore.RevokedSince), so that an ended session's access tokens
-- are refused everywhere before they expire.

-- +goose Up
CREATE INDEX refresh_tokens_revoked ON refresh_tokens (revoked_at);

-- +goose Down
DROP INDEX refresh_tokens_revoked;
