package page

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"souk/app/action"
	"souk/app/internal/pagemeta"
	"souk/app/member"
	"souk/persistence"
)

// Service answers auth.pageData from the custom pages and layout variants
// in the store, and from the features' resolvers for content pages.
type Service struct {
	db        *persistence.DB
	resolvers map[string]Resolver
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
	return &Service{db: cfg.DB, resolvers: cfg.Resolvers}
}

// Register adds the page actions to r.
func (s *Service) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name:    "auth.pageData",
		Summary: "Resolves a path to its page (SPEC.md §2) and returns the page's modules; unknown paths are 404 Page Not Found.",
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
	Page    PageInfo        `json:"page"`
	Modules json.RawMessage `json:"modules" doc:"the page-builder modules of the page, per device"`
	Guaqi   PageDataGuaqi   `json:"guaqi"`
	Profile *Member         `json:"profile,omitempty" doc:"the member a profile page shows"`
	Content json.RawMessage `json:"content,omitempty" doc:"the content the page shows (an article, an archive page, a topic, a node...), as the feature of the route's kind answers it"`
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
	site, pages, err := s.site(ctx)
	if err != nil {
		return PageDataReply{}, meta, err
	}
	route, ok := Resolve(path, site)
	if !ok {
		return PageDataReply{}, meta, action.PageNotFound(path)
	}
	reply := PageDataReply{
		Page:    PageInfo{Route: route, Layout: "default"},
		Modules: json.RawMessage("[]"),
	}
	if route.Kind == "custom" {
		p := pages[route.Name]
		reply.Page.Title = localized(p.Titles, route.Lang)
		if p.Layout != "" {
			reply.Page.Layout = p.Layout
		}
		if len(p.Modules) > 0 {
			reply.Modules = p.Modules
		}
	}
	if route.Kind == "profile" {
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

func (s *Service) site(ctx context.Context) (Site, map[string]persistence.Page, error) {
	pages, err := s.db.Pages().List(ctx)
	if err != nil {
		return Site{}, nil, fmt.Errorf("page: list custom pages: %w", err)
	}
	variants, err := s.db.Pages().Variants(ctx)
	if err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return Site{}, nil, fmt.Errorf("page: list variants: %w", err)
	}
	site := Site{}
	byName := make(map[string]persistence.Page, len(pages))
	for _, p := range pages {
		site.CustomPages = append(site.CustomPages, p.Name)
		byName[p.Name] = p
	}
	for _, v := range variants {
		ids := make([]string, len(v.IDs))
		for i, id := range v.IDs {
			ids[i] = strconv.FormatInt(id, 10)
		}
		site.Variants = append(site.Variants, Variant{Name: v.Name, Type: v.Type, IDs: ids})
	}
	return site, byName, nil
}

func localized(names map[string]string, lang string) string {
	if n, ok := names[lang]; ok && n != "" {
		return n
	}
	return names[action.DefaultLang]
}
