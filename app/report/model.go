package report

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"souk/app/member"
	"souk/persistence"
)

// Report is a report as an administrator reads it.
type Report struct {
	ID         string          `json:"id" doc:"the databaseId as a decimal string"`
	Type       string          `json:"type" doc:"the reason, as the reporter picked it"`
	Content    string          `json:"content" doc:"the reporter's text"`
	Imgs       []MediaItem     `json:"imgs" doc:"the reporter's screenshots still stored"`
	PostType   string          `json:"postType" doc:"user, chatMessage, privateMessage or media"`
	PostID     string          `json:"postId"`
	Target     Target          `json:"target"`
	Reporter   member.Summary  `json:"reporter"`
	Author     *member.Summary `json:"author" doc:"the member reported, or the content's author"`
	Status     string          `json:"status" doc:"open or resolved"`
	Resolution string          `json:"resolution" doc:"dismiss, deleteContent, warn or ban; empty while open"`
	Note       string          `json:"note" doc:"the administrator's note"`
	CreatedAt  int64           `json:"createdAt" doc:"epoch ms"`
	ResolvedAt int64           `json:"resolvedAt" doc:"epoch ms; 0 while open"`
	ResolvedBy *member.Summary `json:"resolvedBy" doc:"the administrator who resolved it; null while open"`
}

// Target is what the queue shows of the reported thing.
type Target struct {
	Excerpt string          `json:"excerpt,omitempty" doc:"a message's text when it was reported (up to 200 characters)"`
	User    *member.Summary `json:"user,omitempty" doc:"the member reported"`
	Media   *MediaItem      `json:"media,omitempty" doc:"the media item reported, while it is stored"`
	Deleted bool            `json:"deleted" doc:"the content no longer exists"`
}

// MediaItem is what the queue shows of a media item.
type MediaItem struct {
	ID        string `json:"id"`
	MediaType string `json:"mediaType" doc:"image, video, audio or attachment"`
	MimeType  string `json:"mimeType"`
	SourceURL string `json:"sourceUrl"`
	FileName  string `json:"fileName"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
}

func mediaItem(m persistence.MediaItem) *MediaItem {
	return &MediaItem{ID: member.FormatID(m.ID), MediaType: m.Type, MimeType: m.MimeType, SourceURL: member.MediaURL(m.ID, m.FileName),
		FileName: m.FileName, Width: m.Width, Height: m.Height}
}

// storedMedia returns the item id while it is stored; nil once deleted.
func (s *Service) storedMedia(ctx context.Context, id int64) (*MediaItem, error) {
	m, err := s.db.Media().Item(ctx, id)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	}
	return mediaItem(m), nil
}

// views returns the client's view of stored reports.
func (s *Service) views(ctx context.Context, list []persistence.Report) ([]Report, error) {
	var ids []int64
	for _, r := range list {
		ids = append(ids, r.ReporterID, r.AuthorID, r.ResolvedBy)
	}
	users, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]Report, 0, len(list))
	for _, r := range list {
		v, err := s.view(ctx, r, users)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (s *Service) view(ctx context.Context, r persistence.Report, users map[int64]member.Summary) (Report, error) {
	v := Report{ID: member.FormatID(r.ID), Type: r.Type, Content: r.Content, Imgs: []MediaItem{}, PostType: r.PostType,
		PostID: member.FormatID(r.PostID), Reporter: users[r.ReporterID], Status: r.Status, Resolution: r.Resolution,
		Note: r.Note, CreatedAt: r.CreatedAt, ResolvedAt: r.ResolvedAt}
	if u, ok := users[r.AuthorID]; ok {
		v.Author = &u
	}
	if u, ok := users[r.ResolvedBy]; ok {
		v.ResolvedBy = &u
	}
	for _, id := range r.Imgs {
		m, err := s.storedMedia(ctx, id)
		if err != nil {
			return v, fmt.Errorf("report: screenshot: %w", err)
		}
		if m != nil {
			v.Imgs = append(v.Imgs, *m)
		}
	}
	target, err := s.target(ctx, r)
	if err != nil {
		return v, err
	}
	v.Target = target
	return v, nil
}

// target reads the reported thing as it is now.
func (s *Service) target(ctx context.Context, r persistence.Report) (Target, error) {
	t := Target{Excerpt: r.Excerpt}
	switch r.PostType {
	case persistence.ReportUser:
		u, err := s.db.Users().Get(ctx, r.PostID)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			t.Deleted = true
		case err != nil:
			return t, fmt.Errorf("report: target: %w", err)
		default:
			sum := member.SummaryOf(u)
			t.User = &sum
		}
	case persistence.ReportMedia:
		m, err := s.storedMedia(ctx, r.PostID)
		if err != nil {
			return t, fmt.Errorf("report: target: %w", err)
		}
		t.Media, t.Deleted = m, m == nil
	case persistence.ReportChatMessage:
		msg, err := s.db.Chat().Get(ctx, r.PostID)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			t.Deleted = true
		case err != nil:
			return t, fmt.Errorf("report: target: %w", err)
		default:
			t.Deleted = msg.DeletedSeq != 0
		}
	case persistence.ReportPrivateMessage:
		m, err := s.db.Messages().Get(ctx, r.PostID)
		switch {
		case errors.Is(err, persistence.ErrNotFound):
			t.Deleted = true
		case err != nil:
			return t, fmt.Errorf("report: target: %w", err)
		default:
			t.Deleted = m.DeletedAt != 0
		}
	}
	return t, nil
}

// reportContent is the content of a report notification (SPEC.md §3):
// the reported thing's title and its author's slug, the reason, the
// reported text, and the report's text (to an administrator) or the
// moderator's note (to a warned author).
type reportContent struct {
	Title       string `json:"title"`
	Slug        string `json:"slug"`
	Desc        string `json:"desc"`
	UserContent string `json:"user_content"`
	Content     string `json:"content"`
}

func jsonOf(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("report: encode: %w", err)
	}
	return b, nil
}

// excerpt is text cut to excerptRunes characters.
func excerpt(text string) string {
	r := []rune(text)
	if len(r) <= excerptRunes {
		return text
	}
	return string(r[:excerptRunes]) + "…"
}
