package media_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/media"
)

type libraryReply struct {
	MediaItems struct {
		Edges []struct {
			Cursor string     `json:"cursor"`
			Node   media.Item `json:"node"`
		} `json:"edges"`
		PageInfo struct {
			EndCursor   string `json:"endCursor"`
			HasNextPage bool   `json:"hasNextPage"`
		} `json:"pageInfo"`
	} `json:"mediaItems"`
}

func (n *node) library(token string, data map[string]any) (ids []string, next string) {
	r := n.call(token, "media.getLibrary", data)
	require.Equal(n.t, http.StatusOK, r.status, "%s", r)
	var lib libraryReply
	require.NoError(n.t, json.Unmarshal(r.body, &lib))
	for _, e := range lib.MediaItems.Edges {
		ids = append(ids, e.Node.ID)
	}
	if lib.MediaItems.PageInfo.HasNextPage {
		next = lib.MediaItems.PageInfo.EndCursor
	}
	return ids, next
}

// TestLibraryAndDelete: a member lists and deletes their own media, an
// admin everyone's; another's media is neither listed nor deleted.
func TestLibraryAndDelete(t *testing.T) {
	t.Parallel()
	n := newNode(t)
	ann, bob := n.member("ann", 5, 0), n.member("bob", 5, 0)
	annToken, bobToken, admin := "member:"+idOf(ann), "member:"+idOf(bob), "admin:"+idOf(n.member("root", 5, 0))
	img1 := n.upload(annToken, "one.png", pngOf(t, 4, 4)).FileUpload.ID
	zip := n.upload(annToken, "two.zip", randomZip(1000)).FileUpload.ID
	img2 := n.upload(annToken, "three.png", pngOf(t, 5, 5)).FileUpload.ID
	bobs := n.upload(bobToken, "bob.png", pngOf(t, 6, 6)).FileUpload.ID

	ids, next := n.library(annToken, map[string]any{"first": 2})
	assert.Equal(t, []string{img2, zip}, ids, "the newest first")
	ids, next = n.library(annToken, map[string]any{"first": 2, "after": next})
	assert.Equal(t, []string{img1}, ids)
	assert.Empty(t, next)
	ids, _ = n.library(annToken, map[string]any{"mimeTypeIN": []string{"image/png"}})
	assert.Equal(t, []string{img2, img1}, ids)
	ids, _ = n.library(annToken, map[string]any{"mimeTypeIN": []string{"attachment"}})
	assert.Equal(t, []string{zip}, ids)
	ids, _ = n.library(admin, map[string]any{"first": 100})
	assert.Subset(t, ids, []string{bobs, img2, zip, img1}, "an admin sees everyone's")
	r := n.call(annToken, "media.getLibrary", map[string]any{"mimeTypeIN": []string{"image/png'; drop"}})
	assert.Equal(t, http.StatusBadRequest, r.status)

	r = n.call(annToken, "mutates.deleteMedias", map[string]any{"ids": []string{img1, bobs}})
	assert.Equal(t, http.StatusForbidden, r.status, "%s", r)
	assert.Equal(t, "media.error.forbidden", r.code())
	ids, _ = n.library(annToken, nil)
	assert.Len(t, ids, 3, "nothing was deleted")
	r = n.call(annToken, "mutates.deleteMedias", map[string]any{"ids": []string{"999"}})
	assert.Equal(t, http.StatusNotFound, r.status)

	r = n.call(annToken, "mutates.deleteMedias", map[string]any{"ids": []string{img1}})
	require.Equal(t, http.StatusOK, r.status, "%s", r)
	assert.JSONEq(t, `{"gqDeleteMedias":{"success":true,"ids":["`+img1+`"]}}`, string(r.body))
	res, err := http.Get(n.srv.URL + "/api/media/" + img1 + "/one.png")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "a deleted file is not served")

	r = n.call(admin, "mutates.deleteMedias", map[string]any{"ids": []string{bobs}})
	require.Equal(t, http.StatusOK, r.status, "an admin deletes anyone's: %s", r)
	ids, _ = n.library(bobToken, nil)
	assert.Empty(t, ids)
}
