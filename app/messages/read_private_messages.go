package messages

import (
	"context"

	"souk/app/action"
	"souk/app/member"
)

// ReadPrivateMessagesInput names the conversation to mark read.
type ReadPrivateMessagesInput struct {
	ToID action.ID `json:"toId" doc:"the other member"`
}

// ReadPrivateMessagesReply is the reply of mutates.readPrivateMessages.
type ReadPrivateMessagesReply struct {
	GqReadPrivateMessages struct {
		Read         int                       `json:"read" doc:"how many messages this call marked read"`
		Unread       member.Unread             `json:"unread" doc:"the viewer's counters after the call"`
		Conversation member.ConversationUnread `json:"conversation"`
	} `json:"gqReadPrivateMessages"`
}

// ReadPrivateMessages answers mutates.readPrivateMessages.
func (s *Service) ReadPrivateMessages(ctx context.Context, in ReadPrivateMessagesInput) (ReadPrivateMessagesReply, error) {
	var reply ReadPrivateMessagesReply
	viewer := action.RequestFrom(ctx).Viewer
	peerID := int64(in.ToID)
	if peerID == 0 {
		return reply, ErrRecipientRequired
	}
	if _, err := s.member(ctx, peerID); err != nil {
		return reply, err
	}
	marked, err := s.markRead(ctx, viewer.UserID, peerID)
	if err != nil {
		return reply, err
	}
	counts, err := s.db.Inbox().Counts(ctx, viewer.UserID, peerID)
	if err != nil {
		return reply, err
	}
	r := &reply.GqReadPrivateMessages
	r.Read, r.Unread, r.Conversation = marked, member.UnreadOf(counts), conversationOf(peerID, counts)
	return reply, nil
}

// markRead marks the messages from peerID to userID read and pushes the
// unread event when it changed anything.
func (s *Service) markRead(ctx context.Context, userID, peerID int64) (int, error) {
	events, marked, err := s.db.Messages().MarkRead(ctx, userID, peerID, s.notify.UnreadWrite(userID, peerID))
	if err != nil {
		return 0, err
	}
	s.notify.Push(ctx, events)
	return marked, nil
}
