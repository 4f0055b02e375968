package actors

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/proto"
)

// Rooms calls the room grains. It is safe for concurrent use.
type Rooms struct {
	env *env
}

// SendInput is a message to send to a room.
type SendInput struct {
	Room string
	// IdemKey identifies the command: a retry with the same key is
	// answered with the first result and stores nothing.
	IdemKey string
	User    *ChatUser
	// Text is the message, checked by the caller (souk/app/chat owns the
	// chat rules); the room stores it as it is.
	Text string
}

// Send asks the room's grain to accept a message and returns the stored
// event. A refusal is one of the Err values (ErrThrottled with
// RetryAfter, ErrUnavailable).
func (r *Rooms) Send(ctx context.Context, in SendInput) (*ChatEvent, error) {
	if !ValidRoom(in.Room) {
		return nil, ErrBadRoom
	}
	return r.command(ctx, in.Room, &SendChat{IdemKey: in.IdemKey, User: in.User, Text: in.Text})
}

// DeleteInput is the deletion of a message.
type DeleteInput struct {
	Room      string
	IdemKey   string
	User      *ChatUser
	IsAdmin   bool
	MessageID int64
}

// Delete asks the room's grain to delete a message: admins delete any,
// others only their own (ErrForbidden). The deletion is itself a
// sequenced event, which it returns.
func (r *Rooms) Delete(ctx context.Context, in DeleteInput) (*ChatEvent, error) {
	if !ValidRoom(in.Room) {
		return nil, ErrBadRoom
	}
	return r.command(ctx, in.Room, &DeleteChat{IdemKey: in.IdemKey, User: in.User, IsAdmin: in.IsAdmin,
		MessageId: in.MessageID})
}

func (r *Rooms) command(ctx context.Context, room string, msg proto.Message) (*ChatEvent, error) {
	res, err := r.env.request(ctx, roomKind, room, msg)
	if err != nil {
		return nil, err
	}
	reply, ok := res.(*ChatReply)
	if !ok {
		return nil, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	if err := replyError(reply); err != nil {
		return nil, err
	}
	return reply.GetEvent(), nil
}

// Presence is who is in a room.
type Presence struct {
	// Online counts the members with at least one connection.
	Online int
	// Users lists some of them, by name.
	Users []*ChatUser
	// LastSeq is the room's last sequence number.
	LastSeq int64
}

// Join tells the room that this node now holds connections of the user's
// in it; the room announces the user when this is their first. It returns
// the room's presence.
func (r *Rooms) Join(ctx context.Context, room string, user *ChatUser, connections int) (Presence, error) {
	return r.setMember(ctx, room, user, connections, false)
}

// Leave tells the room how many connections of the user's this node still
// holds in it (0 for none); the room announces the user's leaving when no
// node holds any.
func (r *Rooms) Leave(ctx context.Context, room string, user *ChatUser, connections int) (Presence, error) {
	return r.setMember(ctx, room, user, connections, false)
}

// Resync repeats this node's count for the user without announcing
// anything: after a topology change the room's grain may have moved and
// lost its (cached) presence.
func (r *Rooms) Resync(ctx context.Context, room string, user *ChatUser, connections int) error {
	_, err := r.setMember(ctx, room, user, connections, true)
	return err
}

func (r *Rooms) setMember(ctx context.Context, room string, user *ChatUser, connections int, quiet bool) (Presence, error) {
	if !ValidRoom(room) {
		return Presence{}, ErrBadRoom
	}
	res, err := r.env.request(ctx, roomKind, room, &SetMember{Node: r.env.node.Name(), User: user,
		Connections: int32(connections), Quiet: quiet})
	if err != nil {
		return Presence{}, err
	}
	return presenceFrom(res)
}

// Moved reports whether the last topology change this node saw moved the
// room's grain to another member: its new activation has lost the presence
// the nodes told the old one (see Resync).
func (r *Rooms) Moved(room string) bool { return r.env.node.Moved(roomKind, room) }

// Presence returns who is in the room, with up to limit users listed.
func (r *Rooms) Presence(ctx context.Context, room string, limit int) (Presence, error) {
	if !ValidRoom(room) {
		return Presence{}, ErrBadRoom
	}
	res, err := r.env.request(ctx, roomKind, room, &GetPresence{Limit: int32(limit)})
	if err != nil {
		return Presence{}, err
	}
	return presenceFrom(res)
}

func presenceFrom(res any) (Presence, error) {
	reply, ok := res.(*PresenceReply)
	if !ok {
		return Presence{}, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	return Presence{Online: int(reply.GetOnline()), Users: reply.GetUsers(), LastSeq: reply.GetLastSeq()}, nil
}

// Subscribe calls fn with every broadcast of the room, in the order the
// bus delivers them, on one goroutine. The returned function unsubscribes.
func (r *Rooms) Subscribe(room string, fn func(*RoomBroadcast)) (func(), error) {
	if !ValidRoom(room) {
		return nil, ErrBadRoom
	}
	return r.env.node.Bus().Subscribe(roomSubject(r.env, room), func(data []byte) {
		var b RoomBroadcast
		if err := proto.Unmarshal(data, &b); err != nil {
			r.env.log.Warn("rooms: undecodable broadcast", "room", room, "error", err)
			return
		}
		fn(&b)
	})
}
