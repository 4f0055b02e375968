package persistence

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"souk/persistence/pgtest"
)

// BenchmarkWalletsApply measures purchases applied in parallel by distinct
// members (each a top-up's worth of balance), on each database.
func BenchmarkWalletsApply(b *testing.B) {
	for _, kind := range []string{KindSQLite, KindPostgres} {
		b.Run(kind, func(b *testing.B) {
			db := openBenchDB(b, kind)
			w := db.Wallets()
			const members = 64
			ids := make([]int64, members)
			for i := range ids {
				u := User{Name: fmt.Sprint("m", i), Slug: fmt.Sprint("m", i), LevelKey: "lv1"}
				require.NoError(b, db.Users().Create(b.Context(), &u))
				ids[i] = u.ID
				_, err := w.Apply(b.Context(), topUp(fmt.Sprint("topup:", i), u.ID, AssetCredit, 1<<40))
				require.NoError(b, err)
			}
			var n atomic.Int64
			b.SetParallelism(8) // 8 callers per processor, as a node's request handlers are
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					i := n.Add(1)
					_, err := w.Apply(b.Context(), purchase(fmt.Sprint("buy:", i), ids[i%members], AssetCredit, 1))
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.StopTimer()
			a, err := w.Audit(b.Context())
			require.NoError(b, err)
			require.True(b, a.Clean(), "%+v", a)
		})
	}
}

// openBenchDB is openTestDB for a benchmark.
func openBenchDB(b *testing.B, kind string) *DB {
	b.Helper()
	cfg := Config{DataDir: b.TempDir()}
	if kind == KindPostgres {
		cfg.URL = pgtest.NewDatabase(b)
	}
	db, err := Open(b.Context(), cfg)
	require.NoError(b, err)
	b.Cleanup(func() { _ = db.Close() })
	require.NoError(b, db.Migrate(b.Context()))
	return db
}
