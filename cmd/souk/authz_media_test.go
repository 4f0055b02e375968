package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"github.com/stretchr/testify/require"
)

// upload sends a small PNG through POST /api/upload as as, in one chunk,
// and returns the media item's id.
func (f *authzFixture) upload(as role, name string) string {
	f.t.Helper()
	var img bytes.Buffer
	require.NoError(f.t, png.Encode(&img, image.NewGray(image.Rect(0, 0, 4, 4))))
	res := postChunk(f.t, f.clients[as], f.base, uploadChunk{data: img.Bytes(), index: 0, total: 1,
		name: name, size: int64(img.Len())})
	require.Equal(f.t, ok, res.status, "upload as %s: %s", as, res)
	var reply struct {
		FileUpload *struct {
			ID string `json:"id"`
		} `json:"fileUpload"`
	}
	require.NoError(f.t, json.Unmarshal(res.body, &reply))
	require.NotNil(f.t, reply.FileUpload, "a one-chunk upload is finished: %s", res)
	return reply.FileUpload.ID
}

// uploadChunk is one POST /api/upload.
type uploadChunk struct {
	data         []byte
	index, total int
	name         string
	size         int64
	uploadID     string
}

// postChunk posts a chunk as a browser's multipart form does.
func postChunk(t require.TestingT, client *http.Client, base string, c uploadChunk) result {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for field, value := range map[string]string{"chunkIndex": strconv.Itoa(c.index), "totalChunks": strconv.Itoa(c.total),
		"fileName": c.name, "fileSize": strconv.FormatInt(c.size, 10), "uploadId": c.uploadID} {
		if value != "" {
			require.NoError(t, w.WriteField(field, value))
		}
	}
	part, err := w.CreateFormFile("chunk", "blob")
	require.NoError(t, err)
	_, err = part.Write(c.data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	res, err := client.Post(base+"/api/upload", w.FormDataContentType(), &body)
	require.NoError(t, err)
	defer res.Body.Close()
	reply, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return result{status: res.StatusCode, body: reply}
}
