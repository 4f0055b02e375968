package action

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// Outcomes of an audited call.
const (
	// AuditOK is a call that succeeded.
	AuditOK = "ok"
	// AuditRefused is a call the server refused on purpose (a 4xx: no right,
	// bad input, a conflict).
	AuditRefused = "refused"
	// AuditFailed is a call that broke (a 5xx or an unexpected error).
	AuditFailed = "failed"
)

// MaxAuditInput bounds the request data an audit entry keeps.
const MaxAuditInput = 4096

// AuditEntry is one line of the audit log: who called which action, how it
// ended and what it changed.
type AuditEntry struct {
	// Action is the action's name.
	Action string
	// ActorID is the signed-in caller (never 0: guests are not audited).
	ActorID int64
	// Outcome is AuditOK, AuditRefused or AuditFailed.
	Outcome string
	// Status is the HTTP status the caller saw (200 on success).
	Status int
	// Target names what changed, e.g. "user:123"; empty for a read or a
	// refusal.
	Target string
	// Before and After are the changed thing's JSON before and after the
	// call; empty when the action recorded no change.
	Before, After json.RawMessage
	// Input is the request data with secrets masked, at most MaxAuditInput
	// bytes.
	Input json.RawMessage
	// IP and UserAgent identify the caller's client.
	IP, UserAgent string
	// At is when the call ended.
	At time.Time
}

// Auditor stores audit entries. Audit is called once per entry after the
// call ended; its error is logged and never changes the caller's reply.
type Auditor interface {
	Audit(ctx context.Context, e AuditEntry) error
}

// auditChange is one change a handler recorded with AuditChange.
type auditChange struct {
	target        string
	before, after json.RawMessage
}

// AuditChange records on the request ctx carries that the call changed
// target (e.g. "user:123", "settings:currencies") from before to after
// (any values that encode to JSON; nil for "none"). A call may record
// several changes (a bulk action, one per row); the registry writes one
// audit entry per change once the call ends. Like SignIn it belongs to the
// handler's goroutine. It does nothing for a context without a request.
func AuditChange(ctx context.Context, target string, before, after any) {
	req, ok := ctx.Value(requestKey{}).(*Request)
	if !ok {
		return
	}
	req.audits = append(req.audits, auditChange{target: target, before: auditJSON(before), after: auditJSON(after)})
}

func auditJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return nil
	}
	return b
}

// SetAuditor makes the registry record every call of an action whose
// Spec.Access is Admin or whose Spec.Audit is set, by signed-in callers
// (a guest's refusal creates nothing). nil stops recording.
func (r *Registry) SetAuditor(a Auditor) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.auditor = a
}

// auditWriteTimeout bounds one audit write after the call's own deadline
// may have passed.
const auditWriteTimeout = 5 * time.Second

// audit writes the entries of one call that ended with err.
func (r *Registry) audit(ctx context.Context, a Auditor, name string, data json.RawMessage, err error) {
	req := RequestFrom(ctx)
	if req.Viewer.IsGuest() {
		return
	}
	base := AuditEntry{
		Action:    name,
		ActorID:   req.Viewer.UserID,
		Outcome:   AuditOK,
		Status:    http.StatusOK,
		Input:     RedactInput(data),
		IP:        req.ClientIP,
		UserAgent: req.UserAgent,
		At:        time.Now(),
	}
	if err != nil {
		e := AsError(err)
		base.Status = e.Status
		base.Outcome = AuditFailed
		var typed *Error
		if errors.As(err, &typed) && e.Status < http.StatusInternalServerError {
			base.Outcome = AuditRefused
		}
	}
	entries := []AuditEntry{base}
	if len(req.audits) > 0 {
		entries = entries[:0]
		for _, c := range req.audits {
			e := base
			e.Target, e.Before, e.After = c.target, c.before, c.after
			entries = append(entries, e)
		}
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), auditWriteTimeout)
	defer cancel()
	for _, e := range entries {
		if werr := a.Audit(wctx, e); werr != nil {
			slog.Error("audit write failed", "action", name, "actor", e.ActorID, "target", e.Target, "err", werr)
		}
	}
}

// secretKeyParts mark an input key whose value the audit log must not keep.
var secretKeyParts = []string{"password", "token", "secret", "code"}

func isSecretKey(key string) bool {
	key = strings.ToLower(key)
	for _, part := range secretKeyParts {
		if strings.Contains(key, part) {
			return true
		}
	}
	return false
}

// RedactInput is request data as the audit log keeps it: the value of every
// object key containing password, token, secret or code (at any depth)
// replaced by "***", and the whole at most MaxAuditInput bytes (a longer
// text is kept as a JSON string of its beginning). Data that is not JSON
// could hide a secret anywhere, so it is kept as "***"; empty data stays
// empty.
func RedactInput(data json.RawMessage) json.RawMessage {
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return json.RawMessage(`"***"`)
	}
	b, err := json.Marshal(redact(v))
	if err != nil {
		return json.RawMessage(`"***"`)
	}
	if len(b) <= MaxAuditInput {
		return b
	}
	text := string(b)
	for n := MaxAuditInput - 8; n > 0; n -= 256 {
		b, _ := json.Marshal(Truncate(text, n))
		if len(b) <= MaxAuditInput {
			return b
		}
	}
	return json.RawMessage(`""`)
}

func redact(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if isSecretKey(k) {
				t[k] = "***"
			} else {
				t[k] = redact(val)
			}
		}
	case []any:
		for i := range t {
			t[i] = redact(t[i])
		}
	}
	return v
}
