package main

import (
	"context"
	"log/slog"
	"strconv"

	"souk/app/admin"
	"souk/app/community"
	"souk/app/settings"
	"souk/cluster"
	"souk/persistence"
)

// settingsSavedSubject is the bus subject a node that saved the settings
// tells every node on (itself too) to drop its copies of them.
var settingsSavedSubject = []string{"admin", "settings"}

// The site's live channel, which every open page watches: the event
// settings {version} makes the pages read utils.getSettings again.
const (
	siteChannel        = "site"
	settingsSavedEvent = "settings"
)

// settingsApplier makes a saved settings version show at once on every
// node: it drops this node's copies straight away, tells the others over
// the bus, then tells the open pages.
type settingsApplier struct {
	bus  *cluster.Bus            // nil: this node only (the registry is only described)
	live community.LivePublisher // nil: no live pages
	drop func()                  // drops this node's copies
}

var _ admin.SettingsApplier = settingsApplier{}

func (a settingsApplier) SettingsSaved(ctx context.Context, version int64) {
	a.drop()
	if a.bus != nil {
		if err := a.bus.Publish(a.bus.Subject(settingsSavedSubject...), []byte(strconv.FormatInt(version, 10))); err != nil {
			slog.WarnContext(ctx, "tell the nodes the settings were saved", "version", version, "err", err)
		}
	}
	if a.live != nil {
		if err := a.live.Publish(ctx, siteChannel, settingsSavedEvent, map[string]int64{"version": version}); err != nil {
			slog.WarnContext(ctx, "tell the pages the settings were saved", "version", version, "err", err)
		}
	}
}

// dropSettingsCopies forgets this node's copies of the settings: the
// database's and utils.getSettings' replies.
func dropSettingsCopies(db *persistence.DB, svc *settings.Service) func() {
	return func() {
		db.DropSettingsCopies()
		svc.DropCache()
	}
}

// newAdminSettings builds the settings screen's service: saves are applied
// over d's bus and live channels, and this node drops its copies whenever
// any node saved.
func newAdminSettings(d deps, svc *settings.Service) *admin.SettingsService {
	applier := settingsApplier{bus: d.bus, live: d.livePublisher()}
	if d.db != nil {
		applier.drop = dropSettingsCopies(d.db, svc)
	} else {
		applier.drop = func() {}
	}
	if d.bus != nil {
		// The subscription lasts as long as the node's bus connection.
		if _, err := d.bus.Subscribe(d.bus.Subject(settingsSavedSubject...), func([]byte) { applier.drop() }); err != nil {
			slog.Error("settings saved on other nodes will show here within a second only", "err", err)
		}
	}
	return admin.NewSettings(admin.SettingsConfig{DB: d.db, Applier: applier})
}
