package coupon

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"souk/app/internal/coupons"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// CouponsInput selects a page of the viewer's coupons.
type CouponsInput struct {
	Status string `json:"status,omitempty" doc:"unused, used or expired; empty: all"`
	After  string `json:"after,omitempty" doc:"the endCursor of the page before; empty: the first page"`
}

// Validate checks what needs no database.
func (in *CouponsInput) Validate() error {
	switch in.Status {
	case "", persistence.CouponUnused, persistence.CouponUsed, persistence.CouponExpired:
	default:
		return action.BadField("status")
	}
	if _, ok := parseCursor(in.After); !ok {
		return action.BadField("after")
	}
	return nil
}

// PageInfo is a Relay page's info.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass as after for the next page"`
	HasNextPage bool   `json:"hasNextPage" doc:"more coupons follow"`
}

// CouponEdge is one coupon of a list.
type CouponEdge struct {
	Node CouponView `json:"node" doc:"the coupon"`
}

// CouponList is a page of coupons.
type CouponList struct {
	Edges    []CouponEdge `json:"edges" doc:"the coupons, newest first"`
	PageInfo PageInfo     `json:"pageInfo" doc:"where the next page starts"`
}

// CouponsReply is the reply of account.coupons.
type CouponsReply struct {
	Coupons CouponList `json:"coupons" doc:"a page of the viewer's coupons"`
}

// parseCursor reads "<createdAt>.<code>"; "" is the first page.
func parseCursor(s string) (persistence.CouponCursor, bool) {
	if s == "" {
		return persistence.CouponCursor{}, true
	}
	at, code, ok := strings.Cut(s, ".")
	n, err := strconv.ParseInt(at, 10, 64)
	if !ok || err != nil || n <= 0 || code == "" || len(code) > 64 {
		return persistence.CouponCursor{}, false
	}
	return persistence.CouponCursor{CreatedAt: n, Code: code}, true
}

// Coupons answers account.coupons: the register coupons due to the viewer
// are granted first (once: sign-up grants them, this catches up).
func (s *Service) Coupons(ctx context.Context, in CouponsInput) (CouponsReply, error) {
	userID := action.RequestFrom(ctx).Viewer.UserID
	if in.After == "" {
		if _, err := coupons.RegisterCoupons(ctx, s.db, userID, s.now()); err != nil {
			s.log.Warn("coupon: register coupons", "user", userID, "error", err)
		}
	}
	after, _ := parseCursor(in.After)
	list, err := s.db.Coupons().ListByOwner(ctx, userID, in.Status, persistence.Millis(s.now()), after, pageSize+1)
	if err != nil {
		return CouponsReply{}, fmt.Errorf("coupon: %w", err)
	}
	more := len(list) > pageSize
	if more {
		list = list[:pageSize]
	}
	v, err := s.viewer(ctx)
	if err != nil {
		return CouponsReply{}, err
	}
	views, err := v.views(ctx, list)
	if err != nil {
		return CouponsReply{}, err
	}
	reply := CouponsReply{Coupons: CouponList{Edges: make([]CouponEdge, 0, len(views)),
		PageInfo: PageInfo{HasNextPage: more}}}
	for _, view := range views {
		reply.Coupons.Edges = append(reply.Coupons.Edges, CouponEdge{Node: view})
	}
	if n := len(list); n > 0 {
		reply.Coupons.PageInfo.EndCursor = strconv.FormatInt(list[n-1].CreatedAt, 10) + "." + list[n-1].Code
	}
	return reply, nil
}

// CodeInput names a coupon.
type CodeInput struct {
	CouponCode string `json:"couponCode" doc:"the coupon's code"`
}

// Validate checks what needs no database.
func (in *CodeInput) Validate() error {
	in.CouponCode = normalizeCode(in.CouponCode)
	if in.CouponCode == "" {
		return action.Required("couponCode")
	}
	if len(in.CouponCode) > 64 {
		return action.BadField("couponCode")
	}
	return nil
}

// normalizeCode trims a typed code and upper-cases it.
func normalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// CouponReply is the reply of account.coupon.
type CouponReply struct {
	Coupon CouponView `json:"coupon" doc:"the coupon's info"`
}

// Coupon answers account.coupon: the viewer's own coupon, or any for an admin.
func (s *Service) Coupon(ctx context.Context, in CodeInput) (CouponReply, error) {
	v := action.RequestFrom(ctx).Viewer
	c, err := s.get(ctx, in.CouponCode)
	if err != nil {
		return CouponReply{}, err
	}
	if c.OwnerID != v.UserID && !v.IsAdmin {
		return CouponReply{}, ErrNotFound
	}
	vw, err := s.viewer(ctx)
	if err != nil {
		return CouponReply{}, err
	}
	view, err := vw.view(ctx, c)
	return CouponReply{Coupon: view}, err
}

// ErrNotFound answers a coupon that does not exist or is another member's.
var ErrNotFound = action.Errorf(http.StatusNotFound, "coupon.error.notFound")

// get reads a coupon; ErrNotFound when there is none.
func (s *Service) get(ctx context.Context, code string) (persistence.Coupon, error) {
	c, err := s.db.Coupons().Get(ctx, code)
	if errors.Is(err, persistence.ErrNotFound) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("coupon: %w", err)
	}
	return c, nil
}

// own reads a coupon of the viewer; another member's is ErrNotFound.
func (s *Service) own(ctx context.Context, code string) (persistence.Coupon, error) {
	c, err := s.get(ctx, code)
	if err == nil && (c.OwnerID == 0 || c.OwnerID != action.RequestFrom(ctx).Viewer.UserID) {
		return c, ErrNotFound
	}
	return c, err
}
