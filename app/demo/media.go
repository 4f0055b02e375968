package demo

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"souk/app/member"
	"souk/persistence"
)

// Option changes what Seed loads.
type Option func(*options)

type options struct {
	// blobs keeps the demo tracks; nil leaves them out.
	blobs persistence.Blobs
}

// WithAudio has Seed store the demo tracks (Tracks) in blobs, the media
// store the site serves /api/media from, as media items of the demo
// admin. Without it the layout's playlist points at files that are not
// there (tests that need no audio).
func WithAudio(blobs persistence.Blobs) Option {
	return func(o *options) { o.blobs = blobs }
}

// URL is the address the site serves the track at (the layout's audio
// block points there).
func (t Track) URL() string { return member.MediaURL(t.ID, t.FileName) }

// storageKey is the track's object in the blob store, named as uploads are.
func (t Track) storageKey() string { return "media/" + strconv.FormatInt(t.ID, 10) }

// seedAudio stores each demo track's file unless the blob store holds it
// already, then its media item unless its id is taken (an item the admin
// deleted stays deleted).
func seedAudio(ctx context.Context, db *persistence.DB, blobs persistence.Blobs) error {
	admin, err := db.Users().GetBySlug(ctx, "admin")
	if err != nil {
		return fmt.Errorf("demo: audio owner: %w", err)
	}
	for _, t := range Tracks {
		wav := t.WAV()
		stored, err := blobSize(ctx, blobs, t.storageKey())
		if err != nil {
			return fmt.Errorf("demo: track %s: %w", t.FileName, err)
		}
		if stored != int64(len(wav)) {
			if _, err := blobs.Put(ctx, t.storageKey(), bytes.NewReader(wav)); err != nil {
				return fmt.Errorf("demo: track %s: %w", t.FileName, err)
			}
		}
		sum := sha256.Sum256(wav)
		item := persistence.MediaItem{ID: t.ID, OwnerID: admin.ID, Type: persistence.MediaAudio, Title: t.Title,
			FileName: t.FileName, MimeType: "audio/wav", FileSize: int64(len(wav)), SHA256: hex.EncodeToString(sum[:]),
			StorageKey: t.storageKey(), Status: persistence.MediaReady, CreatedAt: persistence.Now()}
		if err := db.Media().Insert(ctx, item); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

// blobSize is the size of the object key, or -1 when there is none.
func blobSize(ctx context.Context, blobs persistence.Blobs, key string) (int64, error) {
	blob, err := blobs.Open(ctx, key)
	if errors.Is(err, persistence.ErrNotFound) {
		return -1, nil
	} else if err != nil {
		return 0, err
	}
	size := blob.Size()
	return size, blob.Close()
}
