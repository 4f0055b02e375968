package push

import "context"

// PublicKeyInput is empty.
type PublicKeyInput struct{}

// PublicKeyReply is the reply of push.publicKey.
type PublicKeyReply struct {
	PublicKey string `json:"publicKey" doc:"the VAPID public key: an uncompressed P-256 point, base64url without padding"`
}

// PublicKey answers push.publicKey.
func (s *Service) PublicKey(ctx context.Context, _ PublicKeyInput) (PublicKeyReply, error) {
	keys, err := s.keys.get(ctx, s)
	if err != nil {
		return PublicKeyReply{}, err
	}
	return PublicKeyReply{PublicKey: keys.Public}, nil
}
