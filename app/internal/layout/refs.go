package layout

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"souk/persistence"
)

// Kinds of Ref.
const (
	RefArticleCategory = "articleCategory"
	RefArticleTag      = "articleTag"
	RefShopCategory    = "shopCategory"
	RefShopTag         = "shopTag"
	RefNode            = "node"
	RefArticle         = "article"
	RefTopic           = "topic"
	RefProduct         = "product"
)

// Ref is something a list or node block points at.
type Ref struct {
	Kind string
	ID   int64
}

// Refs tells whether what blocks point at exists.
type Refs interface {
	// Exists reports whether ref exists (and, for items, is not deleted).
	Exists(ctx context.Context, ref Ref) (bool, error)
}

// DBRefs reads refs from db.
func DBRefs(db *persistence.DB) Refs { return dbRefs{db: db} }

type dbRefs struct{ db *persistence.DB }

var _ Refs = dbRefs{}

func (r dbRefs) Exists(ctx context.Context, ref Ref) (bool, error) {
	var err error
	switch ref.Kind {
	case RefArticleCategory, RefArticleTag, RefShopCategory, RefShopTag:
		kind := map[string]string{
			RefArticleCategory: persistence.TermCategory, RefArticleTag: persistence.TermTag,
			RefShopCategory: persistence.TermShopCategory, RefShopTag: persistence.TermShopTag,
		}[ref.Kind]
		terms, err := r.db.Articles().Terms(ctx, []int64{ref.ID})
		if err != nil {
			return false, fmt.Errorf("layout: refs: %w", err)
		}
		t, ok := terms[ref.ID]
		return ok && t.Kind == kind, nil
	case RefNode:
		var n persistence.Node
		n, err = r.db.Community().Node(ctx, ref.ID)
		if err == nil {
			return n.Kind == persistence.NodeKindNode, nil
		}
	case RefArticle:
		_, err = r.db.Articles().Get(ctx, ref.ID)
	case RefTopic:
		_, err = r.db.Community().Topic(ctx, ref.ID)
	case RefProduct:
		_, err = r.db.Shop().Product(ctx, ref.ID)
	default:
		return false, fmt.Errorf("layout: refs: unknown kind %q", ref.Kind)
	}
	if errors.Is(err, persistence.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("layout: refs: %w", err)
	}
	return true, nil
}

// refOf is what a list source points at.
var refOf = map[string]map[string]string{
	TypeArticles: {"category": RefArticleCategory, "tag": RefArticleTag, "picked": RefArticle},
	TypeTopics:   {"node": RefNode, "picked": RefTopic},
	TypeProducts: {"category": RefShopCategory, "tag": RefShopTag, "picked": RefProduct},
}

// checkRefs refuses the first block pointing at something refs does not
// have, with builder.error.deletedRef.
func checkRefs(ctx context.Context, doc *Doc, refs Refs) error {
	known := map[Ref]bool{}
	exists := func(ref Ref) (bool, error) {
		if ok, seen := known[ref]; seen {
			return ok, nil
		}
		ok, err := refs.Exists(ctx, ref)
		if err != nil {
			return false, err
		}
		known[ref] = ok
		return ok, nil
	}
	check := func(kind, id, field string) error {
		n, _ := strconv.ParseInt(id, 10, 64)
		ok, err := exists(Ref{Kind: kind, ID: n})
		if err != nil {
			return err
		}
		if !ok {
			return errDeletedRef(field, id)
		}
		return nil
	}
	return eachBlock(doc, func(path string, b *Block) error {
		switch p := b.Props.(type) {
		case *ListProps:
			kind := refOf[b.Type][p.Source]
			if kind == "" {
				return nil
			}
			if p.Source != "picked" {
				return check(kind, p.Ref, path+".props.ref")
			}
			for i, id := range p.IDs {
				if err := check(kind, id, fmt.Sprintf("%s.props.ids[%d]", path, i)); err != nil {
					return err
				}
			}
		case *NodesProps:
			for i, id := range p.IDs {
				if err := check(RefNode, id, fmt.Sprintf("%s.props.ids[%d]", path, i)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
