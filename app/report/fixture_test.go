package report_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/actors"
	"souk/app/action"
	"souk/app/chat"
	"souk/app/internal/apptest"
	"souk/app/media"
	"souk/app/member"
	"souk/app/messages"
	"souk/app/notify"
	"souk/app/report"
	"souk/cluster"
	"souk/internal/authtest"
	"souk/persistence"
)

// fixture is the report service on a node of its own, wired as cmd/souk
// wires it: real chat (room grains), messages, media and auth sessions;
// the members' live events recorded.
type fixture struct {
	db  *persistence.DB
	svc *report.Service
	reg *action.Registry
	// auth signs members in and out (auth.login, auth.refresh).
	auth *authtest.Fixture
	chat *chat.Service
	// inbox records the inbox events notify pushes; live the queue events.
	inbox, live *apptest.Sessions
	// clock is the report service's: the rate limit's hour.
	clock *authtest.Clock

	ann, bob, root, admin2 persistence.User
}

const password = "bob-password-1"

// reportTypes is the settings document of the report types.
var reportTypes = map[string]map[string][]string{
	"user": {"en": {"Impersonation", "Harassment"}, "zh-hans": {"冒充他人"}},
	"chat": {"en": {"Flooding", "Abuse"}, "es": {"Insultos"}},
}

func newFixture(t *testing.T, kind string) *fixture {
	t.Helper()
	af := authtest.NewFixture(t, kind)
	db := af.DB
	ctx := t.Context()
	require.NoError(t, db.Settings().Put(ctx, "report", reportTypes))
	blobs, err := persistence.NewDiskBlobs(filepath.Join(t.TempDir(), "media"))
	require.NoError(t, err)
	start, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys, err := actors.Start(start, cluster.Config{NodeName: "report-test-" + kind,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, db, actors.WithBlobs(blobs))
	require.NoError(t, err)
	t.Cleanup(func() { _ = sys.Stop(context.Background()) })

	f := &fixture{db: db, auth: af, inbox: &apptest.Sessions{}, live: &apptest.Sessions{}, clock: af.Clock}
	notices := notify.New(notify.Config{DB: db, Sessions: f.inbox})
	f.chat = chat.New(chat.Config{DB: db, Rooms: sys.Rooms(), Secret: authtest.Secret})
	f.svc = report.New(report.Config{DB: db, Notify: notices, Live: f.live, Chat: f.chat,
		PrivateMessages: messages.New(messages.Config{DB: db, Notify: notices}),
		Media:           media.New(media.Config{DB: db, Uploads: sys.Uploads()}),
		Sessions:        af.Creds.Sessions(), Now: f.clock.Now})
	f.reg = action.NewRegistry()
	f.svc.Register(f.reg)

	f.ann = af.Member(t, persistence.User{Name: "Ann", Slug: "ann", Email: "ann@souk.dev"}, "")
	f.bob = af.Member(t, persistence.User{Name: "Bob", Slug: "bob", Email: "bob@souk.dev"}, password)
	f.root = af.Member(t, persistence.User{Name: "Root", Slug: "root", IsAdmin: true}, "")
	f.admin2 = af.Member(t, persistence.User{Name: "Second", Slug: "second", IsAdmin: true}, "")
	return f
}

// as is a request context in English for a member.
func as(u persistence.User) context.Context {
	return action.WithRequest(context.Background(), &action.Request{Lang: "en",
		Viewer: action.Viewer{UserID: u.ID, IsAdmin: u.IsAdmin, UserCan: []string{"chat"}}})
}

// call runs an action through the registry with JSON input.
func (f *fixture) call(ctx context.Context, name string, in any) (any, error) {
	data, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	return f.reg.Call(ctx, name, data)
}

// image stores an image (or another type) of owner's, as an upload would.
func (f *fixture) image(t *testing.T, owner persistence.User, mediaType string) string {
	t.Helper()
	id := f.db.NewID()
	require.NoError(t, f.db.Media().Insert(t.Context(), persistence.MediaItem{ID: id, OwnerID: owner.ID, Type: mediaType,
		FileName: fmt.Sprintf("shot-%d.png", id), MimeType: "image/png", FileSize: 10, Width: 4, Height: 4,
		StorageKey: fmt.Sprintf("media/%d", id), Status: persistence.MediaReady, CreatedAt: persistence.Now()}))
	return member.FormatID(id)
}

// chatMessage is a message of author's in the default room.
func (f *fixture) chatMessage(t *testing.T, author persistence.User, text string) string {
	t.Helper()
	out, err := f.chat.SendChat(as(author), chat.SendChatInput{Text: text})
	require.NoError(t, err)
	return out.Guaqi.Utils.SendChat.ID
}

// privateMessage is a message from one member to another.
func (f *fixture) privateMessage(t *testing.T, from, to persistence.User, text string) string {
	t.Helper()
	m := persistence.PrivateMessage{FromID: from.ID, ToID: to.ID, Content: text, IdemKey: fmt.Sprint("pm-", f.db.NewID())}
	_, _, err := f.db.Messages().Send(t.Context(), &m)
	require.NoError(t, err)
	return member.FormatID(m.ID)
}

// deliveries returns the recorded events of one action.
func deliveries(s *apptest.Sessions, name string) []apptest.Delivery {
	var out []apptest.Delivery
	for _, d := range s.Take() {
		if d.Action == name {
			out = append(out, d)
		}
	}
	return out
}
