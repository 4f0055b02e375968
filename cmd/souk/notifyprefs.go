package main

import (
	"souk/app/notifyprefs"
)

// newNotifyPrefs builds the members' notification preferences actions on
// the node's preferences store (the one push and email read, so that a
// save is seen at once on this node). Web Push is always available: the
// VAPID keys are made on first use.
func newNotifyPrefs(d deps, prefs *notifyprefs.Store) *notifyprefs.Service {
	return notifyprefs.New(notifyprefs.Config{DB: d.db, Prefs: prefs, PushAvailable: true})
}
