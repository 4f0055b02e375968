package media

import (
	"context"
	"errors"
	"strings"

	"souk/persistence"
)

// File is a stored media file opened for serving.
type File struct {
	// Content reads the file with seeking (ranges); close it.
	Content persistence.Blob
	// MimeType is the type to serve it as: the sniffed type, or
	// application/octet-stream for anything a browser could run as a page.
	MimeType string
	FileName string
	// Attachment asks browsers to download rather than show it.
	Attachment bool
	// ModTime is the item's creation, epoch ms.
	ModTime int64
}

// inlineTypes are the MIME type families shown in the page; everything
// else is served as a download.
var inlineTypes = []string{"image/", "video/", "audio/"}

// Open opens media item id for serving; ErrNotFound when there is none.
func (s *Service) Open(ctx context.Context, id int64) (File, error) {
	item, err := s.db.Media().Item(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return File{}, ErrNotFound
	}
	if err != nil {
		return File{}, err
	}
	blob, err := s.uploads.Blobs().Open(ctx, item.StorageKey)
	if errors.Is(err, persistence.ErrNotFound) {
		return File{}, ErrNotFound
	}
	if err != nil {
		return File{}, err
	}
	f := File{Content: blob, MimeType: item.MimeType, FileName: item.FileName, ModTime: item.CreatedAt,
		Attachment: item.Type == persistence.MediaAttachment}
	inline := false
	for _, prefix := range inlineTypes {
		inline = inline || strings.HasPrefix(item.MimeType, prefix)
	}
	if !inline {
		f.MimeType, f.Attachment = "application/octet-stream", true
	}
	return f, nil
}
