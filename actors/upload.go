package actors

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"

	"souk/internal/filecheck"
	"souk/persistence"
)

const (
	// ChunkSize is the size of every chunk of an upload but the last (SPEC.md §9).
	ChunkSize = persistence.BlobPartSize
	// UploadTTL is how long an upload job waits for its next chunk before
	// the sweep removes it with its chunks.
	UploadTTL = 24 * time.Hour
	// DefaultUploadIdle is how long an upload-job grain stays active
	// without a chunk before it is passivated.
	DefaultUploadIdle = 2 * time.Minute
	// finishTimeout bounds assembling and checking a finished upload.
	finishTimeout = 2 * time.Minute
)

// Error keys of UploadReply.error (media.error.*): the i18n keys the
// client is shown. The refusals of filecheck are media.error.<Reason>.
const (
	uploadErrNotFound    = "media.error.uploadNotFound"
	uploadErrMismatch    = "media.error.chunkMismatch"
	uploadErrIndex       = "media.error.chunkIndex"
	uploadErrChunkSize   = "media.error.chunkSize"
	uploadErrDailyLimit  = "media.error.dailyLimit"
	uploadErrUnavailable = "media.error.unavailable"
)

// uploadGrain is the one activation of an upload job (identity
// "<member>/<upload>"). The job's state is in the store (the job row and
// one row per chunk received), loaded on activation and written before
// each answer, so the job survives its node and resumes wherever it is
// activated next. Chunks are written to the blob store by the node that
// received them, before the grain is told; the grain records them one at
// a time, and with the last one assembles the file, checks it
// (filecheck.Inspect under the job's policy, the daily count) and stores
// the media item, whose id is the job's. Messages run one at a time, so
// a chunk told twice is recorded once.
type uploadGrain struct {
	env      *env
	userID   int64
	uploadID int64
	loaded   bool
	job      persistence.UploadJob
	received map[int]int64 // chunk index → size; guarded by the mailbox
	// media is the item the job became; set once finished.
	media *UploadMedia
	idle  idleWatch
}

func newUploadGrain(e *env) *uploadGrain { return &uploadGrain{env: e} }

// Receive handles one message at a time.
func (g *uploadGrain) Receive(ctx actor.Context) {
	if _, tick := ctx.Message().(idleTick); !tick {
		g.idle.touch()
	}
	switch msg := ctx.Message().(type) {
	case *pcluster.ClusterInit:
		g.userID, g.uploadID = parseUploadIdentity(msg.Identity.Identity)
		g.env.waitBound()
		g.idle.start(ctx, g.env.uploadIdle)
		g.env.log.Debug("upload job activated", "upload", g.uploadID, "user", g.userID)
	case idleTick:
		if g.idle.idle() {
			ctx.Poison(ctx.Self())
		}
	case *actor.Stopping:
		g.idle.stop()
	case *UploadChunkStored:
		ctx.Respond(g.chunkStored(msg))
	case *UploadStatus:
		ctx.Respond(g.status(msg.GetUserId(), msg.GetUploadId()))
	}
}

func (g *uploadGrain) status(userID, uploadID int64) *UploadReply {
	if userID != g.userID || uploadID != g.uploadID {
		return &UploadReply{Error: uploadErrNotFound, ErrorMessage: "a request for another job"}
	}
	if reply := g.load(); reply != nil {
		return reply
	}
	if g.media == nil && len(g.received) == g.job.TotalChunks {
		// Every chunk is recorded but the file was not finished: the node
		// finishing it died on the way. Nothing is left to send, so the
		// job finishes now.
		return g.finish()
	}
	return g.state()
}

func (g *uploadGrain) chunkStored(msg *UploadChunkStored) *UploadReply {
	if reply := g.status(msg.GetUserId(), msg.GetUploadId()); reply.GetError() != "" || g.media != nil {
		return reply
	}
	job, index := g.job, int(msg.GetIndex())
	switch {
	case msg.GetFileSize() != job.FileSize || int(msg.GetTotalChunks()) != job.TotalChunks:
		return &UploadReply{Error: uploadErrMismatch, ErrorMessage: "file size or chunk count differs from the job's"}
	case index < 0 || index >= job.TotalChunks:
		return &UploadReply{Error: uploadErrIndex, ErrorMessage: "chunk index out of range"}
	case msg.GetSize() != chunkLength(job.FileSize, index):
		return &UploadReply{Error: uploadErrChunkSize, Limit: chunkLength(job.FileSize, index),
			ErrorMessage: fmt.Sprintf("chunk %d holds %d bytes, not %d", index, msg.GetSize(), chunkLength(job.FileSize, index))}
	}
	if _, ok := g.received[index]; !ok {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		err := g.env.db.Media().RecordChunk(ctx, job.ID, persistence.UploadChunk{Index: index, Size: msg.GetSize()},
			persistence.Millis(g.env.now().Add(UploadTTL)))
		if errors.Is(err, persistence.ErrNotFound) {
			g.loaded = false // swept meanwhile
			return &UploadReply{Error: uploadErrNotFound, ErrorMessage: err.Error()}
		}
		if err != nil {
			return g.unavailable("record chunk", err)
		}
		g.received[index] = msg.GetSize()
	}
	if len(g.received) == job.TotalChunks {
		return g.finish()
	}
	return g.state()
}

// load reads the job from the store unless held; a job that is gone may
// have finished (its media item has its id) or never been.
func (g *uploadGrain) load() *UploadReply {
	if g.loaded {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	job, chunks, err := g.env.db.Media().Job(ctx, g.userID, g.uploadID)
	if errors.Is(err, persistence.ErrNotFound) {
		item, err := g.env.db.Media().Item(ctx, g.uploadID)
		switch {
		case err == nil && item.OwnerID == g.userID:
			g.media, g.loaded = mediaToProto(item), true
			return nil
		case err == nil || errors.Is(err, persistence.ErrNotFound):
			return &UploadReply{Error: uploadErrNotFound, ErrorMessage: "no such upload"}
		default:
			return g.unavailable("load", err)
		}
	}
	if err != nil {
		return g.unavailable("load", err)
	}
	g.job, g.received, g.loaded = job, make(map[int]int64, job.TotalChunks), true
	for _, c := range chunks {
		g.received[c.Index] = c.Size
	}
	return nil
}

// state is the reply of a job in progress or finished.
func (g *uploadGrain) state() *UploadReply {
	if g.media != nil {
		return &UploadReply{Media: g.media}
	}
	missing := make([]int32, 0, g.job.TotalChunks-len(g.received))
	for i := range g.job.TotalChunks {
		if _, ok := g.received[i]; !ok {
			missing = append(missing, int32(i))
		}
	}
	return &UploadReply{Missing: missing}
}

// finish assembles the file, checks it and stores the media item. A
// refused file is removed with the job: nothing of it stays visible.
func (g *uploadGrain) finish() *UploadReply {
	ctx, cancel := context.WithTimeout(context.Background(), finishTimeout)
	defer cancel()
	job, blobs := g.job, g.env.blobs
	key := "media/" + strconv.FormatInt(job.ID, 10)
	size, sum, err := persistence.Assemble(ctx, blobs, job.ID, job.TotalChunks, key)
	if err != nil {
		return g.unavailable("assemble", err)
	}
	item := persistence.MediaItem{ID: job.ID, OwnerID: job.OwnerID, Title: titleOf(job.FileName), FileName: job.FileName,
		FileSize: size, SHA256: sum, StorageKey: key, Status: persistence.MediaReady, CreatedAt: persistence.Millis(g.env.now())}
	refuse := func(reply *UploadReply) *UploadReply {
		g.env.log.Info("upload: refused", "user", job.OwnerID, "upload", job.ID, "reason", reply.GetError())
		if err := g.abandon(ctx, key); err != nil {
			g.env.log.Warn("upload: remove refused file", "upload", job.ID, "error", err)
		}
		return reply
	}
	if size != job.FileSize {
		return refuse(&UploadReply{Error: uploadErrChunkSize, ErrorMessage: "assembled size differs from the declared"})
	}
	res, err := g.inspect(ctx, key, size)
	var refusal *filecheck.Refusal
	if errors.As(err, &refusal) {
		return refuse(&UploadReply{Error: "media.error." + refusal.Reason, Limit: refusal.Limit, MediaType: refusal.Type,
			ErrorMessage: err.Error()})
	}
	if err != nil {
		return g.unavailable("inspect", err)
	}
	item.Type, item.MimeType, item.Width, item.Height = res.Type, res.Mime, res.Width, res.Height
	if filecheck.IsJPEG(res.Mime) {
		if item.FileSize, item.SHA256, err = g.stripJPEG(ctx, key); err != nil {
			return g.unavailable("strip metadata", err)
		}
	}
	// The day's count is reserved with the item, in one conditional write:
	// jobs of the member finishing at once on other nodes cannot both
	// take the last place.
	limit := job.Policy.Types[res.Type].MaxPerDay
	if err := g.env.db.Media().Finish(ctx, item, limit); errors.Is(err, persistence.ErrDailyLimit) {
		return refuse(&UploadReply{Error: uploadErrDailyLimit, Limit: int64(limit), MediaType: res.Type,
			ErrorMessage: fmt.Sprintf("%d %s uploads today already", limit, res.Type)})
	} else if err != nil {
		return g.unavailable("finish", err)
	}
	if err := blobs.DeleteChunks(ctx, job.ID); err != nil {
		g.env.log.Warn("upload: delete chunks", "upload", job.ID, "error", err)
	}
	g.media = mediaToProto(item)
	return &UploadReply{Media: g.media}
}

func (g *uploadGrain) inspect(ctx context.Context, key string, size int64) (filecheck.Result, error) {
	blob, err := g.env.blobs.Open(ctx, key)
	if err != nil {
		return filecheck.Result{}, err
	}
	defer blob.Close()
	return filecheck.Inspect(blob, size, g.job.Policy)
}

// stripJPEG rewrites the object key without its metadata segments and
// returns its new size and SHA-256. The file is at most the member's size
// limit, read whole.
func (g *uploadGrain) stripJPEG(ctx context.Context, key string) (int64, string, error) {
	blob, err := g.env.blobs.Open(ctx, key)
	if err != nil {
		return 0, "", err
	}
	data, err := io.ReadAll(blob)
	_ = blob.Close()
	if err != nil {
		return 0, "", err
	}
	if stripped, ok := filecheck.StripJPEG(data); ok && len(stripped) != len(data) {
		data = stripped
		if _, err := g.env.blobs.Put(ctx, key, bytes.NewReader(data)); err != nil {
			return 0, "", err
		}
	}
	return int64(len(data)), sha256Hex(data), nil
}

// abandon removes the job, its chunks and the object assembled from them.
func (g *uploadGrain) abandon(ctx context.Context, key string) error {
	g.loaded = false
	return errors.Join(g.env.blobs.Delete(ctx, key), g.env.blobs.DeleteChunks(ctx, g.job.ID),
		g.env.db.Media().DeleteJob(ctx, g.job.ID))
}

func (g *uploadGrain) unavailable(step string, err error) *UploadReply {
	g.env.log.Warn("upload: "+step, "user", g.userID, "upload", g.uploadID, "error", err)
	return &UploadReply{Error: uploadErrUnavailable, ErrorMessage: err.Error()}
}

// chunkLength is how many bytes chunk index of a fileSize-byte file holds.
func chunkLength(fileSize int64, index int) int64 {
	return min(int64(ChunkSize), fileSize-int64(index)*ChunkSize)
}

// ChunkCount is how many chunks a fileSize-byte file is sent in.
func ChunkCount(fileSize int64) int {
	return int(max(1, (fileSize+ChunkSize-1)/ChunkSize))
}

// titleOf is a file's name without its extension.
func titleOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}

// uploadIdentity is the identity of an upload-job grain.
func uploadIdentity(userID, uploadID int64) string {
	return strconv.FormatInt(userID, 10) + "/" + strconv.FormatInt(uploadID, 10)
}

func parseUploadIdentity(identity string) (userID, uploadID int64) {
	user, upload, _ := strings.Cut(identity, "/")
	userID, _ = strconv.ParseInt(user, 10, 64)
	uploadID, _ = strconv.ParseInt(upload, 10, 64)
	return userID, uploadID
}

func mediaToProto(m persistence.MediaItem) *UploadMedia {
	return &UploadMedia{Id: m.ID, OwnerId: m.OwnerID, Type: m.Type, Title: m.Title, FileName: m.FileName,
		MimeType: m.MimeType, FileSize: m.FileSize, Width: int32(m.Width), Height: int32(m.Height), Sha256: m.SHA256,
		StorageKey: m.StorageKey, CreatedAt: m.CreatedAt}
}

func mediaFromProto(m *UploadMedia) persistence.MediaItem {
	return persistence.MediaItem{ID: m.GetId(), OwnerID: m.GetOwnerId(), Type: m.GetType(), Title: m.GetTitle(),
		FileName: m.GetFileName(), MimeType: m.GetMimeType(), FileSize: m.GetFileSize(), Width: int(m.GetWidth()),
		Height: int(m.GetHeight()), SHA256: m.GetSha256(), StorageKey: m.GetStorageKey(), Status: persistence.MediaReady,
		CreatedAt: m.GetCreatedAt()}
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
