package main

import (
	"souk/app/admin"
	"souk/app/chat"
	"souk/app/community"
	"souk/app/content"
	"souk/app/shop"
	"souk/persistence"
)

// The features that own the kinds of content the operators delete and
// restore, and the chat feature their moderation goes through.
var (
	_ admin.ContentOwner  = (*content.Service)(nil)
	_ admin.ContentOwner  = (*community.Service)(nil)
	_ admin.ContentOwner  = (*shop.Service)(nil)
	_ admin.ChatModerator = (*chat.Service)(nil)
)

// newAdminContent builds the operators' content service: articles and
// comments are deleted and restored by content, topics and answers by
// community, products by the shop.
func newAdminContent(d deps, s *services) *admin.ContentService {
	cfg := admin.ContentConfig{DB: d.db, Owners: map[string]admin.ContentOwner{
		persistence.AdminArticle: s.content,
		persistence.AdminComment: s.content,
		persistence.AdminTopic:   s.community,
		persistence.AdminAnswer:  s.community,
		persistence.AdminProduct: s.shop,
	}}
	if d.translator != nil {
		cfg.Translator = d.translator
	}
	return admin.NewContent(cfg)
}

// newAdminModeration builds the operators' chat moderation service, which
// deletes and mutes through the chat feature.
func newAdminModeration(d deps, s *services) *admin.ModerationService {
	cfg := admin.ModerationConfig{DB: d.db, Chat: s.chat}
	if d.translator != nil {
		cfg.Translator = d.translator
	}
	return admin.NewModeration(cfg)
}
