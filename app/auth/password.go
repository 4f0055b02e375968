package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"souk/persistence"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters of new hashes (the RFC 9106 "second recommended"
// memory-constrained choice, with 2 lanes). Hashes made with other
// parameters still verify: they are read from the encoded hash.
const (
	argonTime    = 3
	argonMemory  = 64 * 1024 // KiB
	argonThreads = 2
	argonSaltLen = 16
	argonKeyLen  = 32
)

// ErrMalformedHash is returned when a stored password hash is not an
// argon2id hash in PHC format.
var ErrMalformedHash = errors.New("auth: malformed password hash")

// b64 is the PHC string format's base64: standard alphabet, no padding.
var b64 = base64.RawStdEncoding

// Argon2Params is the cost of new password hashes. The zero value means
// DefaultArgon2.
type Argon2Params struct {
	Time      uint32
	MemoryKiB uint32
	Threads   uint8
}

// DefaultArgon2 is the cost every new hash uses in production.
var DefaultArgon2 = Argon2Params{Time: argonTime, MemoryKiB: argonMemory, Threads: argonThreads}

// HashPassword hashes pw with argon2id and a random 16-byte salt, in PHC
// format: $argon2id$v=19$m=65536,t=3,p=2$<salt>$<hash>.
func HashPassword(pw string) (string, error) {
	return HashPasswordWith(pw, DefaultArgon2)
}

// HashPasswordWith is HashPassword at another cost. Only tests should lower
// it (Config.PasswordCost), to keep them fast.
func HashPasswordWith(pw string, p Argon2Params) (string, error) {
	return hashWith(argon2.IDKey, pw, p)
}

// kdf is argon2.IDKey's signature; Credentials hold theirs so that tests
// can watch how many hashes run at once.
type kdf func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte

func hashWith(idKey kdf, pw string, p Argon2Params) (string, error) {
	if p == (Argon2Params{}) {
		p = DefaultArgon2
	}
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	key := idKey([]byte(pw), salt, p.Time, p.MemoryKiB, p.Threads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether pw matches the encoded hash, comparing in
// constant time. It returns ErrMalformedHash (wrapped) when encoded is not a
// PHC argon2id hash this package can check.
func VerifyPassword(encoded, pw string) (bool, error) {
	return verifyWith(argon2.IDKey, encoded, pw)
}

func verifyWith(idKey kdf, encoded, pw string) (bool, error) {
	p, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	key := idKey([]byte(pw), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1, nil
}

type argonParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

// Bounds on what a stored hash may ask for, so that a corrupted or hostile
// row cannot make verification exhaust memory or time.
const (
	maxMemory = 1024 * 1024 // KiB, 1 GiB
	maxTime   = 100
	minKeyLen = 16
	maxKeyLen = 1024
)

func parseHash(encoded string) (argonParams, error) {
	var p argonParams
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, fmt.Errorf("%w: not $argon2id$v=..$m=..,t=..,p=..$salt$hash", ErrMalformedHash)
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, fmt.Errorf("%w: unsupported version %q", ErrMalformedHash, parts[2])
	}
	var threads uint32
	n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &threads)
	if err != nil || n != 3 || fmt.Sprintf("m=%d,t=%d,p=%d", p.memory, p.time, threads) != parts[3] {
		return p, fmt.Errorf("%w: bad parameters %q", ErrMalformedHash, parts[3])
	}
	if p.time < 1 || p.time > maxTime || threads < 1 || threads > 255 || p.memory < 8*threads || p.memory > maxMemory {
		return p, fmt.Errorf("%w: parameters out of range %q", ErrMalformedHash, parts[3])
	}
	p.threads = uint8(threads)
	if p.salt, err = b64.Strict().DecodeString(parts[4]); err != nil || len(p.salt) < 8 {
		return p, fmt.Errorf("%w: bad salt", ErrMalformedHash)
	}
	if p.key, err = b64.Strict().DecodeString(parts[5]); err != nil || len(p.key) < minKeyLen || len(p.key) > maxKeyLen {
		return p, fmt.Errorf("%w: bad hash", ErrMalformedHash)
	}
	return p, nil
}

// hashPassword hashes a new password at the configured cost, waiting for
// a slot of the hash gate; it returns ErrBusy when none frees up in time.
func (s *Credentials) hashPassword(ctx context.Context, pw string) (string, error) {
	var hash string
	var err error
	if gateErr := s.hashes.run(ctx, func() { hash, err = hashWith(s.idKey, pw, s.cost) }); gateErr != nil {
		return "", gateErr
	}
	return hash, err
}

// verifyLogin reports whether pw is the password of u. With found false
// (nobody has that login) or a user without a password it verifies against
// a dummy hash of the same cost, so that an unknown account takes as long
// to refuse as a wrong password. It returns ErrBusy when the hash gate had
// no slot in time.
func (s *Credentials) verifyLogin(ctx context.Context, u persistence.User, found bool, pw string) (bool, error) {
	var ok bool
	var err error
	gateErr := s.hashes.run(ctx, func() {
		hash := u.PasswordHash
		if !found || hash == "" {
			s.dummyOnce.Do(func() {
				b := make([]byte, 16)
				_, _ = rand.Read(b)
				dummy, err := hashWith(s.idKey, base64.StdEncoding.EncodeToString(b), s.cost)
				if err != nil {
					s.log.ErrorContext(ctx, "make dummy password hash", "err", err)
				}
				s.dummyHash = dummy
			})
			hash = s.dummyHash
		}
		ok, err = verifyWith(s.idKey, hash, pw)
	})
	if gateErr != nil {
		return false, gateErr
	}
	if err != nil {
		s.log.ErrorContext(ctx, "verify password", "user", u.ID, "err", err)
		return false, nil
	}
	return ok && found && u.PasswordHash != "", nil
}
