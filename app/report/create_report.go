package report

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// CreateReportInput is a member's report.
type CreateReportInput struct {
	Content  string      `json:"content" doc:"1-2000 characters of plain text"`
	Type     string      `json:"type" doc:"one of the site's report types (utils.getSettings report) in the request's language"`
	Imgs     []action.ID `json:"imgs,omitempty" doc:"up to 4 screenshots: ids of the viewer's own images"`
	PostID   action.ID   `json:"postId" doc:"the thing reported"`
	PostType string      `json:"postType" doc:"user, chatMessage, privateMessage (one the viewer received) or media"`
}

// Validate checks what needs no database.
func (in *CreateReportInput) Validate() error {
	in.Content, in.Type = member.PlainText(in.Content, true), strings.TrimSpace(in.Type)
	switch {
	case in.Type == "":
		return action.Required("type")
	case in.Content == "":
		return action.Required("content")
	case utf8.RuneCountInString(in.Content) > MaxContentRunes:
		return action.BadField("content")
	case len(in.Imgs) > MaxImages:
		return ErrTooManyImages
	case in.PostID <= 0:
		return action.Required("postId")
	}
	switch in.PostType {
	case persistence.ReportUser, persistence.ReportChatMessage, persistence.ReportPrivateMessage, persistence.ReportMedia:
		return nil
	}
	return action.BadField("postType")
}

// CreateReportReply is the reply of mutates.createReport.
type CreateReportReply struct {
	GqCreateReport struct {
		Success bool   `json:"success"`
		ID      string `json:"id" doc:"the report"`
	} `json:"gqCreateReport"`
}

// reportTypesKey is the settings document of the report types
// (souk/app/settings's KeyReport, which owns the settings documents): per
// kind of thing, per language, the reasons a reporter picks from.
const reportTypesKey = "report"

// CreateReport answers mutates.createReport.
func (s *Service) CreateReport(ctx context.Context, in CreateReportInput) (CreateReportReply, error) {
	var reply CreateReportReply
	if err := in.Validate(); err != nil {
		return reply, err
	}
	req := action.RequestFrom(ctx)
	viewer := req.Viewer
	if err := s.checkType(ctx, in.Type, req.Lang); err != nil {
		return reply, err
	}
	imgs, err := s.screenshots(ctx, viewer.UserID, in.Imgs)
	if err != nil {
		return reply, err
	}
	r := persistence.Report{ReporterID: viewer.UserID, PostType: in.PostType, PostID: int64(in.PostID), Type: in.Type,
		Content: in.Content, Imgs: imgs, CreatedAt: persistence.Millis(s.now())}
	title, err := s.reported(ctx, viewer.UserID, &r)
	if err != nil {
		return reply, err
	}
	users, err := member.Summaries(ctx, s.db, viewer.UserID, r.AuthorID)
	if err != nil {
		return reply, err
	}
	reporter := users[viewer.UserID]
	notices, writes, err := s.adminNotices(ctx, &r, title, users[r.AuthorID].GqSlug, &reporter)
	if err != nil {
		return reply, err
	}
	limit := persistence.ReportLimit{Max: MaxPerHour, Since: persistence.Millis(s.now().Add(-time.Hour))}
	events, err := s.db.Reports().Create(ctx, &r, limit, notices, writes)
	switch {
	case errors.Is(err, persistence.ErrConflict):
		return reply, ErrDuplicate
	case errors.Is(err, persistence.ErrReportLimit):
		return reply, ErrRateLimited
	case err != nil:
		return reply, err
	}
	s.notify.Push(ctx, events)
	s.announce(ctx, QueueAdded, r)
	reply.GqCreateReport.Success, reply.GqCreateReport.ID = true, member.FormatID(r.ID)
	return reply, nil
}

// checkType refuses a reason that is none of the site's report types in
// lang (in the default language for a kind without lang).
func (s *Service) checkType(ctx context.Context, reason, lang string) error {
	var doc map[string]map[string][]string
	if err := s.db.Settings().Get(ctx, reportTypesKey, &doc); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return fmt.Errorf("report: types: %w", err)
	}
	for _, langs := range doc {
		lines, ok := langs[lang]
		if !ok {
			lines = langs[action.DefaultLang]
		}
		if slices.Contains(lines, reason) {
			return nil
		}
	}
	return ErrType
}

// screenshots checks that every id is an image of userID's.
func (s *Service) screenshots(ctx context.Context, userID int64, ids []action.ID) ([]int64, error) {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		m, err := s.db.Media().Item(ctx, int64(id))
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			return nil, ErrImage
		case err != nil:
			return nil, err
		case m.OwnerID != userID || m.Type != "image":
			return nil, ErrImage
		}
		if !slices.Contains(out, m.ID) {
			out = append(out, m.ID)
		}
	}
	return out, nil
}

// reported reads the thing r reports, as the reporter may see it: it
// fills r's author and excerpt and returns the thing's title for the
// notification, or ErrTarget.
func (s *Service) reported(ctx context.Context, reporterID int64, r *persistence.Report) (string, error) {
	var err error
	title := r.PostType
	switch r.PostType {
	case persistence.ReportUser:
		var u persistence.User
		if u, err = s.db.Users().Get(ctx, r.PostID); err == nil {
			r.AuthorID, title = u.ID, u.Name
		}
	case persistence.ReportChatMessage:
		var msg persistence.ChatEvent
		if msg, err = s.db.Chat().Get(ctx, r.PostID); err == nil {
			if msg.Kind != persistence.ChatKindMessage || msg.DeletedSeq != 0 {
				return "", ErrTarget
			}
			r.AuthorID, r.Excerpt = msg.UserID, excerpt(msg.Message)
		}
	case persistence.ReportPrivateMessage:
		var m persistence.PrivateMessage
		if m, err = s.db.Messages().Get(ctx, r.PostID); err == nil {
			if m.ToID != reporterID || m.DeletedAt != 0 {
				return "", ErrTarget
			}
			r.AuthorID, r.Excerpt = m.FromID, excerpt(m.Content)
		}
	case persistence.ReportMedia:
		var m persistence.MediaItem
		if m, err = s.db.Media().Item(ctx, r.PostID); err == nil {
			r.AuthorID, title = m.OwnerID, m.FileName
		}
	}
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return "", ErrTarget
	case err != nil:
		return "", fmt.Errorf("report: reported thing: %w", err)
	}
	return title, nil
}

// adminNotices are the report notifications of r to every administrator
// but the reporter, with their inbox writes.
func (s *Service) adminNotices(ctx context.Context, r *persistence.Report, title, slug string, reporter *member.Summary) ([]*persistence.Notification, []persistence.InboxWrite, error) {
	admins, err := s.db.Reports().Admins(ctx)
	if err != nil {
		return nil, nil, err
	}
	if r.ID == 0 {
		r.ID = s.db.NewID()
	}
	content, err := jsonOf(reportContent{Title: title, Slug: slug, Desc: r.Type, UserContent: r.Excerpt, Content: r.Content})
	if err != nil {
		return nil, nil, err
	}
	var notices []*persistence.Notification
	var writes []persistence.InboxWrite
	for _, admin := range admins {
		if admin == r.ReporterID {
			continue
		}
		n := &persistence.Notification{ToID: admin, FromID: r.ReporterID, Type: typeReport, Title: r.Type, Content: content,
			IdemKey: "report:" + member.FormatID(r.ID) + ":" + member.FormatID(admin)}
		notices = append(notices, n)
		writes = append(writes, s.notify.NotificationWrite(n, reporter))
	}
	return notices, writes, nil
}

// typeReport is the notification type of a report (souk/app/notify's TypeReport).
const typeReport = "report"
