package filecheck

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/persistence"
)

func policy() persistence.UploadPolicy {
	return persistence.UploadPolicy{Types: map[string]persistence.UploadTypePolicy{
		persistence.MediaImage: {Can: true, MaxBytes: 1 << 20,
			Mimes: []string{"image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"}},
		persistence.MediaVideo:      {Can: false, MaxBytes: 1 << 20, Mimes: []string{"video/mp4"}},
		persistence.MediaAttachment: {Can: true, MaxBytes: 1 << 20, Mimes: []string{"application/zip", "application/pdf"}},
	}}
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	return b.Bytes()
}

// bombPNG is a valid PNG header (its CRC right) claiming side×side pixels,
// followed by a few bytes of nothing.
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

func jpegWithExif(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)), nil))
	data := b.Bytes()
	exif := append([]byte("Exif\x00\x00"), []byte("GPSLatitude 48.85")...)
	seg := []byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}
	return append(append(append([]byte{}, data[:2]...), append(seg, exif...)...), data[2:]...)
}

func TestInspect(t *testing.T) {
	t.Parallel()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	f, err := zw.Create("readme.txt")
	require.NoError(t, err)
	_, _ = f.Write([]byte("hello"))
	require.NoError(t, zw.Close())
	zipped := zb.Bytes()
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, 200)...)
	for name, tt := range map[string]struct {
		data   []byte
		want   Result
		reason string
	}{
		"png":                    {data: pngOf(t, 30, 20), want: Result{Type: "image", Mime: "image/png", Width: 30, Height: 20}},
		"jpeg":                   {data: jpegWithExif(t), want: Result{Type: "image", Mime: "image/jpeg", Width: 8, Height: 8}},
		"zip attachment":         {data: zipped, want: Result{Type: "attachment", Mime: "application/zip"}},
		"svg":                    {data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`), want: Result{Type: "image", Mime: "image/svg+xml"}},
		"exe posing as an image": {data: exe, reason: ReasonNotAccepted},
		"html":                   {data: []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), reason: ReasonNotAccepted},
		"svg with script":        {data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), reason: ReasonSVGScript},
		"svg with handler":       {data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`), reason: ReasonSVGScript},
		"too wide":               {data: pngOf(t, 2001, 1), reason: ReasonImageSize},
		"decompression bomb":     {data: bombPNG(100_000), reason: ReasonImageSize},
		"corrupt":                {data: bombPNG(10), reason: ReasonCorrupt},
		"video without right":    {data: append([]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"), make([]byte, 64)...), reason: ReasonNoRight},
		"over the size limit":    {data: append(zipped, make([]byte, 1<<20)...), reason: ReasonTooLarge},
	} {
		got, err := Inspect(bytes.NewReader(tt.data), int64(len(tt.data)), policy())
		if tt.reason != "" {
			var refusal *Refusal
			require.ErrorAs(t, err, &refusal, name)
			assert.Equal(t, tt.reason, refusal.Reason, name)
			continue
		}
		require.NoError(t, err, name)
		assert.Equal(t, tt.want, got, name)
	}
}

func TestStripJPEG(t *testing.T) {
	t.Parallel()
	data := jpegWithExif(t)
	require.Contains(t, string(data), "GPSLatitude")
	out, ok := StripJPEG(data)
	require.True(t, ok)
	assert.NotContains(t, string(out), "Exif")
	assert.NotContains(t, string(out), "GPSLatitude")
	img, err := jpeg.Decode(bytes.NewReader(out))
	require.NoError(t, err, "the image still decodes")
	assert.Equal(t, 8, img.Bounds().Dx())
	_, ok = StripJPEG([]byte("not a jpeg"))
	assert.False(t, ok)
}
