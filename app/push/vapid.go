package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"sync"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// vapidSettingKey keeps the VAPID key pair in the settings store, where
// every node of a cluster finds the same one.
const vapidSettingKey = "push.vapid"

// vapidPair is the stored key pair, base64url (no padding): the private
// scalar and the uncompressed public point.
type vapidPair struct {
	Private string `json:"private"`
	Public  string `json:"public"`
}

// vapidKeys is the key pair, read once from the database.
type vapidKeys struct {
	mu   sync.Mutex
	pair *vapidPair // guarded by mu: nil until read
}

// get returns the key pair, generated and stored by the first node that
// needed it; concurrent nodes all read the one that won.
func (k *vapidKeys) get(ctx context.Context, s *Service) (vapidPair, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.pair != nil {
		return *k.pair, nil
	}
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return vapidPair{}, fmt.Errorf("push: generate the VAPID keys: %w", err)
	}
	var stored vapidPair
	if err := s.db.Settings().GetOrCreate(ctx, vapidSettingKey, vapidPair{Private: private, Public: public}, &stored); err != nil {
		return vapidPair{}, fmt.Errorf("push: read the VAPID keys: %w", err)
	}
	if err := stored.check(); err != nil {
		return vapidPair{}, err
	}
	k.pair = &stored
	return stored, nil
}

// check makes sure the stored pair is a P-256 key pair whose halves match.
func (p vapidPair) check() error {
	priv, err := base64.RawURLEncoding.DecodeString(p.Private)
	if err != nil {
		return fmt.Errorf("push: the stored VAPID private key is damaged: %w", err)
	}
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return fmt.Errorf("push: the stored VAPID private key is damaged: %w", err)
	}
	if base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()) != p.Public {
		return fmt.Errorf("push: the stored VAPID public key does not match its private key")
	}
	return nil
}
