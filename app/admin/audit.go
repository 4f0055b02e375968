// Package admin holds the operators' console actions (admin.*): the audit
// log, the members' administration, the site settings, the content and
// the moderation. Every action is for administrators only (the registry
// refuses anyone else) and every call of one is recorded in the audit log
// by the registry through AuditLog; the actions that change something
// record what they changed with action.AuditChange.
package admin

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// Page sizes of the console's lists.
const (
	DefaultPage = 50
	MaxPage     = 100
)

// AuditLog stores the registry's audit entries and answers admin.audit.
type AuditLog struct{ db *persistence.DB }

var _ action.Auditor = (*AuditLog)(nil)

// NewAuditLog returns the audit log kept in db.
func NewAuditLog(db *persistence.DB) *AuditLog { return &AuditLog{db: db} }

// Audit appends e to the log.
func (a *AuditLog) Audit(ctx context.Context, e action.AuditEntry) error {
	return a.db.Audit().Append(ctx, &persistence.AuditEntry{
		At: e.At.UnixMilli(), ActorID: e.ActorID, Action: e.Action, Target: e.Target, Outcome: e.Outcome,
		Status: e.Status, Before: string(e.Before), After: string(e.After), Input: string(e.Input), IP: e.IP,
		UserAgent: e.UserAgent,
	})
}

// Register adds admin.audit to r.
func (a *AuditLog) Register(r *action.Registry) {
	action.Register(r, action.Spec{
		Name: "admin.audit",
		Summary: "A page of the audit log, newest first: every call of an administrators' action (and of builder.publish " +
			"and builder.rollback) by a signed-in caller, with what it changed; filtered by text, actor, action, target, " +
			"outcome and time.",
		Access: action.Admin,
	}, a.Search)
}

// auditOutcomes are the outcomes a filter may name.
var auditOutcomes = []string{action.AuditOK, action.AuditRefused, action.AuditFailed}

// AuditInput asks for a page of the audit log.
type AuditInput struct {
	Q       string    `json:"q,omitempty" maxBytes:"200" doc:"entries whose action or target starts with this text"`
	ActorID action.ID `json:"actorId,omitempty" doc:"only the calls of this member"`
	Action  string    `json:"action,omitempty" maxBytes:"64" doc:"only this action, e.g. admin.ban"`
	Target  string    `json:"target,omitempty" maxBytes:"200" doc:"only this target, e.g. user:123"`
	Outcome string    `json:"outcome,omitempty" doc:"ok, refused or failed; empty: all"`
	From    int64     `json:"from,omitempty" doc:"epoch ms: entries at or after"`
	To      int64     `json:"to,omitempty" doc:"epoch ms: entries at or before"`
	After   string    `json:"after,omitempty" doc:"an endCursor: the next (older) page"`
	First   int       `json:"first,omitempty" doc:"page size, 1-100; default 50"`
}

// Validate checks what needs no database.
func (in *AuditInput) Validate() error {
	switch {
	case in.Outcome != "" && !slices.Contains(auditOutcomes, in.Outcome):
		return action.BadField("outcome")
	case in.From < 0:
		return action.BadField("from")
	case in.To < 0 || (in.To != 0 && in.To < in.From):
		return action.BadField("to")
	}
	return checkFirst(in.First)
}

// checkFirst refuses a page size out of 0..MaxPage (0: DefaultPage).
func checkFirst(first int) error {
	if first < 0 || first > MaxPage {
		return action.BadField("first")
	}
	return nil
}

// pageSize is first, or DefaultPage for 0.
func pageSize(first int) int {
	if first == 0 {
		return DefaultPage
	}
	return first
}

// trimPage cuts rows, read with a limit of first+1, to a page of first
// rows, and says whether more follow it.
func trimPage[T any](rows []T, first int) ([]T, bool) {
	if len(rows) > first {
		return rows[:first], true
	}
	return rows, false
}

// ActorView is the member who made an audited call.
type ActorView struct {
	DatabaseID string `json:"databaseId"`
	Name       string `json:"name"`
	Slug       string `json:"slug"`
}

// AuditEntryView is one entry of the audit log.
type AuditEntryView struct {
	ID        string     `json:"id"`
	At        int64      `json:"at" doc:"epoch ms"`
	Actor     *ActorView `json:"actor" doc:"who called; null for a member who no longer exists"`
	Action    string     `json:"action"`
	Target    string     `json:"target" doc:"what changed, e.g. user:123; empty for a read or a refusal"`
	Outcome   string     `json:"outcome" doc:"ok, refused or failed"`
	Status    int        `json:"status" doc:"the HTTP status the caller saw"`
	Before    string     `json:"before" doc:"JSON text of the target before; empty when nothing changed"`
	After     string     `json:"after" doc:"JSON text of the target after; empty when nothing changed"`
	Input     string     `json:"input" doc:"JSON text of the request data, secrets masked as ***, at most 4 KB"`
	IP        string     `json:"ip"`
	UserAgent string     `json:"userAgent"`
}

// AuditEdge is one entry of a page.
type AuditEdge struct {
	Node AuditEntryView `json:"node"`
}

// PageInfo says where a page ends and whether more follow.
type PageInfo struct {
	HasNextPage bool   `json:"hasNextPage"`
	EndCursor   string `json:"endCursor" doc:"pass it as after for the next page; empty for an empty page"`
}

// AuditReply is the reply of admin.audit.
type AuditReply struct {
	Edges    []AuditEdge `json:"edges"`
	PageInfo PageInfo    `json:"pageInfo"`
}

// ErrBadCursor is returned for an after that is no endCursor.
var ErrBadCursor = action.Errorf(http.StatusBadRequest, "admin.error.badCursor", "field", "after")

// Search answers admin.audit.
func (a *AuditLog) Search(ctx context.Context, in AuditInput) (AuditReply, error) {
	reply := AuditReply{Edges: []AuditEdge{}}
	before, ok := member.ParseCursor(in.After)
	if !ok {
		return reply, ErrBadCursor
	}
	first := pageSize(in.First)
	list, err := a.db.Audit().Search(ctx, persistence.AuditFilter{Query: in.Q, ActorID: int64(in.ActorID),
		Action: in.Action, Target: in.Target, Outcome: in.Outcome, From: in.From, To: in.To, Before: before,
		Limit: first + 1})
	if err != nil {
		return reply, fmt.Errorf("admin: audit: %w", err)
	}
	list, reply.PageInfo.HasNextPage = trimPage(list, first)
	actors, err := a.actors(ctx, list)
	if err != nil {
		return reply, err
	}
	for _, e := range list {
		reply.Edges = append(reply.Edges, AuditEdge{Node: AuditEntryView{ID: member.FormatID(e.ID), At: e.At,
			Actor: actors[e.ActorID], Action: e.Action, Target: e.Target, Outcome: e.Outcome, Status: e.Status,
			Before: e.Before, After: e.After, Input: e.Input, IP: e.IP, UserAgent: e.UserAgent}})
	}
	if n := len(reply.Edges); n > 0 {
		reply.PageInfo.EndCursor = reply.Edges[n-1].Node.ID
	}
	return reply, nil
}

// actors loads the callers of entries; one who no longer exists is nil.
func (a *AuditLog) actors(ctx context.Context, entries []persistence.AuditEntry) (map[int64]*ActorView, error) {
	ids := make([]int64, 0, len(entries))
	for _, e := range entries {
		ids = append(ids, e.ActorID)
	}
	summaries, err := member.Summaries(ctx, a.db, ids...)
	if err != nil {
		return nil, fmt.Errorf("admin: audit actors: %w", err)
	}
	out := make(map[int64]*ActorView, len(summaries))
	for id, s := range summaries {
		if s.Name == "" && s.GqSlug == "" {
			continue
		}
		out[id] = &ActorView{DatabaseID: s.DatabaseID, Name: s.Name, Slug: s.GqSlug}
	}
	return out, nil
}
