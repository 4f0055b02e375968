package report

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// ResolveReportInput resolves a report.
type ResolveReportInput struct {
	ID     action.ID `json:"id" doc:"the report"`
	Action string    `json:"action" doc:"dismiss, deleteContent (the reported message or media item), warn (a notification to the author) or ban (the author)"`
	Note   string    `json:"note,omitempty" doc:"up to 500 characters; a warned author reads it"`
}

// Validate checks what needs no database.
func (in *ResolveReportInput) Validate() error {
	in.Note = member.PlainText(in.Note, true)
	switch {
	case in.ID <= 0:
		return action.Required("id")
	case utf8.RuneCountInString(in.Note) > MaxNoteRunes:
		return action.BadField("note")
	}
	switch in.Action {
	case persistence.ResolutionDismiss, persistence.ResolutionDeleteContent, persistence.ResolutionWarn, persistence.ResolutionBan:
		return nil
	}
	return ErrBadAction
}

// ResolveReportReply is the reply of admin.resolveReport.
type ResolveReportReply struct {
	Report Report `json:"report"`
}

// ResolveReport answers admin.resolveReport. The content is deleted before
// the report is marked resolved, so that a failed deletion leaves it in
// the queue; deleting again what is gone is harmless.
func (s *Service) ResolveReport(ctx context.Context, in ResolveReportInput) (ResolveReportReply, error) {
	var reply ResolveReportReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	admin := action.RequestFrom(ctx).Viewer.UserID
	r, err := s.db.Reports().Get(ctx, int64(in.ID))
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return reply, ErrNotFound
	case err != nil:
		return reply, err
	case r.Status != persistence.ReportOpen:
		return reply, ErrResolved
	}
	res := persistence.Resolution{Action: in.Action, Note: in.Note, By: admin}
	switch in.Action {
	case persistence.ResolutionDeleteContent:
		if err := s.deleteContent(ctx, admin, r); err != nil {
			return reply, err
		}
	case persistence.ResolutionWarn:
		if r.AuthorID == 0 {
			return reply, ErrNoAuthor
		}
		res.Notice = &persistence.Notification{ToID: r.AuthorID, Type: typeReport, Title: r.Type,
			IdemKey: "report:" + member.FormatID(r.ID) + ":warn"}
		if res.Notice.Content, err = s.warning(ctx, r, in.Note); err != nil {
			return reply, err
		}
		res.Writes = []persistence.InboxWrite{s.notify.NotificationWrite(res.Notice, nil)}
	case persistence.ResolutionBan:
		if r.AuthorID == 0 || r.AuthorID == admin {
			return reply, ErrNoAuthor
		}
		res.Ban = r.AuthorID
	}
	resolved, events, err := s.db.Reports().Resolve(ctx, r.ID, res)
	switch {
	case errors.Is(err, persistence.ErrReportResolved):
		return reply, ErrResolved
	case err != nil:
		return reply, err
	}
	if res.Ban != 0 && s.sessions != nil {
		if err := s.sessions.EndAll(ctx, res.Ban); err != nil {
			return reply, fmt.Errorf("report: end the banned member's sessions: %w", err)
		}
	}
	s.notify.Push(ctx, events)
	view := s.announce(ctx, QueueResolved, resolved)
	if view == nil {
		views, err := s.views(ctx, []persistence.Report{resolved})
		if err != nil {
			return reply, err
		}
		view = &views[0]
	}
	reply.Report = *view
	return reply, nil
}

// deleteContent deletes the reported thing through the feature that owns it.
func (s *Service) deleteContent(ctx context.Context, admin int64, r persistence.Report) error {
	var err error
	switch r.PostType {
	case persistence.ReportChatMessage:
		err = s.chat.DeleteAsModerator(ctx, admin, r.PostID)
	case persistence.ReportPrivateMessage:
		err = s.messages.DeleteAsModerator(ctx, r.PostID)
	case persistence.ReportMedia:
		err = s.media.DeleteAsModerator(ctx, r.PostID)
	default:
		return ErrNoAuthor
	}
	if err != nil {
		return fmt.Errorf("report: delete %s %d: %w", r.PostType, r.PostID, err)
	}
	return nil
}

// warning is the content of the notification a warned author gets: the
// reported text and the moderator's note.
func (s *Service) warning(ctx context.Context, r persistence.Report, note string) (json.RawMessage, error) {
	users, err := member.Summaries(ctx, s.db, r.AuthorID)
	if err != nil {
		return nil, err
	}
	return jsonOf(reportContent{Title: r.PostType, Slug: users[r.AuthorID].GqSlug, Desc: r.Type, UserContent: r.Excerpt,
		Content: note})
}

// announce sends a report_queue event about r to every administrator's
// connections and returns the view sent; nil when none was (no live
// delivery, or the view could not be read: only logged).
func (s *Service) announce(ctx context.Context, op string, r persistence.Report) *Report {
	if s.live == nil {
		return nil
	}
	views, err := s.views(ctx, []persistence.Report{r})
	if err != nil {
		s.log.Warn("report: queue event", "report", r.ID, "error", err)
		return nil
	}
	data, err := json.Marshal(QueueEvent{Op: op, Report: views[0]})
	if err != nil {
		s.log.Warn("report: queue event", "report", r.ID, "error", err)
		return nil
	}
	admins, err := s.db.Reports().Admins(ctx)
	if err != nil {
		s.log.Warn("report: queue event", "report", r.ID, "error", err)
		return &views[0]
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deliverTimeout)
	defer cancel()
	for _, admin := range admins {
		key := EventQueue + ":" + member.FormatID(r.ID) + ":" + op
		if _, err := s.live.Deliver(ctx, admin, key, EventQueue, data); err != nil {
			s.log.Warn("report: deliver a queue event", "user", admin, "report", r.ID, "error", err)
		}
	}
	return &views[0]
}
