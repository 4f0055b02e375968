package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"souk/app/account"
	"souk/app/action"
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
}

// registerFeatures registers the actions of every feature package.
func registerFeatures(reg *action.Registry, d deps) {
	account.New().Register(reg)
	settings.New(d.db).Register(reg)
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
