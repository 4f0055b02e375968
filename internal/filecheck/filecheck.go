// Package filecheck decides what an uploaded file really is and whether a
// member may keep it: the type sniffed from its bytes (never its name),
// the accept list and rights of persistence.UploadPolicy, the image rules
// (2000 px, decompression bombs refused from the header before any pixel is
// decoded), SVG without script, and JPEG metadata (EXIF location) removed.
package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // registers the decoders image.DecodeConfig uses
	_ "image/jpeg"
	_ "image/png"
	"io"
	"regexp"
	"strings"

	"github.com/gabriel-vasile/mimetype"
	_ "golang.org/x/image/webp"

	"souk/persistence"
)

// MaxImageSide is the widest and tallest image accepted, in pixels (SPEC.md §9).
const MaxImageSide = 2000

// sniffLen is how many leading bytes the type is sniffed from.
const sniffLen = 3072

// Refusal is why a file is refused; Reason names an i18n key's last part
// (media.error.<Reason>).
type Refusal struct {
	Reason string
	// Type is the media type the file was sorted into, when known.
	Type string
	// Limit is the number the refusal names (the size limit in bytes, the
	// largest side), when it names one.
	Limit int64
}

func (r *Refusal) Error() string { return "filecheck: refused: " + r.Reason }

// Reasons of a Refusal.
const (
	ReasonNotAccepted = "notAccepted" // the sniffed type is in no accept list
	ReasonNoRight     = "noRight"     // the member may not upload this type
	ReasonTooLarge    = "tooLarge"    // over the member's size limit
	ReasonImageSize   = "imageSize"   // wider or taller than MaxImageSide
	ReasonCorrupt     = "corrupt"     // an image that does not decode
	ReasonSVGScript   = "svgScript"   // an SVG that could run script
)

// Result is what a file is.
type Result struct {
	// Type is the media type (persistence.MediaImage, …).
	Type string
	// Mime is the sniffed MIME type, without parameters.
	Mime string
	// Width and Height are an image's pixels (0 for an SVG and other types).
	Width, Height int
}

// Inspect reads the file r (size bytes) and decides what it is under
// policy. A refusal is a *Refusal; any other error is a read failure.
func Inspect(r io.ReadSeeker, size int64, policy persistence.UploadPolicy) (Result, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return Result{}, fmt.Errorf("filecheck: read: %w", err)
	}
	head = head[:n]
	mt := mimetype.Detect(head)
	res := Result{Mime: strings.SplitN(mt.String(), ";", 2)[0]}
	var rule persistence.UploadTypePolicy
	for _, t := range persistence.MediaTypes {
		p, ok := policy.Types[t]
		if ok && accepts(mt, p.Mimes) {
			res.Type, rule = t, p
			break
		}
	}
	switch {
	case res.Type == "":
		return res, &Refusal{Reason: ReasonNotAccepted}
	case !rule.Can:
		return res, &Refusal{Reason: ReasonNoRight, Type: res.Type}
	case size > rule.MaxBytes:
		return res, &Refusal{Reason: ReasonTooLarge, Type: res.Type, Limit: rule.MaxBytes}
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return Result{}, fmt.Errorf("filecheck: rewind: %w", err)
	}
	if res.Mime == "image/svg+xml" {
		body, err := io.ReadAll(io.LimitReader(r, size))
		if err != nil {
			return Result{}, fmt.Errorf("filecheck: read: %w", err)
		}
		if svgActive.Match(body) {
			return res, &Refusal{Reason: ReasonSVGScript, Type: res.Type}
		}
		return res, nil
	}
	if res.Type != persistence.MediaImage {
		return res, nil
	}
	// The header says how many pixels decoding would allocate: a bomb
	// (a small file that claims a huge canvas) stops here.
	cfg, _, err := image.DecodeConfig(r)
	if err != nil {
		return res, &Refusal{Reason: ReasonCorrupt, Type: res.Type}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return res, &Refusal{Reason: ReasonImageSize, Type: res.Type, Limit: MaxImageSide}
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return Result{}, fmt.Errorf("filecheck: rewind: %w", err)
	}
	if _, _, err := image.Decode(r); err != nil {
		return res, &Refusal{Reason: ReasonCorrupt, Type: res.Type}
	}
	res.Width, res.Height = cfg.Width, cfg.Height
	return res, nil
}

// accepts reports whether mt (or one of its aliases, or a parent such as
// text/plain for text/csv) is in mimes.
func accepts(mt *mimetype.MIME, mimes []string) bool {
	for m := mt; m != nil; m = m.Parent() {
		for _, want := range mimes {
			if m.Is(strings.ToLower(strings.TrimSpace(want))) {
				return true
			}
		}
	}
	return false
}

// svgActive finds what lets an SVG run script or pull in other documents:
// script elements, event attributes, javascript: URLs, foreign HTML and
// entity declarations. It is deliberately broad: a refused harmless SVG
// costs less than a stored script served from the site.
var svgActive = regexp.MustCompile(`(?i)<\s*script|<\s*foreignobject|<!entity|\son[a-z]+\s*=|javascript\s*:|<\s*iframe|<\s*embed|<\s*object`)

// StripJPEG returns the JPEG data without its APP1 (EXIF, XMP: camera,
// time and location) and APP13 (IPTC) segments, the image data untouched
// (no re-encoding). ok is false when data is not a JPEG it can walk; then
// data should be kept as it is only if it decoded (Inspect checked that).
func StripJPEG(data []byte) (out []byte, ok bool) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return nil, false
	}
	var b bytes.Buffer
	b.Grow(len(data))
	b.Write(data[:2])
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return nil, false
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA { // start of scan: the rest is image data
			b.Write(data[i:])
			return b.Bytes(), true
		}
		length := int(data[i+2])<<8 | int(data[i+3])
		end := i + 2 + length
		if length < 2 || end > len(data) {
			return nil, false
		}
		if marker != 0xE1 && marker != 0xED {
			b.Write(data[i:end])
		}
		i = end
	}
	return nil, false
}

// IsJPEG reports whether mime is the JPEG type Inspect names.
func IsJPEG(mime string) bool { return mime == "image/jpeg" }
