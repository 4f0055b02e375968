// Package picked holds what the lists by ids share: a builder's
// hand-picked articles, topics or products (the ids of content.archive,
// community.topics and shop.archive). Each feature reads its own rows;
// this package bounds and checks the ids and gives them in their order,
// each once.
package picked

import "souk/app/action"

// Max bounds the ids of a list by ids.
const Max = 20

// Valid reports whether ids is a list by ids: at most Max ids, each a
// databaseId. Empty ids are valid: no list by ids.
func Valid(ids []action.ID) bool {
	if len(ids) > Max {
		return false
	}
	for _, id := range ids {
		if id <= 0 {
			return false
		}
	}
	return true
}

// Keys returns ids as row keys in their order, a repeated id only where it
// first stands.
func Keys(ids []action.ID) []int64 {
	keys := make([]int64, 0, len(ids))
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		if k := int64(id); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}
