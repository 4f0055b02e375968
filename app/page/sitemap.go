package page

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"souk/app/action"
	"souk/persistence"
)

// Bounds of a language's sitemap: the newest articles and topics, and the
// first nodes, so that building it stays cheap on a large site.
const (
	MaxSitemapArticles = 10000
	MaxSitemapTopics   = 10000
	MaxSitemapNodes    = 2000
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
// custom pages, the live articles in lang with their categories and tags,
// the community's nodes and its live topics (within the Max bounds).
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
	pages, err := s.db.Pages().List(ctx)
	if err != nil {
		return nil, fmt.Errorf("page: sitemap: custom pages: %w", err)
	}
	for _, p := range pages {
		entries = append(entries, SitemapEntry{Path: prefix + "/" + url.PathEscape(p.Name)})
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
	return append(entries, community...), nil
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
			for _, id := range append([]int64{a.CategoryID}, a.TagIDs...) {
				if id != 0 && !seen[id] {
					seen[id] = true
					termIDs = append(termIDs, id)
				}
			}
			filter.Before = a.ID
		}
		count += len(list)
		if len(list) < sitemapBatch {
			break
		}
	}
	for start := 0; start < len(termIDs); start += sitemapBatch {
		terms, err := s.db.Articles().Terms(ctx, termIDs[start:min(start+sitemapBatch, len(termIDs))])
		if err != nil {
			return nil, fmt.Errorf("page: sitemap: terms: %w", err)
		}
		for _, id := range termIDs[start:min(start+sitemapBatch, len(termIDs))] {
			t, ok := terms[id]
			if !ok {
				continue
			}
			view := "/article-archive/"
			if t.Kind == persistence.TermTag {
				view = "/article-tag/"
			}
			entries = append(entries, SitemapEntry{Path: prefix + view + segment(t.Slug, t.ID)})
		}
	}
	return entries, nil
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
