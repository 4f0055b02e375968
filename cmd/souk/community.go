package main

import (
	"context"
	"time"

	"souk/app/action"
	"souk/app/community"
	"souk/app/content"
	"souk/app/notify"
)

// communitySweepEvery is how often a node settles the bounties whose
// deadline passed (refunds) or whose award was interrupted.
const communitySweepEvery = time.Minute

// The notify service writes the community's notifications.
var _ community.Notifier = (*notify.Service)(nil)

// newCommunity builds the community service: its money moves in the
// wallet grains, its notifications go through notices.
func newCommunity(d deps, notices *notify.Service) *community.Service {
	cfg := community.Config{DB: d.db, Notify: notices}
	if d.wallets != nil {
		cfg.Ledger = d.wallets
	}
	return community.New(cfg)
}

// communityTargets are the topics and answers as the content feature's
// comments, likes and deletions reach them.
func communityTargets(c *community.Service) map[string]content.Target {
	adapt := func(fn func(context.Context, action.Viewer, int64) (community.Access, error)) func(context.Context, action.Viewer, int64) (content.Access, error) {
		return func(ctx context.Context, v action.Viewer, id int64) (content.Access, error) {
			a, err := fn(ctx, v, id)
			return content.Access{AuthorID: a.AuthorID, Read: a.Read, Comment: a.Comment, Roles: a.Roles}, err
		}
	}
	return map[string]content.Target{
		"topic":  content.TargetFuncs{AccessFunc: adapt(c.TopicAccess), DeleteFunc: c.DeleteTopic},
		"answer": content.TargetFuncs{AccessFunc: adapt(c.AnswerAccess), DeleteFunc: c.DeleteAnswer},
	}
}
