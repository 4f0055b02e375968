package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"souk/actors"
	"souk/app/account"
	"souk/app/action"
	"souk/app/chat"
	"souk/app/follow"
	"souk/app/messages"
	"souk/app/notify"
	"souk/app/settings"
	"souk/persistence"
)

// deps is what feature services are built from.
type deps struct {
	db *persistence.DB
	// secret signs tokens, captchas and codes; shared by every node.
	secret []byte
	// dev is demo mode (--dev).
	dev bool
	// rooms reaches the chat room grains; nil when the registry is only described.
	rooms *actors.Rooms
	// sessions reaches the user session grains; nil when the registry is only described.
	sessions *actors.Sessions
	// email sends verification codes; nil means no mail server.
	email account.Sender
	// social configures the social login providers; zero means none.
	social account.SocialConfig
	// auth is the node's authenticator, which also issues and ends the
	// sessions; nil makes one.
	auth *account.Sessions
}

// registerFeatures registers the actions of every feature package.
func registerFeatures(reg *action.Registry, d deps) {
	notifyCfg := notify.Config{DB: d.db}
	if d.sessions != nil {
		notifyCfg.Sessions = d.sessions
	}
	notices := notify.New(notifyCfg)
	accounts := account.New(account.Config{DB: d.db, Secret: d.secret, Dev: d.dev, Email: d.email, Notifications: notices,
		Sessions: d.auth})
	accounts.Register(reg)
	account.NewSocial(d.social, d.db, d.secret, accounts.Sessions(), accounts).Register(reg)
	settings.New(d.db, settings.WithSocialProviders(d.social.Providers())).Register(reg)
	chat.New(chat.Config{DB: d.db, Rooms: d.rooms, Secret: d.secret}).Register(reg)
	notices.Register(reg)
	messages.New(messages.Config{DB: d.db, Notify: notices}).Register(reg)
	follow.New(follow.Config{DB: d.db, Notify: notices}).Register(reg)
}

// emailSender is the SMTP sender --smtp-addr configures, or nil.
func emailSender(cfg Config) (account.Sender, error) {
	if cfg.SMTP.Addr == "" {
		return nil, nil
	}
	sender, err := account.NewSMTPSender(cfg.SMTP)
	if err != nil {
		return nil, fmt.Errorf("cannot configure the mail server: %w", err)
	}
	return sender, nil
}

// nodeSecretKey keeps the generated secret in the settings store, where
// every node of a cluster finds the same one.
const nodeSecretKey = "node.secret"

// nodeSecret returns --secret, or the secret generated once and kept in the
// database.
func nodeSecret(ctx context.Context, cfg Config, db *persistence.DB) ([]byte, error) {
	if cfg.Secret != "" {
		return []byte(cfg.Secret), nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("generate the node secret: %w", err)
	}
	var stored string
	if err := db.Settings().GetOrCreate(ctx, nodeSecretKey, base64.StdEncoding.EncodeToString(fresh), &stored); err != nil {
		return nil, fmt.Errorf("read the node secret: %w", err)
	}
	secret, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(secret) < 32 {
		return nil, fmt.Errorf("the stored node secret is damaged: set --secret")
	}
	return secret, nil
}
