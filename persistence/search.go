package persistence

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// SearchHit is a piece of content a search found: what its entry in the
// index holds (see search_index.go); counts and views are its feature's.
type SearchHit struct {
	// Kind is SearchArticle, SearchTopic, SearchAnswer (or a kind added later).
	Kind string
	// ID is the content's databaseId.
	ID int64
	// Lang is the content's language; "" for content of any language.
	Lang  string
	Title string
	Slug  string
	Image string
	// RefID is an answer's topic; 0 for the other kinds.
	RefID     int64
	CreatedAt int64
}

// SearchQuery asks for a page of content.
type SearchQuery struct {
	// Key is what the visitor typed; a key without letters or digits finds
	// nothing.
	Key string
	// Lang ranks content of this language (and of any language) first.
	Lang string
	// Offset skips that many hits of the ranking; Limit bounds the page.
	Offset, Limit int
}

// SearchStore searches the index of content and members.
type SearchStore struct{ db *DB }

// Search returns the search store.
func (db *DB) Search() SearchStore { return SearchStore{db: db} }

// match is the condition that an entry d holds every token of the first
// argument (an FTS5 expression on SQLite, a tsquery on PostgreSQL).
func (s SearchStore) match() string {
	if s.db.kind == KindPostgres {
		return `d.terms_tsv @@ CAST($1 AS tsquery)`
	}
	return `d.id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH $1)`
}

// matchArg is the first argument of match for tokens.
func (s SearchStore) matchArg(tokens []searchToken) string {
	if s.db.kind == KindPostgres {
		return tsQuery(tokens)
	}
	return ftsQuery(tokens)
}

// titleScore is the relevance of an entry d, from argument first on: how
// many of the search's tokens its title holds. It always takes
// maxSearchTokens patterns (NULL for a missing one), so that its text is
// the same for every search.
func titleScore(first int) string {
	terms := make([]string, maxSearchTokens)
	for i := range terms {
		terms[i] = `CASE WHEN d.title_terms LIKE $` + strconv.Itoa(first+i) + ` THEN 1 ELSE 0 END`
	}
	return "(" + strings.Join(terms, " + ") + ")"
}

// titlePatterns are the arguments of titleScore for tokens; whole counts
// only whole words, even for a word being typed.
func titlePatterns(tokens []searchToken, whole bool) []any {
	args := make([]any, maxSearchTokens)
	for i, t := range tokens {
		t.prefix = t.prefix && !whole
		args[i] = titlePattern(t)
	}
	return args
}

// Content returns a page of the content whose entry holds every token of
// q.Key (a word as a prefix, a CJK run by its pairs of characters),
// ranked: content of q.Lang or of any language first, then by how many
// tokens the title holds, then the newest first. Members are not content.
func (s SearchStore) Content(ctx context.Context, q SearchQuery) ([]SearchHit, error) {
	tokens := searchTokens(q.Key)
	if len(tokens) == 0 || q.Limit <= 0 {
		return []SearchHit{}, nil
	}
	n := maxSearchTokens
	query := `SELECT d.kind, d.target_id, d.lang, d.title, d.slug, d.image, d.ref_id, d.created_at
		FROM search_docs d WHERE ` + s.match() + ` AND d.kind <> '` + SearchMember + `'
		ORDER BY CASE WHEN d.lang = $2 OR d.lang = '' THEN 0 ELSE 1 END, ` + titleScore(3) + ` DESC,
		d.created_at DESC, d.target_id DESC
		LIMIT $` + strconv.Itoa(n+3) + ` OFFSET $` + strconv.Itoa(n+4)
	args := append([]any{s.matchArg(tokens), q.Lang}, titlePatterns(tokens, false)...)
	args = append(args, q.Limit, max(q.Offset, 0))
	hits, err := queryList(ctx, s.db.reads, func(row scanner) (SearchHit, error) {
		var h SearchHit
		return h, row.Scan(&h.Kind, &h.ID, &h.Lang, &h.Title, &h.Slug, &h.Image, &h.RefID, &h.CreatedAt)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("search store: content: %w", err)
	}
	return nonNilSlice(hits), nil
}

// Members returns up to limit members (not banned, or whose ban ended) whose name or slug
// holds every token of key (as Content matches), ranked by how many of the
// tokens are whole words of them ("ann" before "annabel"), then the newest
// first.
func (s SearchStore) Members(ctx context.Context, key string, limit int) ([]User, error) {
	tokens := searchTokens(key)
	if len(tokens) == 0 || limit <= 0 {
		return []User{}, nil
	}
	cols := strings.Fields(strings.ReplaceAll(userColumns, ",", " "))
	for i := range cols {
		cols[i] = "u." + cols[i]
	}
	query := `SELECT ` + strings.Join(cols, ", ") + ` FROM search_docs d JOIN users u ON u.id = d.target_id
		WHERE ` + s.match() + ` AND d.kind = '` + SearchMember + `' AND NOT ` + bannedAt("u.", "$"+strconv.Itoa(maxSearchTokens+3)) + `
		ORDER BY ` + titleScore(2) + ` DESC, u.created_at DESC, u.id DESC LIMIT $` + strconv.Itoa(maxSearchTokens+2)
	args := append([]any{s.matchArg(tokens)}, titlePatterns(tokens, true)...)
	args = append(args, limit, Now())
	users, err := queryList(ctx, s.db.reads, func(row scanner) (User, error) { return scanUser(row) }, query, args...)
	if err != nil {
		return nil, fmt.Errorf("search store: members: %w", err)
	}
	return nonNilSlice(users), nil
}
