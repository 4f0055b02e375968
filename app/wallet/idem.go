package wallet

import "souk/app/action"

// Bounds of a client's idemKey.
const (
	minIdemKey = 8
	maxIdemKey = 100
)

// checkIdemKey requires 8 to 100 characters of [A-Za-z0-9:_-].
func checkIdemKey(key string) error {
	if key == "" {
		return action.Required("idemKey")
	}
	if len(key) < minIdemKey || len(key) > maxIdemKey {
		return action.BadField("idemKey")
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ':' || c == '_' || c == '-') {
			return action.BadField("idemKey")
		}
	}
	return nil
}
