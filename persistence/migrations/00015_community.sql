-- Community (issue 14): categories group nodes; members join nodes
-- (free, paid through the wallet, level-gated or by the admins only) and
-- post topics (normal, bounty, vote) and answers in them.
--
-- A category and a node are both rows of community_nodes (kind); a node
-- names its category in category_id (0: none). names and descriptions are
-- JSON objects per language; admins a JSON list of member ids. A paid
-- node's price is join_amount minor units of join_asset (a currency code
-- or CREDIT); a level-gated node's level is join_level.
--
-- A topic is written once per creation key (the client's idemKey scoped to
-- its author): a bounty's escrow is a wallet operation under the same key,
-- applied before the row is written. bounty_state walks open -> awarding
-- -> awarded or open -> refunding -> refunded; the claim (open -> ...) is
-- one conditional update, so an award and a refund never both happen, and
-- the money moves under award:{topic} or refund:{topic}, exactly once.
-- award is the JSON list of the shares claimed. A vote topic's options are
-- a JSON list of texts; each member votes once (community_votes' key).

-- +goose Up
CREATE TABLE community_nodes (
    id           BIGINT PRIMARY KEY,
    kind         TEXT NOT NULL,
    category_id  BIGINT NOT NULL,
    slug         TEXT NOT NULL,
    names        TEXT NOT NULL,
    descriptions TEXT NOT NULL,
    thumb        TEXT NOT NULL,
    owner_id     BIGINT NOT NULL,
    admins       TEXT NOT NULL,
    node_type    TEXT NOT NULL,
    join_type    TEXT NOT NULL,
    join_asset   TEXT NOT NULL,
    join_amount  BIGINT NOT NULL,
    join_level   TEXT NOT NULL,
    member_count BIGINT NOT NULL,
    topic_count  BIGINT NOT NULL,
    position     BIGINT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX community_nodes_slug ON community_nodes (kind, slug);
CREATE INDEX community_nodes_list ON community_nodes (kind, position, id);

CREATE TABLE community_members (
    node_id   BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (node_id, user_id)
);
CREATE INDEX community_members_user ON community_members (user_id);

CREATE TABLE community_topics (
    id            BIGINT PRIMARY KEY,
    node_id       BIGINT NOT NULL,
    author_id     BIGINT NOT NULL,
    creation_key  TEXT NOT NULL,
    title         TEXT NOT NULL,
    content       TEXT NOT NULL,
    excerpt       TEXT NOT NULL,
    roles         TEXT NOT NULL,
    topic_type    TEXT NOT NULL,
    bounty_asset  TEXT NOT NULL,
    bounty_amount BIGINT NOT NULL,
    bounty_state  TEXT NOT NULL,
    award         TEXT NOT NULL,
    vote_options  TEXT NOT NULL,
    deadline      BIGINT NOT NULL,
    answer_count  BIGINT NOT NULL,
    deleted_at    BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX community_topics_key ON community_topics (creation_key);
CREATE INDEX community_topics_node ON community_topics (node_id, deleted_at, id);
CREATE INDEX community_topics_bounty ON community_topics (bounty_state, deadline);

CREATE TABLE community_answers (
    id           BIGINT PRIMARY KEY,
    topic_id     BIGINT NOT NULL,
    author_id    BIGINT NOT NULL,
    creation_key TEXT NOT NULL,
    content      TEXT NOT NULL,
    deleted_at   BIGINT NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE UNIQUE INDEX community_answers_key ON community_answers (creation_key);
CREATE INDEX community_answers_topic ON community_answers (topic_id, deleted_at, id);

CREATE TABLE community_votes (
    topic_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    option_idx BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (topic_id, user_id)
);

-- +goose Down
DROP TABLE community_votes;
DROP TABLE community_answers;
DROP TABLE community_topics;
DROP TABLE community_members;
DROP TABLE community_nodes;
