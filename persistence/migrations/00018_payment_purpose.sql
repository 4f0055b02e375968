-- Payments that buy something (issue 14: gated content's qrcode entry).
--
-- A payment through a provider was a top-up: once paid, its amount is
-- credited to the member. It may now also buy gated content: once paid,
-- its amount moves from the world outside through the member to the payee
-- (the site's revenue or the content's author) in the one ledger operation
-- that is the unlock (persistence.UnlockKey), so paying and unlocking are
-- one exactly-once step. purpose says which; target_type, target_id and
-- payee_id are an unlock's, fixed when the payment is made.

-- +goose Up
ALTER TABLE payments ADD COLUMN purpose TEXT NOT NULL DEFAULT 'topup';
ALTER TABLE payments ADD COLUMN target_type TEXT NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN target_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN payee_id BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE payments DROP COLUMN payee_id;
ALTER TABLE payments DROP COLUMN target_id;
ALTER TABLE payments DROP COLUMN target_type;
ALTER TABLE payments DROP COLUMN purpose;
