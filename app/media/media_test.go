package media_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/i18n"
	"souk/app/media"
	"souk/cluster"
	"souk/persistence"
	"souk/transport/httpapi"
	"souk/webui"
)

// node is a test's view of the single node the package's tests share
// (one cluster member per process: protoactor's start races with the
// grpc goroutines of another member in the same process), serving the
// media routes, with members signed in by a token cookie naming them
// ("member:<id>" or "admin:<id>").
type node struct {
	t *testing.T
	*shared
}

type shared struct {
	db     *persistence.DB
	srv    *httptest.Server
	svc    *media.Service
	mu     sync.Mutex
	rights map[int64]map[string]persistence.MediaRole // guarded by mu
	names  int                                        // guarded by mu
}

var (
	sharedOnce sync.Once
	sharedNode *shared
	stopShared func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	if stopShared != nil {
		stopShared()
	}
	os.Exit(code)
}

type tokenAuth struct{}

func (tokenAuth) Authenticate(_ context.Context, token string) (action.Viewer, error) {
	kind, id, _ := strings.Cut(token, ":")
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return action.Viewer{}, errors.New("bad token")
	}
	return action.Viewer{UserID: n, IsAdmin: kind == "admin"}, nil
}

var acceptList = map[string]any{
	"image":      map[string]any{"mime": []string{"image/png", "image/jpeg", "image/svg+xml"}, "ext": []string{"png", "jpg", "svg"}},
	"video":      map[string]any{"mime": []string{"video/mp4"}, "ext": []string{"mp4"}},
	"attachment": map[string]any{"mime": []string{"application/zip"}, "ext": []string{"zip"}},
}

func newNode(t *testing.T) *node {
	t.Helper()
	sharedOnce.Do(func() { sharedNode = startShared(t) })
	require.NotNil(t, sharedNode, "the shared node did not start")
	return &node{t: t, shared: sharedNode}
}

func startShared(t *testing.T) *shared {
	dir, err := os.MkdirTemp("", "souk-media-test-")
	require.NoError(t, err)
	db, err := persistence.Open(context.Background(), persistence.Config{DataDir: dir, Node: 1})
	require.NoError(t, err)
	require.NoError(t, db.Migrate(context.Background()))
	require.NoError(t, db.Settings().Put(context.Background(), "file_mimes", acceptList))
	blobs, err := persistence.NewDiskBlobs(filepath.Join(dir, "media"))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := actors.Start(ctx, cluster.Config{NodeName: "solo", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		db, actors.WithBlobs(blobs))
	require.NoError(t, err)
	s := &shared{db: db, rights: map[int64]map[string]persistence.MediaRole{}}
	svc := media.New(media.Config{DB: db, Uploads: sys.Uploads(), Rights: func(_ context.Context, id int64) (map[string]persistence.MediaRole, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.rights[id], nil
	}})
	s.svc = svc
	reg := action.NewRegistry()
	svc.Register(reg)
	catalog, err := i18n.Load(webui.Locales(), action.Languages...)
	require.NoError(t, err)
	h := httpapi.New(httpapi.Config{Registry: reg, Translator: catalog, Auth: tokenAuth{},
		Upload: func(ctx context.Context, f httpapi.UploadForm) (any, error) {
			return svc.Upload(ctx, media.UploadInput{Chunk: f.Chunk, ChunkIndex: f.ChunkIndex, TotalChunks: f.TotalChunks,
				FileName: f.FileName, FileSize: f.FileSize, UploadID: f.UploadID})
		},
		MediaFile: func(ctx context.Context, id int64) (httpapi.MediaFile, error) {
			f, err := svc.Open(ctx, id)
			if err != nil {
				return httpapi.MediaFile{}, err
			}
			return httpapi.MediaFile{Content: f.Content, MimeType: f.MimeType, FileName: f.FileName,
				Attachment: f.Attachment, ModTime: time.UnixMilli(f.ModTime)}, nil
		}})
	s.srv = httptest.NewServer(h)
	stopShared = func() {
		s.srv.Close()
		_ = sys.Stop(context.Background())
		_ = db.Close()
		_ = os.RemoveAll(dir)
	}
	return s
}

// member makes a member with rights: every type allowed, sizeMB each, max a day.
func (n *node) member(name string, sizeMB, max int) int64 {
	n.mu.Lock()
	n.names++
	name += idOf(int64(n.names))
	n.mu.Unlock()
	u := persistence.User{Name: name, Slug: name, LevelKey: "lv1"}
	require.NoError(n.t, n.db.Users().Create(n.t.Context(), &u))
	n.setRights(u.ID, func(r map[string]persistence.MediaRole) {
		for _, t := range persistence.MediaTypes {
			r[t] = persistence.MediaRole{Can: true, Max: max, SizeMB: sizeMB}
		}
	})
	return u.ID
}

func (n *node) setRights(id int64, change func(map[string]persistence.MediaRole)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.rights[id] == nil {
		n.rights[id] = map[string]persistence.MediaRole{}
	}
	change(n.rights[id])
}

type reply struct {
	status int
	body   []byte
}

func (r reply) String() string { return strconv.Itoa(r.status) + " " + string(r.body) }

func (r reply) code() string {
	var e struct {
		Codes []string `json:"codes"`
	}
	_ = json.Unmarshal(r.body, &e)
	if len(e.Codes) == 0 {
		return ""
	}
	return e.Codes[0]
}

type chunk struct {
	data         []byte
	index, total int
	name         string
	size         int64
	uploadID     string
}

// post sends a chunk as token (empty: a guest).
func (n *node) post(token string, c chunk) reply {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for field, value := range map[string]string{"chunkIndex": strconv.Itoa(c.index), "totalChunks": strconv.Itoa(c.total),
		"fileName": c.name, "fileSize": strconv.FormatInt(c.size, 10), "uploadId": c.uploadID} {
		if value != "" {
			require.NoError(n.t, w.WriteField(field, value))
		}
	}
	part, err := w.CreateFormFile("chunk", "blob")
	require.NoError(n.t, err)
	_, _ = part.Write(c.data)
	require.NoError(n.t, w.Close())
	req, err := http.NewRequest(http.MethodPost, n.srv.URL+"/api/upload", &body)
	require.NoError(n.t, err)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Accept-Language", "en")
	return n.do(token, req)
}

func (n *node) do(token string, req *http.Request) reply {
	if token != "" {
		req.AddCookie(&http.Cookie{Name: httpapi.AccessCookie, Value: token})
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(n.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(n.t, err)
	return reply{status: res.StatusCode, body: b}
}

func (n *node) call(token, name string, data any) reply {
	body, err := json.Marshal(map[string]any{"action": name, "data": data, "lang": "en"})
	require.NoError(n.t, err)
	req, err := http.NewRequest(http.MethodPost, n.srv.URL+"/api/request", bytes.NewReader(body))
	require.NoError(n.t, err)
	req.Header.Set("Content-Type", "application/json")
	return n.do(token, req)
}

type uploadReply struct {
	FileUpload *media.Item `json:"fileUpload"`
	FileID     string      `json:"fileId"`
	Missing    []int       `json:"missing"`
}

func decode(t *testing.T, r reply) uploadReply {
	t.Helper()
	require.Equal(t, http.StatusOK, r.status, "%s", r)
	var out uploadReply
	require.NoError(t, json.Unmarshal(r.body, &out))
	return out
}

// chunks splits data as the client does.
func chunks(data []byte) [][]byte {
	var out [][]byte
	for off := 0; off < len(data); off += media.ChunkSize {
		out = append(out, data[off:min(off+media.ChunkSize, len(data))])
	}
	return out
}

// upload sends a whole file: the first chunk, then the rest 3 at a time.
func (n *node) upload(token, name string, data []byte) uploadReply {
	parts := chunks(data)
	first := decode(n.t, n.post(token, chunk{data: parts[0], index: 0, total: len(parts), name: name, size: int64(len(data))}))
	if len(parts) == 1 {
		return first
	}
	var mu sync.Mutex
	var last uploadReply
	sem := make(chan struct{}, 3)
	var wg sync.WaitGroup
	for i := 1; i < len(parts); i++ {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			r := n.post(token, chunk{data: parts[i], index: i, total: len(parts), name: name, size: int64(len(data)), uploadID: first.FileID})
			if assert.Equal(n.t, http.StatusOK, r.status, "%s", r) {
				var out uploadReply
				_ = json.Unmarshal(r.body, &out)
				mu.Lock()
				if out.FileUpload != nil {
					last = out
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return last
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))))
	return b.Bytes()
}

func randomZip(size int) []byte {
	rng := rand.New(rand.NewPCG(uint64(size), 1))
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(rng.UintN(256))
	}
	// A local file header is all the sniffer needs to see a zip.
	copy(data, "PK\x03\x04\x14\x00\x00\x00\x00\x00")
	return data
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func idOf(id int64) string { return strconv.FormatInt(id, 10) }

func mustID(t *testing.T, id string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(id, 10, 64)
	require.NoError(t, err)
	return n
}

// bombPNG is a valid PNG header (its CRC right) claiming side×side pixels,
// and a few bytes of nothing.
func bombPNG(side uint32) []byte {
	var ihdr bytes.Buffer
	ihdr.WriteString("IHDR")
	_ = binary.Write(&ihdr, binary.BigEndian, [2]uint32{side, side})
	ihdr.Write([]byte{8, 6, 0, 0, 0})
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	_ = binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr.Bytes())
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr.Bytes()))
	b.Write(make([]byte, 64))
	return b.Bytes()
}
