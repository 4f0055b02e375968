package chat

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

// ChatDeleteInput names the message to delete.
type ChatDeleteInput struct {
	ID string `json:"id" doc:"the message's databaseId"`
}

// Validate checks the id.
func (in *ChatDeleteInput) Validate() error {
	if in.ID == "" {
		return action.Required("id")
	}
	if n, err := strconv.ParseInt(in.ID, 10, 64); err != nil || n <= 0 {
		return action.BadField("id")
	}
	return nil
}

// ChatDeleteReply is what the client sends back with delete_chat.
type ChatDeleteReply struct {
	ID        string `json:"id" doc:"the message's databaseId"`
	Room      string `json:"room"`
	Signature string `json:"signature" doc:"hex HMAC-SHA256 of chatdelete:<userId>:<id>:<timestamp>"`
	Timestamp string `json:"timestamp" doc:"unix seconds; valid for 5 minutes"`
}

// ChatDelete answers utils.chatDelete: it checks that the viewer may delete
// the message and signs the deletion.
func (s *Service) ChatDelete(ctx context.Context, in ChatDeleteInput) (ChatDeleteReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	id, _ := strconv.ParseInt(in.ID, 10, 64)
	msg, err := s.rooms.Message(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return ChatDeleteReply{}, s.clientError(ctx, actors.ErrNotFound)
	case err != nil:
		return ChatDeleteReply{}, err
	case msg.GetKind() != persistence.ChatKindMessage || msg.GetDeleted():
		return ChatDeleteReply{}, s.clientError(ctx, actors.ErrNotFound)
	case !viewer.IsAdmin && msg.GetUser().GetId() != viewer.UserID:
		return ChatDeleteReply{}, s.clientError(ctx, actors.ErrForbidden)
	}
	sig, ts := DeleteSignature(s.secret, viewer.UserID, id, s.now())
	return ChatDeleteReply{ID: in.ID, Room: msg.GetRoom(), Signature: sig, Timestamp: ts}, nil
}

// DeleteSignature signs userID's deletion of message id at now.
func DeleteSignature(secret []byte, userID, id int64, now time.Time) (signature, timestamp string) {
	timestamp = strconv.FormatInt(now.Unix(), 10)
	return deleteSignature(secret, userID, id, timestamp), timestamp
}

// VerifyDeleteSignature reports whether signature is DeleteSignature's for
// userID and id at timestamp, at most DeleteSignatureMaxAge old.
func VerifyDeleteSignature(secret []byte, userID, id int64, signature, timestamp string, now time.Time) bool {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || strconv.FormatInt(ts, 10) != timestamp {
		return false
	}
	at := time.Unix(ts, 0)
	if now.Sub(at) > DeleteSignatureMaxAge || at.Sub(now) > time.Minute {
		return false
	}
	return hmac.Equal([]byte(deleteSignature(secret, userID, id, timestamp)), []byte(signature))
}

func deleteSignature(secret []byte, userID, id int64, timestamp string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("chatdelete:" + strconv.FormatInt(userID, 10) + ":" + strconv.FormatInt(id, 10) + ":" + timestamp))
	return hex.EncodeToString(m.Sum(nil))
}
