package content_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/content"
	"souk/app/demo"
	"souk/app/notify"
	"souk/internal/authtest"
	"souk/persistence"
)

// The demo articles (app/demo/data/articles.json).
const (
	welcomeZh   int64 = 1000000001
	welcomeEn   int64 = 1000000002
	welcomeEs   int64 = 1000000003
	guideEn     int64 = 1000000012
	insidersEn  int64 = 1000000022
	insiderText       = "Thank you for supporting Souk"
)

// fixture is the content service on the demo site: the admin, the VIP
// (Lv4) and the member (Lv1) with their demo wallets, and the demo
// articles; topics are a fake Target.
type fixture struct {
	db     *persistence.DB
	svc    *content.Service
	reg    *action.Registry
	topics *fakeTopics

	admin, vip, member persistence.User
}

// fakeTopics is a Target standing for souk/app/community's topics.
type fakeTopics struct {
	byID    map[int64]content.Access
	deleted []int64
}

func (f *fakeTopics) Access(_ context.Context, _ action.Viewer, id int64) (content.Access, error) {
	a, ok := f.byID[id]
	if !ok {
		return a, persistence.ErrNotFound
	}
	return a, nil
}

func (f *fakeTopics) Delete(_ context.Context, viewer action.Viewer, id int64) error {
	a, ok := f.byID[id]
	if !ok {
		return persistence.ErrNotFound
	}
	if a.AuthorID != viewer.UserID && !viewer.IsAdmin {
		return action.ErrForbidden
	}
	delete(f.byID, id)
	f.deleted = append(f.deleted, id)
	return nil
}

// newFixture builds the fixture on a database of kind; opts change the
// service's configuration.
func newFixture(t *testing.T, kind string, opts ...func(*content.Config)) *fixture {
	t.Helper()
	db := authtest.OpenDB(t, kind)
	ctx := t.Context()
	_, err := demo.Seed(ctx, db)
	require.NoError(t, err)
	f := &fixture{db: db, topics: &fakeTopics{byID: map[int64]content.Access{}}}
	cfg := content.Config{DB: db, FlushEvery: time.Hour, Notify: notify.New(notify.Config{DB: db}),
		Targets: map[string]content.Target{persistence.TargetTopic: f.topics}}
	for _, opt := range opts {
		opt(&cfg)
	}
	f.svc = content.New(cfg)
	f.reg = action.NewRegistry()
	f.svc.Register(f.reg)
	for slug, u := range map[string]*persistence.User{"admin": &f.admin, "vip": &f.vip, "member": &f.member} {
		*u, err = db.Users().GetBySlug(ctx, slug)
		require.NoError(t, err)
	}
	return f
}

// as is a request context in lang for u; the zero user is a guest.
func as(u persistence.User, lang string) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Action: "test", Lang: lang,
		Viewer: action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin}})
}

var guest persistence.User

// call runs an action through the registry (its access rule included)
// and decodes its reply into out when out is not nil.
func (f *fixture) call(ctx context.Context, name string, in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	reply, err := f.reg.Call(ctx, name, data)
	if err != nil || out == nil {
		return err
	}
	raw, err := json.Marshal(reply)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, out)
}

// must is call that must succeed.
func (f *fixture) must(t *testing.T, ctx context.Context, name string, in, out any) {
	t.Helper()
	require.NoError(t, f.call(ctx, name, in, out))
}

// comment is a new comment of u's on a target.
func (f *fixture) comment(t *testing.T, u persistence.User, targetType string, id int64, text string) content.CommentNode {
	t.Helper()
	var reply content.CreateCommentReply
	f.must(t, as(u, "en"), "mutates.createComment", map[string]any{"targetType": targetType, "targetId": id,
		"content": "<p>" + text + "</p>"}, &reply)
	return reply.GqCreateComment.Comment
}
