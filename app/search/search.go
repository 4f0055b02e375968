package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// SearchInput asks utils.search for a page of content.
type SearchInput struct {
	Key   string `json:"key" maxBytes:"65536" doc:"what the visitor typed, at most 100 characters; a blank key finds nothing"`
	First int    `json:"first,omitempty" doc:"page size, 10 by default, at most 50"`
	After string `json:"after,omitempty" doc:"endCursor of the page before"`
}

// Validate trims the key and checks the input's bounds.
func (in *SearchInput) Validate() error {
	if err := checkKey(&in.Key); err != nil {
		return err
	}
	if in.First < 0 || in.First > MaxPage {
		return action.BadField("first")
	}
	if in.First == 0 {
		in.First = DefaultPage
	}
	if _, ok := parseOffset(in.After); !ok {
		return action.BadField("after")
	}
	return nil
}

// checkKey trims a key and refuses one over MaxKeyRunes.
func checkKey(key *string) error {
	*key = strings.TrimSpace(*key)
	if utf8.RuneCountInString(*key) > MaxKeyRunes {
		return ErrKeyTooLong
	}
	return nil
}

// parseOffset reads a cursor: how many results came before; "" is 0.
func parseOffset(cursor string) (int, bool) {
	if cursor == "" {
		return 0, true
	}
	n, err := strconv.Atoi(cursor)
	return n, err == nil && n > 0 && n <= MaxOffset
}

// SearchReply is the reply of utils.search.
type SearchReply struct {
	Posts PostConnection `json:"posts"`
}

// PostConnection is a Relay page of results, the best first.
type PostConnection struct {
	Edges    []PostEdge `json:"edges"`
	PageInfo PageInfo   `json:"pageInfo"`
}

// PageInfo tells how to read on.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// PostEdge is one result of a page.
type PostEdge struct {
	Cursor string `json:"cursor"`
	Node   Post   `json:"node"`
}

// Post is a search result node (SPEC.md §3): a piece of content as the
// overlay lists it. It carries no text of the content.
type Post struct {
	ID            string     `json:"id"`
	DatabaseID    string     `json:"databaseId"`
	Kind          string     `json:"kind" doc:"article, topic or answer"`
	Title         string     `json:"title" doc:"an answer's is its topic's"`
	Slug          string     `json:"gqSlug"`
	URI           string     `json:"uri" doc:"the result's page; an article's with its language's prefix"`
	Lang          string     `json:"lang" doc:"the content's language; empty for community content, which has none"`
	ViewsCache    int64      `json:"viewsCache"`
	LikeCount     int64      `json:"likeCount"`
	CommentCount  int64      `json:"commentCount"`
	FeaturedImage *PostImage `json:"featuredImage,omitempty"`
	CreatedAt     int64      `json:"createdAt" doc:"epoch milliseconds"`
}

// PostImage wraps a featured image as the client reads it.
type PostImage struct {
	Node PostImageNode `json:"node"`
}

// PostImageNode is a featured image.
type PostImageNode struct {
	SourceURL string `json:"sourceUrl"`
}

// Search answers utils.search. A blank key (or one of punctuation only)
// finds nothing without a query.
func (s *Service) Search(ctx context.Context, in SearchInput) (SearchReply, error) {
	reply := SearchReply{Posts: PostConnection{Edges: []PostEdge{}}}
	if in.Key == "" {
		return reply, nil
	}
	req := action.RequestFrom(ctx)
	if err := s.allow(req); err != nil {
		return reply, err
	}
	offset, _ := parseOffset(in.After)
	hits, err := s.db.Search().Content(ctx, persistence.SearchQuery{Key: in.Key, Lang: action.NormalizeLang(req.Lang),
		Offset: offset, Limit: in.First + 1})
	if err != nil {
		return reply, err
	}
	if len(hits) > in.First {
		hits, reply.Posts.PageInfo.HasNextPage = hits[:in.First], offset+in.First <= MaxOffset
	}
	posts, err := s.posts(ctx, hits)
	if err != nil {
		return reply, err
	}
	for i, p := range posts {
		cursor := strconv.Itoa(offset + i + 1)
		reply.Posts.Edges = append(reply.Posts.Edges, PostEdge{Cursor: cursor, Node: p})
		reply.Posts.PageInfo.EndCursor = cursor
	}
	return reply, nil
}

// posts are the nodes of hits, with their counts and views, in order;
// hits of a kind this service does not list are left out.
func (s *Service) posts(ctx context.Context, hits []persistence.SearchHit) ([]Post, error) {
	ids := map[string][]int64{}
	for _, h := range hits {
		ids[h.Kind] = append(ids[h.Kind], h.ID)
	}
	counts := map[string]map[int64]persistence.Counter{}
	views := map[string]map[int64]int64{}
	for name, list := range ids {
		k, ok := s.kinds[name]
		if !ok {
			continue
		}
		var err error
		if counts[name], err = s.db.Counters().Get(ctx, name, list); err != nil {
			return nil, fmt.Errorf("search: counts: %w", err)
		}
		if k.views != nil {
			if views[name], err = k.views(ctx, list); err != nil {
				return nil, fmt.Errorf("search: views: %w", err)
			}
		}
	}
	posts := make([]Post, 0, len(hits))
	for _, h := range hits {
		k, ok := s.kinds[h.Kind]
		if !ok {
			continue
		}
		id := member.FormatID(h.ID)
		p := Post{ID: id, DatabaseID: id, Kind: h.Kind, Title: h.Title, Slug: h.Slug, URI: k.uri(h), Lang: h.Lang,
			ViewsCache: views[h.Kind][h.ID], LikeCount: counts[h.Kind][h.ID].Likes,
			CommentCount: counts[h.Kind][h.ID].Comments, CreatedAt: h.CreatedAt}
		if h.Image != "" {
			p.FeaturedImage = &PostImage{Node: PostImageNode{SourceURL: h.Image}}
		}
		posts = append(posts, p)
	}
	return posts, nil
}
