// Package media holds members' uploads: POST /api/upload's chunks (each
// upload is an upload-job grain, souk/actors.Uploads, that records them
// and finishes the file), asking a job which chunks it still needs, the
// media library, deleting media, and opening a stored file to serve it.
//
// Rights are checked twice: when a job is created, from the declared
// name and size (so a file nobody may keep is refused before its bytes
// are sent), and when it finishes, from the bytes (the job's policy,
// fixed at creation, travels with it to whichever node finishes it).
package media

import (
	"context"
	"errors"
	"fmt"
	"time"

	"souk/actors"
	"souk/app/action"
	"souk/persistence"
)

const (
	// DefaultPage and MaxPage bound a library page.
	DefaultPage = 20
	MaxPage     = 100
	// MaxOpenUploads is how many unfinished uploads a member may have at once.
	MaxOpenUploads = 10
	// MaxFileName bounds an upload's file name, in bytes.
	MaxFileName = 255
	// MaxDelete bounds the ids of one mutates.deleteMedias.
	MaxDelete = 100
	// fallbackMaxMB is the size limit when neither a role nor the site's
	// max_file_size sets one.
	fallbackMaxMB = 100
	// uploadCallTimeout bounds a chunk's call to its job, the finishing
	// of the last one included.
	uploadCallTimeout = 3 * time.Minute
)

// fileMimesKey is the stored accept list (souk/app/settings's
// KeyFileMimes, which owns the settings documents).
const fileMimesKey = "file_mimes"

// fileMimes is one media type's accept list as settings stores it.
type fileMimes struct {
	Mime []string `json:"mime"`
	Ext  []string `json:"ext"`
}

// Uploads is the upload-job grains (souk/actors.Uploads implements it).
type Uploads interface {
	Blobs() persistence.Blobs
	ChunkStored(ctx context.Context, c actors.ChunkStored) (actors.UploadState, error)
	Status(ctx context.Context, userID, uploadID int64) (actors.UploadState, error)
}

// Rights returns a member's upload rights per media type (souk/app/account's
// MediaRights).
type Rights func(ctx context.Context, userID int64) (map[string]persistence.MediaRole, error)

// Config wires a Service.
type Config struct {
	DB      *persistence.DB
	Uploads Uploads
	Rights  Rights
	// Now is the clock of job expiries; nil means time.Now.
	Now func() time.Time
}

// Service answers the media actions. It is safe for concurrent use.
type Service struct {
	db      *persistence.DB
	uploads Uploads
	rights  Rights
	now     func() time.Time
}

// New returns the media service.
func New(cfg Config) *Service {
	s := &Service{db: cfg.DB, uploads: cfg.Uploads, rights: cfg.Rights, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Register adds the media actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "media.uploadStatus",
		Summary: "Where an upload of the viewer stands: the chunk indexes it still needs (send only those to resume), " +
			"or the media item once it is finished.",
		Access: action.Member,
		// A status call may finish the file (assemble and check it).
		Timeout: uploadCallTimeout,
	}, s.UploadStatus)
	action.Register(r, action.Spec{
		Name:    "media.getLibrary",
		Summary: "A page of the viewer's media items (an admin's: everyone's), the newest first, optionally of some MIME or media types.",
		Access:  action.Member,
	}, s.GetLibrary)
	action.Register(r, action.Spec{
		Name:    "mutates.deleteMedias",
		Summary: "Deletes media items: the viewer's own, or any for an admin; nothing is deleted when one of them may not be.",
		Access:  action.Member,
	}, s.DeleteMedias)
}

// policy is what member userID may upload now: rights and the accept list.
func (s *Service) policy(ctx context.Context, userID int64) (persistence.UploadPolicy, error) {
	rights, err := s.rights(ctx, userID)
	if err != nil {
		return persistence.UploadPolicy{}, fmt.Errorf("media: rights: %w", err)
	}
	var accept map[string]fileMimes
	if err := s.db.Settings().Get(ctx, fileMimesKey, &accept); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return persistence.UploadPolicy{}, fmt.Errorf("media: accept list: %w", err)
	}
	p := persistence.UploadPolicy{Types: map[string]persistence.UploadTypePolicy{}}
	for _, t := range persistence.MediaTypes {
		a, ok := accept[t]
		if !ok || len(a.Mime) == 0 {
			continue
		}
		role := rights[t]
		mb := role.SizeMB
		if mb <= 0 {
			mb = fallbackMaxMB
		}
		p.Types[t] = persistence.UploadTypePolicy{Can: role.Can, MaxPerDay: role.Max, MaxBytes: int64(mb) << 20,
			Mimes: a.Mime, Exts: a.Ext}
	}
	return p, nil
}

// startOfDay is the start of today's UTC day, epoch ms: daily counts start there.
func (s *Service) startOfDay() int64 {
	return persistence.Millis(s.now().UTC().Truncate(24 * time.Hour))
}
