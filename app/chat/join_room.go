package chat

import (
	"context"
	"encoding/json"

	"souk/app/action"
)

// JoinRoomInput is the websocket's join_room command.
type JoinRoomInput struct {
	Room    string `json:"room,omitempty" doc:"the room; default chat"`
	LastSeq *int64 `json:"lastSeq,omitempty" doc:"the last seq the client holds; absent: live events only"`
	// The socket token, checked by the websocket before the command runs.
	User      json.RawMessage `json:"user,omitempty" doc:"the member: an id, or an object with databaseId or id"`
	UserID    action.ID       `json:"userId,omitempty" doc:"the member, instead of user"`
	Signature string          `json:"signature,omitempty" doc:"the socket token (gqUserSocketToken), not needed after connect"`
	Timestamp string          `json:"timestamp,omitempty" doc:"the socket token's timestamp"`
}

// JoinRoomReply is what the websocket needs to subscribe the connection;
// it is not sent (join_success answers).
type JoinRoomReply struct {
	Room string `json:"room" doc:"the room the websocket subscribes the connection to; not sent, join_success answers"`
	// Since is the client's lastSeq, -1 for live events only.
	Since int64 `json:"since" doc:"replay the events after it; -1: live events only"`
}

// Subscription returns the room to subscribe to and the seq to resume after (-1: live only).
func (r JoinRoomReply) Subscription() (room string, since int64) { return r.Room, r.Since }

// JoinRoom answers the websocket's join_room: it checks the room and the
// viewer's right to chat; the websocket then subscribes the connection.
func (s *Service) JoinRoom(ctx context.Context, in JoinRoomInput) (JoinRoomReply, error) {
	room, err := s.room(ctx, in.Room)
	if err != nil {
		return JoinRoomReply{}, err
	}
	if err := s.checkAccess(ctx); err != nil {
		return JoinRoomReply{}, err
	}
	since := int64(-1)
	if in.LastSeq != nil {
		since = max(*in.LastSeq, 0)
	}
	return JoinRoomReply{Room: room, Since: since}, nil
}
