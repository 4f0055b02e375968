// Package demo loads the demo content a fresh site starts with: languages,
// currencies, levels and VIP tiers, the site settings, page variants, demo
// accounts, articles, community, chat, shop and coupons, the published
// site layout (header and footer per device, the home page's blocks, the
// custom and docs pages) and the audio tracks its playlist plays. The
// content lives in the JSON files under data/ (the tracks are synthesized,
// see Tracks); Seed is idempotent, so it runs on every start.
package demo

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"souk/app/internal/layout"
	"souk/app/settings"
	"souk/persistence"
)

//go:embed data/*.json
var data embed.FS

// Result says what Seed did.
type Result struct {
	// UsersCreated counts the demo accounts this run created; 0 when they already existed.
	UsersCreated int
	// Logins are the demo accounts and their passwords, for printing at start-up.
	Logins []Login
}

// Seed loads the demo content into db, which must be migrated. Every row is
// written by an upsert keyed by its natural key (language code, currency
// code, level kind and key, setting key, variant name) that leaves an
// unchanged row untouched; demo users are created only when their slug is
// free; the layout (pages and page_settings included) is published only
// when it differs from the published one. So running Seed again changes
// nothing. Each write is atomic; a Seed that failed half-way completes
// when run again.
func Seed(ctx context.Context, db *persistence.DB, opts ...Option) (Result, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	steps := []func(context.Context, *persistence.DB) error{
		seedLanguages, seedCurrencies, seedLevels, seedSettings, seedVariants,
	}
	for _, step := range steps {
		if err := step(ctx, db); err != nil {
			return Result{}, err
		}
	}
	created, err := seedUsers(ctx, db)
	if err != nil {
		return Result{}, err
	}
	if err := seedWallets(ctx, db); err != nil {
		return Result{}, err
	}
	if err := seedArticles(ctx, db); err != nil {
		return Result{}, err
	}
	if err := seedCommunity(ctx, db, time.Now()); err != nil {
		return Result{}, err
	}
	if err := seedChat(ctx, db, time.Now()); err != nil {
		return Result{}, err
	}
	if err := seedShop(ctx, db); err != nil {
		return Result{}, err
	}
	if err := seedCoupons(ctx, db, time.Now()); err != nil {
		return Result{}, err
	}
	if o.blobs != nil {
		if err := seedAudio(ctx, db, o.blobs); err != nil {
			return Result{}, err
		}
	}
	// The layout's blocks point at the terms, nodes and tracks seeded above.
	if err := seedLayout(ctx, db); err != nil {
		return Result{}, err
	}
	return Result{UsersCreated: created, Logins: append([]Login(nil), Logins...)}, nil
}

// load decodes data/<name>, refusing fields the target type does not have.
func load(name string, into any) error {
	raw, err := data.ReadFile("data/" + name)
	if err != nil {
		return fmt.Errorf("demo: read %s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("demo: decode %s: %w", name, err)
	}
	return nil
}

type languageFile struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Locale   string `json:"locale"`
	FlagURL  string `json:"flag_url"`
	Currency string `json:"currency"`
	Position int    `json:"position"`
}

func seedLanguages(ctx context.Context, db *persistence.DB) error {
	var langs []languageFile
	if err := load("languages.json", &langs); err != nil {
		return err
	}
	for _, l := range langs {
		if err := db.Languages().Upsert(ctx, persistence.Language(l)); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

type currencyFile struct {
	Code      string            `json:"code"`
	SymbolISO string            `json:"symbol_iso"`
	Symbol    string            `json:"symbol"`
	Names     map[string]string `json:"names"`
	Decimals  int               `json:"decimals"`
	Position  int               `json:"position"`
}

func seedCurrencies(ctx context.Context, db *persistence.DB) error {
	var currencies []currencyFile
	if err := load("currencies.json", &currencies); err != nil {
		return err
	}
	for _, c := range currencies {
		if err := db.Currencies().Upsert(ctx, persistence.Currency(c)); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

func seedLevels(ctx context.Context, db *persistence.DB) error {
	var levels []persistence.Level
	if err := load("levels.json", &levels); err != nil {
		return err
	}
	for _, l := range levels {
		if err := db.Levels().Upsert(ctx, l); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

// settingsFile holds the settings documents, typed as utils.getSettings
// reads them; page_settings is the layout's (see seedLayout).
type settingsFile struct {
	CreditSymbol  string                        `json:"credit_symbol"`
	FileMimes     map[string]settings.FileMimes `json:"file_mimes"`
	MaxFileSize   int                           `json:"max_file_size"`
	LoginBox      settings.LoginBoxDoc          `json:"login_box"`
	Report        settings.ReportDoc            `json:"report"`
	AddressPicker settings.AddressPickerDoc     `json:"address_picker"`
}

func seedSettings(ctx context.Context, db *persistence.DB) error {
	var f settingsFile
	if err := load("settings.json", &f); err != nil {
		return err
	}
	docs := map[string]any{
		settings.KeyCreditSymbol:  f.CreditSymbol,
		settings.KeyFileMimes:     f.FileMimes,
		settings.KeyMaxFileSize:   f.MaxFileSize,
		settings.KeyLoginBox:      f.LoginBox,
		settings.KeyReport:        f.Report,
		settings.KeyAddressPicker: f.AddressPicker,
	}
	for key, doc := range docs {
		if err := db.Settings().Put(ctx, key, doc); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

type variantsFile struct {
	Variants []struct {
		Name string  `json:"name"`
		Type string  `json:"type"`
		IDs  []int64 `json:"ids"`
	} `json:"variants"`
}

func seedVariants(ctx context.Context, db *persistence.DB) error {
	var f variantsFile
	if err := load("variants.json", &f); err != nil {
		return err
	}
	for _, v := range f.Variants {
		if err := db.Pages().UpsertVariant(ctx, persistence.Variant{Name: v.Name, Type: v.Type, IDs: v.IDs}); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

// seedLayout validates data/layout.json as the builder does (its blocks'
// categories, tags and nodes must exist) and publishes it: the
// page_settings setting, the home, custom and docs pages, and a layout
// version. Publishing a document equal to the published one writes
// nothing, so the first run makes version 1 and later runs keep it.
func seedLayout(ctx context.Context, db *persistence.DB) error {
	raw, err := data.ReadFile("data/layout.json")
	if err != nil {
		return fmt.Errorf("demo: read layout.json: %w", err)
	}
	doc, err := layout.Decode(raw)
	if err != nil {
		return fmt.Errorf("demo: decode layout.json: %w", err)
	}
	if err := layout.Validate(ctx, &doc, layout.Check{Refs: layout.DBRefs(db), CanHTML: true}); err != nil {
		return fmt.Errorf("demo: layout.json: %w", err)
	}
	if _, err := layout.Publish(ctx, db, doc, layout.PublishOptions{Note: "demo", ExpectVersion: layout.AnyVersion}); err != nil {
		return fmt.Errorf("demo: publish the layout: %w", err)
	}
	return nil
}

// DemoRoom is the chat room the demo conversation is written to.
const DemoRoom = "chat"

type chatLine struct {
	User string `json:"user"` // a demo user's slug
	Text string `json:"text"`
}

// seedChat writes the demo conversation into an empty DemoRoom, a minute
// apart and ending at now, so that the chat of a fresh demo site is not
// empty. A room that has any event is left alone.
func seedChat(ctx context.Context, db *persistence.DB, now time.Time) error {
	var lines []chatLine
	if err := load("chat.json", &lines); err != nil {
		return err
	}
	last, err := db.Chat().LastSeq(ctx, DemoRoom)
	if err != nil || last > 0 {
		return err
	}
	for i, l := range lines {
		u, err := db.Users().GetBySlug(ctx, l.User)
		if err != nil {
			return fmt.Errorf("demo: chat line %d: user %q: %w", i+1, l.User, err)
		}
		e := persistence.ChatEvent{Room: DemoRoom, Seq: int64(i + 1), Kind: persistence.ChatKindMessage, UserID: u.ID,
			Message: l.Text, IdemKey: fmt.Sprintf("demo-chat-%d", i+1),
			CreatedAt: persistence.Millis(now.Add(time.Duration(i-len(lines)+1) * time.Minute))}
		switch _, err := db.Chat().Append(ctx, &e); {
		case errors.Is(err, persistence.ErrSeqTaken):
			return nil // another node seeds it, or a member spoke first
		case err != nil:
			return fmt.Errorf("demo: chat line %d: %w", i+1, err)
		}
	}
	return nil
}
