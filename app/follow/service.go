// Package follow holds who follows whom: following and unfollowing a
// member (the followee gets a follow notification the first time), the
// Relay pages of a member's followings and followers, and the counts; and
// whether a member is online, for their profile.
package follow

import (
	"context"
	"errors"
	"net/http"
	"time"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Page sizes (SPEC.md §9: followings 12).
const (
	DefaultPage = 12
	MaxPage     = 50
)

// Errors the follow actions return.
var (
	// ErrSelf is returned when a member follows themself.
	ErrSelf = action.Errorf(http.StatusBadRequest, "follow.error.self")
	// ErrUserNotFound is returned when the member does not exist.
	ErrUserNotFound = action.Errorf(http.StatusNotFound, "common.error.userNotFound")
	// ErrBadType is returned for a list type other than following or followers.
	ErrBadType = action.BadField("type")
	// ErrBadCursor is returned for a cursor that is not an id.
	ErrBadCursor = action.BadField("after")
)

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Notify stores the follow notifications' inbox events and pushes
	// them live (souk/app/notify implements it).
	Notify Notifier
	// Presence finds members' live connections for profile.online; nil
	// answers everyone offline.
	Presence Locator
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Notifier builds the inbox event of a notification and pushes stored
// events to the members' connections.
type Notifier interface {
	// NotificationWrite is the inbox event of n, for the store to append in
	// the transaction that creates n; from is its author.
	NotificationWrite(n *persistence.Notification, from *member.Summary) persistence.InboxWrite
	// Push delivers stored inbox events live; a failure is only logged.
	Push(ctx context.Context, events []persistence.InboxEvent)
}

// TypeFollow is the type of the notification a followee gets.
const TypeFollow = "follow"

// FollowContent is the content of a follow notification.
type FollowContent struct {
	UserID string `json:"userId" doc:"the new follower"`
}

// Service answers the follow actions. It is safe for concurrent use.
type Service struct {
	db       *persistence.DB
	notify   Notifier
	presence Locator
	now      func() time.Time
	online   onlineCache
}

// New returns the follow service.
func New(cfg Config) *Service {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Service{db: cfg.DB, notify: cfg.Notify, presence: cfg.Presence, now: now}
}

// Register adds the follow actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "profile.followUser",
		Summary: "Follows (follow: true) or unfollows a member; repeating it is harmless. The first follow of a member sends " +
			"them a follow notification.",
		Access: action.Member,
	}, s.FollowUser)
	action.Register(r, action.Spec{
		Name: "profile.follow",
		Summary: "A page of the members userId follows (type following, the default) or who follow userId (followers), " +
			"the most recent first; isFollowing says whether the viewer follows each.",
		Access: action.Public,
	}, s.Follow)
	action.Register(r, action.Spec{
		Name:    "profile.followStats",
		Summary: "A member's follower and following counts, and whether the viewer follows them, is followed by them, or blocks them.",
		Access:  action.Public,
	}, s.FollowStats)
	action.Register(r, action.Spec{
		Name: "profile.online",
		Summary: "Whether a member has a live connection (the profile's online dot), from their session; each node " +
			"answers from a look at most 15 s old.",
		Access: action.Public,
	}, s.Online)
}

// member returns an existing member, or ErrUserNotFound.
func (s *Service) member(ctx context.Context, id int64) (persistence.User, error) {
	if id == 0 {
		return persistence.User{}, action.Required("userId")
	}
	u, err := s.db.Users().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return u, ErrUserNotFound
	}
	return u, err
}
