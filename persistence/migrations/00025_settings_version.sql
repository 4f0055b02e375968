-- The site-wide settings version (issue 18): every save of the operators'
-- settings screen runs in one transaction that bumps it only if it still
-- holds the version the operator's screen read, so that a save made from a
-- stale screen is refused instead of overwriting another operator's. One
-- row per scope; 'site' is the only scope today.

-- +goose Up
CREATE TABLE settings_versions (
    scope      TEXT PRIMARY KEY,
    version    BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    updated_by BIGINT NOT NULL
);
INSERT INTO settings_versions (scope, version, updated_at, updated_by) VALUES ('site', 0, 0, 0);

-- +goose Down
DROP TABLE settings_versions;
