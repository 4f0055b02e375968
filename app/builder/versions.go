package builder

import (
	"context"
	"fmt"

	"souk/app/action"
	"souk/app/member"
)

// VersionsInput asks for a page of versions.
type VersionsInput struct {
	First  int   `json:"first,omitempty" doc:"1 to 50; 0 means 20"`
	Before int64 `json:"before,omitempty" doc:"the last version of the page before; 0 for the newest"`
}

// Validate checks the bounds.
func (in *VersionsInput) Validate() error {
	if in.First == 0 {
		in.First = DefaultVersions
	}
	if in.First < 0 || in.First > MaxVersions {
		return action.BadField("first")
	}
	if in.Before < 0 {
		return action.BadField("before")
	}
	return nil
}

// VersionAuthor is who published a version.
type VersionAuthor struct {
	DatabaseID string `json:"databaseId"`
	Name       string `json:"name"`
	GqSlug     string `json:"gqSlug"`
}

// VersionEntry is one published version (models/builder.ts VersionEntry).
type VersionEntry struct {
	Version      int64          `json:"version"`
	Note         string         `json:"note"`
	Author       *VersionAuthor `json:"author" doc:"null for the system (the demo)"`
	RestoredFrom int64          `json:"restoredFrom" doc:"the version a rollback published again, else 0"`
	CreatedAt    int64          `json:"createdAt"`
	Current      bool           `json:"current" doc:"whether it is the version published now"`
}

// VersionsReply is a page of versions, newest first.
type VersionsReply struct {
	Versions []VersionEntry `json:"versions"`
	HasMore  bool           `json:"hasMore"`
}

// Versions answers builder.versions.
func (s *Service) Versions(ctx context.Context, in VersionsInput) (VersionsReply, error) {
	if _, err := s.viewer(ctx); err != nil {
		return VersionsReply{}, err
	}
	current, err := s.db.Layouts().Version(ctx)
	if err != nil {
		return VersionsReply{}, fmt.Errorf("builder: versions: %w", err)
	}
	list, err := s.db.Layouts().Versions(ctx, in.Before, in.First+1)
	if err != nil {
		return VersionsReply{}, fmt.Errorf("builder: versions: %w", err)
	}
	reply := VersionsReply{Versions: []VersionEntry{}, HasMore: len(list) > in.First}
	list = list[:min(len(list), in.First)]
	ids := make([]int64, 0, len(list))
	for _, v := range list {
		ids = append(ids, v.AuthorID)
	}
	authors, err := member.Summaries(ctx, s.db, ids...)
	if err != nil {
		return VersionsReply{}, fmt.Errorf("builder: versions: %w", err)
	}
	for _, v := range list {
		e := VersionEntry{Version: v.Version, Note: v.Note, RestoredFrom: v.RestoredFrom, CreatedAt: v.CreatedAt,
			Current: v.Version == current}
		if a, ok := authors[v.AuthorID]; ok {
			e.Author = &VersionAuthor{DatabaseID: a.DatabaseID, Name: a.Name, GqSlug: a.GqSlug}
		}
		reply.Versions = append(reply.Versions, e)
	}
	return reply, nil
}
