package main

import (
	"souk/app/account"
	"souk/app/action"
	"souk/app/settings"
	"souk/persistence"
)

// registerFeatures registers the actions of every feature package.
func registerFeatures(reg *action.Registry, db *persistence.DB) {
	account.New().Register(reg)
	settings.New(db).Register(reg)
}
