package media_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/media"
	"souk/persistence"
)

// TestMakeAvatar: the centre square of the member's image, 256 px, a new
// media item of theirs served at the URL returned; refusals for another's
// media, a non-image, and without image rights.
func TestMakeAvatar(t *testing.T) {
	n := newNode(t)
	ctx := t.Context()
	ann, bob := n.member("ann", 5, 2), n.member("bob", 5, 0)
	// 300×100: red left third, green middle, blue right third.
	src := image.NewNRGBA(image.Rect(0, 0, 300, 100))
	for x := range 300 {
		c := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}}[x/100]
		for y := range 100 {
			src.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, src))
	up := n.upload("member:"+idOf(ann), "wide.png", b.Bytes())
	require.NotNil(t, up.FileUpload)
	id := mustID(t, up.FileUpload.ID)

	url, err := n.svc.MakeAvatar(ctx, ann, id)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(url, "/api/media/"), url)
	res, err := http.Get(n.srv.URL + url)
	require.NoError(t, err)
	body, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	img, err := png.Decode(bytes.NewReader(body))
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, media.AvatarSide, media.AvatarSide), img.Bounds())
	r, g, bl, _ := img.At(128, 128).RGBA()
	assert.True(t, g > 0xf000 && r < 0x1000 && bl < 0x1000, "the centre square is the green third: %x %x %x", r, g, bl)

	items, err := n.db.Media().List(ctx, persistence.MediaQuery{OwnerID: ann, Limit: 10})
	require.NoError(t, err)
	require.Len(t, items, 2, "the avatar is a new media item of the member")
	assert.Equal(t, media.AvatarSide, items[0].Width)
	count, err := n.db.Media().DailyCount(ctx, ann, persistence.MediaImage, persistence.Now())
	require.NoError(t, err)
	assert.Equal(t, 1, count, "an avatar is not an upload of the day")

	_, err = n.svc.MakeAvatar(ctx, bob, id)
	assert.ErrorIs(t, err, media.ErrNotYours, "another's media")
	zip := n.upload("member:"+idOf(ann), "a.zip", randomZip(100))
	require.NotNil(t, zip.FileUpload)
	_, err = n.svc.MakeAvatar(ctx, ann, mustID(t, zip.FileUpload.ID))
	assert.ErrorIs(t, err, media.ErrNotImage)
	_, err = n.svc.MakeAvatar(ctx, ann, 12345)
	assert.ErrorIs(t, err, media.ErrNotFound)
	n.setRights(ann, func(r map[string]persistence.MediaRole) { r[persistence.MediaImage] = persistence.MediaRole{} })
	_, err = n.svc.MakeAvatar(ctx, ann, id)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "media.error.noRight", "image rights are needed")
}
