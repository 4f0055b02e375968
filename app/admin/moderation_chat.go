package admin

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ChatRoomsInput asks for a page of chat rooms.
type ChatRoomsInput struct {
	Q     string `json:"q,omitempty" doc:"text in the room's name; at most 64 characters"`
	After string `json:"after,omitempty" doc:"an endCursor: the page after it"`
	First int    `json:"first,omitempty" doc:"page size, 1-100; default 50"`
}

// Validate checks the input's shape.
func (in *ChatRoomsInput) Validate() error {
	if len(in.Q) > maxRoomName {
		return action.BadField("q")
	}
	if len(in.After) > maxRoomName {
		return ErrBadCursor
	}
	return checkFirst(in.First)
}

// AdminChatRoom is a chat room as the operators see it.
type AdminChatRoom struct {
	Name          string `json:"name" doc:"the room's name, its id"`
	Members       int64  `json:"members" doc:"how many members wrote there"`
	Messages      int64  `json:"messages" doc:"how many messages it holds, deleted ones too"`
	LastMessageAt int64  `json:"lastMessageAt" doc:"epoch ms of the newest message; 0 when none"`
	CreatedAt     int64  `json:"createdAt" doc:"epoch ms; 0 for the rooms the site began with"`
}

// ChatRoomEdge is one room of a page.
type ChatRoomEdge struct {
	Cursor string        `json:"cursor"`
	Node   AdminChatRoom `json:"node"`
}

// ChatRoomsReply is the reply of admin.chatRooms, by name.
type ChatRoomsReply struct {
	Edges    []ChatRoomEdge `json:"edges"`
	PageInfo PageInfo       `json:"pageInfo"`
}

// ChatRooms answers admin.chatRooms.
func (s *ModerationService) ChatRooms(ctx context.Context, in ChatRoomsInput) (ChatRoomsReply, error) {
	reply := ChatRoomsReply{Edges: []ChatRoomEdge{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	first := pageSize(in.First)
	rooms, err := s.db.ChatModeration().Rooms(ctx, in.Q, in.After, first+1)
	if err != nil {
		return reply, err
	}
	rooms, reply.PageInfo.HasNextPage = trimPage(rooms, first)
	for _, r := range rooms {
		reply.Edges = append(reply.Edges, ChatRoomEdge{Cursor: r.Name, Node: AdminChatRoom(r)})
	}
	if n := len(rooms); n > 0 {
		reply.PageInfo.EndCursor = rooms[n-1].Name
	}
	return reply, nil
}

// ChatMessagesInput asks for a page of a room's messages.
type ChatMessagesInput struct {
	Room   string    `json:"room" doc:"the room's name"`
	Before action.ID `json:"before,omitempty" doc:"a message's databaseId (an endCursor): the messages older than it"`
	First  int       `json:"first,omitempty" doc:"page size, 1-100; default 50"`
}

// Validate checks the input's shape.
func (in *ChatMessagesInput) Validate() error {
	if in.Room == "" || len(in.Room) > maxRoomName {
		return action.BadField("room")
	}
	return checkFirst(in.First)
}

// AdminChatMessage is a chat message as the operators see it.
type AdminChatMessage struct {
	ID        string     `json:"id" doc:"the message's databaseId"`
	Room      string     `json:"room"`
	Seq       int64      `json:"seq" doc:"the room's sequence number"`
	Text      string     `json:"text"`
	Author    *ActorView `json:"author" doc:"null for a member who no longer exists"`
	CreatedAt int64      `json:"createdAt" doc:"epoch ms"`
	Deleted   bool       `json:"deleted" doc:"deleted by its author or a moderator"`
}

// AdminChatMessageEdge is one message of a page.
type AdminChatMessageEdge struct {
	Cursor string           `json:"cursor" doc:"the message's databaseId"`
	Node   AdminChatMessage `json:"node"`
}

// ChatMessagesReply is the reply of admin.chatMessages: newest first.
type ChatMessagesReply struct {
	Edges    []AdminChatMessageEdge `json:"edges"`
	PageInfo PageInfo               `json:"pageInfo" doc:"endCursor is the before of the next (older) page"`
}

// ChatMessages answers admin.chatMessages.
func (s *ModerationService) ChatMessages(ctx context.Context, in ChatMessagesInput) (ChatMessagesReply, error) {
	reply := ChatMessagesReply{Edges: []AdminChatMessageEdge{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	first := pageSize(in.First)
	list, err := s.db.ChatModeration().Messages(ctx, in.Room, int64(in.Before), first+1)
	if err != nil {
		return reply, err
	}
	list, reply.PageInfo.HasNextPage = trimPage(list, first)
	for _, e := range list {
		m := AdminChatMessage{ID: member.FormatID(e.ID), Room: e.Room, Seq: e.Seq, Text: e.Message,
			CreatedAt: e.CreatedAt, Deleted: e.DeletedSeq != 0}
		if e.Author.Name != "" || e.Author.Slug != "" {
			m.Author = &ActorView{DatabaseID: member.FormatID(e.UserID), Name: e.Author.Name, Slug: e.Author.Slug}
		}
		reply.Edges = append(reply.Edges, AdminChatMessageEdge{Cursor: m.ID, Node: m})
	}
	if n := len(reply.Edges); n > 0 {
		reply.PageInfo.EndCursor = reply.Edges[n-1].Cursor
	}
	return reply, nil
}

// AdminChatDeleteInput names chat messages to delete.
type AdminChatDeleteInput struct {
	IDs []string `json:"ids" doc:"1-100 message databaseIds as decimal strings"`
}

// Validate checks the input's shape.
func (in *AdminChatDeleteInput) Validate() error {
	if len(in.IDs) == 0 || len(in.IDs) > maxBulk {
		return action.BadField("ids")
	}
	return nil
}

// chatMessageAudit is what the audit log keeps of a chat message.
type chatMessageAudit struct {
	Room    string `json:"room"`
	UserID  int64  `json:"userId"`
	Text    string `json:"text"`
	Deleted bool   `json:"deleted"`
}

// ChatDelete answers admin.chatDelete: each message is deleted through
// its room, on its own; one deleted before counts as done.
func (s *ModerationService) ChatDelete(ctx context.Context, in AdminChatDeleteInput) (BulkReply, error) {
	reply := BulkReply{Done: []string{}, Failed: []BulkFailure{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	adminID := action.RequestFrom(ctx).Viewer.UserID
	for _, raw := range in.IDs {
		if err := s.deleteMessage(ctx, adminID, raw); err != nil {
			reply.Failed = append(reply.Failed, bulkFailure(ctx, s.tr, nil, raw, err))
			continue
		}
		reply.Done = append(reply.Done, raw)
	}
	return reply, nil
}

func (s *ModerationService) deleteMessage(ctx context.Context, adminID int64, raw string) error {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return ErrChatMessageNotFound
	}
	msg, err := s.db.Chat().Get(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) || (err == nil && msg.Kind != persistence.ChatKindMessage) {
		return ErrChatMessageNotFound
	} else if err != nil {
		return err
	}
	before := chatMessageAudit{Room: msg.Room, UserID: msg.UserID, Text: msg.Message, Deleted: msg.DeletedSeq != 0}
	if before.Deleted {
		return nil
	}
	if err := s.chat.DeleteAsModerator(ctx, adminID, id); err != nil {
		return err
	}
	after := before
	after.Deleted = true
	action.AuditChange(ctx, "chatMessage:"+raw, before, after)
	return nil
}

// ChatMuteInput mutes a member in a room.
type ChatMuteInput struct {
	Room    string    `json:"room" doc:"the room's name"`
	UserID  action.ID `json:"userId"`
	Minutes int       `json:"minutes" doc:"1-43200 (30 days)"`
	Reason  string    `json:"reason" doc:"1-500 characters, kept for the operators"`
}

// Validate checks the input's shape.
func (in *ChatMuteInput) Validate() error {
	in.Reason = strings.TrimSpace(in.Reason)
	switch {
	case in.Room == "" || len(in.Room) > maxRoomName:
		return action.BadField("room")
	case in.UserID <= 0:
		return action.Required("userId")
	case in.Minutes < 1 || in.Minutes > maxMuteMinutes:
		return action.BadField("minutes")
	case in.Reason == "" || utf8.RuneCountInString(in.Reason) > maxMuteReason:
		return action.BadField("reason")
	}
	return nil
}

// AdminChatMute is a member muted in a room.
type AdminChatMute struct {
	Room      string     `json:"room"`
	Member    *ActorView `json:"member" doc:"the muted member; null for one who no longer exists"`
	Until     int64      `json:"until" doc:"epoch ms when the mute ends"`
	Reason    string     `json:"reason"`
	By        *ActorView `json:"by" doc:"the operator who muted; null for one who no longer exists"`
	CreatedAt int64      `json:"createdAt" doc:"epoch ms"`
}

// ChatMuteReply is the reply of admin.chatMute.
type ChatMuteReply struct {
	Mute AdminChatMute `json:"mute"`
}

// muteTarget names a member's mute in a room in the audit log.
func muteTarget(room string, userID int64) string {
	return "room:" + room + ":user:" + strconv.FormatInt(userID, 10)
}

// ChatMute answers admin.chatMute. Muting a member who is muted already
// sets the new end and reason.
func (s *ModerationService) ChatMute(ctx context.Context, in ChatMuteInput) (ChatMuteReply, error) {
	var reply ChatMuteReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	target, err := s.db.Users().Get(ctx, int64(in.UserID))
	if errors.Is(err, persistence.ErrNotFound) {
		return reply, ErrUserNotFound
	} else if err != nil {
		return reply, err
	}
	if target.IsAdmin {
		return reply, ErrMuteAdmin
	}
	m := persistence.ChatMute{Room: in.Room, UserID: target.ID, Reason: in.Reason,
		ByID:  action.RequestFrom(ctx).Viewer.UserID,
		Until: s.now().Add(time.Duration(in.Minutes) * time.Minute).UnixMilli()}
	before, found, err := s.chat.Mute(ctx, m)
	if err != nil {
		return reply, err
	}
	views, err := s.muteViews(ctx, []persistence.ChatMute{m})
	if err != nil {
		return reply, err
	}
	reply.Mute = views[0]
	action.AuditChange(ctx, muteTarget(m.Room, m.UserID), muteAudit(before, found), muteAudit(m, true))
	return reply, nil
}

// ChatUnmuteInput ends a member's mute in a room.
type ChatUnmuteInput struct {
	Room   string    `json:"room" doc:"the room's name"`
	UserID action.ID `json:"userId"`
}

// Validate checks the input's shape.
func (in *ChatUnmuteInput) Validate() error {
	switch {
	case in.Room == "" || len(in.Room) > maxRoomName:
		return action.BadField("room")
	case in.UserID <= 0:
		return action.Required("userId")
	}
	return nil
}

// ChatUnmuteReply is the reply of admin.chatUnmute.
type ChatUnmuteReply struct {
	OK bool `json:"ok"`
	// WasMuted is false when the member was not muted in the room.
	WasMuted bool `json:"wasMuted" doc:"false when the member was not muted there"`
}

// ChatUnmute answers admin.chatUnmute.
func (s *ModerationService) ChatUnmute(ctx context.Context, in ChatUnmuteInput) (ChatUnmuteReply, error) {
	var reply ChatUnmuteReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	before, found, err := s.chat.Unmute(ctx, in.Room, int64(in.UserID))
	if err != nil {
		return reply, err
	}
	if found {
		action.AuditChange(ctx, muteTarget(in.Room, int64(in.UserID)), muteAudit(before, true), nil)
	}
	return ChatUnmuteReply{OK: true, WasMuted: found}, nil
}

// ChatMutesInput asks for the mutes in force.
type ChatMutesInput struct {
	Room string `json:"room,omitempty" doc:"one room's; every room's when absent"`
}

// Validate checks the input's shape.
func (in *ChatMutesInput) Validate() error {
	if len(in.Room) > maxRoomName {
		return action.BadField("room")
	}
	return nil
}

// ChatMutesReply is the reply of admin.chatMutes.
type ChatMutesReply struct {
	Mutes []AdminChatMute `json:"mutes" doc:"newest first"`
}

// ChatMutes answers admin.chatMutes.
func (s *ModerationService) ChatMutes(ctx context.Context, in ChatMutesInput) (ChatMutesReply, error) {
	reply := ChatMutesReply{Mutes: []AdminChatMute{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	list, err := s.db.ChatModeration().Active(ctx, in.Room, s.now().UnixMilli())
	if err != nil {
		return reply, err
	}
	if reply.Mutes, err = s.muteViews(ctx, list); err != nil {
		return reply, err
	}
	return reply, nil
}

// muteViews are the wire views of list, with the members and operators.
func (s *ModerationService) muteViews(ctx context.Context, list []persistence.ChatMute) ([]AdminChatMute, error) {
	ids := make([]int64, 0, 2*len(list))
	for _, m := range list {
		ids = append(ids, m.UserID, m.ByID)
	}
	people, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return nil, err
	}
	actor := func(id int64) *ActorView {
		p, ok := people[id]
		if !ok || id == 0 {
			return nil
		}
		return &ActorView{DatabaseID: p.DatabaseID, Name: p.Name, Slug: p.GqSlug}
	}
	views := make([]AdminChatMute, 0, len(list))
	for _, m := range list {
		views = append(views, AdminChatMute{Room: m.Room, Member: actor(m.UserID), Until: m.Until, Reason: m.Reason,
			By: actor(m.ByID), CreatedAt: m.CreatedAt})
	}
	return views, nil
}

// muteState is what the audit log keeps of a mute.
type muteState struct {
	Until  int64  `json:"until"`
	Reason string `json:"reason"`
	ByID   int64  `json:"byId"`
}

// muteAudit is m for the audit log; nil when there was none.
func muteAudit(m persistence.ChatMute, found bool) any {
	if !found {
		return nil
	}
	return muteState{Until: m.Until, Reason: m.Reason, ByID: m.ByID}
}
