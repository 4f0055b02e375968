package ops

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompare(t *testing.T) {
	t.Parallel()
	node := func(name, id string, serving bool, members ...string) NodeStatus {
		return NodeStatus{Node: name, MemberID: id, Serving: serving, Members: members}
	}
	require.Empty(t, Compare([]NodeStatus{node("node-1", "a", true, "a", "b"), node("node-2", "b", true, "a", "b")}))
	require.Empty(t, Compare([]NodeStatus{node("node-1", "a", true, "a")}), "a single node agrees with itself")

	issues := Compare([]NodeStatus{node("node-1", "a", true, "a", "b"), node("node-2", "b", true, "a", "b"),
		node("node-3", "c", false, "c")})
	require.Len(t, issues, 4, "%v", issues)
	require.Contains(t, issues, "node-3 does not serve: ")
	require.Contains(t, issues, "node-3 sees 1 members, 3 nodes answered")
	require.Contains(t, issues, "node-1 sees 2 members, 3 nodes answered")
}
