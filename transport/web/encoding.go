package web

import (
	"cmp"
	"path"
	"slices"
	"strconv"
	"strings"
)

// coding is a content coding the build writes files in, and their suffix.
type coding struct{ name, ext string }

// codings are the build's precompressed codings, best first.
var codings = []coding{{"br", ".br"}, {"gzip", ".gz"}}

// precompressed tells whether the build writes name compressed too
// (webui/build.mjs: every script and stylesheet).
func precompressed(name string) bool {
	ext := path.Ext(name)
	return ext == ".js" || ext == ".css"
}

// acceptedCodings lists the codings of codings that the Accept-Encoding
// field lines accept, in the client's order of preference (by q value,
// then ours); a coding with q=0 is refused, and "*" accepts any coding
// not named.
func acceptedCodings(lines []string) []coding {
	q := map[string]float64{}
	for _, line := range lines {
		for _, part := range strings.Split(line, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			weight := 1.0
			for _, p := range strings.Split(params, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
						weight = f
					}
				}
			}
			if name == "x-gzip" {
				name = "gzip"
			}
			q[name] = weight
		}
	}
	var out []coding
	for _, c := range codings {
		w, named := q[c.name]
		if !named {
			w, named = q["*"]
		}
		if named && w > 0 {
			out = append(out, c)
		}
	}
	// Of equal weights, ours (brotli first) decides.
	slices.SortStableFunc(out, func(a, b coding) int { return cmp.Compare(weightOf(q, b), weightOf(q, a)) })
	return out
}

// weightOf is c's q value in q, or that of "*".
func weightOf(q map[string]float64, c coding) float64 {
	if w, ok := q[c.name]; ok {
		return w
	}
	return q["*"]
}
