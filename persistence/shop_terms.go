package persistence

import (
	"context"
	"fmt"
)

// maxTermsOfKind bounds TermsOfKind: a picker offers no more.
const maxTermsOfKind = 500

// TermsOfKind returns the terms of kind (TermShopCategory, ...) by slug,
// at most 500: the choices of an editor's picker.
func (s ArticlesStore) TermsOfKind(ctx context.Context, kind string) ([]ArticleTerm, error) {
	list, err := queryList(ctx, s.db.reads, scanTerm, `SELECT `+termColumns+` FROM article_terms
		WHERE kind = $1 ORDER BY slug LIMIT $2`, kind, maxTermsOfKind)
	if err != nil {
		return nil, fmt.Errorf("articles store: terms of %s: %w", kind, err)
	}
	return list, nil
}
