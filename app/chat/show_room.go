package chat

import (
	"context"
)

// ShowRoomInput is the websocket's show_room command.
type ShowRoomInput struct {
	Room string `json:"room,omitempty" doc:"the room; default chat"`
}

// ShowRoomReply is who is in a room: the data of the show_room event.
type ShowRoomReply struct {
	Room    string            `json:"room"`
	Online  int               `json:"online" doc:"members with a connection in the room, on every node"`
	LastSeq int64             `json:"lastSeq" doc:"the room's last sequence number"`
	Users   []ChatMessageUser `json:"users" doc:"up to 50 of them, by name"`
}

// showRoomUsers bounds the members show_room lists.
const showRoomUsers = 50

// ShowRoom answers the websocket's show_room.
func (s *Service) ShowRoom(ctx context.Context, in ShowRoomInput) (ShowRoomReply, error) {
	room, err := s.room(ctx, in.Room)
	if err != nil {
		return ShowRoomReply{}, err
	}
	p, err := s.rooms.Presence(ctx, room, showRoomUsers)
	if err != nil {
		return ShowRoomReply{}, roomError(err)
	}
	out := ShowRoomReply{Room: room, Online: p.Online, LastSeq: p.LastSeq, Users: make([]ChatMessageUser, 0, len(p.Users))}
	for _, u := range p.Users {
		out.Users = append(out.Users, NewChatMessageUser(u))
	}
	return out, nil
}
