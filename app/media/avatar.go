package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // the decoders of the image types an upload may be
	"image/jpeg"
	"image/png"
	"net/http"
	"strconv"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// AvatarSide is the width and height of an avatar made from a media item, in pixels.
const AvatarSide = 256

// maxAvatarSource bounds the file an avatar is decoded from (an image's
// sides are bounded at upload; this bounds its bytes).
const maxAvatarSource = 64 << 20

// Refusals of an image a member names (an avatar, a private message's).
var (
	// ErrNotYours is returned for a media item of another member.
	ErrNotYours = action.Errorf(http.StatusForbidden, "media.error.notYours")
	// ErrNotImage is returned for a media item that is not a raster image.
	ErrNotImage = action.Errorf(http.StatusBadRequest, "media.error.notImage")
)

// MakeAvatar makes member userID's avatar from their image mediaID: the
// centre square, scaled to AvatarSide pixels, stored as a new media item
// of theirs (not counted in their daily uploads). It returns the item's
// address. The member needs the right to upload images.
func (s *Service) MakeAvatar(ctx context.Context, userID, mediaID int64) (string, error) {
	rights, err := s.rights(ctx, userID)
	if err != nil {
		return "", fmt.Errorf("media: avatar: %w", err)
	}
	if !rights[persistence.MediaImage].Can {
		return "", errNoRight(persistence.MediaImage)
	}
	src, err := s.db.Media().Item(ctx, mediaID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return "", ErrNotFound
	case err != nil:
		return "", err
	case src.OwnerID != userID:
		return "", ErrNotYours
	case src.Type != persistence.MediaImage || src.MimeType == "image/svg+xml" || src.FileSize > maxAvatarSource:
		return "", ErrNotImage
	}
	blob, err := s.uploads.Blobs().Open(ctx, src.StorageKey)
	if errors.Is(err, persistence.ErrNotFound) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", err
	}
	img, format, err := image.Decode(blob)
	_ = blob.Close()
	if err != nil {
		return "", ErrCorrupt
	}
	var out bytes.Buffer
	item := persistence.MediaItem{ID: s.db.NewID(), OwnerID: userID, Type: persistence.MediaImage, Title: "avatar",
		Width: AvatarSide, Height: AvatarSide, Status: persistence.MediaReady, CreatedAt: persistence.Millis(s.now())}
	square := Square(img, AvatarSide)
	if format == "jpeg" {
		item.FileName, item.MimeType = "avatar.jpg", "image/jpeg"
		err = jpeg.Encode(&out, square, &jpeg.Options{Quality: 90})
	} else {
		item.FileName, item.MimeType = "avatar.png", "image/png"
		err = png.Encode(&out, square)
	}
	if err != nil {
		return "", fmt.Errorf("media: avatar: encode: %w", err)
	}
	item.StorageKey = "media/" + strconv.FormatInt(item.ID, 10)
	sum := sha256.Sum256(out.Bytes())
	item.SHA256, item.FileSize = hex.EncodeToString(sum[:]), int64(out.Len())
	if _, err := s.uploads.Blobs().Put(ctx, item.StorageKey, &out); err != nil {
		return "", fmt.Errorf("media: avatar: %w", err)
	}
	if err := s.db.Media().Insert(ctx, item); err != nil {
		_ = s.uploads.Blobs().Delete(context.WithoutCancel(ctx), item.StorageKey)
		return "", fmt.Errorf("media: avatar: %w", err)
	}
	return member.MediaURL(item.ID, item.FileName), nil
}

// Square is the centre square of img scaled to side × side pixels.
func Square(img image.Image, side int) *image.NRGBA {
	b := img.Bounds()
	n := min(b.Dx(), b.Dy())
	at := image.Pt(b.Min.X+(b.Dx()-n)/2, b.Min.Y+(b.Dy()-n)/2)
	crop := image.Rectangle{Min: at, Max: at.Add(image.Pt(n, n))}
	dst := image.NewNRGBA(image.Rect(0, 0, side, side))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, crop, draw.Src, nil)
	return dst
}
