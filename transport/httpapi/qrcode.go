package httpapi

import (
	"log/slog"
	"net/http"
	"strconv"

	"souk/app/action"

	qrcode "github.com/skip2/go-qrcode"
)

// Limits of GET /api/qrcode.
const (
	// qrMaxStrBytes bounds the encoded text; a QR code at medium recovery
	// holds about twice that, and denser codes scan badly from a screen.
	qrMaxStrBytes = 1024
	qrDefaultSize = 256
	qrMinSize     = 64
	qrMaxSize     = 1024
)

// I18n keys of the messages GET /api/qrcode answers bad input with.
const (
	qrKeyStr  = "common.error.qrcodeStr"
	qrKeySize = "common.error.qrcodeSize"
)

// QRCodeHandler serves GET /api/qrcode?str=...&size=...: a PNG QR code of
// str (1 to 1024 bytes) at medium error recovery, size pixels square
// (64 to 1024, 256 when missing). The image is larger than size when the
// code needs more pixels than that to draw one pixel per module.
//
// Bad input is answered 400 with {"statusCode": 400, "messages": [...]},
// the message translated by tr into the request's language.
func QRCodeHandler(tr Translator) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		query := r.URL.Query()
		str := query.Get("str")
		if str == "" || len(str) > qrMaxStrBytes {
			qrBadRequest(w, r, tr, qrKeyStr)
			return
		}
		size := qrDefaultSize
		if raw := query.Get("size"); raw != "" {
			n, err := strconv.Atoi(raw)
			if err != nil || n < qrMinSize || n > qrMaxSize {
				qrBadRequest(w, r, tr, qrKeySize)
				return
			}
			size = n
		}
		png, err := qrcode.Encode(str, qrcode.Medium, size)
		if err != nil {
			slog.Error("qrcode: encode", "err", err, "bytes", len(str))
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "image/png")
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("Content-Length", strconv.Itoa(len(png)))
		_, _ = w.Write(png)
	})
}

// qrBadRequest answers 400 with the message of key in the request's language.
func qrBadRequest(w http.ResponseWriter, r *http.Request, tr Translator, key string) {
	writeError(w, r, tr, &action.Error{Status: http.StatusBadRequest, Key: key})
}
