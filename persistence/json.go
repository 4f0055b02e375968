package persistence

import (
	"encoding/json"
	"fmt"
)

// encodeJSON renders v for a TEXT column. encoding/json sorts map keys, so
// equal values give equal text, which lets upserts skip unchanged rows.
func encodeJSON(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encode json: %w", err)
	}
	return string(b), nil
}

// decodeJSON reads a TEXT column written by encodeJSON.
func decodeJSON(text string, into any) error {
	if err := json.Unmarshal([]byte(text), into); err != nil {
		return fmt.Errorf("decode json: %w", err)
	}
	return nil
}

// nonNilMap stores a nil map as {} so that it reads back as an empty map.
func nonNilMap[V any](m map[string]V) map[string]V {
	if m == nil {
		return map[string]V{}
	}
	return m
}

// nonNilSlice stores a nil slice as [] so that it reads back as an empty slice.
func nonNilSlice[V any](s []V) []V {
	if s == nil {
		return []V{}
	}
	return s
}
