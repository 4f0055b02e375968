package auth

import "time"

// WatchHashes replaces the key derivation of c's password hashes and the
// timer of its hash gate's line, so that a test can count the hashes
// running at once and end a wait when it chooses. Call it before c is used.
func (s *Credentials) WatchHashes(idKey func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte,
	after func(time.Duration) <-chan time.Time) {
	s.idKey = idKey
	s.hashes.after = after
}
