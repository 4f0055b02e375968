package httpapi

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"souk/app/action"
)

// dialCodeLanguages maps each site language to the tag its country names
// and sort order come from.
var dialCodeLanguages = map[string]language.Tag{
	"zh-hans": language.SimplifiedChinese,
	"en":      language.English,
	"es":      language.Spanish,
}

// dialCodeCountry is one entry of GET /api/countryDialCodes.
type dialCodeCountry struct {
	Code     string            `json:"code"`
	DialCode string            `json:"dialCode"`
	Name     string            `json:"name"`
	Names    map[string]string `json:"names"`
	Flag     string            `json:"flag"`
}

// dialCodeBodies holds the encoded reply per site language. The lists never
// change while the process runs, so they are built on first use and then
// only read.
var dialCodeBodies = sync.OnceValues(dialCodeBuildBodies)

// DialCodesHandler serves GET /api/countryDialCodes: every region the phone
// number library knows, with its dial code, flag and name in each site
// language, sorted by the name in the language of the query parameter lang
// (zh-hans when missing or unknown).
func DialCodesHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		bodies, err := dialCodeBodies()
		if err != nil {
			slog.Error("dial codes: build list", "err", err)
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
			return
		}
		body := bodies[dialCodeLang(r.URL.Query().Get("lang"))]
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
}

// dialCodeLang maps the lang query parameter to a site language.
func dialCodeLang(lang string) string {
	if _, ok := dialCodeLanguages[lang]; ok {
		return lang
	}
	return action.DefaultLang
}

// dialCodeBuildBodies encodes the sorted list once per site language.
func dialCodeBuildBodies() (map[string][]byte, error) {
	countries, err := dialCodeCountries()
	if err != nil {
		return nil, err
	}
	bodies := make(map[string][]byte, len(dialCodeLanguages))
	for lang, tag := range dialCodeLanguages {
		list := make([]dialCodeCountry, len(countries))
		for i, c := range countries {
			c.Name = c.Names[lang]
			list[i] = c
		}
		coll := collate.New(tag)
		slices.SortStableFunc(list, func(a, b dialCodeCountry) int {
			if n := coll.CompareString(a.Name, b.Name); n != 0 {
				return n
			}
			return coll.CompareString(a.Code, b.Code)
		})
		body, err := json.Marshal(struct {
			Data []dialCodeCountry `json:"data"`
		}{list})
		if err != nil {
			return nil, fmt.Errorf("dial codes: encode %s: %w", lang, err)
		}
		bodies[lang] = body
	}
	return bodies, nil
}

// dialCodeCountries lists the supported regions with their names in every
// site language, in no particular order.
func dialCodeCountries() ([]dialCodeCountry, error) {
	namers := make(map[string]display.Namer, len(dialCodeLanguages))
	for lang, tag := range dialCodeLanguages {
		namers[lang] = display.Regions(tag)
	}
	english := display.Regions(language.English)
	regions := phonenumbers.GetSupportedRegions()
	countries := make([]dialCodeCountry, 0, len(regions))
	for code := range regions {
		region, err := language.ParseRegion(code)
		if err != nil {
			return nil, fmt.Errorf("dial codes: region %q: %w", code, err)
		}
		names := make(map[string]string, len(namers))
		for lang, namer := range namers {
			names[lang] = dialCodeName(region, code, namer, english)
		}
		countries = append(countries, dialCodeCountry{
			Code:     code,
			DialCode: "+" + strconv.Itoa(phonenumbers.GetCountryCodeForRegion(code)),
			Names:    names,
			Flag:     dialCodeFlag(code),
		})
	}
	return countries, nil
}

// dialCodeName is the region's name from namer, falling back to English and
// then to the region code, so that no entry is shown without a name.
func dialCodeName(region language.Region, code string, namer, english display.Namer) string {
	if name := namer.Name(region); name != "" {
		return name
	}
	if name := english.Name(region); name != "" {
		return name
	}
	return code
}

// dialCodeFlag spells a two-letter region code as its flag emoji, a pair of
// regional indicator symbols.
func dialCodeFlag(code string) string {
	if len(code) != 2 {
		return ""
	}
	const regionalIndicatorA = 0x1F1E6
	flag := make([]rune, 0, 2)
	for _, c := range []byte(code) {
		if c < 'A' || c > 'Z' {
			return ""
		}
		flag = append(flag, rune(regionalIndicatorA+int(c-'A')))
	}
	return string(flag)
}
