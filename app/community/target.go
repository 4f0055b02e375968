package community

import (
	"context"
	"errors"
	"fmt"

	"souk/app/action"
	"souk/app/internal/gate"
	"souk/app/internal/live"
	"souk/persistence"
)

// Access is what a viewer may do with a topic or an answer: the content
// feature's comments and likes ask (cmd/souk wires it as a content.Target).
type Access struct {
	AuthorID int64
	// Read is set when the gate lets the viewer see the topic.
	Read bool
	// Comment is set when the viewer may comment: they may post in the
	// node, and they read the topic or its gate opens on a comment.
	Comment bool
	// Roles is the topic's gate.
	Roles []gate.Role
	// Channel is the live channel of the topic's page, where the comments
	// and likes of the topic and its answers are told.
	Channel string
}

// TopicAccess tells what viewer may do with the topic id;
// persistence.ErrNotFound when it does not exist or was deleted.
func (s *Service) TopicAccess(ctx context.Context, viewer action.Viewer, id int64) (Access, error) {
	t, err := s.db.Community().Topic(ctx, id)
	if err != nil {
		return Access{}, err
	}
	return s.access(ctx, viewer, t, t.AuthorID)
}

// AnswerAccess tells what viewer may do with the answer id (the gate of
// its topic); persistence.ErrNotFound when it or its topic does not exist
// or was deleted.
func (s *Service) AnswerAccess(ctx context.Context, viewer action.Viewer, id int64) (Access, error) {
	a, err := s.db.Community().Answer(ctx, id)
	if err != nil {
		return Access{}, err
	}
	t, err := s.db.Community().Topic(ctx, a.TopicID)
	if err != nil {
		return Access{}, err
	}
	return s.access(ctx, viewer, t, a.AuthorID)
}

func (s *Service) access(ctx context.Context, viewer action.Viewer, t persistence.Topic, author int64) (Access, error) {
	roles := decodeRoles(t.Roles)
	d, err := gate.Decide(ctx, s.db, gate.Viewer{UserID: viewer.UserID, IsAdmin: viewer.IsAdmin},
		gate.Content{TargetType: persistence.TargetTopic, TargetID: t.ID, AuthorID: t.AuthorID, Roles: roles}, s.now())
	if err != nil {
		return Access{}, fmt.Errorf("community: gate: %w", err)
	}
	a := Access{AuthorID: author, Read: d.Open, Roles: roles, Channel: live.Topic(t.ID)}
	opensOnComment := false
	for _, r := range roles {
		opensOnComment = opensOnComment || r.Type == gate.Cmt
	}
	if d.Open || opensOnComment {
		n, err := s.db.Community().Node(ctx, t.NodeID)
		if err != nil {
			return Access{}, fmt.Errorf("community: %w", err)
		}
		switch err := s.mayPostAs(ctx, viewer, n); {
		case err == nil:
			a.Comment = true
		case !errors.Is(err, ErrNotJoined):
			return Access{}, err
		}
	}
	return a, nil
}

// DeleteTopic soft-deletes the topic id: its author, an administrator or
// an admin of its node. An open bounty's escrow stays until its deadline,
// when the sweep refunds it to the author. persistence.ErrNotFound when
// there is no live topic id, action.ErrForbidden when viewer may not.
func (s *Service) DeleteTopic(ctx context.Context, viewer action.Viewer, id int64) error {
	t, err := s.db.Community().Topic(ctx, id)
	if err != nil {
		return err
	}
	if err := s.mayModerate(ctx, viewer, t.NodeID, t.AuthorID); err != nil {
		return err
	}
	deleted, err := s.db.Community().DeleteTopic(ctx, id, s.now().UnixMilli())
	if err != nil {
		return fmt.Errorf("community: %w", err)
	}
	if deleted {
		s.topicDeleted(ctx, t)
	}
	return nil
}

// DeleteAnswer soft-deletes the answer id: its author, an administrator or
// an admin of its node; the errors are DeleteTopic's.
func (s *Service) DeleteAnswer(ctx context.Context, viewer action.Viewer, id int64) error {
	a, err := s.db.Community().Answer(ctx, id)
	if err != nil {
		return err
	}
	t, err := s.db.Community().Topic(ctx, a.TopicID)
	if err != nil {
		return err
	}
	if err := s.mayModerate(ctx, viewer, t.NodeID, a.AuthorID); err != nil {
		return err
	}
	deleted, err := s.db.Community().DeleteAnswer(ctx, id, s.now().UnixMilli())
	if err != nil {
		return fmt.Errorf("community: %w", err)
	}
	if deleted {
		s.answerDeleted(ctx, a)
	}
	return nil
}

// mayModerate checks that viewer wrote the content (author), administers
// the site or administers its node.
func (s *Service) mayModerate(ctx context.Context, viewer action.Viewer, nodeID, author int64) error {
	if viewer.UserID != 0 && (viewer.UserID == author || viewer.IsAdmin) {
		return nil
	}
	n, err := s.db.Community().Node(ctx, nodeID)
	if err != nil {
		return fmt.Errorf("community: %w", err)
	}
	if isNodeAdmin(n, viewer.UserID) {
		return nil
	}
	return action.ErrForbidden
}
