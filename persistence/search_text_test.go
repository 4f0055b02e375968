package persistence

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIndexTerms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", ""},
		{"punctuation only", `"*:&() -`, ""},
		{"words folded", "El Café de MADRID, niño!", " el cafe de madrid nino "},
		{"full-width letters", "ＡＢＣ１２", " abc12 "},
		{"each distinct token once", "go Go GO", " go "},
		{"chinese characters and pairs", "数码相机", " 数 数码 码 码相 相 相机 机 "},
		{"a single character", "书", " 书 "},
		{"mixed runs", "iPhone15数码", " iphone15 数 数码 码 "},
		{"japanese", "カメラ", " カ カメ メ メラ ラ "},
		{"underscores split words", "snake_case", " snake case "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, indexTerms(tt.text))
		})
	}
}

func TestIndexTermsBounds(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 200)
	assert.Equal(t, " "+strings.Repeat("a", maxTokenRunes)+" ", indexTerms(long), "a long word is cut")
	huge := strings.Repeat("word ", maxIndexedRunes) + "needle"
	assert.NotContains(t, indexTerms(huge), "needle", "text past the bound is not indexed")
}

func TestSearchTokens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, key string
		fts, ts   string
	}{
		{"nothing to find", `  "*:&()  `, "", ""},
		{"a word is a prefix", "Café", `"cafe"*`, `'cafe':*`},
		{"chinese pairs", "数码相机", `"数码" AND "码相" AND "相机"`, `'数码' & '码相' & '相机'`},
		{"one chinese character", "书", `"书"`, `'书'`},
		{"operators are text", `"数码* NEAR(cafe) title:x a&b`,
			`"数码" AND "near"* AND "cafe"* AND "title"* AND "x"* AND "a"* AND "b"*`,
			`'数码' & 'near':* & 'cafe':* & 'title':* & 'x':* & 'a':* & 'b':*`},
		{"repeated words once", "go go GO", `"go"*`, `'go':*`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tokens := searchTokens(tt.key)
			assert.Equal(t, tt.fts, ftsQuery(tokens))
			assert.Equal(t, tt.ts, tsQuery(tokens))
		})
	}
	many := searchTokens("a b c d e f g h i j k l m n o p")
	assert.Len(t, many, maxSearchTokens, "a search has at most maxSearchTokens tokens")
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	assert.Equal(t, " Hello  wide & far ", plainText("<p>Hello</p><p>wide &amp; far</p>"))
	assert.Equal(t, "a b", plainText(`a<img src="x.png" alt="picture">b`))
	assert.Equal(t, "open  ", plainText("open <unclosed"), "an unclosed tag is dropped")
}

func TestSlugify(t *testing.T) {
	t.Parallel()
	for title, want := range map[string]string{
		"¿Dónde está el Café?":    "donde-esta-el-cafe",
		"数码相机推荐":                  "",
		"Go 1.26 数码 release":      "go-1-26-release",
		strings.Repeat("ab ", 40): strings.TrimRight(strings.Repeat("ab-", 20), "-"),
	} {
		assert.Equal(t, want, slugify(title), title)
	}
}
