package httpapi

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	lru "github.com/hashicorp/golang-lru"
	qrcode "github.com/skip2/go-qrcode"
	"golang.org/x/time/rate"

	"souk/app/action"
)

// Limits of GET /api/qrcode.
const (
	// qrMaxStrBytes bounds the encoded text: a share link or a login URL
	// fits many times over, and every byte costs drawing time.
	qrMaxStrBytes = 512
	qrDefaultSize = 256
	qrMinSize     = 64
	qrMaxSize     = 512
)

// I18n keys of the messages GET /api/qrcode answers bad input with.
const (
	qrKeyStr  = "common.error.qrcodeText"
	qrKeySize = "common.error.qrcodeSizeRange"
)

// QRCodeLimits bound what GET /api/qrcode spends. The zero value of a
// field takes its default.
type QRCodeLimits struct {
	// Every and Burst are each address's token bucket: Burst codes at
	// once, then one every Every (defaults: 20, then one a second).
	Every time.Duration
	Burst int
	// Cached is how many images are kept by content (default 256).
	Cached int
}

func (l QRCodeLimits) withDefaults() QRCodeLimits {
	if l.Every <= 0 {
		l.Every = time.Second
	}
	if l.Burst <= 0 {
		l.Burst = 20
	}
	if l.Cached <= 0 {
		l.Cached = 256
	}
	return l
}

// qrTrackedAddresses bounds how many addresses' buckets are kept; the least
// recently seen is forgotten first.
const qrTrackedAddresses = 10_000

// qrKey is a drawn image's content.
type qrKey struct {
	str  string
	size int
}

// qrHandler serves GET /api/qrcode.
type qrHandler struct {
	tr       Translator
	limits   QRCodeLimits
	clientIP func(*http.Request) string
	images   *lru.Cache // qrKey -> []byte; safe for concurrent use
	buckets  *lru.Cache // address -> *rate.Limiter
}

// QRCodeHandler serves GET /api/qrcode?str=...&size=... with the default
// limits, each caller's address taken from the connection.
func QRCodeHandler(tr Translator) http.Handler {
	return newQRCodeHandler(tr, QRCodeLimits{}, peerAddress)
}

// newQRCodeHandler serves GET /api/qrcode?str=...&size=...: a PNG QR code
// of str (1 to 512 bytes) at medium error recovery, size pixels square
// (64 to 512, 256 when missing). The image is larger than size when the
// code needs more pixels than that to draw one pixel per module. Images
// are cached by content; an address past its bucket gets 429.
//
// Bad input is answered 400 with {"statusCode": 400, "messages": [...]},
// the message translated by tr into the request's language.
func newQRCodeHandler(tr Translator, limits QRCodeLimits, clientIP func(*http.Request) string) http.Handler {
	limits = limits.withDefaults()
	images, err := lru.New(limits.Cached)
	if err != nil {
		panic("qrcode: " + err.Error()) // only for a size below 1, which withDefaults rules out
	}
	buckets, err := lru.New(qrTrackedAddresses)
	if err != nil {
		panic("qrcode: " + err.Error())
	}
	return &qrHandler{tr: tr, limits: limits, clientIP: clientIP, images: images, buckets: buckets}
}

func (h *qrHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	query := r.URL.Query()
	str := query.Get("str")
	if str == "" || len(str) > qrMaxStrBytes {
		writeError(w, r, h.tr, action.Errorf(http.StatusBadRequest, qrKeyStr, "max", qrMaxStrBytes))
		return
	}
	size := qrDefaultSize
	if raw := query.Get("size"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < qrMinSize || n > qrMaxSize {
			writeError(w, r, h.tr, action.Errorf(http.StatusBadRequest, qrKeySize, "min", qrMinSize, "max", qrMaxSize))
			return
		}
		size = n
	}
	if !h.allow(h.clientIP(r)) {
		w.Header().Set("Retry-After", strconv.Itoa(int(h.limits.Every.Seconds()+0.999)))
		writeError(w, r, h.tr, &action.Error{Status: http.StatusTooManyRequests, Key: "common.error.rateLimited"})
		return
	}
	key := qrKey{str: str, size: size}
	var png []byte
	if cached, ok := h.images.Get(key); ok {
		png = cached.([]byte)
	} else {
		var err error
		if png, err = qrcode.Encode(str, qrcode.Medium, size); err != nil {
			slog.Error("qrcode: encode", "err", err, "bytes", len(str))
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		h.images.Add(key, png)
	}
	hd := w.Header()
	hd.Set("Content-Type", "image/png")
	hd.Set("Cache-Control", "public, max-age=86400")
	hd.Set("Content-Length", strconv.Itoa(len(png)))
	_, _ = w.Write(png)
}

// allow takes a token of addr's bucket. A cached image costs a token too:
// the limit is on requests, whatever they cost.
func (h *qrHandler) allow(addr string) bool {
	if b, ok := h.buckets.Get(addr); ok {
		return b.(*rate.Limiter).Allow()
	}
	b := rate.NewLimiter(rate.Every(h.limits.Every), h.limits.Burst)
	if prev, found, _ := h.buckets.PeekOrAdd(addr, b); found {
		b = prev.(*rate.Limiter)
	}
	return b.Allow()
}
