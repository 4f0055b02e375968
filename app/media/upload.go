package media

import (
	"context"
	"errors"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/actors"
	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ChunkSize is the size of every chunk of an upload but the last (SPEC.md §9).
const ChunkSize = actors.ChunkSize

// UploadInput is one chunk of POST /api/upload (multipart fields of the
// same names; the transport reads them).
type UploadInput struct {
	// Chunk is the chunk's bytes: ChunkSize, or what is left for the last.
	Chunk       []byte
	ChunkIndex  int
	TotalChunks int
	FileName    string
	FileSize    int64
	// UploadID is the fileId of the upload's first reply; empty starts an upload.
	UploadID string
}

// UploadReply answers a chunk, and media.uploadStatus.
type UploadReply struct {
	FileUpload *Item  `json:"fileUpload" doc:"the media item once the last chunk is in and the file passed its checks; null until then"`
	FileID     string `json:"fileId" doc:"the upload's id: send it as uploadId with every later chunk; the media item's id once finished"`
	Missing    []int  `json:"missing" doc:"chunk indexes the upload still needs, in order; empty once finished"`
}

// Upload takes one chunk of a member's upload: the first one (no
// UploadID) creates the job after checking the declared name and size
// against the member's rights; every chunk is stored, then recorded by
// the job, which finishes the file with the last one.
func (s *Service) Upload(ctx context.Context, in UploadInput) (UploadReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	if viewer.IsGuest() {
		return UploadReply{}, action.ErrUnauthorized
	}
	name := cleanFileName(in.FileName)
	switch {
	case name == "":
		return UploadReply{}, action.Required("fileName")
	case in.FileSize <= 0:
		return UploadReply{}, action.BadField("fileSize")
	case in.TotalChunks != actors.ChunkCount(in.FileSize):
		return UploadReply{}, ErrChunkMismatch
	case in.ChunkIndex < 0 || in.ChunkIndex >= in.TotalChunks:
		return UploadReply{}, ErrChunkIndex
	case int64(len(in.Chunk)) != chunkLength(in.FileSize, in.ChunkIndex):
		return UploadReply{}, ErrChunkSize
	}
	var id int64
	if in.UploadID == "" {
		job, err := s.startJob(ctx, viewer.UserID, name, in.FileSize, in.TotalChunks)
		if err != nil {
			return UploadReply{}, err
		}
		id = job.ID
	} else {
		n, err := strconv.ParseInt(in.UploadID, 10, 64)
		if err != nil || n <= 0 {
			return UploadReply{}, action.BadField("uploadId")
		}
		id = n
		if done, reply, err := s.knownJob(ctx, viewer.UserID, id, in); done || err != nil {
			return reply, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, uploadCallTimeout)
	defer cancel()
	if err := s.uploads.Blobs().PutChunk(ctx, id, in.ChunkIndex, in.Chunk); err != nil {
		return UploadReply{}, err
	}
	state, err := s.uploads.ChunkStored(ctx, actors.ChunkStored{UserID: viewer.UserID, UploadID: id, Index: in.ChunkIndex,
		Size: int64(len(in.Chunk)), FileSize: in.FileSize, TotalChunks: in.TotalChunks})
	if err != nil {
		return UploadReply{}, uploadError(err)
	}
	return replyOf(id, state), nil
}

// knownJob checks a chunk against the member's job id before its bytes
// are stored: done when the upload already finished (the reply is its item).
func (s *Service) knownJob(ctx context.Context, userID, id int64, in UploadInput) (bool, UploadReply, error) {
	job, _, err := s.db.Media().Job(ctx, userID, id)
	if errors.Is(err, persistence.ErrNotFound) {
		item, err := s.db.Media().Item(ctx, id)
		if err == nil && item.OwnerID == userID {
			return true, replyOf(id, actors.UploadState{Media: &item}), nil
		}
		if err != nil && !errors.Is(err, persistence.ErrNotFound) {
			return true, UploadReply{}, err
		}
		return true, UploadReply{}, ErrUploadNotFound
	}
	if err != nil {
		return true, UploadReply{}, err
	}
	if job.FileSize != in.FileSize || job.TotalChunks != in.TotalChunks {
		return true, UploadReply{}, ErrChunkMismatch
	}
	return false, UploadReply{}, nil
}

// startJob checks what the member declared (the type its file name's
// extension belongs to: the right, the size limit, today's count) and
// creates the job, with the policy its end is checked against.
func (s *Service) startJob(ctx context.Context, userID int64, name string, size int64, chunks int) (persistence.UploadJob, error) {
	policy, err := s.policy(ctx, userID)
	if err != nil {
		return persistence.UploadJob{}, err
	}
	mediaType, rule, ok := typeOfName(policy, name)
	if !ok {
		return persistence.UploadJob{}, ErrNotAccepted
	}
	if !rule.Can {
		return persistence.UploadJob{}, errNoRight(mediaType)
	}
	if size > rule.MaxBytes {
		return persistence.UploadJob{}, errTooLarge(mediaType, rule.MaxBytes)
	}
	if rule.MaxPerDay > 0 {
		n, err := s.db.Media().DailyCount(ctx, userID, mediaType, s.startOfDay())
		if err != nil {
			return persistence.UploadJob{}, err
		}
		if n >= rule.MaxPerDay {
			return persistence.UploadJob{}, errDailyLimit(mediaType, int64(rule.MaxPerDay))
		}
	}
	now := s.now()
	job := persistence.UploadJob{ID: s.db.NewID(), OwnerID: userID, FileName: name, FileSize: size, TotalChunks: chunks,
		Policy: policy, CreatedAt: persistence.Millis(now), ExpiresAt: persistence.Millis(now.Add(actors.UploadTTL))}
	if err := s.db.Media().CreateJob(ctx, job, MaxOpenUploads); err != nil {
		if errors.Is(err, persistence.ErrTooManyUploads) {
			return persistence.UploadJob{}, ErrTooManyUploads
		}
		return persistence.UploadJob{}, err
	}
	return job, nil
}

// typeOfName is the media type whose accept list names the file's extension.
func typeOfName(p persistence.UploadPolicy, name string) (string, persistence.UploadTypePolicy, bool) {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	if ext == "" {
		return "", persistence.UploadTypePolicy{}, false
	}
	for _, t := range persistence.MediaTypes {
		rule, ok := p.Types[t]
		if !ok {
			continue
		}
		for _, e := range rule.Exts {
			if strings.EqualFold(strings.TrimPrefix(strings.TrimSpace(e), "."), ext) {
				return t, rule, true
			}
		}
	}
	return "", persistence.UploadTypePolicy{}, false
}

// cleanFileName keeps a file name's last path element, without control
// characters and quotes, at most MaxFileName bytes.
func cleanFileName(name string) string {
	name = member.PlainText(name, false)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r == '"' || unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "." || name == ".." {
		return ""
	}
	if len(name) > MaxFileName {
		cut := MaxFileName
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut]
	}
	return name
}

func chunkLength(fileSize int64, index int) int64 {
	return min(int64(ChunkSize), fileSize-int64(index)*ChunkSize)
}

func replyOf(id int64, state actors.UploadState) UploadReply {
	reply := UploadReply{FileID: member.FormatID(id), Missing: state.Missing}
	if reply.Missing == nil {
		reply.Missing = []int{}
	}
	if state.Media != nil {
		item := itemOf(*state.Media)
		reply.FileUpload = &item
		reply.Missing = []int{}
	}
	return reply
}
