package notifymail

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/i18n"
	"souk/app/internal/apptest"
	"souk/app/internal/notifypref"
	"souk/internal/mail"
	"souk/persistence"
	"souk/webui"
)

var testSecret = []byte("notifymail-test-secret-0123456789abcdef")

// outbox is a Mailer that keeps what it is sent, or refuses with err.
type outbox struct {
	mu     sync.Mutex
	emails []mail.Email // guarded by mu
	err    error        // guarded by mu
}

func (o *outbox) SendEmail(_ context.Context, e mail.Email) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return o.err
	}
	o.emails = append(o.emails, e)
	return nil
}

func (o *outbox) take() []mail.Email {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := o.emails
	o.emails = nil
	return out
}

func (o *outbox) refuse(err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.err = err
}

// prefs are fixed preferences, with the unsubscriptions asked.
type prefs struct {
	mu           sync.Mutex
	member       notifypref.Prefs     // guarded by mu
	ops          notifypref.Operators // guarded by mu
	unsubscribed []string             // guarded by mu: "user:kind"
}

func newPrefs() *prefs {
	return &prefs{member: notifypref.Defaults(), ops: notifypref.DefaultOperators()}
}

func (p *prefs) Get(context.Context, int64) (notifypref.Prefs, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.member, nil
}

func (p *prefs) Operators(context.Context) (notifypref.Operators, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ops, nil
}

func (p *prefs) Unsubscribe(_ context.Context, userID int64, kind string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.unsubscribed = append(p.unsubscribed, fmt.Sprint(userID, ":", kind))
	return nil
}

func (p *prefs) set(fn func(m *notifypref.Prefs, o *notifypref.Operators)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fn(&p.member, &p.ops)
}

var catalog = sync.OnceValue(func() *i18n.Catalog {
	c, err := i18n.Load(webui.Locales(), action.Languages...)
	if err != nil {
		panic(err)
	}
	return c
})

// fixture is a Service on db with a settable clock, a recording mailer
// and fixed preferences.
type fixture struct {
	*Service
	db    *persistence.DB
	clock *apptest.Clock
	out   *outbox
	prefs *prefs
}

const testDelay = 15 * time.Minute

func newFixture(t *testing.T, db *persistence.DB) *fixture {
	f := &fixture{db: db, clock: apptest.NewClock(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)), out: &outbox{},
		prefs: newPrefs()}
	f.Service = New(Config{DB: db, Mailer: f.out, Prefs: f.prefs, Translator: catalog(), Secret: testSecret,
		PublicURL: "https://souk.example/", Attempts: 3, Backoff: time.Minute})
	f.now = f.clock.Now
	return f
}

// member creates a member with an email address ("" for none), their
// slug the first word of their name.
func (f *fixture) member(t *testing.T, name, email string) persistence.User {
	u := persistence.User{Name: name, Slug: strings.ToLower(strings.Fields(name)[0]), LevelKey: "lv1", Email: email}
	require.NoError(t, f.db.Users().Create(t.Context(), &u))
	return u
}

// send stores a private message from → to and tells the service of its
// event, as to's session grain does, then schedules it.
func (f *fixture) send(t *testing.T, from, to persistence.User, text string) persistence.PrivateMessage {
	m := persistence.PrivateMessage{FromID: from.ID, ToID: to.ID, Content: text, IdemKey: fmt.Sprint(from.ID, text, f.clock.Now().UnixNano())}
	_, _, err := f.db.Messages().Send(t.Context(), &m)
	require.NoError(t, err)
	f.event(t, to.ID, eventPrivateMessage, map[string]any{"message": map[string]any{"databaseId": fmt.Sprint(m.ID),
		"content": text, "from": map[string]any{"id": fmt.Sprint(from.ID)}, "to": map[string]any{"id": fmt.Sprint(to.ID)}}})
	return m
}

func (f *fixture) event(t *testing.T, userID int64, action string, data any) {
	b, err := json.Marshal(data)
	require.NoError(t, err)
	f.Event(userID, action, b)
	select {
	case ev := <-f.queue:
		f.schedule(t.Context(), ev)
	default:
	}
}

// after moves the clock by d and sends what is due.
func (f *fixture) after(t *testing.T, d time.Duration) []mail.Email {
	f.clock.Add(d)
	f.sendDue(t.Context())
	return f.out.take()
}
