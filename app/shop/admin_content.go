package shop

import (
	"context"
	"fmt"

	"souk/persistence"
)

// DeleteContent soft-deletes the product id: it leaves the shop's lists
// and pages; the orders that bought it keep their snapshots.
// persistence.ErrNotFound when there is no live product id.
func (s *Service) DeleteContent(ctx context.Context, kind string, id int64) error {
	if kind != persistence.AdminProduct {
		return fmt.Errorf("shop: %s is not the shop's to delete", kind)
	}
	return s.db.Shop().DeleteProduct(ctx, id)
}

// RestoreContent puts the soft-deleted product id back in the shop.
// persistence.ErrNotFound when there is no deleted product id.
func (s *Service) RestoreContent(ctx context.Context, kind string, id int64) error {
	if kind != persistence.AdminProduct {
		return fmt.Errorf("shop: %s is not the shop's to restore", kind)
	}
	return s.db.AdminContent().RestoreProduct(ctx, id)
}
