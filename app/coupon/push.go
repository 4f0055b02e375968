package coupon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// PushInput names the coupon to gift and its recipient.
type PushInput struct {
	CouponCode string    `json:"couponCode" doc:"the viewer's coupon"`
	ToUserID   action.ID `json:"toUserId" doc:"the recipient's databaseId"`
}

// Validate checks what needs no database.
func (in *PushInput) Validate() error {
	code := CodeInput{CouponCode: in.CouponCode}
	if err := code.Validate(); err != nil {
		return err
	}
	in.CouponCode = code.CouponCode
	if in.ToUserID <= 0 {
		return action.Errorf(http.StatusBadRequest, "coupon.error.recipient")
	}
	return nil
}

// PushReply is the reply of account.couponPush.
type PushReply struct {
	Success bool       `json:"success" doc:"always true"`
	Coupon  CouponView `json:"coupon" doc:"the coupon, now the recipient's"`
}

// CouponNotice is the content of a coupon notification.
type CouponNotice struct {
	Kind string `json:"kind" doc:"gift"`
	Code string `json:"code" doc:"the coupon's code, for account.coupon"`
	Name string `json:"name" doc:"the coupon's name in the sender's language"`
}

// Push answers account.couponPush. The coupon moves in one conditional
// update (the viewer's, unused, unexpired, allowing it), so it is gifted
// once even when two gifts race; the recipient gets a stored notification
// pushed live and the coupon event.
func (s *Service) Push(ctx context.Context, in PushInput) (PushReply, error) {
	from := action.RequestFrom(ctx).Viewer.UserID
	to := int64(in.ToUserID)
	c, err := s.own(ctx, in.CouponCode)
	if err != nil {
		return PushReply{}, err
	}
	if err := s.checkPush(ctx, c, from, to); err != nil {
		return PushReply{}, err
	}
	moved, err := s.db.Coupons().Push(ctx, c.Code, from, to, persistence.Millis(s.now()))
	if errors.Is(err, persistence.ErrConflict) {
		// Changed since it was read (used, or gifted by a concurrent call).
		if err := s.checkPush(ctx, moved, from, to); err != nil {
			return PushReply{}, err
		}
		return PushReply{}, action.Errorf(http.StatusConflict, "coupon.error.used")
	}
	if err != nil {
		return PushReply{}, fmt.Errorf("coupon: push: %w", err)
	}
	v, err := s.viewer(ctx)
	if err != nil {
		return PushReply{}, err
	}
	view, err := v.view(ctx, moved)
	if err != nil {
		return PushReply{}, err
	}
	s.tellGift(ctx, moved, view, from, to)
	return PushReply{Success: true, Coupon: view}, nil
}

// checkPush refuses a gift of c from one member to another.
func (s *Service) checkPush(ctx context.Context, c persistence.Coupon, from, to int64) error {
	if c.OwnerID != from {
		return ErrNotFound
	}
	if to == from {
		return action.Errorf(http.StatusBadRequest, "coupon.error.self")
	}
	switch c.Status(persistence.Millis(s.now())) {
	case persistence.CouponInvalid:
		return action.Errorf(http.StatusBadRequest, "coupon.error.invalid")
	case persistence.CouponUsed:
		return action.Errorf(http.StatusConflict, "coupon.error.used")
	case persistence.CouponExpired:
		return action.Errorf(http.StatusBadRequest, "coupon.error.expired")
	}
	if !c.AllowPush {
		return action.Errorf(http.StatusBadRequest, "coupon.error.notPushable")
	}
	u, err := s.db.Users().Get(ctx, to)
	if errors.Is(err, persistence.ErrNotFound) {
		return action.Errorf(http.StatusNotFound, "coupon.error.recipient")
	}
	if err != nil {
		return fmt.Errorf("coupon: recipient: %w", err)
	}
	// A gift the recipient could never use is refused.
	if (c.UseRestrict == RestrictUsers && !slices.Contains(c.RestrictUsers, to)) ||
		(c.UseRestrict == RestrictLevels && !slices.Contains(c.RestrictLevels, u.LevelKey)) {
		return action.Errorf(http.StatusForbidden, "coupon.error.restricted")
	}
	return nil
}

// tellGift stores the recipient's notification, pushes it live, and sends
// the coupon event; a failure is only logged: the gift is done.
func (s *Service) tellGift(ctx context.Context, c persistence.Coupon, view CouponView, from, to int64) {
	key := "coupon:gift:" + c.Code + ":" + member.FormatID(from) + ":" + member.FormatID(to) + ":" +
		member.FormatID(s.now().UnixMilli())
	if s.notify != nil {
		if err := s.storeNotice(ctx, c, view, from, to, key); err != nil {
			s.log.Warn("coupon: gift notification", "to", to, "error", err)
		}
	}
	if s.sessions != nil {
		data, err := json.Marshal(CouponEvent{Coupon: view})
		if err == nil {
			_, err = s.sessions.Deliver(ctx, to, key, EventCoupon, data)
		}
		if err != nil {
			s.log.Warn("coupon: gift event", "to", to, "error", err)
		}
	}
}

func (s *Service) storeNotice(ctx context.Context, c persistence.Coupon, view CouponView, from, to int64,
	key string) error {
	body, err := json.Marshal(CouponNotice{Kind: "gift", Code: c.Code, Name: view.Name})
	if err != nil {
		return err
	}
	n := persistence.Notification{ToID: to, FromID: from, Type: TypeCoupon, Title: view.Name, Content: body,
		IdemKey: key}
	people, err := member.Summaries(ctx, s.db, from)
	if err != nil {
		return err
	}
	sender := people[from]
	events, _, err := s.db.Notifications().Create(ctx, &n, s.notify.NotificationWrite(&n, &sender))
	if err != nil {
		return err
	}
	s.notify.Push(ctx, events)
	return nil
}
