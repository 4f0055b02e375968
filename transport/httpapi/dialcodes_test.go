package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

type dialCodesReply struct {
	Data []dialCodeCountry `json:"data"`
}

func getDialCodes(t *testing.T, target string) (*http.Response, dialCodesReply) {
	t.Helper()
	rec := httptest.NewRecorder()
	DialCodesHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	res := rec.Result()
	var reply dialCodesReply
	require.NoError(t, json.NewDecoder(res.Body).Decode(&reply))
	return res, reply
}

func TestDialCodesHandlerCountries(t *testing.T) {
	t.Parallel()
	want := []dialCodeCountry{
		{Code: "CN", DialCode: "+86", Flag: "🇨🇳", Names: map[string]string{"zh-hans": "中国", "en": "China", "es": "China"}},
		{Code: "US", DialCode: "+1", Flag: "🇺🇸", Names: map[string]string{"zh-hans": "美国", "en": "United States", "es": "Estados Unidos"}},
		{Code: "ES", DialCode: "+34", Flag: "🇪🇸", Names: map[string]string{"zh-hans": "西班牙", "en": "Spain", "es": "España"}},
	}
	tests := []struct {
		name  string
		query string
		lang  string
	}{
		{name: "missing", query: "", lang: "zh-hans"},
		{name: "zh-hans", query: "?lang=zh-hans", lang: "zh-hans"},
		{name: "en", query: "?lang=en", lang: "en"},
		{name: "es", query: "?lang=es", lang: "es"},
		{name: "unknown", query: "?lang=fr", lang: "zh-hans"},
		{name: "wrong case", query: "?lang=EN", lang: "zh-hans"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, reply := getDialCodes(t, "/api/countryDialCodes"+tt.query)
			assert.Equal(t, http.StatusOK, res.StatusCode)
			assert.Equal(t, "application/json; charset=utf-8", res.Header.Get("Content-Type"))
			assert.Equal(t, "public, max-age=86400", res.Header.Get("Cache-Control"))
			require.Greater(t, len(reply.Data), 200)

			byCode := make(map[string]dialCodeCountry, len(reply.Data))
			for _, c := range reply.Data {
				assert.NotEmpty(t, c.DialCode, c.Code)
				assert.Len(t, c.Names, 3, c.Code)
				assert.Equal(t, c.Names[tt.lang], c.Name, c.Code)
				byCode[c.Code] = c
			}
			assert.Len(t, byCode, len(reply.Data), "codes are unique")
			for _, w := range want {
				got, ok := byCode[w.Code]
				require.True(t, ok, w.Code)
				w.Name = w.Names[tt.lang]
				assert.Equal(t, w, got)
			}
		})
	}
}

func TestDialCodesHandlerSortedByLocalizedName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang string
		tag  language.Tag
	}{
		{lang: "zh-hans", tag: language.SimplifiedChinese},
		{lang: "en", tag: language.English},
		{lang: "es", tag: language.Spanish},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			_, reply := getDialCodes(t, "/api/countryDialCodes?lang="+tt.lang)
			coll := collate.New(tt.tag)
			for i := 1; i < len(reply.Data); i++ {
				prev, cur := reply.Data[i-1], reply.Data[i]
				assert.LessOrEqual(t, coll.CompareString(prev.Name, cur.Name), 0,
					"%s (%s) before %s (%s)", prev.Name, prev.Code, cur.Name, cur.Code)
			}
		})
	}
	// Orders where collation differs from code point order.
	orders := []struct {
		lang          string
		before, after string
	}{
		{lang: "zh-hans", before: "AL", after: "CN"}, // 阿尔巴尼亚 (ā) before 中国 (zhōng)
		{lang: "en", before: "AX", after: "BE"},      // Åland Islands before Belgium
	}
	for _, tt := range orders {
		t.Run(tt.lang+" "+tt.before+" before "+tt.after, func(t *testing.T) {
			t.Parallel()
			_, reply := getDialCodes(t, "/api/countryDialCodes?lang="+tt.lang)
			index := make(map[string]int, len(reply.Data))
			for i, c := range reply.Data {
				index[c.Code] = i
			}
			require.Contains(t, index, tt.before)
			require.Contains(t, index, tt.after)
			assert.Less(t, index[tt.before], index[tt.after])
		})
	}
}

func TestDialCodesHandlerMethods(t *testing.T) {
	t.Parallel()
	tests := []struct {
		method string
		status int
	}{
		{method: http.MethodGet, status: http.StatusOK},
		{method: http.MethodHead, status: http.StatusOK},
		{method: http.MethodPost, status: http.StatusMethodNotAllowed},
		{method: http.MethodDelete, status: http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			t.Parallel()
			rec := httptest.NewRecorder()
			DialCodesHandler().ServeHTTP(rec, httptest.NewRequest(tt.method, "/api/countryDialCodes", nil))
			assert.Equal(t, tt.status, rec.Code)
		})
	}
}

func TestDialCodeFlag(t *testing.T) {
	t.Parallel()
	tests := []struct{ code, want string }{
		{"CN", "🇨🇳"},
		{"GB", "🇬🇧"},
		{"cn", ""},
		{"001", ""},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, dialCodeFlag(tt.code), tt.code)
	}
}
