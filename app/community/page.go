package community

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"souk/app/action"
	"souk/app/internal/pagemeta"
	"souk/app/member"
	"souk/persistence"
)

// PageArgs are auth.pageData's args on a community page: the cursor of the
// next page of topics (archive) or answers (single).
type PageArgs = member.PageArgs

// Page is the content of a community page (pageData's content).
type Page struct {
	// View is single (a topic and its answers), answer (one answer and its
	// topic) or archive (a node and its topics).
	View    string            `json:"view"`
	Node    *NodeView         `json:"node,omitempty"`
	Topic   *TopicView        `json:"topic,omitempty"`
	Answer  *AnswerView       `json:"answer,omitempty"`
	Topics  *TopicConnection  `json:"topics,omitempty"`
	Answers *AnswerConnection `json:"answers,omitempty"`
}

// TopicConnection is a Relay page of topics, newest first.
type TopicConnection struct {
	Edges    []TopicEdge `json:"edges"`
	PageInfo PageInfo    `json:"pageInfo"`
}

// TopicEdge is one topic of a page (without its content: the excerpt).
type TopicEdge struct {
	Cursor string    `json:"cursor"`
	Node   TopicView `json:"node"`
}

// AnswerConnection is a Relay page of answers, oldest first.
type AnswerConnection struct {
	Edges    []AnswerEdge `json:"edges"`
	PageInfo PageInfo     `json:"pageInfo"`
}

// AnswerEdge is one answer of a page.
type AnswerEdge struct {
	Cursor string     `json:"cursor"`
	Node   AnswerView `json:"node"`
}

// PageContent answers the community pages of auth.pageData (SPEC.md §2:
// /community/{slug}-{id} a topic, /community-answer/{slug}-{id} an answer,
// /community-archive/{slug}-{id} a node): the page's title in lang (the
// route's language), its content and its meta for the page's HTML.
// persistence.ErrNotFound for an id that names nothing live of the view
// (the page is a 404). A topic gated for the viewer comes without its
// content and answers, and its meta without its text.
func (s *Service) PageContent(ctx context.Context, view, id, lang string, args json.RawMessage) (pagemeta.Content, error) {
	var content pagemeta.Content
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return content, persistence.ErrNotFound
	}
	in, ok := member.ParsePageArgs(args)
	if !ok {
		return content, action.BadField("args")
	}
	var page Page
	switch view {
	case "single":
		content.Title, err = s.singlePage(ctx, n, in, &page)
	case "answer":
		content.Title, err = s.answerPage(ctx, n, &page)
	case "archive":
		content.Title, err = s.nodePage(ctx, n, lang, in, &page)
	default:
		return content, persistence.ErrNotFound
	}
	if err != nil {
		if errors.Is(err, ErrTopicNotFound) || errors.Is(err, ErrNodeNotFound) || errors.Is(err, ErrAnswerNotFound) {
			err = persistence.ErrNotFound
		}
		return content, err
	}
	page.View = view
	content.Meta = pageMeta(page, lang)
	content.Data, err = json.Marshal(page)
	if err != nil {
		return content, fmt.Errorf("community: page: %w", err)
	}
	return content, nil
}

// pageMeta describes a community page: a topic (a bounty is a question
// and its answers) or a node. A locked topic's view has neither content
// nor excerpt, so its meta has no text.
func pageMeta(page Page, lang string) pagemeta.Meta {
	var m pagemeta.Meta
	if t := page.Topic; t != nil {
		m = pagemeta.Meta{Description: t.Excerpt, Body: t.Content, Schema: pagemeta.DiscussionForumPosting,
			Author: t.Author.Name, Published: t.CreatedAt, Modified: t.UpdatedAt, Answers: t.AnswerCount}
		if t.Type == persistence.TopicBounty {
			m.Schema = pagemeta.QAPage
		}
		if t.Locked {
			m.Body = ""
		}
		return m
	}
	if page.Node != nil {
		m.Description, m.Image = localized(page.Node.CommunityCatMetas.Description, lang), page.Node.Thumb
	}
	return m
}

// singlePage is a topic with its node and a page of its answers.
func (s *Service) singlePage(ctx context.Context, id int64, in PageArgs, page *Page) (string, error) {
	t, err := s.topic(ctx, id)
	if err != nil {
		return "", err
	}
	view, err := s.topicView(ctx, t)
	if err != nil {
		return "", err
	}
	page.Topic = &view
	if err := s.pageNode(ctx, t.NodeID, page); err != nil {
		return "", err
	}
	if !view.Locked {
		after, ok := member.ParseCursor(in.After)
		if !ok {
			return "", ErrBadCursor
		}
		first := clampFirst(in.First)
		answers, err := s.db.Community().Answers(ctx, t.ID, after, first+1)
		if err != nil {
			return "", fmt.Errorf("community: %w", err)
		}
		conn := &AnswerConnection{Edges: []AnswerEdge{}}
		if len(answers) > first {
			answers, conn.PageInfo.HasNextPage = answers[:first], true
		}
		views, err := s.answerViews(ctx, answers)
		if err != nil {
			return "", err
		}
		for i, a := range views {
			conn.Edges = append(conn.Edges, AnswerEdge{Cursor: a.ID, Node: views[i]})
			conn.PageInfo.EndCursor = a.ID
		}
		page.Answers = conn
	}
	return t.Title, nil
}

// answerPage is one answer with its topic (the answer only when the
// topic's gate lets the viewer in).
func (s *Service) answerPage(ctx context.Context, id int64, page *Page) (string, error) {
	a, err := s.db.Community().Answer(ctx, id)
	if errors.Is(err, persistence.ErrNotFound) {
		return "", ErrAnswerNotFound
	} else if err != nil {
		return "", fmt.Errorf("community: %w", err)
	}
	t, err := s.topic(ctx, a.TopicID)
	if err != nil {
		return "", err
	}
	view, err := s.topicView(ctx, t)
	if err != nil {
		return "", err
	}
	page.Topic = &view
	if err := s.pageNode(ctx, t.NodeID, page); err != nil {
		return "", err
	}
	if !view.Locked {
		views, err := s.answerViews(ctx, []persistence.Answer{a})
		if err != nil {
			return "", err
		}
		page.Answer = &views[0]
	}
	return t.Title, nil
}

// nodePage is a node with a page of its topics, newest first.
func (s *Service) nodePage(ctx context.Context, id int64, lang string, in PageArgs, page *Page) (string, error) {
	n, err := s.node(ctx, id)
	if err != nil {
		return "", err
	}
	view, err := s.nodeView(ctx, n)
	if err != nil {
		return "", err
	}
	page.Node = &view
	conn, err := s.topicPage(ctx, topicFilter{nodeID: n.ID}, in)
	if err != nil {
		return "", err
	}
	page.Topics = conn
	return localized(n.Names, lang), nil
}

// pageNode adds the topic's node to the page.
func (s *Service) pageNode(ctx context.Context, nodeID int64, page *Page) error {
	n, err := s.node(ctx, nodeID)
	if err != nil {
		return err
	}
	view, err := s.nodeView(ctx, n)
	if err != nil {
		return err
	}
	page.Node = &view
	return nil
}
