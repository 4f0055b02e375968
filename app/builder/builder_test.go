package builder

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/internal/apptest"
	"souk/app/internal/layout"
	"souk/app/internal/live"
	"souk/persistence"
)

// events records the live events sent.
type events struct {
	mu   sync.Mutex
	list []string // guarded by mu: "channel event data"
}

func (e *events) Publish(_ context.Context, channel, event string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.list = append(e.list, channel+" "+event+" "+string(raw))
	return nil
}

func (e *events) take() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.list
	e.list = nil
	return out
}

type fixture struct {
	db     *persistence.DB
	svc    *Service
	events *events
	admin  int64
	member int64
	// builderID is a member whose growth level has canBuilder.
	builderID int64
	node      persistence.Node
}

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	t.Helper()
	ctx := t.Context()
	f := &fixture{db: db, events: &events{}}
	f.svc = New(Config{DB: db, Live: f.events})
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: "lv1", Rank: 1}))
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindGrowth, Key: "lv9", Rank: 9,
		Roles: persistence.LevelRoles{CanBuilder: true}}))
	require.NoError(t, db.Levels().Upsert(ctx, persistence.Level{Kind: persistence.LevelKindVIP, Key: "vip1", Rank: 1,
		Roles: persistence.LevelRoles{CanBuilder: true}}))
	f.member = apptest.Member(t, db, "mia")
	f.admin = apptest.Member(t, db, "ada")
	u, err := db.Users().Get(ctx, f.admin)
	require.NoError(t, err)
	u.IsAdmin = true
	require.NoError(t, db.Users().Update(ctx, u))
	f.builderID = apptest.Member(t, db, "bob")
	u, err = db.Users().Get(ctx, f.builderID)
	require.NoError(t, err)
	u.LevelKey = "lv9"
	require.NoError(t, db.Users().Update(ctx, u))
	f.node = persistence.Node{Kind: persistence.NodeKindNode, Slug: "go", Names: map[string]string{"en": "Go"}}
	require.NoError(t, db.Community().UpsertNode(ctx, &f.node))
	return f
}

func (f *fixture) asAdmin() context.Context   { return apptest.AsAdmin(f.admin) }
func (f *fixture) asBuilder() context.Context { return apptest.As(f.builderID) }

// doc is a valid layout: a home page with a hero and, when ref is set, a
// topic list of that node, and a custom page named name.
func doc(t *testing.T, title, ref, name string) json.RawMessage {
	t.Helper()
	device := layout.DeviceDoc{}
	d := layout.Doc{PageSettings: layout.PageSettings{layout.Mobile: device, layout.Tablet: device, layout.Desktop: device}}
	hero := layout.Block{ID: "hero", Type: layout.TypeHero, Props: &layout.HeroProps{Title: layout.Text{"en": title}, Align: "left"}}
	home := layout.PageDoc{Kind: layout.KindHome, Layout: layout.LayoutDefault,
		Blocks: layout.Blocks{Mobile: []layout.Block{hero}, Tablet: []layout.Block{}, Desktop: []layout.Block{hero}}}
	if ref != "" {
		list := layout.Block{ID: "topics", Type: layout.TypeTopics, Props: &layout.ListProps{Source: "node", Ref: ref,
			View: "list", Count: 5, Columns: 1}}
		home.Blocks.Mobile = append([]layout.Block{list}, home.Blocks.Mobile...)
		home.Blocks.Desktop = append(home.Blocks.Desktop, list)
	}
	d.Pages = append(d.Pages, home)
	if name != "" {
		d.Pages = append(d.Pages, layout.PageDoc{Kind: layout.KindCustom, Name: name, Layout: layout.LayoutDefault,
			Titles: layout.Text{"zh-hans": "页", "en": "Page", "es": "Página"},
			Blocks: layout.Blocks{Mobile: []layout.Block{}, Tablet: []layout.Block{}, Desktop: []layout.Block{}}})
	}
	data, err := json.Marshal(d)
	require.NoError(t, err)
	return data
}

func TestAccess(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		f := newFixture(t, db)
		_, err := f.svc.Draft(context.Background(), DraftInput{})
		apptest.RequireKey(t, err, "common.error.unauthorized")
		_, err = f.svc.Draft(apptest.As(f.member), DraftInput{})
		apptest.RequireKey(t, err, "builder.error.forbidden")
		_, err = f.svc.SaveDraft(apptest.As(f.member), SaveDraftInput{Doc: doc(t, "Hi", "", "")})
		apptest.RequireKey(t, err, "builder.error.forbidden")

		reply, err := f.svc.Draft(f.asBuilder(), DraftInput{})
		require.NoError(t, err)
		assert.False(t, reply.CanHTML)
		reply, err = f.svc.Draft(f.asAdmin(), DraftInput{})
		require.NoError(t, err)
		assert.True(t, reply.CanHTML)

		// A live VIP tier with canBuilder opens the builder; an expired one does not.
		u, err := db.Users().Get(ctx, f.member)
		require.NoError(t, err)
		u.VIPKey, u.VIPExpiresAt = "vip1", time.Now().Add(time.Hour).UnixMilli()
		require.NoError(t, db.Users().Update(ctx, u))
		_, err = f.svc.Draft(apptest.As(f.member), DraftInput{})
		require.NoError(t, err)
		u.VIPExpiresAt = time.Now().Add(-time.Hour).UnixMilli()
		require.NoError(t, db.Users().Update(ctx, u))
		_, err = f.svc.Draft(apptest.As(f.member), DraftInput{})
		apptest.RequireKey(t, err, "builder.error.forbidden")
	})
}

func TestDraftPublishRollback(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		f := newFixture(t, db)
		legacy := persistence.Page{Name: "legacy", Layout: "default", Titles: map[string]string{"en": "Old"}}
		require.NoError(t, db.Pages().Upsert(ctx, &legacy))

		draft, err := f.svc.Draft(f.asBuilder(), DraftInput{})
		require.NoError(t, err)
		assert.Zero(t, draft.Revision)
		assert.Zero(t, draft.PublishedVersion)
		require.Len(t, draft.Doc.Pages, 2, "nothing published: the site's pages are imported")
		assert.Equal(t, "legacy", draft.Doc.Pages[1].Name)

		ref := strconv.FormatInt(f.node.ID, 10)
		saved, err := f.svc.SaveDraft(f.asBuilder(), SaveDraftInput{Doc: doc(t, "One", ref, "about"), Revision: 0})
		require.NoError(t, err)
		assert.Equal(t, int64(1), saved.Revision)
		assert.True(t, saved.Dirty)

		_, err = f.svc.SaveDraft(f.asBuilder(), SaveDraftInput{Doc: doc(t, "Two", ref, "about"), Revision: 0})
		apptest.RequireKey(t, err, "builder.error.stale")
		assert.Equal(t, http.StatusConflict, action.AsError(err).Status)
		assert.Equal(t, int64(1), action.AsError(err).Args["revision"])

		pub, err := f.svc.Publish(f.asBuilder(), PublishInput{Revision: 1, Note: "first"})
		require.NoError(t, err)
		assert.Equal(t, int64(1), pub.Version)
		assert.Equal(t, []string{`site layout {"version":1}`}, f.events.take())
		_, err = db.Pages().GetByName(ctx, "legacy")
		require.ErrorIs(t, err, persistence.ErrNotFound)
		_, err = db.Pages().GetByName(ctx, "about")
		require.NoError(t, err)

		draft, err = f.svc.Draft(f.asBuilder(), DraftInput{})
		require.NoError(t, err)
		assert.Equal(t, int64(1), draft.Revision, "the draft keeps its revision")
		assert.Equal(t, int64(1), draft.PublishedVersion)
		assert.False(t, draft.Dirty)

		saved, err = f.svc.SaveDraft(f.asAdmin(), SaveDraftInput{Doc: doc(t, "Two", ref, ""), Revision: 1})
		require.NoError(t, err)
		pub, err = f.svc.Publish(f.asAdmin(), PublishInput{Revision: saved.Revision})
		require.NoError(t, err)
		assert.Equal(t, int64(2), pub.Version)
		_, err = db.Pages().GetByName(ctx, "about")
		require.ErrorIs(t, err, persistence.ErrNotFound)
		f.events.take()

		versions, err := f.svc.Versions(f.asBuilder(), VersionsInput{First: 1})
		require.NoError(t, err)
		require.Len(t, versions.Versions, 1)
		assert.True(t, versions.HasMore)
		assert.True(t, versions.Versions[0].Current)
		require.NotNil(t, versions.Versions[0].Author)
		assert.Equal(t, "ada", versions.Versions[0].Author.Name)
		versions, err = f.svc.Versions(f.asBuilder(), VersionsInput{First: 5, Before: 2})
		require.NoError(t, err)
		require.Len(t, versions.Versions, 1)
		assert.Equal(t, "first", versions.Versions[0].Note)
		assert.False(t, versions.HasMore)

		old, err := f.svc.Version(f.asBuilder(), VersionInput{Version: 1})
		require.NoError(t, err)
		assert.Len(t, old.Doc.Pages, 2)
		_, err = f.svc.Version(f.asBuilder(), VersionInput{Version: 7})
		apptest.RequireKey(t, err, "builder.error.versionNotFound")

		_, err = f.svc.Rollback(f.asBuilder(), RollbackInput{Version: 1, ExpectVersion: 1})
		apptest.RequireKey(t, err, "builder.error.stale")
		back, err := f.svc.Rollback(f.asBuilder(), RollbackInput{Version: 1, ExpectVersion: 2})
		require.NoError(t, err)
		assert.Equal(t, int64(3), back.Version)
		assert.Equal(t, []string{`site layout {"version":3}`}, f.events.take())
		_, err = db.Pages().GetByName(ctx, "about")
		require.NoError(t, err, "the rollback restores the pages")
		v3, err := db.Layouts().Get(ctx, 3)
		require.NoError(t, err)
		assert.Equal(t, int64(1), v3.RestoredFrom)
		draft, err = f.svc.Draft(f.asBuilder(), DraftInput{})
		require.NoError(t, err)
		assert.Equal(t, int64(3), draft.BaseVersion)
		assert.False(t, draft.Dirty, "the draft became the restored document")
		assert.Len(t, draft.Doc.Pages, 2)

		discarded, err := f.svc.Discard(f.asBuilder(), DiscardInput{Revision: draft.Revision})
		require.NoError(t, err)
		assert.Equal(t, draft.Revision+1, discarded.Revision)
	})
}

func TestBadDrafts(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		tests := []struct {
			name string
			doc  json.RawMessage
			key  string
		}{
			{"unknown block type", json.RawMessage(`{"pageSettings":{},"pages":[{"kind":"home","name":"","titles":{},"layout":"default",` +
				`"blocks":{"mobile":[{"id":"x","type":"marquee","props":{}}],"tablet":[],"desktop":[]}}]}`), "builder.error.unknownBlock"},
			{"missing device", json.RawMessage(`{"pageSettings":{"mobile":{},"tablet":{}},"pages":[]}`), "builder.error.missingDevice"},
			{"deleted node", doc(t, "Hi", strconv.FormatInt(f.node.ID+1, 10), ""), "builder.error.deletedRef"},
			{"reserved name", doc(t, "Hi", "", "account"), "builder.error.reservedName"},
		}
		for _, tt := range tests {
			_, err := f.svc.SaveDraft(f.asAdmin(), SaveDraftInput{Doc: tt.doc})
			apptest.RequireKey(t, err, tt.key)
		}

		// html from a member who is not an administrator.
		var d layout.Doc
		require.NoError(t, json.Unmarshal(doc(t, "Hi", "", ""), &d))
		d.Pages[0].Blocks.Desktop = append(d.Pages[0].Blocks.Desktop,
			layout.Block{ID: "h", Type: layout.TypeHTML, Props: &layout.HTMLProps{HTML: "<script>alert(1)</script>"}})
		withHTML, err := json.Marshal(d)
		require.NoError(t, err)
		_, err = f.svc.SaveDraft(f.asBuilder(), SaveDraftInput{Doc: withHTML})
		apptest.RequireKey(t, err, "builder.error.htmlAdminOnly")
		assert.Equal(t, http.StatusForbidden, action.AsError(err).Status)
		saved, err := f.svc.SaveDraft(f.asAdmin(), SaveDraftInput{Doc: withHTML})
		require.NoError(t, err, "an administrator's html is sanitized")
		draft, err := f.svc.Draft(f.asBuilder(), DraftInput{})
		require.NoError(t, err)
		kept := draft.Doc.Pages[0].Blocks.Desktop[1]
		assert.Empty(t, kept.Props.(*layout.HTMLProps).HTML)
		// The member may move the administrator's block unchanged.
		blocks := draft.Doc.Pages[0].Blocks.Desktop
		draft.Doc.Pages[0].Blocks.Desktop = []layout.Block{blocks[1], blocks[0]}
		moved, err := json.Marshal(draft.Doc)
		require.NoError(t, err)
		_, err = f.svc.SaveDraft(f.asBuilder(), SaveDraftInput{Doc: moved, Revision: saved.Revision})
		require.NoError(t, err)
	})
}

func TestPublishRefusesDeletedRefs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ctx := t.Context()
		f := newFixture(t, db)
		topic := persistence.Topic{NodeID: f.node.ID, AuthorID: f.member, Title: "Hello", Content: "<p>Hi</p>", Excerpt: "Hi",
			Type: "post", CreatedAt: persistence.Now()}
		_, err := db.Community().CreateTopic(ctx, &topic)
		require.NoError(t, err)
		var d layout.Doc
		require.NoError(t, json.Unmarshal(doc(t, "Hi", "", ""), &d))
		d.Pages[0].Blocks.Tablet = []layout.Block{{ID: "picked", Type: layout.TypeTopics, Props: &layout.ListProps{
			Source: "picked", IDs: []string{strconv.FormatInt(topic.ID, 10)}, View: "cards", Count: 1, Columns: 1}}}
		data, err := json.Marshal(d)
		require.NoError(t, err)
		saved, err := f.svc.SaveDraft(f.asBuilder(), SaveDraftInput{Doc: data})
		require.NoError(t, err)

		_, err = db.Community().DeleteTopic(ctx, topic.ID, persistence.Now())
		require.NoError(t, err)
		_, err = f.svc.Publish(f.asBuilder(), PublishInput{Revision: saved.Revision})
		apptest.RequireKey(t, err, "builder.error.deletedRef")
		assert.Equal(t, "pages[0].blocks.tablet[0].props.ids[0]", action.AsError(err).Args["field"])
		v, err := db.Layouts().Version(ctx)
		require.NoError(t, err)
		assert.Zero(t, v, "nothing was published")
		assert.Empty(t, f.events.take())
	})
}

func TestConcurrentPublish(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		f := newFixture(t, db)
		saved, err := f.svc.SaveDraft(f.asAdmin(), SaveDraftInput{Doc: doc(t, "Hi", "", "about")})
		require.NoError(t, err)
		// Publishes racing on the same draft write one version: one that read
		// the state before it was written is refused as stale, one that read
		// it after finds the draft published already and answers its version.
		const n = 4
		errs := make([]error, n)
		versions := make([]int64, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				reply, err := f.svc.Publish(f.asAdmin(), PublishInput{Revision: saved.Revision})
				errs[i], versions[i] = err, reply.Version
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				apptest.RequireKey(t, err, "builder.error.stale")
				continue
			}
			assert.Equal(t, int64(1), versions[i])
		}
		assert.Equal(t, []string{`site layout {"version":1}`}, f.events.take(), "one version was published")
		v, err := db.Layouts().Version(t.Context())
		require.NoError(t, err)
		assert.Equal(t, int64(1), v)
	})
}

var _ live.Publisher = (*events)(nil)
