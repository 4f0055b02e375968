package persistence

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
)

// The search index (search_docs) holds one entry per live piece of content
// and per member, written in the same transaction as the row it mirrors:
// the stores of articles, topics, answers and users call the indexers
// below whenever they create, edit or delete one, so the index never needs
// a rebuild. Another kind of content (products) gets an indexer of its own
// and a kind; the search finds every kind but SearchMember.
//
// An entry holds only what anyone may read: the title, and the text when
// the content is open to all. Gated content (roles without a free entry,
// see souk/app/internal/gate) is found by its title and the excerpt its
// author wrote for outsiders, never by its gated text; the answers of a
// gated topic are not indexed at all.

// Kinds of search entries.
const (
	SearchArticle = TargetArticle
	SearchTopic   = TargetTopic
	SearchAnswer  = TargetAnswer
	SearchMember  = "user"
)

// searchDoc is one entry of the index.
type searchDoc struct {
	kind     string
	targetID int64
	// lang is the language of the content; "" is any (topics, answers).
	lang                string
	title, slug, image  string
	refID               int64 // an answer's topic
	titleText, fullText string
	createdAt           int64
}

const upsertSearchDoc = `INSERT INTO search_docs (id, kind, target_id, lang, title, slug, image, ref_id, title_terms,
	terms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
	ON CONFLICT (kind, target_id) DO UPDATE SET lang = excluded.lang, title = excluded.title, slug = excluded.slug,
	image = excluded.image, ref_id = excluded.ref_id, title_terms = excluded.title_terms, terms = excluded.terms,
	created_at = excluded.created_at`

// index writes d's entry, replacing the one it had.
func (db *DB) index(ctx context.Context, tx *sql.Tx, d searchDoc) error {
	_, err := tx.ExecContext(ctx, upsertSearchDoc, db.NewID(), d.kind, d.targetID, d.lang, d.title, d.slug, d.image,
		d.refID, indexTerms(d.titleText), indexTerms(d.fullText), d.createdAt)
	if err != nil {
		return mapError(err)
	}
	return nil
}

// unindex removes the entry of a kind's target, if it has one.
func unindex(ctx context.Context, tx *sql.Tx, kind string, targetID int64) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM search_docs WHERE kind = $1 AND target_id = $2`, kind, targetID)
	return err
}

// openToAll reports whether content with these roles (a JSON list of
// {type, ...}) is readable by anyone: no entries, or a free one. Anything
// unreadable counts as gated.
func openToAll(roles string) bool {
	if strings.TrimSpace(roles) == "" {
		return true
	}
	var list []struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal([]byte(roles), &list); err != nil {
		return false
	}
	for _, r := range list {
		if r.Type == "free" {
			return true
		}
	}
	return len(list) == 0
}

// joinText joins the parts of an entry's text.
func joinText(parts ...string) string { return strings.Join(parts, "\n") }

// indexArticle writes the entry of the article id as it is in tx, or
// removes it when the article is deleted or gone.
func (db *DB) indexArticle(ctx context.Context, tx *sql.Tx, id int64) error {
	a, err := scanArticle(tx.QueryRowContext(ctx, `SELECT `+articleColumns+` FROM articles WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && a.DeletedAt != 0) {
		return unindex(ctx, tx, SearchArticle, id)
	} else if err != nil {
		return err
	}
	text := joinText(a.Title, a.Excerpt)
	if openToAll(a.Roles) {
		text = joinText(text, plainText(a.Content))
	}
	return db.index(ctx, tx, searchDoc{kind: SearchArticle, targetID: a.ID, lang: a.Lang, title: a.Title, slug: a.Slug,
		image: a.FeaturedImage, titleText: a.Title, fullText: text, createdAt: a.CreatedAt})
}

// indexTopic writes the entry of the topic id and of its answers as they
// are in tx, or removes them when the topic is deleted or gone.
func (db *DB) indexTopic(ctx context.Context, tx *sql.Tx, id int64) error {
	t, err := scanTopic(tx.QueryRowContext(ctx, `SELECT `+topicColumns+` FROM community_topics WHERE id = $1`, id))
	if errors.Is(err, ErrNotFound) || (err == nil && t.DeletedAt != 0) {
		if err := unindex(ctx, tx, SearchTopic, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM search_docs WHERE kind = $1 AND ref_id = $2`, SearchAnswer, id)
		return err
	} else if err != nil {
		return err
	}
	text := t.Title
	if openToAll(t.Roles) {
		text = joinText(append([]string{text, plainText(t.Content)}, t.VoteOptions...)...)
	}
	err = db.index(ctx, tx, searchDoc{kind: SearchTopic, targetID: t.ID, title: t.Title, slug: slugify(t.Title),
		titleText: t.Title, fullText: text, createdAt: t.CreatedAt})
	if err != nil {
		return err
	}
	answers, err := queryList(ctx, tx, scanAnswer, `SELECT `+answerColumns+` FROM community_answers
		WHERE topic_id = $1 AND deleted_at = 0`, id)
	if err != nil {
		return err
	}
	for _, a := range answers {
		if err := db.indexAnswer(ctx, tx, a, t); err != nil {
			return err
		}
	}
	return nil
}

// indexAnswer writes the entry of a live answer of the live topic t: its
// own text under its topic's title (so that a search for the title finds
// the topic, not each answer), none when t is gated.
func (db *DB) indexAnswer(ctx context.Context, tx *sql.Tx, a Answer, t Topic) error {
	if !openToAll(t.Roles) {
		return unindex(ctx, tx, SearchAnswer, a.ID)
	}
	return db.index(ctx, tx, searchDoc{kind: SearchAnswer, targetID: a.ID, title: t.Title, slug: slugify(t.Title),
		refID: t.ID, fullText: plainText(a.Content), createdAt: a.CreatedAt})
}

// indexAnswerOf writes the entry of the answer id of the topic topicID as
// they are in tx, or removes it when either is deleted.
func (db *DB) indexAnswerOf(ctx context.Context, tx *sql.Tx, id, topicID int64) error {
	a, err := scanAnswer(tx.QueryRowContext(ctx, `SELECT `+answerColumns+` FROM community_answers WHERE id = $1`, id))
	if errors.Is(err, ErrNotFound) || (err == nil && a.DeletedAt != 0) {
		return unindex(ctx, tx, SearchAnswer, id)
	} else if err != nil {
		return err
	}
	t, err := scanTopic(tx.QueryRowContext(ctx, `SELECT `+topicColumns+` FROM community_topics WHERE id = $1`, topicID))
	if errors.Is(err, ErrNotFound) || (err == nil && t.DeletedAt != 0) {
		return unindex(ctx, tx, SearchAnswer, id)
	} else if err != nil {
		return err
	}
	return db.indexAnswer(ctx, tx, a, t)
}

// indexUser writes the entry of the member id (their name and slug) as
// they are in tx. It reads only the columns the index needs, which the
// search migration (version 17) finds before later migrations add more.
func (db *DB) indexUser(ctx context.Context, tx *sql.Tx, id int64) error {
	var u User
	err := tx.QueryRowContext(ctx, `SELECT id, name, slug, avatar_url, created_at FROM users WHERE id = $1`, id).Scan(
		&u.ID, &u.Name, &u.Slug, &u.AvatarURL, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return unindex(ctx, tx, SearchMember, id)
	} else if err != nil {
		return err
	}
	text := joinText(u.Name, u.Slug)
	return db.index(ctx, tx, searchDoc{kind: SearchMember, targetID: u.ID, title: u.Name, slug: u.Slug,
		image: u.AvatarURL, titleText: text, fullText: text, createdAt: u.CreatedAt})
}
