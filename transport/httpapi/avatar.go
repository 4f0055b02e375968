package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"souk/app/action"
)

const (
	// avatarDefaultSeed is drawn when the request names no seed.
	avatarDefaultSeed = "123"
	// avatarMaxSeedBytes bounds the seed; ids and names fit well within it.
	avatarMaxSeedBytes = 128
	// avatarKeySeed is the i18n key of the message for an over-long seed.
	avatarKeySeed = "common.error.avatarSeed"
	// avatarVersion names the drawing. It is part of the ETag, so that
	// changing the drawing must change it, or browsers keep the old image
	// for a year.
	avatarVersion = "a1"
	// avatarGrid is the number of cells on a side of the pattern.
	avatarGrid = 5
	// avatarMinContrast is the WCAG contrast ratio between pattern and
	// background, the minimum for graphical objects.
	avatarMinContrast = 3.0
)

// AvatarHandler serves GET /api/avatar?seed=...: an identicon drawn as SVG,
// a 5×5 mirrored pattern on a pale tile, both coloured from the SHA-256 of
// seed ("123" when missing or empty; at most 128 bytes). The same seed always
// gives the same bytes, so the reply is cached for good and revalidated by
// its strong ETag.
func AvatarHandler(tr Translator) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		seed := r.URL.Query().Get("seed")
		if seed == "" {
			seed = avatarDefaultSeed
		}
		if len(seed) > avatarMaxSeedBytes {
			avatarBadRequest(w, r, tr, avatarKeySeed)
			return
		}
		sum := sha256.Sum256([]byte(seed))
		etag := `"` + avatarVersion + "-" + hex.EncodeToString(sum[:16]) + `"`
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		if avatarETagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body := avatarSVG(sum)
		h.Set("Content-Type", "image/svg+xml")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
}

// avatarETagMatches reports whether an If-None-Match header names etag,
// comparing weakly as RFC 9110 asks for If-None-Match.
func avatarETagMatches(header, etag string) bool {
	for candidate := range strings.SplitSeq(header, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// avatarSVG draws the avatar of a seed's hash. Bytes 0-1 choose the hue,
// byte 2 the saturation, and the low bits of bytes 3-17 the left three
// columns of the pattern, mirrored onto the right two.
func avatarSVG(sum [sha256.Size]byte) []byte {
	hue := float64((int(sum[0])<<8|int(sum[1]))%360) / 360
	saturation := 0.55 + float64(sum[2]%20)/100
	background, foreground := avatarColours(hue, saturation)

	var filled [avatarGrid][avatarGrid]bool
	anyFilled := false
	for row := range avatarGrid {
		for col := range (avatarGrid + 1) / 2 {
			on := sum[3+row*3+col]&1 == 1
			filled[row][col] = on
			filled[row][avatarGrid-1-col] = on
			anyFilled = anyFilled || on
		}
	}
	if !anyFilled {
		for row := range avatarGrid {
			filled[row][avatarGrid/2] = true
		}
	}

	// Each cell is 2 units, so every coordinate is an integer and edges stay
	// crisp when scaled; the 2-unit margin keeps the pattern whole when the
	// page crops the tile to a circle.
	const margin = 2
	const side = 2*avatarGrid + 2*margin
	var path strings.Builder
	for row := range avatarGrid {
		for col := 0; col < avatarGrid; {
			if !filled[row][col] {
				col++
				continue
			}
			run := 1
			for col+run < avatarGrid && filled[row][col+run] {
				run++
			}
			fmt.Fprintf(&path, "M%d %dh%dv2h-%dz", margin+2*col, margin+2*row, 2*run, 2*run)
			col += run
		}
	}
	return fmt.Appendf(nil,
		`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 %d %d" shape-rendering="crispEdges">`+
			`<rect width="%d" height="%d" fill="%s"/><path fill="%s" d="%s"/></svg>`,
		side, side, side, side, background.hex(), foreground.hex(), path.String())
}

// avatarColours picks a pale tile and a pattern colour of one hue. The
// pattern starts from a lively mid tone, which shows on light and dark pages
// alike, and darkens until it stands out of the tile; yellows and greens
// need it most.
func avatarColours(hue, saturation float64) (background, foreground avatarRGB) {
	background = avatarHSL(hue, 0.35, 0.93)
	lightness := 0.58
	foreground = avatarHSL(hue, saturation, lightness)
	for avatarContrast(foreground, background) < avatarMinContrast && lightness > 0.2 {
		lightness -= 0.02
		foreground = avatarHSL(hue, saturation, lightness)
	}
	return background, foreground
}

// avatarRGB is a colour with channels in [0, 1].
type avatarRGB struct{ r, g, b float64 }

// avatarHSL converts hue, saturation and lightness, all in [0, 1], to RGB.
func avatarHSL(h, s, l float64) avatarRGB {
	q := l + s - l*s
	if l < 0.5 {
		q = l * (1 + s)
	}
	p := 2*l - q
	channel := func(t float64) float64 {
		t -= math.Floor(t)
		switch {
		case t < 1.0/6:
			return p + (q-p)*6*t
		case t < 1.0/2:
			return q
		case t < 2.0/3:
			return p + (q-p)*(2.0/3-t)*6
		}
		return p
	}
	return avatarRGB{channel(h + 1.0/3), channel(h), channel(h - 1.0/3)}
}

// hex formats c as #rrggbb.
func (c avatarRGB) hex() string {
	byteOf := func(v float64) int { return int(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", byteOf(c.r), byteOf(c.g), byteOf(c.b))
}

// luminance is the WCAG relative luminance of c.
func (c avatarRGB) luminance() float64 {
	linear := func(v float64) float64 {
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*linear(c.r) + 0.7152*linear(c.g) + 0.0722*linear(c.b)
}

// avatarContrast is the WCAG contrast ratio of two colours, from 1 to 21.
func avatarContrast(a, b avatarRGB) float64 {
	la, lb := a.luminance(), b.luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// avatarBadRequest answers 400 with the message of key in the request's language.
func avatarBadRequest(w http.ResponseWriter, r *http.Request, tr Translator, key string) {
	writeError(w, r, tr, &action.Error{Status: http.StatusBadRequest, Key: key})
}
