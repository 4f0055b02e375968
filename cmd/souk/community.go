package main

import (
	"context"
	"time"

	"souk/app/action"
	"souk/app/community"
	"souk/app/content"
	"souk/app/notify"
	"souk/app/wallet"
)

// communitySweepEvery is how often a node settles the bounties whose
// deadline passed (refunds) or whose award was interrupted.
const communitySweepEvery = time.Minute

// The notify service writes the community's notifications.
var _ community.Notifier = (*notify.Service)(nil)

// newCommunity builds the community service: its money moves through the
// wallet service (in the wallet grains, the balances pushed live to the
// members they touch), its notifications go through notices.
func newCommunity(d deps, notices *notify.Service, wallets *wallet.Service) *community.Service {
	return community.New(community.Config{DB: d.db, Notify: notices, Ledger: wallets, Balances: wallets,
		Live: d.livePublisher()})
}

// communityTargets are the topics and answers as the content feature's
// comments, likes and deletions reach them.
func communityTargets(c *community.Service) map[string]content.Target {
	adapt := func(fn func(context.Context, action.Viewer, int64) (community.Access, error)) func(context.Context, action.Viewer, int64) (content.Access, error) {
		return func(ctx context.Context, v action.Viewer, id int64) (content.Access, error) {
			a, err := fn(ctx, v, id)
			return content.Access{AuthorID: a.AuthorID, Read: a.Read, Comment: a.Comment, Roles: a.Roles,
				Channel: a.Channel}, err
		}
	}
	return map[string]content.Target{
		"topic":  content.TargetFuncs{AccessFunc: adapt(c.TopicAccess), DeleteFunc: c.DeleteTopic},
		"answer": content.TargetFuncs{AccessFunc: adapt(c.AnswerAccess), DeleteFunc: c.DeleteAnswer},
	}
}
