package address

import (
	"context"
	"fmt"

	"souk/app/action"
)

// ListInput is empty: account.addresses lists the viewer's.
type ListInput struct{}

// ListReply is the reply of account.addresses.
type ListReply struct {
	Addresses []AddressView `json:"addresses" doc:"the viewer's addresses: the default first, then by index, the newest first"`
}

// List answers account.addresses.
func (s *Service) List(ctx context.Context, _ ListInput) (ListReply, error) {
	req := action.RequestFrom(ctx)
	list, err := s.db.Addresses().List(ctx, req.Viewer.UserID)
	if err != nil {
		return ListReply{}, fmt.Errorf("address: %w", err)
	}
	out := ListReply{Addresses: make([]AddressView, 0, len(list))}
	for _, a := range list {
		out.Addresses = append(out.Addresses, View(a, req.Lang))
	}
	return out, nil
}

// DeleteInput names the address to delete.
type DeleteInput struct {
	AddressID action.ID `json:"addressId" doc:"the viewer's address to delete"`
}

// Validate checks what needs no database.
func (in *DeleteInput) Validate() error {
	if in.AddressID <= 0 {
		return action.Required("addressId")
	}
	return nil
}

// DeleteReply is the reply of mutates.deleteAddress.
type DeleteReply struct {
	Success bool `json:"success" doc:"always true"`
}

// Delete answers mutates.deleteAddress.
func (s *Service) Delete(ctx context.Context, in DeleteInput) (DeleteReply, error) {
	if err := s.db.Addresses().Delete(ctx, action.RequestFrom(ctx).Viewer.UserID, int64(in.AddressID)); err != nil {
		return DeleteReply{}, storeError(err)
	}
	return DeleteReply{Success: true}, nil
}
