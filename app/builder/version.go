package builder

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/layout"
	"souk/persistence"
)

// VersionInput names a published version.
type VersionInput struct {
	Version int64 `json:"version"`
}

// Validate checks the version's shape.
func (in *VersionInput) Validate() error {
	if in.Version <= 0 {
		return action.Required("version")
	}
	return nil
}

// VersionDocReply is a published version's document.
type VersionDocReply struct {
	Version int64      `json:"version"`
	Doc     layout.Doc `json:"doc"`
}

// Version answers builder.version.
func (s *Service) Version(ctx context.Context, in VersionInput) (VersionDocReply, error) {
	if _, err := s.viewer(ctx); err != nil {
		return VersionDocReply{}, err
	}
	doc, err := s.versionDoc(ctx, in.Version)
	if err != nil {
		return VersionDocReply{}, err
	}
	return VersionDocReply{Version: in.Version, Doc: doc}, nil
}

// versionDoc reads a published version's document.
func (s *Service) versionDoc(ctx context.Context, version int64) (layout.Doc, error) {
	stored, err := s.storedVersion(ctx, version)
	if err != nil {
		return layout.Doc{}, err
	}
	return decodeVersion(version, stored)
}

// storedVersion reads a version's stored document.
func (s *Service) storedVersion(ctx context.Context, version int64) ([]byte, error) {
	v, err := s.db.Layouts().Get(ctx, version)
	if errors.Is(err, persistence.ErrNotFound) {
		return nil, ErrVersionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("builder: version: %w", err)
	}
	return v.Doc, nil
}

// decodeVersion decodes a version's stored document.
func decodeVersion(version int64, stored []byte) (layout.Doc, error) {
	doc, err := layout.DecodeStored(stored)
	if err != nil {
		return layout.Doc{}, fmt.Errorf("builder: version %d: %w", version, err)
	}
	return doc, nil
}
