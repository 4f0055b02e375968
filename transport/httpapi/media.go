package httpapi

import (
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"souk/app/action"
)

const (
	// UploadChunkSize is the size of an upload's chunks (SPEC.md §9).
	UploadChunkSize = 1 << 20
	// maxUploadBody bounds a POST /api/upload body: a chunk and its
	// multipart fields and boundaries.
	maxUploadBody = UploadChunkSize + 64<<10
	// maxUploadField bounds each of the text fields.
	maxUploadField = 1024
	// mediaPolicy is the Content-Security-Policy of a served file: it runs
	// nothing, even an SVG opened on its own.
	mediaPolicy = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox"
	// mediaCache lets browsers and proxies keep a file for a year: an id
	// names one file forever.
	mediaCache = "public, max-age=31536000, immutable"
)

// UploadForm is one POST /api/upload: a chunk of a file and where it belongs.
type UploadForm struct {
	Chunk       []byte
	ChunkIndex  int
	TotalChunks int
	FileName    string
	FileSize    int64
	// UploadID is empty for an upload's first chunk.
	UploadID string
}

// MediaFile is a stored file to serve.
type MediaFile struct {
	Content    io.ReadSeekCloser
	MimeType   string
	FileName   string
	Attachment bool
	ModTime    time.Time
}

// handleUpload serves POST /api/upload: a multipart chunk from this site.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	if s.refuseForged(w, r) {
		return
	}
	start := time.Now()
	status := http.StatusOK
	defer func() { s.metrics.observeAction("upload", status, time.Since(start)) }()
	form, err := readUploadForm(w, r)
	if err != nil {
		e := action.AsError(err)
		status = e.Status
		writeError(w, r, s.tr, e)
		return
	}
	reply, err := s.upload(r.Context(), form)
	if err != nil {
		e := action.AsError(err)
		status = e.Status
		if status >= 500 {
			s.logError(r, "upload failed", err)
		}
		writeError(w, r, s.tr, e)
		return
	}
	writeJSON(w, http.StatusOK, reply)
}

// readUploadForm reads the multipart fields, streaming, within maxUploadBody.
func readUploadForm(w http.ResponseWriter, r *http.Request) (UploadForm, error) {
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" {
		return UploadForm{}, errContentType
	}
	mr := multipart.NewReader(http.MaxBytesReader(w, r.Body, maxUploadBody), params["boundary"])
	var form UploadForm
	fields := map[string]string{}
	seenChunk := false
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return UploadForm{}, bodyError(err)
		}
		name := part.FormName()
		limit := int64(maxUploadField)
		if name == "chunk" {
			limit = UploadChunkSize
		}
		data, err := io.ReadAll(io.LimitReader(part, limit+1))
		if err != nil {
			return UploadForm{}, bodyError(err)
		}
		if int64(len(data)) > limit {
			return UploadForm{}, errTooLarge
		}
		if name == "chunk" {
			form.Chunk, seenChunk = data, true
		} else {
			fields[name] = string(data)
		}
	}
	if !seenChunk {
		return UploadForm{}, action.Required("chunk")
	}
	ints := map[string]*int64{"fileSize": &form.FileSize}
	var index, total int64
	ints["chunkIndex"], ints["totalChunks"] = &index, &total
	for field, into := range ints {
		n, err := strconv.ParseInt(fields[field], 10, 64)
		if err != nil {
			return UploadForm{}, action.BadField(field)
		}
		*into = n
	}
	if index < 0 || index > 1<<20 || total < 0 || total > 1<<20 {
		return UploadForm{}, action.BadField("chunkIndex")
	}
	form.ChunkIndex, form.TotalChunks = int(index), int(total)
	form.FileName, form.UploadID = fields["fileName"], fields["uploadId"]
	return form, nil
}

func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return errTooLarge
	}
	return action.BadField("chunk")
}

// handleMedia serves GET /api/media/{id}/{name}: the file with its
// sniffed type, ranges, a year of caching, never as a page.
func (s *Server) handleMedia(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, r, s.tr, action.Errorf(http.StatusNotFound, "media.error.notFound"))
		return
	}
	f, err := s.mediaFile(r.Context(), id)
	if err != nil {
		e := action.AsError(err)
		if e.Status >= 500 {
			s.logError(r, "open media failed", err)
		}
		writeError(w, r, s.tr, e)
		return
	}
	defer f.Content.Close()
	h := w.Header()
	h.Set("Content-Type", f.MimeType)
	h.Set("Cache-Control", mediaCache)
	h.Set("Content-Security-Policy", mediaPolicy)
	disposition := "inline"
	if f.Attachment {
		disposition = "attachment"
	}
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": f.FileName}))
	if h.Get("Content-Disposition") == "" {
		h.Set("Content-Disposition", disposition+"; filename*=UTF-8''"+url.PathEscape(f.FileName))
	}
	http.ServeContent(w, r, "", f.ModTime, f.Content)
}

func (s *Server) logError(r *http.Request, msg string, err error) {
	slog.ErrorContext(r.Context(), msg, "err", err)
}
