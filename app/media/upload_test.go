package media_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/media"
	"souk/persistence"
)

// TestUploadAndServe uploads a 3.5 MiB file (the first chunk, then the
// rest 3 at a time) and serves it back whole and by ranges.
func TestUploadAndServe(t *testing.T) {
	t.Parallel()
	n := newNode(t)
	ann := n.member("ann", 10, 0)
	token := "member:" + idOf(ann)
	data := randomZip(3*media.ChunkSize + media.ChunkSize/2)
	done := n.upload(token, "backup.zip", data)
	require.NotNil(t, done.FileUpload)
	item := *done.FileUpload
	assert.Equal(t, done.FileID, item.ID)
	assert.Equal(t, "attachment", item.MediaType)
	assert.Equal(t, int64(len(data)), item.FileSize)
	assert.Equal(t, 100, item.Progress)
	assert.Equal(t, "/api/media/"+item.ID+"/backup.zip", item.SourceURL)
	stored, err := n.db.Media().Item(t.Context(), mustID(t, item.ID))
	require.NoError(t, err)
	assert.Equal(t, hexSum(data), stored.SHA256)

	req, _ := http.NewRequest(http.MethodGet, n.srv.URL+item.SourceURL, nil)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, hexSum(data), hexSum(body))
	assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
	assert.Contains(t, res.Header.Get("Cache-Control"), "immutable")
	assert.Contains(t, res.Header.Get("Content-Disposition"), "attachment")
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "sandbox")
	assert.NotContains(t, res.Header.Get("Content-Type"), "html")

	req, _ = http.NewRequest(http.MethodGet, n.srv.URL+item.SourceURL, nil)
	req.Header.Set("Range", "bytes=1048570-1048589")
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusPartialContent, res.StatusCode)
	assert.Equal(t, data[1048570:1048590], body, "a range across two chunks")

	img := n.upload(token, "cat.png", pngOf(t, 40, 30))
	require.NotNil(t, img.FileUpload)
	assert.Equal(t, [2]int{40, 30}, [2]int{img.FileUpload.Width, img.FileUpload.Height})
	res, err = http.Get(n.srv.URL + img.FileUpload.SourceURL)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, "image/png", res.Header.Get("Content-Type"))
	assert.Contains(t, res.Header.Get("Content-Disposition"), "inline")

	res, err = http.Get(n.srv.URL + "/api/media/123/x.png")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// TestUploadResume: a client that lost its replies asks which chunks the
// job still needs and sends only those.
func TestUploadResume(t *testing.T) {
	t.Parallel()
	n := newNode(t)
	token := "member:" + idOf(n.member("ann", 10, 0))
	data := randomZip(3*media.ChunkSize - 7)
	parts := chunks(data)
	first := decode(t, n.post(token, chunk{data: parts[2], index: 2, total: 3, name: "a.zip", size: int64(len(data))}))
	assert.Equal(t, []int{0, 1}, first.Missing)
	status := n.call(token, "media.uploadStatus", map[string]any{"uploadId": first.FileID})
	require.Equal(t, http.StatusOK, status.status, "%s", status)
	var st uploadReply
	require.NoError(t, json.Unmarshal(status.body, &st))
	assert.Equal(t, []int{0, 1}, st.Missing)
	assert.Nil(t, st.FileUpload)
	for _, i := range st.Missing {
		decode(t, n.post(token, chunk{data: parts[i], index: i, total: 3, name: "a.zip", size: int64(len(data)), uploadID: first.FileID}))
	}
	status = n.call(token, "media.uploadStatus", map[string]any{"uploadId": first.FileID})
	require.NoError(t, json.Unmarshal(status.body, &st))
	require.NotNil(t, st.FileUpload)
	assert.Empty(t, st.Missing)
	again := decode(t, n.post(token, chunk{data: parts[1], index: 1, total: 3, name: "a.zip", size: int64(len(data)), uploadID: first.FileID}))
	require.NotNil(t, again.FileUpload, "a chunk sent again after the end answers the item")
	assert.Equal(t, st.FileUpload.ID, again.FileUpload.ID)
}

// TestUploadRefusals covers each check: rights, bounds, and content.
func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	n := newNode(t)
	ann := n.member("ann", 2, 2)
	bob := n.member("bob", 5, 0)
	token, bobToken := "member:"+idOf(ann), "member:"+idOf(bob)
	n.setRights(ann, func(r map[string]persistence.MediaRole) { r["video"] = persistence.MediaRole{} })
	small := pngOf(t, 8, 8)
	one := func(name string, data []byte) chunk {
		return chunk{data: data, index: 0, total: 1, name: name, size: int64(len(data))}
	}
	started := decode(t, n.post(token, chunk{data: make([]byte, media.ChunkSize), index: 0, total: 2, name: "big.zip", size: media.ChunkSize + 10}))
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 300)...)
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`)

	for _, tt := range []struct {
		name   string
		token  string
		chunk  chunk
		status int
		code   string
	}{
		{"guest", "", one("a.png", small), http.StatusUnauthorized, "common.error.unauthorized"},
		{"unknown extension", token, one("a.exe", small), http.StatusUnsupportedMediaType, "media.error.notAccepted"},
		{"no right to the type", token, one("a.mp4", small), http.StatusForbidden, "media.error.noRight"},
		{"over the size limit", token, chunk{data: make([]byte, media.ChunkSize), total: 3, name: "a.zip", size: 3 << 20}, http.StatusRequestEntityTooLarge, "media.error.tooLarge"},
		{"index out of range", token, chunk{data: small, index: 1, total: 1, name: "a.png", size: int64(len(small))}, http.StatusBadRequest, "media.error.chunkIndex"},
		{"negative index", token, chunk{data: small, index: -1, total: 1, name: "a.png", size: int64(len(small))}, http.StatusBadRequest, "common.error.badField"},
		{"chunk count disagrees with the size", token, chunk{data: small, total: 3, name: "a.png", size: int64(len(small))}, http.StatusBadRequest, "media.error.chunkMismatch"},
		{"file larger than declared", token, chunk{data: small, total: 1, name: "a.png", size: int64(len(small)) - 1}, http.StatusBadRequest, "media.error.chunkSize"},
		{"chunk over 1 MiB", token, chunk{data: make([]byte, media.ChunkSize+1), total: 2, name: "a.zip", size: media.ChunkSize + 1}, http.StatusBadRequest, "common.error.tooLarge"},
		{"total chunks changed mid-upload", token, chunk{data: make([]byte, 10), index: 1, total: 3, name: "big.zip", size: media.ChunkSize + 10, uploadID: started.FileID}, http.StatusBadRequest, "media.error.chunkMismatch"},
		{"unknown upload", token, chunk{data: small, total: 1, name: "a.png", size: int64(len(small)), uploadID: "424242"}, http.StatusNotFound, "media.error.uploadNotFound"},
		{"another's upload", bobToken, chunk{data: make([]byte, 10), index: 1, total: 2, name: "big.zip", size: media.ChunkSize + 10, uploadID: started.FileID}, http.StatusNotFound, "media.error.uploadNotFound"},
		{"executable posing as an image", token, one("cat.png", exe), http.StatusUnsupportedMediaType, "media.error.notAccepted"},
		{"svg with script", token, one("logo.svg", svg), http.StatusUnsupportedMediaType, "media.error.svgScript"},
		{"image over 2000 px", token, one("wide.png", pngOf(t, 2001, 2)), http.StatusUnprocessableEntity, "media.error.imageSize"},
		{"decompression bomb", token, one("bomb.png", bombPNG(60_000)), http.StatusUnprocessableEntity, "media.error.imageSize"},
	} {
		r := n.post(tt.token, tt.chunk)
		assert.Equal(t, tt.status, r.status, "%s: %s", tt.name, r)
		assert.Equal(t, tt.code, r.code(), "%s", tt.name)
	}
	lib := n.call(token, "media.getLibrary", nil)
	require.Equal(t, http.StatusOK, lib.status)
	assert.Contains(t, string(lib.body), `"edges":[]`, "no refused file is visible: %s", lib)

	// The daily count: two images a day.
	for range 2 {
		require.NotNil(t, decode(t, n.post(token, one("ok.png", small))).FileUpload)
	}
	r := n.post(token, one("third.png", small))
	assert.Equal(t, http.StatusForbidden, r.status, "%s", r)
	assert.Equal(t, "media.error.dailyLimit", r.code())
	assert.Contains(t, string(r.body), "already uploaded 2", "%s", r)

	// The cap on open uploads.
	for i := range media.MaxOpenUploads - 1 {
		decode(t, n.post(bobToken, chunk{data: make([]byte, media.ChunkSize), total: 2, name: "open" + idOf(int64(i)) + ".zip", size: media.ChunkSize + 1}))
	}
	decode(t, n.post(bobToken, chunk{data: make([]byte, media.ChunkSize), total: 2, name: "last.zip", size: media.ChunkSize + 1}))
	r = n.post(bobToken, chunk{data: make([]byte, media.ChunkSize), total: 2, name: "over.zip", size: media.ChunkSize + 1})
	assert.Equal(t, http.StatusTooManyRequests, r.status, "%s", r)
}
