package demo

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/media"
	"souk/persistence"
	"souk/transport/httpapi"
)

// wavFormat is the fmt chunk of a WAV file.
type wavFormat struct {
	Format, Channels      uint16
	Rate, ByteRate        uint32
	BlockAlign, BitsDepth uint16
}

// readWAV checks the RIFF layout of a WAV file and returns its format and
// its samples.
func readWAV(t *testing.T, data []byte) (wavFormat, []int16) {
	t.Helper()
	require.Greater(t, len(data), wavHeaderSize)
	require.Equal(t, "RIFF", string(data[0:4]))
	require.Equal(t, uint32(len(data)-8), binary.LittleEndian.Uint32(data[4:8]))
	require.Equal(t, "WAVEfmt ", string(data[8:16]))
	require.Equal(t, uint32(16), binary.LittleEndian.Uint32(data[16:20]))
	var f wavFormat
	require.NoError(t, binary.Read(bytes.NewReader(data[20:36]), binary.LittleEndian, &f))
	require.Equal(t, "data", string(data[36:40]))
	size := binary.LittleEndian.Uint32(data[40:44])
	require.Equal(t, uint32(len(data)-wavHeaderSize), size)
	samples := make([]int16, size/2)
	require.NoError(t, binary.Read(bytes.NewReader(data[wavHeaderSize:]), binary.LittleEndian, samples))
	return f, samples
}

// The demo tracks are short, valid mono 16-bit PCM files of the duration
// the layout states, audible without clipping, the same on every run.
func TestTracks(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, tr := range Tracks {
		t.Run(tr.FileName, func(t *testing.T) {
			t.Parallel()
			data := tr.WAV()
			assert.Less(t, len(data), 400<<10, "small enough to load at once")
			assert.Equal(t, data, tr.WAV(), "deterministic")
			f, samples := readWAV(t, data)
			assert.Equal(t, wavFormat{Format: 1, Channels: 1, Rate: SampleRate, ByteRate: 2 * SampleRate, BlockAlign: 2, BitsDepth: 16}, f)
			assert.LessOrEqual(t, f.Rate, uint32(22050))
			seconds := float64(len(samples)) / float64(f.Rate)
			assert.InDelta(t, float64(tr.Seconds()), seconds, 0.001, "the duration the layout states")
			assert.True(t, seconds >= 8 && seconds <= 15, "%v s", seconds)

			var peak, loud int
			for _, s := range samples {
				v := max(int(s), -int(s))
				peak = max(peak, v)
				if v > 2000 {
					loud++
				}
			}
			assert.Less(t, peak, 32000, "no clipping")
			assert.Greater(t, loud, len(samples)/4, "audible most of the time")
			assert.Less(t, max(int(samples[0]), -int(samples[0])), 50, "starts without a click")
			last := samples[len(samples)-1]
			assert.Less(t, max(int(last), -int(last)), 50, "ends without a click")
		})
		assert.False(t, names[tr.FileName])
		names[tr.FileName] = true
		assert.NotEmpty(t, tr.Title)
		assert.Contains(t, tr.Thumb, "data:image/svg+xml,")
	}
}

// uploadsOfBlobs is the media service's Uploads with a blob store and no
// upload jobs: enough to serve files.
type uploadsOfBlobs struct{ blobs persistence.Blobs }

func (u uploadsOfBlobs) Blobs() persistence.Blobs { return u.blobs }

func (uploadsOfBlobs) ChunkStored(context.Context, actors.ChunkStored) (actors.UploadState, error) {
	return actors.UploadState{}, errors.New("no uploads here")
}

func (uploadsOfBlobs) Status(context.Context, int64, int64) (actors.UploadState, error) {
	return actors.UploadState{}, errors.New("no uploads here")
}

// keyTranslator answers an error's key as its message.
type keyTranslator struct{}

func (keyTranslator) Translate(_, key string, _ map[string]any) string { return key }

// TestAudioServed: with WithAudio the tracks are media items of the demo
// admin in the blob store, and the layout's playlist addresses answer
// with the file as audio/wav, ranges included, so a player can seek.
// Seeding again stores nothing twice.
func TestAudioServed(t *testing.T) {
	t.Parallel()
	db := openDB(t)
	blobs, err := persistence.NewDiskBlobs(t.TempDir())
	require.NoError(t, err)
	for range 2 {
		_, err = Seed(t.Context(), db, WithAudio(blobs))
		require.NoError(t, err)
	}
	admin, err := db.Users().GetBySlug(t.Context(), "admin")
	require.NoError(t, err)
	items, err := db.Media().List(t.Context(), persistence.MediaQuery{OwnerID: admin.ID, Kinds: []string{persistence.MediaAudio}, Limit: 10})
	require.NoError(t, err)
	require.Len(t, items, len(Tracks), "one item per track")

	svc := media.New(media.Config{DB: db, Uploads: uploadsOfBlobs{blobs: blobs}})
	srv := httptest.NewServer(httpapi.New(httpapi.Config{Registry: action.NewRegistry(), Translator: keyTranslator{},
		MediaFile: func(ctx context.Context, id int64) (httpapi.MediaFile, error) {
			f, err := svc.Open(ctx, id)
			if err != nil {
				return httpapi.MediaFile{}, err
			}
			return httpapi.MediaFile{Content: f.Content, MimeType: f.MimeType, FileName: f.FileName,
				Attachment: f.Attachment, ModTime: time.UnixMilli(f.ModTime)}, nil
		}}))
	t.Cleanup(srv.Close)
	get := func(url, rangeHeader string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+url, nil)
		require.NoError(t, err)
		if rangeHeader != "" {
			req.Header.Set("Range", rangeHeader)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res, body
	}

	for _, tr := range Tracks {
		want := tr.WAV()
		res, body := get(tr.URL(), "")
		require.Equal(t, http.StatusOK, res.StatusCode, tr.URL())
		assert.Contains(t, []string{"audio/wav", "audio/x-wav"}, res.Header.Get("Content-Type"))
		assert.Equal(t, "bytes", res.Header.Get("Accept-Ranges"))
		assert.Equal(t, want, body)

		res, body = get(tr.URL(), "bytes=1000-1999")
		require.Equal(t, http.StatusPartialContent, res.StatusCode, "seeking asks for a range")
		assert.Equal(t, fmt.Sprintf("bytes 1000-1999/%d", len(want)), res.Header.Get("Content-Range"))
		assert.Equal(t, want[1000:2000], body)
	}
}
