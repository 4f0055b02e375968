package layout

import (
	"fmt"
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// adminPolicy is the html block's: wider than richtext's (layout elements,
// headings, tables, images, links, https iframes, class and a few
// presentational attributes) and still never a script, a style or an
// event handler. A bluemonday policy is safe for concurrent use once built.
var adminPolicy = newAdminPolicy()

var (
	adminHref  = regexp.MustCompile(`^(https?://[^\s]+|mailto:[^\s]+|tel:[^\s]+|/[^/\\\s][^\s]*|/|#[A-Za-z0-9_-]*)$`)
	adminImage = regexp.MustCompile(`^(https://[^\s]+|/[^/\\\s][^\s]*)$`)
	httpsOnly  = regexp.MustCompile(`^https://[^\s]+$`)
	className  = regexp.MustCompile(`^[A-Za-z0-9_ -]{0,200}$`)
)

func newAdminPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("div", "section", "article", "header", "footer", "aside", "nav", "main", "span",
		"p", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark",
		"ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "code", "figure", "figcaption", "hr", "br",
		"table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "picture", "details", "summary")
	p.AllowAttrs("class").Matching(className).Globally()
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,60}$`)).Globally()
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	p.AllowAttrs("href").Matching(adminHref).OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AllowAttrs("src").Matching(adminImage).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img", "a", "iframe")
	p.AllowAttrs("width", "height").Matching(bluemonday.Integer).OnElements("img", "iframe")
	p.AllowAttrs("loading").Matching(regexp.MustCompile(`^(lazy|eager)$`)).OnElements("img", "iframe")
	p.AllowAttrs("src").Matching(httpsOnly).OnElements("iframe")
	p.AllowAttrs("allowfullscreen").Matching(regexp.MustCompile(`^(|true|allowfullscreen)$`)).OnElements("iframe")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`^(|open)$`)).OnElements("details")
	p.AllowElements("iframe")
	return p
}

// SanitizeAdminHTML returns an html block's html as an administrator may
// write it: see adminPolicy.
func SanitizeAdminHTML(s string) string {
	return adminPolicy.Sanitize(s)
}

// checkHTML applies the html block rule: an administrator's html is
// sanitized; anyone else's must be an html block of Previous unchanged.
func checkHTML(doc *Doc, c Check) error {
	kept := map[string]bool{}
	if !c.CanHTML && c.Previous != nil {
		eachBlock(c.Previous, func(_ string, b *Block) error {
			if p, ok := b.Props.(*HTMLProps); ok && b.Type == TypeHTML {
				kept[p.HTML] = true
			}
			return nil
		})
	}
	return eachBlock(doc, func(path string, b *Block) error {
		p, ok := b.Props.(*HTMLProps)
		if !ok || b.Type != TypeHTML {
			return nil
		}
		if c.CanHTML {
			p.HTML = SanitizeAdminHTML(p.HTML)
			return nil
		}
		if !kept[p.HTML] {
			return errHTMLAdminOnly(path + ".props.html")
		}
		return nil
	})
}

// eachBlock calls fn with every block of doc and its JSON path, page by
// page and device by device, until fn fails.
func eachBlock(doc *Doc, fn func(path string, b *Block) error) error {
	for i := range doc.Pages {
		for _, device := range Devices {
			list := *doc.Pages[i].Blocks.Device(device)
			for j := range list {
				if err := fn(fmt.Sprintf("pages[%d].blocks.%s[%d]", i, device, j), &list[j]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
