-- Accounts: what a member's profile adds to users, the refresh tokens of
-- their sessions, one-time login links, verification codes and the captchas
-- already used. Tokens and codes are stored only as hashes.

-- +goose Up
ALTER TABLE users ADD COLUMN referrer_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN profile TEXT NOT NULL DEFAULT '{}';

-- One row per refresh token ever issued, until it expires. A family is the
-- chain of tokens one sign-in rotated through; rotated_at marks a token
-- that was exchanged, revoked_at a family that was ended (logout, reset,
-- reuse of a rotated token).
CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    family_id  BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    rotated_at BIGINT NOT NULL,
    revoked_at BIGINT NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);

CREATE TABLE login_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT NOT NULL
);
CREATE INDEX login_tokens_expires ON login_tokens (expires_at);

-- The live verification code of each target (an E.164 phone or an email):
-- issuing a new one replaces it, which is how one code per target per
-- minute is enforced atomically.
CREATE TABLE verification_codes (
    target     TEXT PRIMARY KEY,
    id         BIGINT NOT NULL UNIQUE,
    purpose    TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    attempts   INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT NOT NULL
);
CREATE INDEX verification_codes_expires ON verification_codes (expires_at);

-- Captchas are signed, not stored, when issued; a used (or wrongly
-- answered) one is recorded by its nonce until it would have expired, so
-- that no node accepts it again.
CREATE TABLE used_captchas (
    nonce      TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX used_captchas_expires ON used_captchas (expires_at);

-- +goose Down
DROP TABLE used_captchas;
DROP TABLE verification_codes;
DROP TABLE login_tokens;
DROP TABLE refresh_tokens;
ALTER TABLE users DROP COLUMN profile;
ALTER TABLE users DROP COLUMN referrer_id;
