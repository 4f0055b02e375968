package shop

import (
	"context"
	"slices"

	"souk/app/action"
	"souk/app/internal/picked"
	"souk/app/member"
	"souk/persistence"
)

// ProductArchiveInput asks for a page of products.
type ProductArchiveInput struct {
	CategoryID action.ID `json:"categoryId,omitempty" doc:"a category's databaseId: its products only"`
	TagID      action.ID `json:"tagId,omitempty" doc:"a tag's databaseId: its products only"`
	// IDs asks for these products only, in this order (a builder's
	// hand-picked list): one page without a cursor; First and After are
	// not used.
	IDs   []action.ID `json:"ids,omitempty" doc:"at most 20 product databaseIds: only these, in this order; unknown, deleted or filtered out ones are left out; absent or empty: the newest first"`
	After string      `json:"after,omitempty" doc:"endCursor of the page before"`
	First int         `json:"first,omitempty" doc:"page size, 20 by default, at most 40"`
}

// Validate checks the input's shape.
func (in *ProductArchiveInput) Validate() error {
	switch {
	case in.CategoryID < 0:
		return action.BadField("categoryId")
	case in.TagID < 0:
		return action.BadField("tagId")
	case in.First < 0 || in.First > MaxPage:
		return action.BadField("first")
	case !picked.Valid(in.IDs):
		return action.BadField("ids")
	}
	if _, ok := member.ParseCursor(in.After); !ok {
		return action.BadField("after")
	}
	if in.First == 0 {
		in.First = DefaultPage
	}
	return nil
}

// PageInfo tells how to read on.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage" doc:"more products follow"`
}

// ProductEdge is one product of a page.
type ProductEdge struct {
	Cursor string      `json:"cursor" doc:"the product's id: pass it as after"`
	Node   ProductView `json:"node" doc:"the product"`
}

// ProductList is a page of products.
type ProductList struct {
	Edges    []ProductEdge `json:"edges" doc:"the products, newest first"`
	PageInfo PageInfo      `json:"pageInfo" doc:"how to read on"`
}

// ProductArchiveReply is the reply of shop.archive (and an archive or tag page's content).
type ProductArchiveReply struct {
	Products ProductList `json:"products" doc:"a page of products"`
	Term     *Term       `json:"term,omitempty" doc:"the category or tag listed"`
}

// Archive answers shop.archive.
func (s *Service) Archive(ctx context.Context, in ProductArchiveInput) (ProductArchiveReply, error) {
	if err := in.Validate(); err != nil {
		return ProductArchiveReply{}, err
	}
	req := action.RequestFrom(ctx)
	return s.archive(ctx, req.Viewer, action.NormalizeLang(req.Lang), in)
}

func (s *Service) archive(ctx context.Context, v action.Viewer, lang string, in ProductArchiveInput) (ProductArchiveReply, error) {
	reply := ProductArchiveReply{Products: ProductList{Edges: []ProductEdge{}}}
	f := persistence.ProductFilter{CategoryID: int64(in.CategoryID), TagID: int64(in.TagID), Limit: in.First + 1}
	for _, want := range []struct {
		id   int64
		kind string
	}{{f.CategoryID, persistence.TermShopCategory}, {f.TagID, persistence.TermShopTag}} {
		if want.id == 0 {
			continue
		}
		terms, err := s.db.Articles().Terms(ctx, []int64{want.id})
		if err != nil {
			return reply, err
		}
		t, ok := terms[want.id]
		if !ok || t.Kind != want.kind {
			return reply, ErrNotFound
		}
		tv := termView(t, lang)
		reply.Term = &tv
	}
	var list []persistence.Product
	var err error
	if len(in.IDs) > 0 {
		list, err = s.pickedProducts(ctx, f, in.IDs)
	} else {
		f.Before, _ = member.ParseCursor(in.After)
		list, err = s.db.Shop().Products(ctx, f)
	}
	if err != nil {
		return reply, err
	}
	if len(list) > in.First && len(in.IDs) == 0 {
		list, reply.Products.PageInfo.HasNextPage = list[:in.First], true
	}
	b, err := s.buyerOf(ctx, v)
	if err != nil {
		return reply, err
	}
	views, err := s.productViews(ctx, b, lang, list)
	if err != nil {
		return reply, err
	}
	for _, pv := range views {
		reply.Products.Edges = append(reply.Products.Edges, ProductEdge{Cursor: pv.ID, Node: pv})
		reply.Products.PageInfo.EndCursor = pv.ID
	}
	return reply, nil
}

// pickedProducts reads the live products ids in their order, keeping those
// f's category and tag select; unknown and deleted ids and repeats are
// left out.
func (s *Service) pickedProducts(ctx context.Context, f persistence.ProductFilter, ids []action.ID) ([]persistence.Product, error) {
	keys := picked.Keys(ids)
	byID, err := s.db.Shop().ProductsByID(ctx, keys)
	if err != nil {
		return nil, err
	}
	list := make([]persistence.Product, 0, len(ids))
	for _, id := range keys {
		p, ok := byID[id]
		if !ok || p.DeletedAt != 0 || (f.CategoryID != 0 && p.CategoryID != f.CategoryID) ||
			(f.TagID != 0 && !slices.Contains(p.TagIDs, f.TagID)) {
			continue
		}
		list = append(list, p)
	}
	return list, nil
}
