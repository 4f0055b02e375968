package page

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/app/internal/pagemeta"
	"souk/app/member"
	"souk/persistence"
)

// Service answers auth.pageData from the page builder's pages (home,
// custom and docs) and layout variants in the store, and from the
// features' resolvers for content pages.
type Service struct {
	db        *persistence.DB
	resolvers map[string]Resolver
	versions  *layout.VersionGate
	blocks    encodedBlocks
}

// Resolver supplies the content of a resolved page of one route kind
// (article, community, ...): a feature's page data without this package
// importing the feature. It returns persistence.ErrNotFound (or an
// action.PageNotFound error) when the route names nothing the viewer of
// ctx may see, and the page answers 404. args are auth.pageData's args.
type Resolver func(ctx context.Context, route Route, args json.RawMessage) (PageContent, error)

// PageContent is what a Resolver supplies: the page's title in the
// route's language, its data (sent as pageData's content) and its Meta
// (for the page's HTML).
type PageContent = pagemeta.Content

// Meta describes a page to readers of its HTML (search engines, link
// previews): its description, picture, readable text and schema.org type.
type Meta = pagemeta.Meta

// Config wires a Service.
type Config struct {
	DB *persistence.DB
	// Resolvers are keyed by route kind (Route.Kind); a kind with none
	// answers an empty page, as before the feature existed.
	Resolvers map[string]Resolver
}

// New returns a page service.
func New(cfg Config) *Service {
	return &Service{db: cfg.DB, resolvers: cfg.Resolvers, versions: layout.NewVersionGate(cfg.DB.Layouts().Version, time.Now)}
}

// Register adds the page actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "auth.pageData",
		Summary: "Resolves a path to its page (SPEC.md §2) and returns the page's blocks and content; unknown paths are 404 Page Not Found.",
		Access:  action.Public,
	}, s.PageData)
}

// PageDataInput is the data of auth.pageData.
type PageDataInput struct {
	Path      string          `json:"path" doc:"the page's path, with its locale prefix; defaults to the envelope's path"`
	Args      json.RawMessage `json:"args,omitempty" doc:"page arguments (paging, filters), passed through to the page's modules"`
	LoginData bool            `json:"loginData,omitempty" doc:"also return the signed-in viewer's modules under guaqi.loginData.module"`
}

// PageInfo is the resolved page.
type PageInfo struct {
	Route
	Title  string `json:"title" doc:"the page's title in the request's language, empty when the client titles it"`
	Layout string `json:"layout" doc:"default, account or docs"`
}

// LoginData holds the modules only a signed-in viewer gets.
type LoginData struct {
	Module []json.RawMessage `json:"module"`
}

// PageDataGuaqi wraps LoginData as the client reads it.
type PageDataGuaqi struct {
	LoginData *LoginData `json:"loginData,omitempty"`
}

// PageDataReply is the reply of auth.pageData.
type PageDataReply struct {
	Page   PageInfo        `json:"page"`
	Blocks json.RawMessage `json:"blocks,omitempty" doc:"the page's blocks per device {mobile, tablet, desktop} (home, custom and docs pages); absent when the page has none"`
	// LayoutVersion is read before the page: the reply is at least as new
	// as the layout of that version.
	LayoutVersion int64           `json:"layoutVersion" doc:"the published layout's version (0: none yet); a live layout event with a higher one means this reply is older"`
	Guaqi         PageDataGuaqi   `json:"guaqi"`
	Profile       *Member         `json:"profile,omitempty" doc:"the member a profile page shows"`
	Content       json.RawMessage `json:"content,omitempty" doc:"the content the page shows (an article, an archive page, a topic, a node...), as the feature of the route's kind answers it; a docs page's is {nav: [{slug, title}]}"`

	// blocksJSON is Blocks as encoded in the reply (encodedBlocks); nil
	// when there are none or the reply is encoded as usual.
	blocksJSON []byte
}

// Member is the public face of a member on their profile page.
type Member struct {
	ID          string        `json:"id"`
	DatabaseID  string        `json:"databaseId"`
	Name        string        `json:"name"`
	Slug        string        `json:"gqSlug"`
	Avatar      member.Avatar `json:"avatar"`
	Description string        `json:"description"`
	CreatedAt   int64         `json:"createdAt" doc:"epoch milliseconds"`
	// GqLevel and GqVIP are keys of utils.getSettings' level lists: the
	// client shows their names and icons as it does the viewer's badges.
	GqLevel string `json:"gqLevel,omitempty" doc:"the member's growth level key"`
	GqVIP   string `json:"gqVIP,omitempty" doc:"the member's VIP tier key; absent when none or expired"`
}

// PageData resolves in.Path (or the request's path) and returns its page.
func (s *Service) PageData(ctx context.Context, in PageDataInput) (PageDataReply, error) {
	reply, _, err := s.resolve(ctx, in)
	return reply, err
}

// resolve is PageData with the page's meta.
func (s *Service) resolve(ctx context.Context, in PageDataInput) (PageDataReply, Meta, error) {
	var meta Meta
	req := action.RequestFrom(ctx)
	path := in.Path
	if path == "" {
		path = req.Path
	}
	// The version first: the pages read after it are at least as new, so a
	// client waiting for a newer layout never takes older pages for it.
	version, err := s.versions.Current(ctx)
	if err != nil {
		return PageDataReply{}, meta, err
	}
	site, pages, err := s.site(ctx)
	if err != nil {
		return PageDataReply{}, meta, err
	}
	route, ok := Resolve(path, site)
	if !ok {
		return PageDataReply{}, meta, action.PageNotFound(path)
	}
	reply := PageDataReply{Page: PageInfo{Route: route, Layout: "default"}, LayoutVersion: version}
	switch route.Kind {
	case "home":
		if pages.home != nil {
			reply.setBlocks(&s.blocks, pages.home.Modules)
		}
	case "custom":
		p := pages.custom[route.Name]
		reply.Page.Title = localized(p.Titles, route.Lang)
		if p.Layout != "" {
			reply.Page.Layout = p.Layout
		}
		reply.setBlocks(&s.blocks, p.Modules)
		meta = textMeta(p.Modules, route.Lang)
	case "docs":
		p, ok := pages.doc(route.Name)
		if !ok {
			return PageDataReply{}, meta, action.PageNotFound(path)
		}
		reply.Page.Name = strings.TrimPrefix(p.Name, persistence.DocsPrefix)
		reply.Page.Title = localized(p.Titles, route.Lang)
		reply.Page.Layout = "docs"
		reply.setBlocks(&s.blocks, p.Modules)
		if reply.Content, err = json.Marshal(pages.docsNav(route.Lang)); err != nil {
			return PageDataReply{}, meta, fmt.Errorf("page: docs navigation: %w", err)
		}
		meta = textMeta(p.Modules, route.Lang)
	case "profile":
		member, err := s.member(ctx, route.ID)
		if err != nil {
			if errors.Is(err, persistence.ErrNotFound) {
				return PageDataReply{}, meta, action.PageNotFound(path)
			}
			return PageDataReply{}, meta, err
		}
		reply.Profile = member
		reply.Page.Title = member.Name
		meta.Description, meta.Image = member.Description, member.Avatar.URL
	}
	if resolve, ok := s.resolvers[route.Kind]; ok {
		content, err := resolve(ctx, route, in.Args)
		var e *action.Error
		switch {
		case errors.Is(err, persistence.ErrNotFound), errors.As(err, &e) && e.Status == http.StatusNotFound:
			return PageDataReply{}, meta, action.PageNotFound(path)
		case err != nil:
			return PageDataReply{}, meta, err
		}
		if content.Title != "" {
			reply.Page.Title = content.Title
		}
		reply.Content = content.Data
		if !content.Meta.Empty() {
			meta = content.Meta
		}
	}
	if in.LoginData {
		// Viewer modules arrive with accounts; a guest has none.
		reply.Guaqi.LoginData = &LoginData{Module: []json.RawMessage{}}
	}
	return reply, meta, nil
}

// setBlocks sets the reply's blocks from a page row's modules.
func (r *PageDataReply) setBlocks(cache *encodedBlocks, modules json.RawMessage) {
	r.Blocks = blocksOf(modules)
	r.blocksJSON = cache.of(r.Blocks)
}

// member reads the member a profile page names.
func (s *Service) member(ctx context.Context, id string) (*Member, error) {
	userID, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil, persistence.ErrNotFound
	}
	u, err := s.db.Users().Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("page: read member: %w", err)
	}
	return &Member{
		ID: id, DatabaseID: id, Name: u.Name, Slug: u.Slug,
		Avatar:      member.Avatar{URL: member.AvatarURL(u)},
		Description: u.Description, CreatedAt: u.CreatedAt, GqLevel: u.LevelKey, GqVIP: liveVIP(u, time.Now()),
	}, nil
}

// liveVIP is the member's VIP tier key while it lasts, else "".
func liveVIP(u persistence.User, now time.Time) string {
	if u.VIPExpiresAt != 0 && u.VIPExpiresAt <= now.UnixMilli() {
		return ""
	}
	return u.VIPKey
}

// sitePages are the page builder's pages by kind.
type sitePages struct {
	// home is the home page; nil when the builder made none.
	home *persistence.Page
	// custom are the custom pages by name.
	custom map[string]persistence.Page
	// docs are the docs pages in their side navigation's order.
	docs []persistence.Page
}

// doc returns the docs page of slug, the first one when slug is "".
func (p sitePages) doc(slug string) (persistence.Page, bool) {
	for _, d := range p.docs {
		if slug == "" || d.Name == persistence.DocsPrefix+slug {
			return d, true
		}
	}
	return persistence.Page{}, false
}

// DocsNavItem is an entry of the docs pages' side navigation.
type DocsNavItem struct {
	Slug  string `json:"slug"`
	Title string `json:"title" doc:"in the request's language"`
}

// DocsContent is the content of a docs page's pageData.
type DocsContent struct {
	Nav []DocsNavItem `json:"nav" doc:"every docs page, in navigation order"`
}

// docsNav is the docs pages' side navigation in lang.
func (p sitePages) docsNav(lang string) DocsContent {
	nav := DocsContent{Nav: make([]DocsNavItem, len(p.docs))}
	for i, d := range p.docs {
		nav.Nav[i] = DocsNavItem{Slug: strings.TrimPrefix(d.Name, persistence.DocsPrefix), Title: localized(d.Titles, lang)}
	}
	return nav
}

func (s *Service) site(ctx context.Context) (Site, sitePages, error) {
	list, err := s.db.Pages().List(ctx)
	if err != nil {
		return Site{}, sitePages{}, fmt.Errorf("page: list pages: %w", err)
	}
	variants, err := s.db.Pages().Variants(ctx)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return Site{}, sitePages{}, fmt.Errorf("page: list variants: %w", err)
	}
	site := Site{}
	pages := sitePages{custom: make(map[string]persistence.Page, len(list))}
	for _, p := range list {
		switch p.Kind {
		case persistence.PageHome:
			pages.home = &p
		case persistence.PageDocs:
			pages.docs = append(pages.docs, p)
		default:
			site.CustomPages = append(site.CustomPages, p.Name)
			pages.custom[p.Name] = p
		}
	}
	// Stable: pages of one position keep their creation order.
	slices.SortStableFunc(pages.docs, func(a, b persistence.Page) int { return cmp.Compare(a.Position, b.Position) })
	for _, v := range variants {
		ids := make([]string, len(v.IDs))
		for i, id := range v.IDs {
			ids[i] = strconv.FormatInt(id, 10)
		}
		site.Variants = append(site.Variants, Variant{Name: v.Name, Type: v.Type, IDs: ids})
	}
	return site, pages, nil
}

func localized(names map[string]string, lang string) string {
	if n, ok := names[lang]; ok && n != "" {
		return n
	}
	return names[action.DefaultLang]
}
