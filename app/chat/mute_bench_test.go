package chat

import (
	"testing"
	"time"

	"souk/persistence"
)

// BenchmarkCheckMuted is what the mutes add to every chat message: with a
// fresh view of the mutes, one atomic load and a map lookup.
func BenchmarkCheckMuted(b *testing.B) {
	db, err := persistence.Open(b.Context(), persistence.Config{DataDir: b.TempDir(), Node: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	if err := db.Migrate(b.Context()); err != nil {
		b.Fatal(err)
	}
	for i := range int64(100) {
		if _, _, err := db.ChatModeration().Mute(b.Context(), persistence.ChatMute{Room: DefaultRoom, UserID: 1000 + i,
			Until: time.Now().Add(time.Hour).UnixMilli(), Reason: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
	s := New(Config{DB: db})
	ctx := as(1, "chat")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := s.checkMuted(ctx, DefaultRoom); err != nil {
			b.Fatal(err)
		}
	}
}
