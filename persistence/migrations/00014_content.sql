-- Content (issue 14): articles with their language versions, categories
-- and tags, and the comments and likes every kind of content shares.
--
-- An article is one language version; the versions of one article share a
-- group_id (the id of the first version), at most one live version per
-- language. Its category and tags are article_terms (kind 'category' or
-- 'tag', names per language as JSON, a slug and an id for the archive and
-- tag URLs). idem_key makes a create exactly-once. roles is the gate (a JSON list of {type, value}), content the
-- sanitized HTML. deleted_at is 0 for a live row (soft delete).
--
-- comments and likes are generic over a target (target_type: article,
-- topic, answer, comment; target_id). counters holds each target's like and
-- comment counts, changed in the same transaction as the like or comment:
-- the features that own the targets read them, never keep their own.
-- Content bought through the wallet is unlocked by its ledger operation
-- (idempotency key unlock:{member}:{type}:{id}); no table of its own.

-- +goose Up
CREATE TABLE article_terms (
    id         BIGINT PRIMARY KEY,
    kind       TEXT NOT NULL,
    slug       TEXT NOT NULL,
    names      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX article_terms_slug ON article_terms (kind, slug);

CREATE TABLE articles (
    id             BIGINT PRIMARY KEY,
    group_id       BIGINT NOT NULL,
    lang           TEXT NOT NULL,
    author_id      BIGINT NOT NULL,
    slug           TEXT NOT NULL,
    title          TEXT NOT NULL,
    content        TEXT NOT NULL,
    excerpt        TEXT NOT NULL,
    featured_image TEXT NOT NULL,
    category_id    BIGINT NOT NULL,
    roles          TEXT NOT NULL,
    views          BIGINT NOT NULL,
    idem_key       TEXT NOT NULL UNIQUE,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    deleted_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX articles_version ON articles (group_id, lang) WHERE deleted_at = 0;
CREATE INDEX articles_lang ON articles (lang, deleted_at, id);
CREATE INDEX articles_category ON articles (category_id, lang, id);

CREATE TABLE article_tags (
    tag_id     BIGINT NOT NULL,
    article_id BIGINT NOT NULL,
    PRIMARY KEY (tag_id, article_id)
);
CREATE INDEX article_tags_article ON article_tags (article_id);

CREATE TABLE comments (
    id          BIGINT PRIMARY KEY,
    target_type TEXT NOT NULL,
    target_id   BIGINT NOT NULL,
    author_id   BIGINT NOT NULL,
    reply_to    BIGINT NOT NULL,
    content     TEXT NOT NULL,
    idem_key    TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    deleted_at  BIGINT NOT NULL
);
CREATE INDEX comments_target ON comments (target_type, target_id, id);
CREATE INDEX comments_author ON comments (author_id, target_type, target_id);

CREATE TABLE likes (
    target_type TEXT NOT NULL,
    target_id   BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (target_type, target_id, user_id)
);

CREATE TABLE counters (
    target_type TEXT NOT NULL,
    target_id   BIGINT NOT NULL,
    likes       BIGINT NOT NULL,
    comments    BIGINT NOT NULL,
    PRIMARY KEY (target_type, target_id)
);

-- +goose Down
DROP TABLE counters;
DROP TABLE likes;
DROP TABLE comments;
DROP TABLE article_tags;
DROP TABLE articles;
DROP TABLE article_terms;
