package persistence

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// The search index is tokenized here, in Go, for both databases: the
// databases only compare the tokens this file makes (SQLite's FTS5 "ascii"
// tokenizer keeps them whole, PostgreSQL gets them as a tsvector's lexemes
// unparsed), so that a search finds the same rows on both.
//
// Text is folded first: compatibility decomposition (full-width letters
// become ASCII), accents dropped ("café" is "cafe"), lower case. A run of
// letters and digits is one token; a run of CJK characters (Chinese has no
// spaces between its words) is indexed as each character and each pair of
// neighbours, so that "数码" is found inside "数码相机推荐".

const (
	// maxTokenRunes cuts a very long word: nobody searches for it whole.
	maxTokenRunes = 64
	// maxIndexedRunes bounds the text of one entry that is indexed (the
	// rest of a very long article is not).
	maxIndexedRunes = 20_000
	// maxSearchTokens bounds the tokens of one search: more are ignored.
	maxSearchTokens = 12
)

// foldText is s compatibility-decomposed, without combining marks, in
// lower case.
func foldText(s string) string {
	folded, _, err := transform.String(transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
	if err != nil {
		folded = s
	}
	return strings.ToLower(folded)
}

// isCJK reports whether r is written without spaces between words.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

// searchToken is one token of a search.
type searchToken struct {
	text string
	// prefix matches every indexed token that starts with text: a word
	// being typed.
	prefix bool
}

// scanRuns calls word for each run of letters and digits and cjk for each
// run of CJK characters of folded text, in order.
func scanRuns(text string, word func(string), cjk func([]rune)) {
	var run []rune
	runCJK := false
	flush := func() {
		if len(run) == 0 {
			return
		}
		if runCJK {
			cjk(run)
		} else {
			if len(run) > maxTokenRunes {
				run = run[:maxTokenRunes]
			}
			word(string(run))
		}
		run = run[:0]
	}
	for _, r := range text {
		switch {
		case isCJK(r):
			if !runCJK {
				flush()
			}
			runCJK = true
			run = append(run, r)
		case isWordRune(r):
			if runCJK {
				flush()
			}
			runCJK = false
			run = append(run, r)
		default:
			flush()
		}
	}
	flush()
}

// indexTerms is the token list of text as the index stores it: each
// distinct token once, separated by single spaces, with a space at either
// end (so that LIKE '% token %' finds a whole token).
func indexTerms(text string) string {
	text = cutRunes(text, maxIndexedRunes)
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteByte(' ')
	add := func(tok string) {
		if !seen[tok] {
			seen[tok] = true
			b.WriteString(tok)
			b.WriteByte(' ')
		}
	}
	scanRuns(foldText(text), add, func(run []rune) {
		for i := range run {
			add(string(run[i]))
			if i+1 < len(run) {
				add(string(run[i : i+2]))
			}
		}
	})
	if b.Len() == 1 {
		return ""
	}
	return b.String()
}

// searchTokens are the tokens of a search key: its words (each a prefix)
// and, for each CJK run, its pairs of neighbours (a single character
// alone), each distinct token once, at most maxSearchTokens.
func searchTokens(key string) []searchToken {
	var out []searchToken
	seen := map[string]bool{}
	add := func(tok searchToken) {
		if !seen[tok.text] && len(out) < maxSearchTokens {
			seen[tok.text] = true
			out = append(out, tok)
		}
	}
	scanRuns(foldText(key), func(w string) { add(searchToken{text: w, prefix: true}) }, func(run []rune) {
		if len(run) == 1 {
			add(searchToken{text: string(run)})
		}
		for i := 0; i+1 < len(run); i++ {
			add(searchToken{text: string(run[i : i+2])})
		}
	})
	return out
}

// ftsQuery is the FTS5 MATCH expression of tokens: every token, each a
// quoted string (tokens hold only letters and digits, so nothing in them
// is syntax).
func ftsQuery(tokens []searchToken) string {
	parts := make([]string, len(tokens))
	for i, t := range tokens {
		parts[i] = `"` + t.text + `"`
		if t.prefix {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, " AND ")
}

// tsQuery is the PostgreSQL tsquery text of tokens: every token, each a
// quoted lexeme, read as written (a cast to tsquery parses no words).
func tsQuery(tokens []searchToken) string {
	parts := make([]string, len(tokens))
	for i, t := range tokens {
		parts[i] = "'" + strings.ReplaceAll(t.text, "'", "''") + "'"
		if t.prefix {
			parts[i] += ":*"
		}
	}
	return strings.Join(parts, " & ")
}

// titlePattern is the LIKE pattern that finds the token among title terms.
func titlePattern(t searchToken) string {
	if t.prefix {
		return "% " + t.text + "%"
	}
	return "% " + t.text + " %"
}

// plainText is sanitized HTML as text: tags become spaces, entities
// characters.
func plainText(htmlText string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(htmlText, '<')
		if open < 0 {
			b.WriteString(htmlText)
			break
		}
		b.WriteString(htmlText[:open])
		b.WriteByte(' ')
		end := strings.IndexByte(htmlText[open:], '>')
		if end < 0 {
			break
		}
		htmlText = htmlText[open+end+1:]
	}
	return html.UnescapeString(b.String())
}

// cutRunes is s cut to at most n characters.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for n > 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n--
	}
	return s[:i]
}

// slugify is a URL segment made of a title: its folded latin letters and
// digits joined by '-', at most 60 characters, "" when it has none (a
// topic's page segment, as the web client makes it; the page reads only
// the id after it).
func slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range foldText(title) {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return strings.TrimRight(cutRunes(b.String(), 60), "-")
}
