package actors

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/cluster"
	"souk/persistence"
)

func uploadPolicy(maxPerDay int) persistence.UploadPolicy {
	return persistence.UploadPolicy{Types: map[string]persistence.UploadTypePolicy{
		persistence.MediaImage:      {Can: true, MaxPerDay: maxPerDay, MaxBytes: 8 << 20, Mimes: []string{"image/jpeg", "image/png"}},
		persistence.MediaAttachment: {Can: true, MaxPerDay: maxPerDay, MaxBytes: 8 << 20, Mimes: []string{"application/zip"}},
	}}
}

// zipFile is a zip archive of about size random (incompressible, stored) bytes.
func zipFile(t *testing.T, size int, seed uint64) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	payload := make([]byte, size)
	for i := range payload {
		payload[i] = byte(rng.UintN(256))
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "data.bin", Method: zip.Store})
	require.NoError(t, err)
	_, err = w.Write(payload)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return b.Bytes()
}

func newJob(t *testing.T, db *persistence.DB, owner int64, name string, size int, policy persistence.UploadPolicy) persistence.UploadJob {
	t.Helper()
	now := persistence.Now()
	job := persistence.UploadJob{ID: db.NewID(), OwnerID: owner, FileName: name, FileSize: int64(size),
		TotalChunks: ChunkCount(int64(size)), Policy: policy, CreatedAt: now, ExpiresAt: now + UploadTTL.Milliseconds()}
	require.NoError(t, db.Media().CreateJob(t.Context(), job, 10))
	return job
}

// sendChunk stores chunk i of data and tells its job, as the HTTP node does.
func sendChunk(t *testing.T, sys *System, job persistence.UploadJob, data []byte, i int) (UploadState, error) {
	t.Helper()
	chunk := data[i*ChunkSize : min((i+1)*ChunkSize, len(data))]
	require.NoError(t, sys.Uploads().Blobs().PutChunk(t.Context(), job.ID, i, chunk))
	return sys.Uploads().ChunkStored(t.Context(), ChunkStored{UserID: job.OwnerID, UploadID: job.ID, Index: i,
		Size: int64(len(chunk)), FileSize: job.FileSize, TotalChunks: job.TotalChunks})
}

func storedHash(t *testing.T, sys *System, key string) string {
	t.Helper()
	blob, err := sys.Uploads().Blobs().Open(t.Context(), key)
	require.NoError(t, err)
	defer blob.Close()
	h := sha256.New()
	_, err = io.Copy(h, blob)
	require.NoError(t, err)
	return hex.EncodeToString(h.Sum(nil))
}

func hexSum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// TestUploadGrain sends a file's chunks out of order, twice over, and
// checks the stored file; then the refusals of chunks that do not fit.
func TestUploadGrain(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	data := zipFile(t, 2*ChunkSize+5000, 1)
	job := newJob(t, db, ann, "archive.zip", len(data), uploadPolicy(0))
	require.Equal(t, 3, job.TotalChunks)

	state, err := sys.Uploads().Status(t.Context(), ann, job.ID)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2}, state.Missing)
	state, err = sendChunk(t, sys, job, data, 2)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, state.Missing)
	state, err = sendChunk(t, sys, job, data, 2)
	require.NoError(t, err, "a chunk sent again")
	assert.Equal(t, []int{0, 1}, state.Missing)
	_, err = sendChunk(t, sys, job, data, 0)
	require.NoError(t, err)

	refused := func(c ChunkStored, key string) {
		t.Helper()
		_, err := sys.Uploads().ChunkStored(t.Context(), c)
		var ue *UploadError
		require.ErrorAs(t, err, &ue)
		assert.Equal(t, key, ue.Key)
	}
	base := ChunkStored{UserID: ann, UploadID: job.ID, Index: 1, Size: ChunkSize, FileSize: job.FileSize, TotalChunks: 3}
	c := base
	c.TotalChunks = 4
	refused(c, uploadErrMismatch)
	c = base
	c.FileSize++
	refused(c, uploadErrMismatch)
	c = base
	c.Index = 3
	refused(c, uploadErrIndex)
	c = base
	c.Size = ChunkSize + 1
	refused(c, uploadErrChunkSize)
	c = base
	c.UserID = member(t, db, "bob").GetId()
	refused(c, uploadErrNotFound)
	c = base
	c.UploadID = 12345
	refused(c, uploadErrNotFound)

	state, err = sendChunk(t, sys, job, data, 1)
	require.NoError(t, err)
	require.NotNil(t, state.Media)
	m := *state.Media
	assert.Equal(t, job.ID, m.ID)
	assert.Equal(t, persistence.MediaAttachment, m.Type)
	assert.Equal(t, "application/zip", m.MimeType)
	assert.Equal(t, "archive", m.Title)
	assert.Equal(t, int64(len(data)), m.FileSize)
	assert.Equal(t, hexSum(data), m.SHA256)
	assert.Equal(t, hexSum(data), storedHash(t, sys, m.StorageKey))
	stored, err := db.Media().Item(t.Context(), job.ID)
	require.NoError(t, err)
	assert.Equal(t, m, stored)
	_, err = sys.Uploads().Blobs().Chunk(t.Context(), job.ID, 0)
	require.ErrorIs(t, err, persistence.ErrNotFound, "the chunks are removed")

	state, err = sendChunk(t, sys, job, data, 1)
	require.NoError(t, err, "a chunk repeated after the end")
	assert.Equal(t, m.ID, state.Media.ID)
}

// TestUploadGrainRefusesContent: a refused file leaves nothing behind.
func TestUploadGrainRefusesContent(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), make([]byte, ChunkSize)...)
	job := newJob(t, db, ann, "cat.png", len(exe), uploadPolicy(0))
	_, err := sendChunk(t, sys, job, exe, 0)
	require.NoError(t, err)
	_, err = sendChunk(t, sys, job, exe, 1)
	var ue *UploadError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, "media.error.notAccepted", ue.Key)

	_, _, err = db.Media().Job(t.Context(), ann, job.ID)
	require.ErrorIs(t, err, persistence.ErrNotFound, "the job is removed")
	_, err = db.Media().Item(t.Context(), job.ID)
	require.ErrorIs(t, err, persistence.ErrNotFound)
	_, err = sys.Uploads().Blobs().Open(t.Context(), "media/"+strconv.FormatInt(job.ID, 10))
	require.ErrorIs(t, err, persistence.ErrNotFound, "the assembled file is removed")
	_, err = sys.Uploads().Blobs().Chunk(t.Context(), job.ID, 0)
	require.ErrorIs(t, err, persistence.ErrNotFound, "the chunks are removed")
}

// TestUploadGrainDailyLimitAndExif: the daily count refuses the second
// upload of a type; a JPEG loses its EXIF segment.
func TestUploadGrainDailyLimitAndExif(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 16, 9)), nil))
	raw := b.Bytes()
	exif := []byte("Exif\x00\x00GPS 48.8584 N 2.2945 E")
	photo := append(append([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0, byte(len(exif) + 2)}, exif...), raw[2:]...)

	job := newJob(t, db, ann, "photo.jpg", len(photo), uploadPolicy(1))
	state, err := sendChunk(t, sys, job, photo, 0)
	require.NoError(t, err)
	require.NotNil(t, state.Media)
	assert.Equal(t, [2]int{16, 9}, [2]int{state.Media.Width, state.Media.Height})
	blob, err := sys.Uploads().Blobs().Open(t.Context(), state.Media.StorageKey)
	require.NoError(t, err)
	stored, err := io.ReadAll(blob)
	require.NoError(t, err)
	require.NoError(t, blob.Close())
	assert.NotContains(t, string(stored), "GPS", "the location is stripped")
	assert.Equal(t, hexSum(stored), state.Media.SHA256)
	assert.Equal(t, int64(len(stored)), state.Media.FileSize)

	second := newJob(t, db, ann, "again.jpg", len(photo), uploadPolicy(1))
	_, err = sendChunk(t, sys, second, photo, 0)
	var ue *UploadError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, uploadErrDailyLimit, ue.Key)
	assert.Equal(t, int64(1), ue.Limit)
	zipped := zipFile(t, 100, 2)
	other := newJob(t, db, ann, "a.zip", len(zipped), uploadPolicy(1))
	_, err = sendChunk(t, sys, other, zipped, 0)
	require.NoError(t, err, "the count is per type")
}

// TestUploadGrainResumesAfterPassivation: a job's state is in the store,
// so a new activation knows which chunks it still needs.
func TestUploadGrainResumesAfterPassivation(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"}, WithUploadIdle(50*time.Millisecond))
	ann := member(t, db, "ann").GetId()
	data := zipFile(t, ChunkSize+10, 3)
	job := newJob(t, db, ann, "a.zip", len(data), uploadPolicy(0))
	_, err := sendChunk(t, sys, job, data, 1)
	require.NoError(t, err)
	require.Equal(t, 1, sys.UploadActivations())
	require.Eventually(t, func() bool { return sys.UploadActivations() == 0 }, 5*time.Second, 10*time.Millisecond)
	state, err := sys.Uploads().Status(t.Context(), ann, job.ID)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, state.Missing)
	state, err = sendChunk(t, sys, job, data, 0)
	require.NoError(t, err)
	require.NotNil(t, state.Media)
	assert.Equal(t, hexSum(data), state.Media.SHA256)
}

// TestUploadSweep removes abandoned jobs with their chunks.
func TestUploadSweep(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	data := zipFile(t, ChunkSize+10, 4)
	job := newJob(t, db, ann, "a.zip", len(data), uploadPolicy(0))
	_, err := sendChunk(t, sys, job, data, 0)
	require.NoError(t, err)
	n, err := sys.Uploads().Sweep(t.Context(), time.Now())
	require.NoError(t, err)
	assert.Zero(t, n, "an open job stays")
	n, err = sys.Uploads().Sweep(t.Context(), time.Now().Add(UploadTTL+time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, err = sys.Uploads().Blobs().Chunk(t.Context(), job.ID, 0)
	require.ErrorIs(t, err, persistence.ErrNotFound)
	_, err = sendChunk(t, sys, job, data, 1)
	var ue *UploadError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, uploadErrNotFound, ue.Key, "a swept job is gone")
}

// TestUploadDailyCountConcurrentFinishes finishes many jobs of one member
// at once, each on its own grain: the day's count is reserved as each
// finishes, so no more than the maximum are stored and the rest are
// refused with the daily limit.
func TestUploadDailyCountConcurrentFinishes(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	const jobs, limit = 8, 3
	type result struct {
		state UploadState
		err   error
	}
	results := make(chan result, jobs)
	start := make(chan struct{})
	for i := range jobs {
		data := zipFile(t, 200, uint64(100+i))
		job := newJob(t, db, ann, "f"+strconv.Itoa(i)+".zip", len(data), uploadPolicy(limit))
		require.NoError(t, sys.Uploads().Blobs().PutChunk(t.Context(), job.ID, 0, data))
		go func() {
			<-start
			state, err := sys.Uploads().ChunkStored(t.Context(), ChunkStored{UserID: ann, UploadID: job.ID,
				Size: int64(len(data)), FileSize: job.FileSize, TotalChunks: job.TotalChunks})
			results <- result{state, err}
		}()
	}
	close(start)
	stored, refused := 0, 0
	for range jobs {
		r := <-results
		var ue *UploadError
		switch {
		case r.err == nil:
			require.NotNil(t, r.state.Media)
			stored++
		case errors.As(r.err, &ue) && ue.Key == uploadErrDailyLimit:
			assert.Equal(t, int64(limit), ue.Limit)
			refused++
		default:
			t.Fatalf("finish: %v", r.err)
		}
	}
	assert.Equal(t, limit, stored)
	assert.Equal(t, jobs-limit, refused)
	items, err := db.Media().List(t.Context(), persistence.MediaQuery{OwnerID: ann, Limit: 100})
	require.NoError(t, err)
	assert.Len(t, items, limit)
	n, err := db.Media().DailyCount(t.Context(), ann, persistence.MediaAttachment, persistence.Now())
	require.NoError(t, err)
	assert.Equal(t, limit, n)
}

// TestUploadSweepOrphanChunks removes chunks older than the job TTL that
// no job owns, and keeps those of a live job.
func TestUploadSweepOrphanChunks(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	blobs := sys.Uploads().Blobs()
	orphan := db.NewID()
	require.NoError(t, blobs.PutChunk(t.Context(), orphan, 0, []byte("left behind")))
	data := zipFile(t, ChunkSize+10, 5)
	job := newJob(t, db, ann, "a.zip", len(data), uploadPolicy(0))
	_, err := sendChunk(t, sys, job, data, 0)
	require.NoError(t, err)

	n, err := sys.Uploads().Sweep(t.Context(), time.Now())
	require.NoError(t, err)
	assert.Zero(t, n, "young chunks stay, owned or not")
	// A day later the job has been written to (its expiry moved on); the
	// orphaned chunks have not.
	later := time.Now().Add(UploadTTL + time.Minute)
	require.NoError(t, db.Media().RecordChunk(t.Context(), job.ID, persistence.UploadChunk{Index: 0, Size: ChunkSize},
		persistence.Millis(later.Add(UploadTTL))))
	n, err = sys.Uploads().Sweep(t.Context(), later)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the orphaned chunks go")
	_, err = blobs.Chunk(t.Context(), orphan, 0)
	require.ErrorIs(t, err, persistence.ErrNotFound)
	_, err = blobs.Chunk(t.Context(), job.ID, 0)
	require.NoError(t, err, "a live job's chunks stay, however old")
}

// TestUploadStatusFinishesACompleteJob: a job whose every chunk was
// recorded but whose node died before it finished the file is finished
// when asked for its status (the client has nothing left to send).
func TestUploadStatusFinishesACompleteJob(t *testing.T) {
	db := openDB(t)
	sys := startSystem(t, db, cluster.Config{NodeName: "solo"})
	ann := member(t, db, "ann").GetId()
	data := zipFile(t, ChunkSize+10, 6)
	job := newJob(t, db, ann, "a.zip", len(data), uploadPolicy(0))
	for i := range job.TotalChunks {
		chunk := data[i*ChunkSize : min((i+1)*ChunkSize, len(data))]
		require.NoError(t, sys.Uploads().Blobs().PutChunk(t.Context(), job.ID, i, chunk))
		// Recorded by a grain that then died, before finishing.
		require.NoError(t, db.Media().RecordChunk(t.Context(), job.ID, persistence.UploadChunk{Index: i, Size: int64(len(chunk))},
			persistence.Now()+UploadTTL.Milliseconds()))
	}
	state, err := sys.Uploads().Status(t.Context(), ann, job.ID)
	require.NoError(t, err)
	require.NotNil(t, state.Media, "finished on the status call")
	assert.Equal(t, hexSum(data), state.Media.SHA256)
	assert.Empty(t, state.Missing)
}
