package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type echoInput struct {
	Name  string `json:"name" doc:"who to greet"`
	Count int    `json:"count,omitempty"`
	Inner struct {
		Flag bool `json:"flag"`
	} `json:"inner"`
}

func (in *echoInput) Validate() error {
	if in.Name == "" {
		return Required("name")
	}
	return nil
}

type echoReply struct {
	Greeting string `json:"greeting"`
	Items    []struct {
		ID string `json:"id"`
	} `json:"items"`
}

func newTestRegistry() *Registry {
	r := NewRegistry()
	Register(r, Spec{Name: "test.echo", Summary: "Echoes.", Access: Public}, func(ctx context.Context, in echoInput) (echoReply, error) {
		return echoReply{Greeting: "hi " + in.Name + " in " + RequestFrom(ctx).Lang}, nil
	})
	Register(r, Spec{Name: "test.member", Summary: "Members only.", Access: Member}, func(ctx context.Context, in struct{}) (echoReply, error) {
		return echoReply{Greeting: "member"}, nil
	})
	Register(r, Spec{Name: "test.admin", Summary: "Admins only.", Access: Admin}, func(ctx context.Context, in struct{}) (echoReply, error) {
		return echoReply{Greeting: "admin"}, nil
	})
	return r
}

func TestCall(t *testing.T) {
	t.Parallel()
	r := newTestRegistry()
	guest := WithRequest(context.Background(), &Request{Lang: "en"})
	member := WithRequest(context.Background(), &Request{Lang: "en", Viewer: Viewer{UserID: 7}})
	admin := WithRequest(context.Background(), &Request{Lang: "en", Viewer: Viewer{UserID: 1, IsAdmin: true}})

	tests := []struct {
		name    string
		ctx     context.Context
		action  string
		data    string
		want    string
		wantErr *Error
	}{
		{"ok", guest, "test.echo", `{"name":"ann"}`, "hi ann in en", nil},
		{"unknown action", guest, "test.nope", `{}`, "", Errorf(http.StatusNotFound, "common.error.unknownAction", "action", "test.nope")},
		{"validation", guest, "test.echo", `{}`, "", Required("name")},
		{"absent data validates", guest, "test.echo", ``, "", Required("name")},
		{"wrong type names the field", guest, "test.echo", `{"name":"a","count":"x"}`, "", BadField("data.count")},
		{"nested wrong type", guest, "test.echo", `{"name":"a","inner":{"flag":3}}`, "", BadField("data.inner.flag")},
		{"not an object", guest, "test.echo", `[1]`, "", BadField("data")},
		{"trailing garbage", guest, "test.echo", `{"name":"a"} x`, "", BadField("data")},
		{"guest on member action", guest, "test.member", ``, "", ErrUnauthorized},
		{"member on member action", member, "test.member", ``, "member", nil},
		{"member on admin action", member, "test.admin", ``, "", ErrForbidden},
		{"admin on admin action", admin, "test.admin", ``, "admin", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := r.Call(tt.ctx, tt.action, json.RawMessage(tt.data))
			if tt.wantErr != nil {
				var e *Error
				require.True(t, errors.As(err, &e), "got %v", err)
				require.Equal(t, tt.wantErr, e)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, out.(echoReply).Greeting)
		})
	}
}

func TestDuplicateRegistrationPanics(t *testing.T) {
	t.Parallel()
	r := newTestRegistry()
	require.Panics(t, func() {
		Register(r, Spec{Name: "test.echo"}, func(context.Context, struct{}) (struct{}, error) { return struct{}{}, nil })
	})
}

func TestDescribeAndReference(t *testing.T) {
	t.Parallel()
	r := newTestRegistry()
	descs := r.Describe()
	require.Len(t, descs, 3)
	require.Equal(t, "test.admin", descs[0].Name)
	echo := descs[1]
	require.Equal(t, []Field{
		{Path: "name", Type: "string", Doc: "who to greet"},
		{Path: "count", Type: "integer", Optional: true},
		{Path: "inner", Type: "object"},
		{Path: "inner.flag", Type: "boolean"},
	}, echo.Input)
	require.Equal(t, "items[].id", echo.Output[2].Path)

	var buf bytes.Buffer
	require.NoError(t, r.WriteReference(&buf))
	ref := buf.String()
	require.Contains(t, ref, "## test.echo")
	require.Contains(t, ref, "| `inner.flag` | boolean | yes |  |")
	require.True(t, strings.Index(ref, "## test.admin") < strings.Index(ref, "## test.echo"))
}

func TestNormalizeLangAndViewer(t *testing.T) {
	t.Parallel()
	require.Equal(t, "zh-hans", NormalizeLang("fr"))
	require.Equal(t, "en", NormalizeLang("en-US"))
	require.Equal(t, "es", NormalizeLang("es"))
	require.True(t, Viewer{}.IsGuest())
	require.True(t, Viewer{UserID: 1, UserCan: []string{"chat"}}.Can("chat"))
	require.False(t, Viewer{UserID: 1}.Can("chat"))
	require.True(t, Viewer{UserID: 1, IsAdmin: true}.Can("anything"))
	require.Equal(t, DefaultLang, RequestFrom(context.Background()).Lang)
}

func TestSessionChange(t *testing.T) {
	t.Parallel()
	req := &Request{}
	_, _, changed := req.SessionChange()
	require.False(t, changed)
	req.SignIn(Session{AccessToken: "a"})
	s, out, changed := req.SessionChange()
	require.True(t, changed)
	require.False(t, out)
	require.Equal(t, "a", s.AccessToken)
	req.SignOut()
	_, out, changed = req.SessionChange()
	require.True(t, changed)
	require.True(t, out)
}
