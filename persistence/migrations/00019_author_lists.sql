-- A member's profile lists what they wrote (issue 15): their topics,
-- answers and articles, the newest first, a page at a time.

-- +goose Up
CREATE INDEX community_topics_author ON community_topics (author_id, deleted_at, id);
CREATE INDEX community_answers_author ON community_answers (author_id, deleted_at, id);
CREATE INDEX articles_author ON articles (author_id, lang, deleted_at, id);

-- +goose Down
DROP INDEX articles_author;
DROP INDEX community_answers_author;
DROP INDEX community_topics_author;
