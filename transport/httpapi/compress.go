package httpapi

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// compressMinSize is the smallest response body worth compressing: below
// it the coding's framing and the work cost more than the bytes saved.
const compressMinSize = 1024

// compressResponses compresses the text responses of at least
// compressMinSize bytes (the actions' JSON, the pages, the message files,
// the sitemaps) in gzip or zstd, as the client's Accept-Encoding allows,
// and says Vary: Accept-Encoding. Responses that already have a coding
// (the client's precompressed scripts and stylesheets), partial content
// and already compressed types (images, audio, video, archives) are sent
// as they are. The websocket is served before this router.
var compressResponses = mustWrapper(gzhttp.NewWrapper(gzhttp.MinSize(compressMinSize),
	gzhttp.CompressionLevel(gzip.DefaultCompression)))

func mustWrapper(wrap func(http.Handler) http.HandlerFunc, err error) func(http.Handler) http.Handler {
	if err != nil {
		panic(err) // the options are constants
	}
	return func(h http.Handler) http.Handler { return wrap(h) }
}
