package wallet

import (
	"context"

	"souk/app/action"
)

// GetInput takes nothing.
type GetInput struct{}

// GetReply is the reply of wallet.get.
type GetReply struct {
	Wallet WalletView `json:"wallet"`
}

// Get answers wallet.get.
func (s *Service) Get(ctx context.Context, _ GetInput) (GetReply, error) {
	v, err := s.view(ctx, action.RequestFrom(ctx).Viewer.UserID)
	return GetReply{Wallet: v}, err
}
