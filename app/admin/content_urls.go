package admin

import (
	"strconv"
	"strings"

	"souk/app/action"
	"souk/persistence"
)

// builderPath is the page builder, where the custom and docs pages are edited.
const builderPath = "/builder"

// contentURLs are where a reader sees r (in lang, or in an article's own
// language) and where it is edited in the site: /create?edit=kind:id opens
// an article or a topic in the site's editor, the page builder edits the
// custom and docs pages, the operators' console's forms a product, a node, a category or a term.
func contentURLs(r persistence.AdminContentRow, lang string) (url, editURL string) {
	id := strconv.FormatInt(r.ID, 10)
	switch r.Kind {
	case persistence.AdminArticle:
		return action.LangPrefix(r.Lang) + "/article/" + segment(r.Slug, id), action.LangPrefix(r.Lang) + editPath("article", id)
	case persistence.AdminTopic:
		return action.LangPrefix(lang) + "/community/" + id, action.LangPrefix(lang) + editPath("topic", id)
	case persistence.AdminAnswer:
		return action.LangPrefix(lang) + "/community-answer/" + id, ""
	case persistence.AdminComment:
		target := r.Extra["targetId"]
		switch r.Extra["targetType"] {
		case persistence.TargetArticle:
			return action.LangPrefix(r.Lang) + "/article/" + segment(r.Extra["targetSlug"], target), ""
		case persistence.TargetTopic:
			return action.LangPrefix(lang) + "/community/" + target, ""
		case persistence.TargetAnswer:
			return action.LangPrefix(lang) + "/community-answer/" + target, ""
		}
		return "", ""
	case persistence.AdminProduct:
		return action.LangPrefix(lang) + "/shop/" + segment(r.Slug, id), action.LangPrefix(lang) + productEditPath(id)
	case persistence.AdminNode:
		return action.LangPrefix(lang) + "/community-archive/" + segment(r.Slug, id), action.LangPrefix(lang) + formEditPath("node", id)
	case persistence.AdminCategory:
		return action.LangPrefix(lang) + "/community", action.LangPrefix(lang) + formEditPath("category", id)
	case persistence.AdminPage:
		if r.Extra["kind"] == persistence.PageDocs {
			return action.LangPrefix(lang) + "/docs/" + strings.TrimPrefix(r.Key, persistence.DocsPrefix), builderPath
		}
		return action.LangPrefix(lang) + "/" + r.Key, builderPath
	case persistence.AdminTerm:
		return action.LangPrefix(lang) + termArchive[r.Extra["kind"]] + segment(r.Slug, id), action.LangPrefix(lang) + formEditPath("term", id)
	}
	return "", ""
}

// termArchive is the archive page of each kind of term, before its slug-id.
var termArchive = map[string]string{
	persistence.TermCategory:     "/article-archive/",
	persistence.TermTag:          "/article-tag/",
	persistence.TermShopCategory: "/shop-archive/",
	persistence.TermShopTag:      "/shop-tag/",
}

// editPath is the site's editor opened on an item (kind article or topic),
// without the language prefix.
func editPath(kind, id string) string {
	return "/create?edit=" + kind + ":" + id
}

// productEditPath is the console's product form opened on the product id,
// without the language prefix.
func productEditPath(id string) string {
	return formEditPath("product", id)
}

// formEditPath is the console's form of a kind (product, node, category, term)
// opened on the id, without the language prefix.
func formEditPath(kind, id string) string {
	return "/admin/content?kind=" + kind + "&edit=" + id
}

// segment is a content path's last segment: slug-id, or the id alone.
func segment(slug, id string) string {
	if slug == "" {
		return id
	}
	return slug + "-" + id
}
