package action

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// auditRecorder keeps the entries a registry audits.
type auditRecorder struct {
	mu      sync.Mutex
	entries []AuditEntry // guarded by mu
	fail    bool
}

func (a *auditRecorder) Audit(_ context.Context, e AuditEntry) error {
	if a.fail {
		return errors.New("disk full")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.entries = append(a.entries, e)
	return nil
}

func (a *auditRecorder) take() []AuditEntry {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := a.entries
	a.entries = nil
	return out
}

type auditInput struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Mode     string `json:"mode"`
}

func TestRegistryAudits(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	rec := &auditRecorder{}
	r.SetAuditor(rec)
	Register(r, Spec{Name: "admin.change", Access: Admin}, func(ctx context.Context, in auditInput) (struct{}, error) {
		switch in.Mode {
		case "refuse":
			return struct{}{}, Errorf(http.StatusConflict, "admin.error.x")
		case "break":
			return struct{}{}, errors.New("boom")
		case "bulk":
			AuditChange(ctx, "article:1", map[string]int{"n": 1}, nil)
			AuditChange(ctx, "article:2", nil, map[string]int{"n": 2})
		default:
			AuditChange(ctx, "user:9", map[string]string{"name": "a"}, map[string]string{"name": in.Name})
		}
		return struct{}{}, nil
	})
	Register(r, Spec{Name: "member.publish", Access: Member, Audit: true}, func(context.Context, struct{}) (struct{}, error) {
		return struct{}{}, nil
	})
	Register(r, Spec{Name: "member.read", Access: Member}, func(context.Context, struct{}) (struct{}, error) {
		return struct{}{}, nil
	})
	as := func(v Viewer) context.Context {
		return WithRequest(t.Context(), &Request{Viewer: v, ClientIP: "10.1.2.3", UserAgent: "test-agent"})
	}
	admin, member := Viewer{UserID: 1, IsAdmin: true}, Viewer{UserID: 2}
	// callOnce calls admin.change in mode and answers the one entry it left.
	callOnce := func(ctx context.Context, mode string) (AuditEntry, error) {
		t.Helper()
		_, err := r.Call(ctx, "admin.change", json.RawMessage(`{"mode":"`+mode+`"}`))
		got := rec.take()
		require.Len(t, got, 1)
		return got[0], err
	}

	_, err := r.Call(as(admin), "admin.change", json.RawMessage(`{"name":"b","password":"hunter2","mode":""}`))
	require.NoError(t, err)
	got := rec.take()
	require.Len(t, got, 1)
	e := got[0]
	assert.Equal(t, "admin.change", e.Action)
	assert.Equal(t, int64(1), e.ActorID)
	assert.Equal(t, AuditOK, e.Outcome)
	assert.Equal(t, http.StatusOK, e.Status)
	assert.Equal(t, "user:9", e.Target)
	assert.JSONEq(t, `{"name":"a"}`, string(e.Before))
	assert.JSONEq(t, `{"name":"b"}`, string(e.After))
	assert.JSONEq(t, `{"name":"b","password":"***","mode":""}`, string(e.Input), "secrets are masked")
	assert.Equal(t, "10.1.2.3", e.IP)
	assert.Equal(t, "test-agent", e.UserAgent)
	assert.False(t, e.At.IsZero())

	_, err = r.Call(as(admin), "admin.change", json.RawMessage(`{"mode":"bulk"}`))
	require.NoError(t, err)
	got = rec.take()
	require.Len(t, got, 2, "one entry per change")
	assert.Equal(t, []string{"article:1", "article:2"}, []string{got[0].Target, got[1].Target})
	assert.Empty(t, got[0].After, "nil is no state")
	assert.Empty(t, got[1].Before)

	e, err = callOnce(as(admin), "refuse")
	require.Error(t, err)
	assert.Equal(t, AuditRefused, e.Outcome)
	assert.Equal(t, http.StatusConflict, e.Status)

	e, err = callOnce(as(admin), "break")
	require.Error(t, err)
	assert.Equal(t, AuditFailed, e.Outcome)
	assert.Equal(t, http.StatusInternalServerError, e.Status)

	e, err = callOnce(as(member), "")
	require.ErrorIs(t, err, ErrForbidden)
	assert.Equal(t, AuditRefused, e.Outcome, "a member's refusal is recorded")
	assert.Equal(t, http.StatusForbidden, e.Status)
	assert.Equal(t, int64(2), e.ActorID)
	assert.Empty(t, e.Target)

	_, err = r.Call(as(Viewer{}), "admin.change", nil)
	require.ErrorIs(t, err, ErrUnauthorized)
	assert.Empty(t, rec.take(), "a guest creates no entry")

	_, err = r.Call(as(member), "member.publish", nil)
	require.NoError(t, err)
	assert.Len(t, rec.take(), 1, "Spec.Audit records a member action")
	_, err = r.Call(as(member), "member.read", nil)
	require.NoError(t, err)
	assert.Empty(t, rec.take(), "other member actions are not recorded")

	rec.fail = true
	_, err = r.Call(as(admin), "admin.change", json.RawMessage(`{"mode":""}`))
	require.NoError(t, err, "a failed audit write does not hide that the action succeeded")
}

func TestRedactInput(t *testing.T) {
	t.Parallel()
	assert.Nil(t, RedactInput(nil))
	assert.JSONEq(t, `{"a":{"newPassword":"***","list":[{"accessToken":"***","x":1}]},"clientSecret":"***","verificationCode":"***","b":"ok"}`,
		string(RedactInput(json.RawMessage(`{"a":{"newPassword":"p","list":[{"accessToken":"t","x":1}]},"clientSecret":"s","verificationCode":"1234","b":"ok"}`))))
	assert.Equal(t, `"***"`, string(RedactInput(json.RawMessage(`{"password": "x"`))), "what is not JSON is not kept")

	long := RedactInput(json.RawMessage(`{"text":"` + strings.Repeat("\u00e9", 5000) + `","token":"t"}`))
	assert.LessOrEqual(t, len(long), MaxAuditInput)
	var text string
	require.NoError(t, json.Unmarshal(long, &text), "a long input is kept as a JSON string of its beginning")
	assert.True(t, strings.HasPrefix(text, `{"text":"é`))
}
