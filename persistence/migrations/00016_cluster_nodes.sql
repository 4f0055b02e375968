-- Cluster resilience (issue 21): the shared record of live nodes.
--
-- Every node of a cluster writes its row about once a second (its gossip
-- address and current member id). A node reads the rows seen lately to
-- find peers it should be connected to: a node restarted without seeds
-- joins them from here, and a node that sees fewer of them than a majority
-- through gossip says it is not ready. A node that stops gracefully
-- removes its row. cluster names the cluster (--cluster-name), so that
-- clusters sharing a database do not count each other.

-- +goose Up
CREATE TABLE cluster_nodes (
    cluster    TEXT NOT NULL,
    node       TEXT NOT NULL,
    gossip     TEXT NOT NULL,
    member_id  TEXT NOT NULL,
    seen_at    BIGINT NOT NULL,
    PRIMARY KEY (cluster, node)
);

-- +goose Down
DROP TABLE cluster_nodes;
