package page

import (
	"context"
	"errors"
	"net/http"

	"souk/app/action"
	"souk/app/internal/richtext"
)

// MaxTextRunes bounds the text a page's HTML carries for readers without
// JavaScript.
const MaxTextRunes = 20000

// Document is what a page's HTML says about it, from the same resolution
// as auth.pageData.
type Document struct {
	// Found is false when the path names no page (the HTML is a 404).
	Found bool
	Route Route
	// Title is the page's title in the route's language; empty when the
	// client titles it (home, fixed screens).
	Title string
	Meta  Meta
	// Text is Meta.Body as plain text, at most MaxTextRunes, when Describe
	// was asked for it: empty for gated content.
	Text string
}

// Describe resolves path as auth.pageData does for the viewer of ctx and
// returns its Document; withText adds the content's plain text (for
// crawlers). A path that names no page is a Document that is not Found.
func (s *Service) Describe(ctx context.Context, path string, withText bool) (Document, error) {
	reply, meta, err := s.resolve(ctx, PageDataInput{Path: path})
	var e *action.Error
	switch {
	case errors.As(err, &e) && e.Status == http.StatusNotFound:
		return Document{}, nil
	case err != nil:
		return Document{}, err
	}
	doc := Document{Found: true, Route: reply.Page.Route, Title: reply.Page.Title, Meta: meta}
	if withText && meta.Body != "" {
		doc.Text = richtext.Excerpt(meta.Body, MaxTextRunes)
	}
	return doc, nil
}
