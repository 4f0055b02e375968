package persistence

import (
	"context"
	"fmt"
)

// Kinds of Level.
const (
	// LevelKindGrowth is a growth level, earned by activity (lv1..lv6).
	LevelKindGrowth = "level"
	// LevelKindVIP is a paid VIP tier.
	LevelKindVIP = "vip"
)

// Level is a growth level or a VIP tier and the rights it gives.
type Level struct {
	// Kind is LevelKindGrowth or LevelKindVIP.
	Kind string
	// Key identifies the level within its kind, e.g. "lv3" or "vip1".
	Key string
	// Icon is the badge picture's URL (often an inline SVG data URL).
	Icon string
	// Names is the level's name per language code.
	Names map[string]string
	// Rank orders the levels of a kind, lowest first.
	Rank int
	// Roles are the rights a member at this level holds.
	Roles LevelRoles
	// MinPoints is the growth points a member needs for a growth level.
	MinPoints int64 `json:"min_points,omitempty"`
	// Prices are a VIP tier's prices per asset (currency code or
	// AssetCredit) in minor units; nil or empty: not for sale.
	Prices map[string]int64 `json:"prices,omitempty"`
	// DurationDays is how long a bought VIP tier lasts; 0 for growth levels.
	DurationDays int `json:"duration_days,omitempty"`
}

// LevelRoles are the rights a level gives.
type LevelRoles struct {
	// UserCan lists capabilities such as "chat" and "directMessages".
	UserCan []string `json:"userCan"`
	// Media holds the upload rights per media type: image, video, audio, attachment.
	Media map[string]MediaRole `json:"media"`
	// CanBuilder allows the page builder.
	CanBuilder bool `json:"canBuilder"`
}

// MediaRole is the right to upload one media type.
type MediaRole struct {
	// Can allows uploading.
	Can bool `json:"can"`
	// Max is the number of uploads per day; 0 means unlimited.
	Max int `json:"max"`
	// SizeMB is the largest file accepted, in MB; 0 means the site's max_file_size.
	SizeMB int `json:"size"`
}

// LevelsStore keeps growth levels and VIP tiers.
type LevelsStore struct{ db *DB }

// Levels returns the levels store.
func (db *DB) Levels() LevelsStore { return LevelsStore{db: db} }

const levelColumns = `kind, level_key, icon, names, level_rank, roles, min_points, prices, duration_days`

func scanLevel(row scanner) (Level, error) {
	var l Level
	var names, roles, prices string
	if err := row.Scan(&l.Kind, &l.Key, &l.Icon, &names, &l.Rank, &roles, &l.MinPoints, &prices, &l.DurationDays); err != nil {
		return l, err
	}
	if err := decodeJSON(names, &l.Names); err != nil {
		return l, err
	}
	if err := decodeJSON(prices, &l.Prices); err != nil {
		return l, err
	}
	if len(l.Prices) == 0 {
		l.Prices = nil
	}
	return l, decodeJSON(roles, &l.Roles)
}

// List returns the levels of a kind ordered by Rank. It answers from a copy
// up to SnapshotTTL old (see SnapshotTTL).
func (s LevelsStore) List(ctx context.Context, kind string) ([]Level, error) {
	cache := s.db.cache.levels(kind)
	if cache == nil {
		return s.list(ctx, kind)
	}
	return cache.get(ctx, s.db.clock, func(ctx context.Context) ([]Level, error) { return s.list(ctx, kind) })
}

func (s LevelsStore) list(ctx context.Context, kind string) ([]Level, error) {
	list, err := queryList(ctx, s.db.reads, scanLevel,
		`SELECT `+levelColumns+` FROM levels WHERE kind = $1 ORDER BY level_rank, level_key`, kind)
	if err != nil {
		return nil, fmt.Errorf("levels store: list %q: %w", kind, err)
	}
	return list, nil
}

// Get returns the level of kind with key, or ErrNotFound. Like List, it
// answers from a copy up to SnapshotTTL old.
func (s LevelsStore) Get(ctx context.Context, kind, key string) (Level, error) {
	list, err := s.List(ctx, kind)
	if err != nil {
		return Level{}, fmt.Errorf("levels store: get %s %q: %w", kind, key, err)
	}
	for _, l := range list {
		if l.Key == key {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("levels store: get %s %q: %w", kind, key, ErrNotFound)
}

// Upsert creates the level or replaces the one with the same Kind and Key.
// An unchanged level leaves the row untouched.
func (s LevelsStore) Upsert(ctx context.Context, l Level) error {
	if l.Kind != LevelKindGrowth && l.Kind != LevelKindVIP {
		return fmt.Errorf("levels store: upsert %q: unknown kind %q", l.Key, l.Kind)
	}
	names, err := encodeJSON(nonNilMap(l.Names))
	if err != nil {
		return fmt.Errorf("levels store: upsert %s %q: %w", l.Kind, l.Key, err)
	}
	roles := l.Roles
	roles.UserCan = nonNilSlice(roles.UserCan)
	roles.Media = nonNilMap(roles.Media)
	rolesText, err := encodeJSON(roles)
	if err != nil {
		return fmt.Errorf("levels store: upsert %s %q: %w", l.Kind, l.Key, err)
	}
	prices, err := encodeJSON(nonNilMap(l.Prices))
	if err != nil {
		return fmt.Errorf("levels store: upsert %s %q: %w", l.Kind, l.Key, err)
	}
	_, err = s.db.write.ExecContext(ctx, `
		INSERT INTO levels (kind, level_key, icon, names, level_rank, roles, min_points, prices, duration_days, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (kind, level_key) DO UPDATE SET icon = excluded.icon, names = excluded.names,
			level_rank = excluded.level_rank, roles = excluded.roles, min_points = excluded.min_points,
			prices = excluded.prices, duration_days = excluded.duration_days, updated_at = excluded.updated_at
		WHERE (levels.icon, levels.names, levels.level_rank, levels.roles, levels.min_points, levels.prices, levels.duration_days)
			<> (excluded.icon, excluded.names, excluded.level_rank, excluded.roles, excluded.min_points, excluded.prices, excluded.duration_days)`,
		l.Kind, l.Key, l.Icon, names, l.Rank, rolesText, l.MinPoints, prices, l.DurationDays, Now())
	s.db.cache.levels(l.Kind).invalidate()
	if err != nil {
		return fmt.Errorf("levels store: upsert %s %q: %w", l.Kind, l.Key, mapError(err))
	}
	return nil
}
