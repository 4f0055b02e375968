-- The page builder (issue 17). A page row is now one of three kinds: the
-- home page (name ''), a custom page (/{name}) or a docs page (/docs/{slug},
-- name 'docs/' || slug); position orders the docs pages' side navigation.
-- Its modules column holds the page's blocks per device.
--
-- layout_versions is the publish history: each row is a whole site layout
-- document (header and footer per device, and every page's blocks), the
-- highest version is the one published; a rollback publishes an older
-- document again as a new version (restored_from names it). layout_drafts
-- holds the builders' shared draft (id 'site'); revision numbers its saves
-- so that a stale save is refused instead of overwriting another's.

-- +goose Up
ALTER TABLE pages ADD COLUMN kind TEXT NOT NULL DEFAULT 'custom';
ALTER TABLE pages ADD COLUMN position INTEGER NOT NULL DEFAULT 0;

CREATE TABLE layout_versions (
    version       BIGINT PRIMARY KEY,
    doc           TEXT NOT NULL,
    note          TEXT NOT NULL,
    author_id     BIGINT NOT NULL,
    restored_from BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);

CREATE TABLE layout_drafts (
    id           TEXT PRIMARY KEY,
    doc          TEXT NOT NULL,
    base_version BIGINT NOT NULL,
    revision     BIGINT NOT NULL,
    author_id    BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

-- +goose Down
DROP TABLE layout_drafts;
DROP TABLE layout_versions;
ALTER TABLE pages DROP COLUMN position;
ALTER TABLE pages DROP COLUMN kind;
