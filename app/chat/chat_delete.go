package chat

import (
	"context"
	"errors"
	"strconv"
	"time"

	"souk/app/action"
	"souk/app/internal/signed"
	"souk/app/member"
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
	Signature string `json:"signature" doc:"opaque; the delete_chat frame presents it with the timestamp, for this member and message only"`
	Timestamp string `json:"timestamp" doc:"unix seconds; the signature is valid for 5 minutes"`
}

// ChatDelete answers utils.chatDelete: it checks that the viewer may delete
// the message and signs the deletion.
func (s *Service) ChatDelete(ctx context.Context, in ChatDeleteInput) (ChatDeleteReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	id, _ := strconv.ParseInt(in.ID, 10, 64)
	msg, err := s.db.Chat().Get(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return ChatDeleteReply{}, ErrNotFound
	case err != nil:
		return ChatDeleteReply{}, err
	case msg.Kind != persistence.ChatKindMessage || msg.DeletedSeq != 0:
		return ChatDeleteReply{}, ErrNotFound
	case !viewer.IsAdmin && msg.UserID != viewer.UserID:
		return ChatDeleteReply{}, ErrForbidden
	}
	sig, ts := signDelete(s.deleteKey, viewer.UserID, id, s.now())
	return ChatDeleteReply{ID: in.ID, Room: msg.Room, Signature: sig, Timestamp: ts}, nil
}

// deleteKeyLabel derives the key of the deletion signatures from the node
// secret; changing it voids the signatures in flight.
const deleteKeyLabel = "souk chat delete"

// DeleteSignature signs userID's deletion of message id at now with the
// node secret, as utils.chatDelete does: what a client presents with
// delete_chat.
func DeleteSignature(secret []byte, userID, id int64, now time.Time) (signature, timestamp string) {
	return signDelete(signed.NewKey(secret, deleteKeyLabel), userID, id, now)
}

func signDelete(key signed.Key, userID, id int64, now time.Time) (signature, timestamp string) {
	return key.SignStamped(now, member.FormatID(userID), member.FormatID(id))
}

// verifyDelete reports whether signature is signDelete's for userID and id
// at timestamp, at most DeleteSignatureMaxAge old (and not more than
// signed.MaxSkew ahead of now).
func verifyDelete(key signed.Key, userID, id int64, signature, timestamp string, now time.Time) bool {
	return key.VerifyStamped(signature, timestamp, now, DeleteSignatureMaxAge, member.FormatID(userID), member.FormatID(id))
}
