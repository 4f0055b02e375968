-- Social login: the links between a member and the accounts of OAuth
-- providers (GitHub, Google, WeChat), and the login states already used,
-- which refuse a replayed callback on every node.

-- +goose Up
CREATE TABLE social_accounts (
    provider   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);

CREATE INDEX social_accounts_user ON social_accounts (user_id);

CREATE TABLE social_states (
    state_id   TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

CREATE INDEX social_states_expires ON social_states (expires_at);

-- +goose Down
DROP TABLE social_states;
DROP TABLE social_accounts;
