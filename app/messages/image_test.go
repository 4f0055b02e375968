package messages

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/member"
	"souk/persistence"
)

// TestSendMessageImage: an image of the sender's media goes with the
// message, to both sides live and in history; another's media, a
// non-image or a deleted item is refused.
func TestSendMessageImage(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		s, sessions := newService(t, db)
		ann, bob := apptest.Member(t, db, "ann"), apptest.Member(t, db, "bob")
		item := func(owner int64, typ, name string) persistence.MediaItem {
			m := persistence.MediaItem{ID: db.NewID(), OwnerID: owner, Type: typ, FileName: name, MimeType: "image/png",
				Width: 640, Height: 480, StorageKey: "k", Status: persistence.MediaReady, CreatedAt: persistence.Now()}
			require.NoError(t, db.Media().Finish(t.Context(), m, 0))
			return m
		}
		photo, bobs, zip := item(ann, persistence.MediaImage, "cat photo.png"), item(bob, persistence.MediaImage, "b.png"),
			item(ann, persistence.MediaAttachment, "a.zip")
		gone := item(ann, persistence.MediaImage, "gone.png")
		_, err := db.Media().Delete(t.Context(), []int64{gone.ID}, ann)
		require.NoError(t, err)
		for _, id := range []int64{bobs.ID, zip.ID, gone.ID} { // another's, not an image, deleted
			_, err := s.SendMessage(apptest.As(ann, Capability), SendMessageInput{ToID: action.ID(bob), Content: "hi",
				Image: member.FormatID(id)})
			apptest.RequireKey(t, err, "messages.error.image")
		}
		assert.Empty(t, sessions.Take(), "refusals push nothing")

		out, err := s.SendMessage(apptest.As(ann, Capability), SendMessageInput{ToID: action.ID(bob),
			Image: member.FormatID(photo.ID)})
		require.NoError(t, err, "an image needs no text")
		want := &MessageImage{ID: member.FormatID(photo.ID), SourceURL: "/api/media/" + member.FormatID(photo.ID) + "/cat%20photo.png",
			Width: 640, Height: 480}
		assert.Equal(t, want, out.GqSendMessage.Message.Image)
		pushed := sessions.Take()
		require.Len(t, pushed, 2)
		for _, p := range pushed {
			var ev struct {
				Message struct {
					Image *MessageImage `json:"image"`
				} `json:"message"`
			}
			require.NoError(t, json.Unmarshal([]byte(p.Data), &ev))
			assert.Equal(t, want, ev.Message.Image, "the live event of %d", p.UserID)
		}
		for _, viewer := range []struct{ me, peer int64 }{{ann, bob}, {bob, ann}} {
			page, err := s.GetPrivateMessage(apptest.As(viewer.me, Capability), GetPrivateMessageInput{ToID: action.ID(viewer.peer)})
			require.NoError(t, err)
			b, err := json.Marshal(page)
			require.NoError(t, err)
			assert.Contains(t, string(b), `"image":{"id":"`+member.FormatID(photo.ID)+`","sourceUrl":"`+want.SourceURL+
				`","width":640,"height":480}`, "history of %d", viewer.me)
		}
	})
}
