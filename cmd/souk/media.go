package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"souk/actors"
	"souk/app/media"
	"souk/persistence"
	"souk/transport/httpapi"
)

// Values of --media-store.
const (
	mediaStoreDisk = "disk"
	mediaStoreDB   = "db"
)

// uploadSweepEvery is how often a node removes abandoned upload jobs.
const uploadSweepEvery = 10 * time.Minute

// mediaBlobs is the blob store --media-store names: a folder under the
// data folder for one node, or the database a cluster shares (the default
// on PostgreSQL).
func mediaBlobs(cfg Config, db *persistence.DB) (persistence.Blobs, error) {
	store := cfg.MediaStore
	if store == "" {
		store = mediaStoreDisk
		if db.Kind() == persistence.KindPostgres {
			store = mediaStoreDB
		}
	}
	if store == mediaStoreDB {
		return db.Blobs(), nil
	}
	blobs, err := persistence.NewDiskBlobs(filepath.Join(cfg.Data, "media"))
	if err != nil {
		return nil, fmt.Errorf("cannot open the media folder: %w", err)
	}
	return blobs, nil
}

// mediaRoutes wires POST /api/upload and GET /api/media to the media service.
func mediaRoutes(svc *media.Service) (func(context.Context, httpapi.UploadForm) (any, error),
	func(context.Context, int64) (httpapi.MediaFile, error)) {
	upload := func(ctx context.Context, f httpapi.UploadForm) (any, error) {
		return svc.Upload(ctx, media.UploadInput{Chunk: f.Chunk, ChunkIndex: f.ChunkIndex, TotalChunks: f.TotalChunks,
			FileName: f.FileName, FileSize: f.FileSize, UploadID: f.UploadID})
	}
	open := func(ctx context.Context, id int64) (httpapi.MediaFile, error) {
		f, err := svc.Open(ctx, id)
		if err != nil {
			return httpapi.MediaFile{}, err
		}
		return httpapi.MediaFile{Content: f.Content, MimeType: f.MimeType, FileName: f.FileName,
			Attachment: f.Attachment, ModTime: time.UnixMilli(f.ModTime)}, nil
	}
	return upload, open
}

// sweepUploads removes abandoned upload jobs every period until ctx ends.
func sweepUploads(ctx context.Context, uploads *actors.Uploads, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			n, err := uploads.Sweep(ctx, now)
			if err != nil {
				slog.WarnContext(ctx, "sweep upload jobs", "err", err)
			} else if n > 0 {
				slog.InfoContext(ctx, "swept abandoned upload jobs", "jobs", n)
			}
		}
	}
}
