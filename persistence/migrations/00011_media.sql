-- Media (issue 13): uploaded files, the chunked upload jobs that make them,
-- and the blobs of the database blob store.
--
-- A media item is created ready, in the transaction that ends its upload
-- job (the job's id becomes the item's). A deleted item keeps its row
-- (status 'deleted', its blob removed) so that the daily upload count,
-- derived from the items by owner, type and creation time, cannot be
-- reset by deleting.

-- +goose Up
CREATE TABLE media_items (
    id          BIGINT PRIMARY KEY,
    owner_id    BIGINT NOT NULL,
    media_type  TEXT NOT NULL,
    title       TEXT NOT NULL,
    caption     TEXT NOT NULL,
    alt_text    TEXT NOT NULL,
    file_name   TEXT NOT NULL,
    mime_type   TEXT NOT NULL,
    file_size   BIGINT NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX media_items_owner ON media_items (owner_id, id);
CREATE INDEX media_items_daily ON media_items (owner_id, media_type, created_at);

CREATE TABLE upload_jobs (
    id           BIGINT PRIMARY KEY,
    owner_id     BIGINT NOT NULL,
    file_name    TEXT NOT NULL,
    file_size    BIGINT NOT NULL,
    total_chunks INTEGER NOT NULL,
    policy       TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX upload_jobs_owner ON upload_jobs (owner_id, expires_at);
CREATE INDEX upload_jobs_expiry ON upload_jobs (expires_at);

CREATE TABLE upload_chunks (
    upload_id   BIGINT NOT NULL,
    chunk_index INTEGER NOT NULL,
    size        BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (upload_id, chunk_index)
);

-- The database blob store (persistence.DBBlobs): chunks of uploads in
-- progress, and finished objects in parts of at most 1 MiB.
CREATE TABLE blob_chunks (
    upload_id   BIGINT NOT NULL,
    chunk_index INTEGER NOT NULL,
    data        BYTEA NOT NULL,
    PRIMARY KEY (upload_id, chunk_index)
);

CREATE TABLE blob_objects (
    blob_key   TEXT PRIMARY KEY,
    size       BIGINT NOT NULL,
    part_size  BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE blob_parts (
    blob_key TEXT NOT NULL,
    part     INTEGER NOT NULL,
    data     BYTEA NOT NULL,
    PRIMARY KEY (blob_key, part)
);

-- +goose Down
DROP TABLE blob_parts;
DROP TABLE blob_objects;
DROP TABLE blob_chunks;
DROP TABLE upload_chunks;
DROP TABLE upload_jobs;
DROP TABLE media_items;
