package main

import (
	"context"

	"souk/app/page"
	"souk/transport/web"
)

// describePage answers the web client's page lookups from the page
// service's resolution (auth.pageData's), as a guest: the fixed screens
// exist whatever the content and are titled by the client.
func describePage(pages *page.Service) web.Describe {
	return func(ctx context.Context, path string, bot bool) (web.Page, error) {
		if page.IsAppRoute(path) {
			return web.Page{Found: true}, nil
		}
		doc, err := pages.Describe(ctx, path, bot)
		if err != nil || !doc.Found {
			return web.Page{}, err
		}
		m := doc.Meta
		return web.Page{Found: true, Title: doc.Title, Description: m.Description, Image: m.Image, Schema: m.Schema,
			Author: m.Author, Published: m.Published, Modified: m.Modified, Answers: m.Answers, Text: doc.Text, Canonical: m.Canonical,
			Alternates: m.Alternates}, nil
	}
}

// sitemapOf lists a language's pages for the sitemaps.
func sitemapOf(pages *page.Service) web.Sitemap {
	return func(ctx context.Context, lang string) ([]web.SitemapURL, error) {
		entries, err := pages.Sitemap(ctx, lang)
		if err != nil {
			return nil, err
		}
		urls := make([]web.SitemapURL, len(entries))
		for i, e := range entries {
			urls[i] = web.SitemapURL{Path: e.Path, Modified: e.Modified}
		}
		return urls, nil
	}
}

// pagesPublicURL is the address pages build absolute URLs on: --public-url
// when one was given, else none (the request's host).
func pagesPublicURL(publicURL string) string {
	if publicURL == defaultPublicURL {
		return ""
	}
	return publicURL
}
