package page

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// Bounds of a language's sitemap: the newest articles and topics, and the
// first nodes, so that building it stays cheap on a large site.
const (
	MaxSitemapArticles = 10000
	MaxSitemapTopics   = 10000
	MaxSitemapNodes    = 2000
	MaxSitemapProducts = 10000
	sitemapBatch       = 500
)

// SitemapEntry is one page of a language's sitemap.
type SitemapEntry struct {
	// Path is the page's path with its language prefix, escaped.
	Path string
	// Modified is the page's last change, epoch ms; 0 when unknown.
	Modified int64
}

// Sitemap lists the pages of lang a search engine should know: home, the
// custom pages, the docs pages (in navigation order), the live articles in lang with their categories and tags,
// the community's nodes and its live topics, and the shop's products with
// their categories and tags (within the Max bounds).
// Gated content is listed: its page shows its excerpt.
func (s *Service) Sitemap(ctx context.Context, lang string) ([]SitemapEntry, error) {
	lang = action.NormalizeLang(lang)
	prefix := ""
	if lang != action.DefaultLang {
		prefix = "/" + lang
	}
	home := prefix
	if home == "" {
		home = "/"
	}
	entries := []SitemapEntry{{Path: home}}
	site, pages, err := s.site(ctx)
	if err != nil {
		return nil, fmt.Errorf("page: sitemap: %w", err)
	}
	for _, name := range site.CustomPages {
		entries = append(entries, SitemapEntry{Path: prefix + "/" + url.PathEscape(name)})
	}
	for _, d := range pages.docs {
		slug := strings.TrimPrefix(d.Name, persistence.DocsPrefix)
		entries = append(entries, SitemapEntry{Path: prefix + "/" + docsSegment + "/" + url.PathEscape(slug)})
	}
	articles, err := s.sitemapArticles(ctx, lang, prefix)
	if err != nil {
		return nil, err
	}
	entries = append(entries, articles...)
	community, err := s.sitemapCommunity(ctx, prefix)
	if err != nil {
		return nil, err
	}
	entries = append(entries, community...)
	products, err := s.sitemapProducts(ctx, prefix)
	if err != nil {
		return nil, err
	}
	return append(entries, products...), nil
}

// sitemapProducts lists the live products (every one has all languages:
// its titles are per language) and their categories and tags.
func (s *Service) sitemapProducts(ctx context.Context, prefix string) ([]SitemapEntry, error) {
	var entries []SitemapEntry
	var termIDs []int64
	seen := map[int64]bool{}
	filter := persistence.ProductFilter{Limit: sitemapBatch}
	for count := 0; count < MaxSitemapProducts; {
		list, err := s.db.Shop().Products(ctx, filter)
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: products: %w", err)
		}
		for _, p := range list {
			entries = append(entries, SitemapEntry{Path: prefix + "/shop/" + segment(p.Slug, p.ID), Modified: p.UpdatedAt})
			termIDs = appendNew(termIDs, seen, append([]int64{p.CategoryID}, p.TagIDs...))
			filter.Before = p.ID
		}
		count += len(list)
		if len(list) < sitemapBatch {
			break
		}
	}
	terms, err := s.termEntries(ctx, termIDs, func(t persistence.ArticleTerm) string {
		if t.Kind == persistence.TermShopTag {
			return prefix + "/shop-tag/"
		}
		return prefix + "/shop-archive/"
	})
	if err != nil {
		return nil, err
	}
	return append(entries, terms...), nil
}

// appendNew appends to list the non-zero ids not seen before.
func appendNew(list []int64, seen map[int64]bool, ids []int64) []int64 {
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			list = append(list, id)
		}
	}
	return list
}

// termEntries lists the pages of the terms of ids, each under the view
// path viewOf gives it.
func (s *Service) termEntries(ctx context.Context, ids []int64, viewOf func(persistence.ArticleTerm) string) ([]SitemapEntry, error) {
	var entries []SitemapEntry
	for start := 0; start < len(ids); start += sitemapBatch {
		batch := ids[start:min(start+sitemapBatch, len(ids))]
		terms, err := s.db.Articles().Terms(ctx, batch)
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: terms: %w", err)
		}
		for _, id := range batch {
			if t, ok := terms[id]; ok {
				entries = append(entries, SitemapEntry{Path: viewOf(t) + segment(t.Slug, t.ID)})
			}
		}
	}
	return entries, nil
}

func (s *Service) sitemapArticles(ctx context.Context, lang, prefix string) ([]SitemapEntry, error) {
	var entries []SitemapEntry
	var termIDs []int64
	seen := map[int64]bool{}
	filter := persistence.ArticleFilter{Lang: lang, Limit: sitemapBatch}
	for count := 0; count < MaxSitemapArticles; {
		list, err := s.db.Articles().List(ctx, filter)
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: articles: %w", err)
		}
		for _, a := range list {
			entries = append(entries, SitemapEntry{Path: prefix + "/article/" + segment(a.Slug, a.ID), Modified: a.UpdatedAt})
			termIDs = appendNew(termIDs, seen, append([]int64{a.CategoryID}, a.TagIDs...))
			filter.Before = a.ID
		}
		count += len(list)
		if len(list) < sitemapBatch {
			break
		}
	}
	terms, err := s.termEntries(ctx, termIDs, func(t persistence.ArticleTerm) string {
		if t.Kind == persistence.TermTag {
			return prefix + "/article-tag/"
		}
		return prefix + "/article-archive/"
	})
	if err != nil {
		return nil, err
	}
	return append(entries, terms...), nil
}

func (s *Service) sitemapCommunity(ctx context.Context, prefix string) ([]SitemapEntry, error) {
	var entries []SitemapEntry
	var after persistence.NodeCursor
	for count := 0; count < MaxSitemapNodes; {
		nodes, err := s.db.Community().Nodes(ctx, persistence.NodeKindNode, after, sitemapBatch)
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: nodes: %w", err)
		}
		for _, n := range nodes {
			entries = append(entries, SitemapEntry{Path: prefix + "/community-archive/" + segment(n.Slug, n.ID)})
			after = persistence.NodeCursor{Position: n.Position, ID: n.ID}
		}
		count += len(nodes)
		if len(nodes) < sitemapBatch {
			break
		}
	}
	var before int64
	for count := 0; count < MaxSitemapTopics; {
		topics, err := s.db.Community().Topics(ctx, 0, before, sitemapBatch)
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: topics: %w", err)
		}
		for _, t := range topics {
			entries = append(entries, SitemapEntry{Path: prefix + "/community/" + strconv.FormatInt(t.ID, 10), Modified: t.UpdatedAt})
			before = t.ID
		}
		count += len(topics)
		if len(topics) < sitemapBatch {
			break
		}
	}
	return entries, nil
}

// segment is a page's last path segment: "{slug}-{id}", or the id alone
// when there is no slug.
func segment(slug string, id int64) string {
	if slug == "" {
		return strconv.FormatInt(id, 10)
	}
	return url.PathEscape(slug) + "-" + strconv.FormatInt(id, 10)
}
