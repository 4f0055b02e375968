package media

import (
	"context"
	"regexp"

	"souk/app/action"
	"souk/app/member"
	"souk/persistence"
)

// maxKinds bounds mimeTypeIN.
const maxKinds = 32

// kindPattern is a MIME type (image/png) or a media type (image).
var kindPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.+-]{0,63}(/[a-z0-9][a-z0-9.+-]{0,63})?$`)

// GetLibraryInput asks for a page of the library.
type GetLibraryInput struct {
	MimeTypeIN []string `json:"mimeTypeIN,omitempty" doc:"keep items of these MIME types (image/png) or media types (image, video, audio, attachment); empty keeps all"`
	First      int      `json:"first,omitempty" doc:"page size, 1-100; default 20"`
	After      string   `json:"after,omitempty" doc:"an endCursor: the next (older) page"`
}

// Validate checks the filter's shape.
func (in GetLibraryInput) Validate() error {
	if len(in.MimeTypeIN) > maxKinds {
		return action.BadField("mimeTypeIN")
	}
	for _, k := range in.MimeTypeIN {
		if !kindPattern.MatchString(k) {
			return action.BadField("mimeTypeIN")
		}
	}
	return nil
}

// GetLibraryReply is the reply of media.getLibrary.
type GetLibraryReply struct {
	MediaItems LibraryPage `json:"mediaItems"`
}

// LibraryPage is a Relay page of media items, the newest first.
type LibraryPage struct {
	Edges    []LibraryEdge `json:"edges"`
	PageInfo PageInfo      `json:"pageInfo"`
}

// LibraryEdge is an item and its cursor.
type LibraryEdge struct {
	Cursor string `json:"cursor" doc:"the item's id"`
	Node   Item   `json:"node"`
}

// PageInfo says where a page ends and whether more follow.
type PageInfo struct {
	EndCursor   string `json:"endCursor" doc:"cursor of the last item; pass it as after; empty for an empty page"`
	HasNextPage bool   `json:"hasNextPage"`
}

// GetLibrary answers media.getLibrary: the viewer's items, everyone's for an admin.
func (s *Service) GetLibrary(ctx context.Context, in GetLibraryInput) (GetLibraryReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	after, ok := member.ParseCursor(in.After)
	if !ok {
		return GetLibraryReply{}, action.BadField("after")
	}
	first := in.First
	if first <= 0 || first > MaxPage {
		first = DefaultPage
	}
	q := persistence.MediaQuery{OwnerID: viewer.UserID, Kinds: in.MimeTypeIN, Before: after, Limit: first + 1}
	if viewer.IsAdmin {
		q.OwnerID = 0
	}
	items, err := s.db.Media().List(ctx, q)
	if err != nil {
		return GetLibraryReply{}, err
	}
	page := LibraryPage{Edges: make([]LibraryEdge, 0, min(len(items), first)), PageInfo: PageInfo{HasNextPage: len(items) > first}}
	for _, m := range items[:min(len(items), first)] {
		page.Edges = append(page.Edges, LibraryEdge{Cursor: member.FormatID(m.ID), Node: itemOf(m)})
	}
	if n := len(page.Edges); n > 0 {
		page.PageInfo.EndCursor = page.Edges[n-1].Cursor
	}
	return GetLibraryReply{MediaItems: page}, nil
}
