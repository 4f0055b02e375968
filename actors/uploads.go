package actors

import (
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/protobuf/proto"

	"souk/persistence"
)

// Uploads calls the upload-job grains: one per member and upload, through
// which every chunk of that upload is recorded (see uploadGrain). It is
// safe for concurrent use.
type Uploads struct{ env *env }

// UploadError is an upload the job refused, with the i18n key the client
// is shown (media.error.*) and the number it names (a limit), if any.
type UploadError struct {
	Key   string
	Limit int64
	// Type is the refused file's media type, when known.
	Type string
	msg  string
}

func (e *UploadError) Error() string { return "actors: upload: " + e.Key + ": " + e.msg }

// Unwrap makes errors.Is(err, ErrUnavailable) true for a job that could
// not reach the store (the chunk may be sent again).
func (e *UploadError) Unwrap() error {
	if e.Key == uploadErrUnavailable {
		return ErrUnavailable
	}
	return nil
}

// ChunkStored is a chunk written to the blob store, for its job to record.
type ChunkStored struct {
	UserID, UploadID int64
	Index            int
	Size             int64
	// FileSize and TotalChunks are what the client declared with the
	// chunk; they must be the job's.
	FileSize    int64
	TotalChunks int
}

// UploadState is where a job stands: the chunks it still needs, in index
// order, or once finished the media item it made.
type UploadState struct {
	Missing []int
	Media   *persistence.MediaItem
}

// Blobs is the store the chunks go to before ChunkStored is called.
func (u *Uploads) Blobs() persistence.Blobs { return u.env.blobs }

// ChunkStored tells the job about a stored chunk. The job records it
// before answering; with the last chunk it finishes (assembles, checks,
// stores the media item) first. A refusal is an *UploadError.
func (u *Uploads) ChunkStored(ctx context.Context, c ChunkStored) (UploadState, error) {
	return u.call(ctx, c.UserID, c.UploadID, &UploadChunkStored{UserId: c.UserID, UploadId: c.UploadID,
		Index: int32(c.Index), Size: c.Size, FileSize: c.FileSize, TotalChunks: int32(c.TotalChunks)})
}

// Status asks the job which chunks it still needs (or the media item it made).
func (u *Uploads) Status(ctx context.Context, userID, uploadID int64) (UploadState, error) {
	return u.call(ctx, userID, uploadID, &UploadStatus{UserId: userID, UploadId: uploadID})
}

func (u *Uploads) call(ctx context.Context, userID, uploadID int64, msg proto.Message) (UploadState, error) {
	if userID <= 0 || uploadID <= 0 {
		return UploadState{}, &UploadError{Key: uploadErrNotFound, msg: "no member or no upload"}
	}
	res, err := u.env.request(ctx, uploadKind, uploadIdentity(userID, uploadID), msg)
	if err != nil {
		return UploadState{}, err
	}
	reply, ok := res.(*UploadReply)
	if !ok {
		return UploadState{}, fmt.Errorf("%w: unexpected reply %T", ErrUnavailable, res)
	}
	if key := reply.GetError(); key != "" {
		return UploadState{}, &UploadError{Key: key, Limit: reply.GetLimit(), Type: reply.GetMediaType(),
			msg: reply.GetErrorMessage()}
	}
	state := UploadState{Missing: make([]int, 0, len(reply.GetMissing()))}
	for _, i := range reply.GetMissing() {
		state.Missing = append(state.Missing, int(i))
	}
	if m := reply.GetMedia(); m != nil {
		item := mediaFromProto(m)
		state.Media = &item
	}
	return state, nil
}

// sweepBatch bounds the jobs one Sweep removes.
const sweepBatch = 100

// Sweep removes the upload jobs that expired before now (abandoned: no
// chunk for UploadTTL), with their chunks, then the chunks older than
// UploadTTL that no job owns any more (their job finished or was removed
// while they could not be), and the daily upload counts of days before
// yesterday. It returns how many jobs and orphaned chunk sets it removed.
// Every node may sweep: removing a job twice is harmless, and a job's grain
// that is told a chunk of a removed job answers that it is gone.
func (u *Uploads) Sweep(ctx context.Context, now time.Time) (int, error) {
	media := u.env.db.Media()
	ids, err := media.ExpiredJobs(ctx, persistence.Millis(now), sweepBatch)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, u.env.blobs.DeleteChunks(ctx, id), media.DeleteJob(ctx, id))
	}
	removed := len(ids)
	stale, err := u.env.blobs.StaleChunks(ctx, persistence.Millis(now.Add(-UploadTTL)), sweepBatch)
	errs = append(errs, err)
	for _, id := range stale {
		live, err := media.JobExists(ctx, id)
		if err != nil || live {
			errs = append(errs, err)
			continue
		}
		if err := u.env.blobs.DeleteChunks(ctx, id); err != nil {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	errs = append(errs, media.PruneDaily(ctx, persistence.DayOf(persistence.Millis(now))-24*time.Hour.Milliseconds()))
	if err := errors.Join(errs...); err != nil {
		return 0, fmt.Errorf("actors: upload sweep: %w", err)
	}
	return removed, nil
}

// UploadActivations counts the upload-job grains active on this node.
func (s *System) UploadActivations() int { return s.env.node.Activations(uploadKind) }
