-- Media, second wave (issue 13): the daily upload counts, reserved when an
-- upload job finishes, and the age of the database blob store's chunks.
--
-- media_daily holds how many items of a type a member uploaded in a UTC
-- day (day is the day's start, epoch ms). A finishing job adds one with a
-- conditional upsert (count < the member's maximum), so two jobs finishing
-- at once on different nodes cannot both take the last place. Items the
-- server makes itself (avatars) are not counted. Deleting an item does not
-- give its place back.
--
-- blob_chunks.created_at lets the sweep remove chunks that outlived their
-- upload job (a job removed while its chunks could not be).

-- +goose Up
CREATE TABLE media_daily (
    owner_id   BIGINT NOT NULL,
    media_type TEXT NOT NULL,
    day        BIGINT NOT NULL,
    count      INTEGER NOT NULL,
    PRIMARY KEY (owner_id, day, media_type)
);
INSERT INTO media_daily (owner_id, media_type, day, count)
    SELECT owner_id, media_type, created_at - created_at % 86400000, COUNT(*)
    FROM media_items GROUP BY owner_id, media_type, created_at - created_at % 86400000;

ALTER TABLE blob_chunks ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX blob_chunks_age ON blob_chunks (created_at);

-- +goose Down
DROP INDEX blob_chunks_age;
ALTER TABLE blob_chunks DROP COLUMN created_at;
DROP TABLE media_daily;
