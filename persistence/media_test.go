package persistence

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMediaStoreJobs(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Media()
		now := Now()
		policy := UploadPolicy{Types: map[string]UploadTypePolicy{MediaImage: {Can: true, MaxPerDay: 3, MaxBytes: 5 << 20,
			Mimes: []string{"image/png"}, Exts: []string{"png"}}}}
		job := UploadJob{ID: db.NewID(), OwnerID: 7, FileName: "a.png", FileSize: 3 << 20, TotalChunks: 3,
			Policy: policy, CreatedAt: now, ExpiresAt: now + 60_000}
		require.NoError(t, s.CreateJob(ctx, job, 2))
		second := job
		second.ID = db.NewID()
		require.NoError(t, s.CreateJob(ctx, second, 2))
		third := job
		third.ID = db.NewID()
		require.ErrorIs(t, s.CreateJob(ctx, third, 2), ErrTooManyUploads, "the cap counts open jobs")
		other := third
		other.OwnerID = 8
		require.NoError(t, s.CreateJob(ctx, other, 2), "the cap is per member")

		got, chunks, err := s.Job(ctx, 7, job.ID)
		require.NoError(t, err)
		assert.Equal(t, policy, got.Policy)
		assert.Empty(t, chunks)
		_, _, err = s.Job(ctx, 8, job.ID)
		require.ErrorIs(t, err, ErrNotFound, "a job is its owner's only")

		require.NoError(t, s.RecordChunk(ctx, job.ID, UploadChunk{Index: 2, Size: 10}, now+120_000))
		require.NoError(t, s.RecordChunk(ctx, job.ID, UploadChunk{Index: 0, Size: 1 << 20}, now+120_000))
		require.NoError(t, s.RecordChunk(ctx, job.ID, UploadChunk{Index: 0, Size: 1 << 20}, now+120_000), "recorded twice")
		got, chunks, err = s.Job(ctx, 7, job.ID)
		require.NoError(t, err)
		assert.Equal(t, []UploadChunk{{0, 1 << 20}, {2, 10}}, chunks)
		assert.Equal(t, now+120_000, got.ExpiresAt)
		require.ErrorIs(t, s.RecordChunk(ctx, 999, UploadChunk{Index: 0, Size: 1}, now), ErrNotFound)

		expired, err := s.ExpiredJobs(ctx, now+60_000, 10)
		require.NoError(t, err)
		assert.ElementsMatch(t, []int64{second.ID, other.ID}, expired)
		require.NoError(t, s.DeleteJob(ctx, second.ID))
		_, _, err = s.Job(ctx, 7, second.ID)
		require.ErrorIs(t, err, ErrNotFound)

		item := MediaItem{ID: job.ID, OwnerID: 7, Type: MediaImage, Title: "a", FileName: "a.png", MimeType: "image/png",
			FileSize: 3 << 20, Width: 10, Height: 20, SHA256: "ab", StorageKey: "media/1", Status: MediaReady, CreatedAt: now}
		require.NoError(t, s.Finish(ctx, item, 3))
		require.NoError(t, s.Finish(ctx, item, 3), "finishing twice stores one item")
		_, _, err = s.Job(ctx, 7, job.ID)
		require.ErrorIs(t, err, ErrNotFound, "the job is gone with its chunks")
		stored, err := s.Item(ctx, job.ID)
		require.NoError(t, err)
		assert.Equal(t, item, stored)
		n, err := s.DailyCount(ctx, 7, MediaImage, DayOf(now))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "finishing twice counts one upload")
	})
}

func TestMediaStoreLibrary(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Media()
		now := Now()
		add := func(owner int64, typ, mime string) MediaItem {
			m := MediaItem{ID: db.NewID(), OwnerID: owner, Type: typ, MimeType: mime, StorageKey: "k",
				Status: MediaReady, CreatedAt: now}
			require.NoError(t, s.Finish(ctx, m, 0))
			return m
		}
		png, mp4, jpg, other := add(1, MediaImage, "image/png"), add(1, MediaVideo, "video/mp4"),
			add(1, MediaImage, "image/jpeg"), add(2, MediaImage, "image/png")

		ids := func(q MediaQuery) []int64 {
			items, err := s.List(ctx, q)
			require.NoError(t, err)
			var out []int64
			for _, m := range items {
				out = append(out, m.ID)
			}
			return out
		}
		assert.Equal(t, []int64{jpg.ID, mp4.ID, png.ID}, ids(MediaQuery{OwnerID: 1, Limit: 10}))
		assert.Equal(t, []int64{other.ID, jpg.ID, mp4.ID, png.ID}, ids(MediaQuery{Limit: 10}), "everyone's")
		assert.Equal(t, []int64{jpg.ID, mp4.ID}, ids(MediaQuery{OwnerID: 1, Limit: 2}))
		assert.Equal(t, []int64{png.ID}, ids(MediaQuery{OwnerID: 1, Before: mp4.ID, Limit: 2}))
		assert.Equal(t, []int64{jpg.ID, png.ID}, ids(MediaQuery{OwnerID: 1, Kinds: []string{"image"}, Limit: 10}))
		assert.Equal(t, []int64{mp4.ID, png.ID}, ids(MediaQuery{OwnerID: 1, Kinds: []string{"image/png", "video"}, Limit: 10}))

		deleted, err := s.Delete(ctx, []int64{png.ID, other.ID, 12345}, 1)
		require.NoError(t, err)
		require.Len(t, deleted, 1, "only the owner's items")
		assert.Equal(t, png.ID, deleted[0].ID)
		_, err = s.Item(ctx, png.ID)
		require.ErrorIs(t, err, ErrNotFound)
		deleted, err = s.Delete(ctx, []int64{other.ID, png.ID}, 0)
		require.NoError(t, err)
		require.Len(t, deleted, 1, "an admin deletes anyone's; a deleted item is not deleted twice")
		n, err := s.DailyCount(ctx, 1, MediaImage, DayOf(now))
		require.NoError(t, err)
		assert.Equal(t, 2, n, "deleting does not give a daily upload back")
		counts, err := s.DailyCounts(ctx, 1, now)
		require.NoError(t, err)
		assert.Equal(t, map[string]int{MediaImage: 2, MediaVideo: 1}, counts)
		avatar := MediaItem{ID: db.NewID(), OwnerID: 1, Type: MediaImage, MimeType: "image/png", StorageKey: "k",
			Status: MediaReady, CreatedAt: now}
		require.NoError(t, s.Insert(ctx, avatar))
		_, err = s.Item(ctx, avatar.ID)
		require.NoError(t, err)
		counts, err = s.DailyCounts(ctx, 1, now)
		require.NoError(t, err)
		assert.Equal(t, 2, counts[MediaImage], "an item the server made is not an upload")
		require.NoError(t, s.PruneDaily(ctx, DayOf(now)+dayMillis))
		counts, err = s.DailyCounts(ctx, 1, now)
		require.NoError(t, err)
		assert.Empty(t, counts)
	})
}

// TestMediaDailyReservation finishes many uploads of one member at once,
// each on its own connection as jobs on different nodes would: no more
// than the day's maximum are stored.
func TestMediaDailyReservation(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) {
		ctx := t.Context()
		s := db.Media()
		now := Now()
		const jobs, limit = 12, 5
		errs := make(chan error, jobs)
		start := make(chan struct{})
		for range jobs {
			item := MediaItem{ID: db.NewID(), OwnerID: 77, Type: MediaImage, MimeType: "image/png", StorageKey: "k",
				Status: MediaReady, CreatedAt: now}
			go func() {
				<-start
				errs <- s.Finish(ctx, item, limit)
			}()
		}
		close(start)
		stored, refused := 0, 0
		for range jobs {
			err := <-errs
			switch {
			case err == nil:
				stored++
			case errors.Is(err, ErrDailyLimit):
				refused++
			default:
				t.Fatalf("finish: %v", err)
			}
		}
		assert.Equal(t, limit, stored)
		assert.Equal(t, jobs-limit, refused)
		items, err := s.List(ctx, MediaQuery{OwnerID: 77, Limit: 100})
		require.NoError(t, err)
		assert.Len(t, items, limit, "a refused finish stores no item")
		n, err := s.DailyCount(ctx, 77, MediaImage, now)
		require.NoError(t, err)
		assert.Equal(t, limit, n)
		other := MediaItem{ID: db.NewID(), OwnerID: 77, Type: MediaImage, StorageKey: "k", Status: MediaReady,
			CreatedAt: now + dayMillis}
		require.NoError(t, s.Finish(ctx, other, limit), "the next day starts again")
	})
}

// testBlobs runs the Blobs contract against b.
func testBlobs(t *testing.T, b Blobs) {
	ctx := t.Context()
	rng := rand.New(rand.NewPCG(1, 2))
	file := make([]byte, 2*BlobPartSize+12345)
	for i := range file {
		file[i] = byte(rng.UintN(256))
	}
	const upload = 42
	var chunks [][]byte
	for off := 0; off < len(file); off += BlobPartSize {
		chunks = append(chunks, file[off:min(off+BlobPartSize, len(file))])
	}
	for _, i := range []int{2, 0, 1, 0} {
		require.NoError(t, b.PutChunk(ctx, upload, i, chunks[i]))
	}
	got, err := b.Chunk(ctx, upload, 1)
	require.NoError(t, err)
	assert.Equal(t, chunks[1], got)
	_, err = b.Chunk(ctx, upload, 3)
	require.ErrorIs(t, err, ErrNotFound)

	size, sum, err := Assemble(ctx, b, upload, len(chunks), "media/42.bin")
	require.NoError(t, err)
	want := sha256.Sum256(file)
	assert.Equal(t, int64(len(file)), size)
	assert.Equal(t, hex.EncodeToString(want[:]), sum)
	_, _, err = Assemble(ctx, b, upload, len(chunks)+1, "media/43.bin")
	require.ErrorIs(t, err, ErrNotFound, "a missing chunk fails the assembly")

	o, err := b.Open(ctx, "media/42.bin")
	require.NoError(t, err)
	assert.Equal(t, int64(len(file)), o.Size())
	all, err := io.ReadAll(o)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(file, all))
	// A range across a part boundary.
	_, err = o.Seek(BlobPartSize-10, io.SeekStart)
	require.NoError(t, err)
	part := make([]byte, 20)
	_, err = io.ReadFull(o, part)
	require.NoError(t, err)
	assert.Equal(t, file[BlobPartSize-10:BlobPartSize+10], part)
	end, err := o.Seek(-5, io.SeekEnd)
	require.NoError(t, err)
	assert.Equal(t, int64(len(file)-5), end)
	tail, err := io.ReadAll(o)
	require.NoError(t, err)
	assert.Equal(t, file[len(file)-5:], tail)
	require.NoError(t, o.Close())

	stale, err := b.StaleChunks(ctx, Now()-60_000, 10)
	require.NoError(t, err)
	assert.Empty(t, stale, "chunks just put are not stale")
	stale, err = b.StaleChunks(ctx, Now()+60_000, 10)
	require.NoError(t, err)
	assert.Equal(t, []int64{upload}, stale)

	require.NoError(t, b.DeleteChunks(ctx, upload))
	stale, err = b.StaleChunks(ctx, Now()+60_000, 10)
	require.NoError(t, err)
	assert.Empty(t, stale)
	_, err = b.Chunk(ctx, upload, 0)
	require.ErrorIs(t, err, ErrNotFound)
	require.NoError(t, b.Delete(ctx, "media/42.bin"))
	require.NoError(t, b.Delete(ctx, "media/42.bin"), "deleting twice")
	_, err = b.Open(ctx, "media/42.bin")
	require.ErrorIs(t, err, ErrNotFound)
}

func TestDBBlobs(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db *DB) { testBlobs(t, db.Blobs()) })
}

func TestDiskBlobs(t *testing.T) {
	t.Parallel()
	b, err := NewDiskBlobs(t.TempDir())
	require.NoError(t, err)
	testBlobs(t, b)
	_, err = b.Put(t.Context(), "../escape", bytes.NewReader(nil))
	require.Error(t, err, "a key never leaves the folder")
}
