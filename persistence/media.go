package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Media types an upload is sorted into (SPEC.md §6).
const (
	MediaImage      = "image"
	MediaVideo      = "video"
	MediaAudio      = "audio"
	MediaAttachment = "attachment"
)

// MediaTypes are every media type, in the order the settings list them.
var MediaTypes = []string{MediaImage, MediaVideo, MediaAudio, MediaAttachment}

// Statuses of a media item. An item is only ever stored ready (its upload
// job holds the uploading state); a deleted one keeps its row for the
// daily count.
const (
	MediaReady   = "ready"
	MediaDeleted = "deleted"
)

// ErrTooManyUploads is returned when a member already has as many open
// upload jobs as CreateJob allows.
var ErrTooManyUploads = errors.New("persistence: too many open uploads")

// MediaItem is an uploaded file.
type MediaItem struct {
	ID      int64
	OwnerID int64
	// Type is one of MediaTypes.
	Type     string
	Title    string
	Caption  string
	AltText  string
	FileName string
	// MimeType is the type sniffed from the bytes, never the client's word.
	MimeType string
	FileSize int64
	// Width and Height are an image's pixels; 0 for other types.
	Width, Height int
	// SHA256 is the hex digest of the stored bytes.
	SHA256 string
	// StorageKey names the object in the blob store.
	StorageKey string
	Status     string
	CreatedAt  int64
}

// UploadPolicy is what a member may upload, fixed when the upload job is
// created (rights, accept list and size limits as they were then), so that
// whichever node finishes the job applies the same rules.
type UploadPolicy struct {
	// Types holds each media type the site accepts; a type missing is refused.
	Types map[string]UploadTypePolicy `json:"types"`
}

// UploadTypePolicy is the policy of one media type.
type UploadTypePolicy struct {
	// Can is the member's right to upload the type at all.
	Can bool `json:"can"`
	// MaxPerDay is how many items of the type a member may upload per UTC
	// day; 0 means unlimited.
	MaxPerDay int `json:"maxPerDay"`
	// MaxBytes is the largest file accepted; 0 means none is.
	MaxBytes int64 `json:"maxBytes"`
	// Mimes and Exts are the accept list (settings.file_mimes).
	Mimes []string `json:"mimes"`
	Exts  []string `json:"exts"`
}

// UploadJob is a chunked upload in progress.
type UploadJob struct {
	ID          int64
	OwnerID     int64
	FileName    string
	FileSize    int64
	TotalChunks int
	Policy      UploadPolicy
	CreatedAt   int64
	UpdatedAt   int64
	// ExpiresAt is when an unfinished job is swept away with its chunks.
	ExpiresAt int64
}

// UploadChunk is a chunk an upload job has received and stored.
type UploadChunk struct {
	Index int
	Size  int64
}

// MediaQuery selects items for the library.
type MediaQuery struct {
	// OwnerID limits the list to one member's items; 0 lists everyone's.
	OwnerID int64
	// Kinds keeps items whose MIME type, or media type, is one of these
	// (e.g. "image/png" or "video"); empty keeps every item.
	Kinds []string
	// Before lists items with ids below it (the cursor); 0 starts at the newest.
	Before int64
	// Limit bounds the list.
	Limit int
}

// MediaStore keeps media items and their upload jobs.
type MediaStore struct{ db *DB }

// Media returns the media store.
func (db *DB) Media() MediaStore { return MediaStore{db: db} }

const mediaColumns = `id, owner_id, media_type, title, caption, alt_text, file_name, mime_type, file_size,
	width, height, sha256, storage_key, status, created_at`

func scanMediaItem(row scanner) (MediaItem, error) {
	var m MediaItem
	err := row.Scan(&m.ID, &m.OwnerID, &m.Type, &m.Title, &m.Caption, &m.AltText, &m.FileName, &m.MimeType,
		&m.FileSize, &m.Width, &m.Height, &m.SHA256, &m.StorageKey, &m.Status, &m.CreatedAt)
	return m, err
}

// CreateJob stores a new upload job, unless its owner already has maxOpen
// unexpired jobs (ErrTooManyUploads).
func (s MediaStore) CreateJob(ctx context.Context, job UploadJob, maxOpen int) error {
	policy, err := encodeJSON(job.Policy)
	if err != nil {
		return fmt.Errorf("media store: create job: %w", err)
	}
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM upload_jobs WHERE owner_id = $1 AND expires_at > $2`,
			job.OwnerID, Now()).Scan(&open); err != nil {
			return err
		}
		if open >= maxOpen {
			return ErrTooManyUploads
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO upload_jobs (id, owner_id, file_name, file_size, total_chunks, policy,
			created_at, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
			job.ID, job.OwnerID, job.FileName, job.FileSize, job.TotalChunks, policy, job.CreatedAt, job.ExpiresAt)
		return mapError(err)
	})
	if err != nil {
		return fmt.Errorf("media store: create job: %w", err)
	}
	return nil
}

// Job returns the upload job id of ownerID with the chunks it has
// received, in index order; ErrNotFound when there is none.
func (s MediaStore) Job(ctx context.Context, ownerID, id int64) (UploadJob, []UploadChunk, error) {
	var job UploadJob
	var policy string
	err := s.db.write.QueryRowContext(ctx, `SELECT id, owner_id, file_name, file_size, total_chunks, policy,
		created_at, updated_at, expires_at FROM upload_jobs WHERE id = $1 AND owner_id = $2`, id, ownerID).Scan(
		&job.ID, &job.OwnerID, &job.FileName, &job.FileSize, &job.TotalChunks, &policy,
		&job.CreatedAt, &job.UpdatedAt, &job.ExpiresAt)
	if err != nil {
		return UploadJob{}, nil, fmt.Errorf("media store: job %d: %w", id, mapError(err))
	}
	if err := decodeJSON(policy, &job.Policy); err != nil {
		return UploadJob{}, nil, fmt.Errorf("media store: job %d: %w", id, err)
	}
	rows, err := s.db.write.QueryContext(ctx, `SELECT chunk_index, size FROM upload_chunks WHERE upload_id = $1
		ORDER BY chunk_index`, id)
	if err != nil {
		return UploadJob{}, nil, fmt.Errorf("media store: job %d: %w", id, err)
	}
	defer rows.Close()
	var chunks []UploadChunk
	for rows.Next() {
		var c UploadChunk
		if err := rows.Scan(&c.Index, &c.Size); err != nil {
			return UploadJob{}, nil, fmt.Errorf("media store: job %d: %w", id, err)
		}
		chunks = append(chunks, c)
	}
	if err := rows.Err(); err != nil {
		return UploadJob{}, nil, fmt.Errorf("media store: job %d: %w", id, err)
	}
	return job, chunks, nil
}

// RecordChunk records that job id holds chunk c (recording it twice does
// nothing) and moves the job's expiry to expiresAt.
func (s MediaStore) RecordChunk(ctx context.Context, id int64, c UploadChunk, expiresAt int64) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		now := Now()
		res, err := tx.ExecContext(ctx, `UPDATE upload_jobs SET updated_at = $2, expires_at = $3 WHERE id = $1`, id, now, expiresAt)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, ErrNotFound)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO upload_chunks (upload_id, chunk_index, size, received_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (upload_id, chunk_index) DO NOTHING`, id, c.Index, c.Size, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("media store: record chunk %d of %d: %w", c.Index, id, err)
	}
	return nil
}

// ErrDailyLimit is returned by Finish when the owner already uploaded the
// day's maximum of the item's type.
var ErrDailyLimit = errors.New("persistence: daily upload limit reached")

// dayMillis is a UTC day in epoch ms.
const dayMillis = 24 * 60 * 60 * 1000

// DayOf is the start of the UTC day of the epoch ms t.
func DayOf(t int64) int64 { return t - ((t%dayMillis)+dayMillis)%dayMillis }

// Finish stores item (its id is its upload job's), counts it in its
// owner's uploads of the day, and removes the job and its chunk records,
// in one transaction. With maxPerDay > 0 the count is reserved only while
// it is below maxPerDay (a conditional upsert the database applies one at
// a time per member, type and day), else nothing is stored and the error
// is ErrDailyLimit. Finishing twice stores and counts one item.
func (s MediaStore) Finish(ctx context.Context, item MediaItem, maxPerDay int) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		stored, err := insertItem(ctx, tx, item)
		if err != nil {
			return err
		}
		if stored {
			res, err := tx.ExecContext(ctx, `INSERT INTO media_daily (owner_id, media_type, day, count) VALUES ($1, $2, $3, 1)
				ON CONFLICT (owner_id, day, media_type) DO UPDATE SET count = media_daily.count + 1
				WHERE $4 <= 0 OR media_daily.count < $4`, item.OwnerID, item.Type, DayOf(item.CreatedAt), maxPerDay)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return errors.Join(err, ErrDailyLimit)
			}
		}
		return deleteJob(ctx, tx, item.ID)
	})
	if err != nil {
		return fmt.Errorf("media store: finish %d: %w", item.ID, err)
	}
	return nil
}

// Insert stores an item the server made (an avatar): it is not counted
// in its owner's daily uploads.
func (s MediaStore) Insert(ctx context.Context, item MediaItem) error {
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		_, err := insertItem(ctx, tx, item)
		return err
	})
	if err != nil {
		return fmt.Errorf("media store: insert %d: %w", item.ID, err)
	}
	return nil
}

// insertItem stores item unless its id is taken, and says whether it did.
func insertItem(ctx context.Context, tx *sql.Tx, item MediaItem) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO media_items (`+mediaColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
		item.ID, item.OwnerID, item.Type, item.Title, item.Caption, item.AltText, item.FileName, item.MimeType,
		item.FileSize, item.Width, item.Height, item.SHA256, item.StorageKey, item.Status, item.CreatedAt)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// JobExists says whether upload job id exists (expired or not).
func (s MediaStore) JobExists(ctx context.Context, id int64) (bool, error) {
	var n int
	err := s.db.write.QueryRowContext(ctx, `SELECT COUNT(*) FROM upload_jobs WHERE id = $1`, id).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("media store: job exists %d: %w", id, err)
	}
	return n > 0, nil
}

// DeleteJob removes upload job id and its chunk records.
func (s MediaStore) DeleteJob(ctx context.Context, id int64) error {
	if err := s.db.tx(ctx, func(tx *sql.Tx) error { return deleteJob(ctx, tx, id) }); err != nil {
		return fmt.Errorf("media store: delete job %d: %w", id, err)
	}
	return nil
}

func deleteJob(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM upload_chunks WHERE upload_id = $1`, id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM upload_jobs WHERE id = $1`, id)
	return err
}

// ExpiredJobs returns up to limit ids of upload jobs that expired before now.
func (s MediaStore) ExpiredJobs(ctx context.Context, now int64, limit int) ([]int64, error) {
	ids, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT id FROM upload_jobs WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("media store: expired jobs: %w", err)
	}
	return ids, nil
}

// Item returns a ready media item; ErrNotFound when there is none (or it
// was deleted).
func (s MediaStore) Item(ctx context.Context, id int64) (MediaItem, error) {
	m, err := scanMediaItem(s.db.reads.QueryRowContext(ctx, `SELECT `+mediaColumns+` FROM media_items
		WHERE id = $1 AND status = $2`, id, MediaReady))
	if err != nil {
		return MediaItem{}, fmt.Errorf("media store: item %d: %w", id, mapError(err))
	}
	return m, nil
}

// List returns the ready items q selects, the newest first.
func (s MediaStore) List(ctx context.Context, q MediaQuery) ([]MediaItem, error) {
	var where strings.Builder
	args := []any{MediaReady}
	where.WriteString(`status = $1`)
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if q.OwnerID != 0 {
		where.WriteString(` AND owner_id = ` + arg(q.OwnerID))
	}
	if q.Before > 0 {
		where.WriteString(` AND id < ` + arg(q.Before))
	}
	if len(q.Kinds) > 0 {
		var mimes, types []string
		for _, k := range q.Kinds {
			p := arg(k)
			if strings.Contains(k, "/") {
				mimes = append(mimes, p)
			} else {
				types = append(types, p)
			}
		}
		var or []string
		if len(mimes) > 0 {
			or = append(or, `mime_type IN (`+strings.Join(mimes, ", ")+`)`)
		}
		if len(types) > 0 {
			or = append(or, `media_type IN (`+strings.Join(types, ", ")+`)`)
		}
		where.WriteString(` AND (` + strings.Join(or, " OR ") + `)`)
	}
	limit := arg(q.Limit)
	items, err := queryList(ctx, s.db.reads, scanMediaItem, `SELECT `+mediaColumns+` FROM media_items WHERE `+
		where.String()+` ORDER BY id DESC LIMIT `+limit, args...)
	if err != nil {
		return nil, fmt.Errorf("media store: list: %w", err)
	}
	return items, nil
}

// Delete marks the ready items of ids deleted, only those of ownerID
// unless ownerID is 0 (an admin), and returns the items it deleted (their
// blobs are the caller's to remove).
func (s MediaStore) Delete(ctx context.Context, ids []int64, ownerID int64) ([]MediaItem, error) {
	var deleted []MediaItem
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		deleted = deleted[:0]
		for _, id := range ids {
			m, err := scanMediaItem(tx.QueryRowContext(ctx, `SELECT `+mediaColumns+` FROM media_items
				WHERE id = $1 AND status = $2`, id, MediaReady))
			if errors.Is(err, sql.ErrNoRows) || (err == nil && ownerID != 0 && m.OwnerID != ownerID) {
				continue
			}
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE media_items SET status = $2 WHERE id = $1`, id, MediaDeleted); err != nil {
				return err
			}
			m.Status = MediaDeleted
			deleted = append(deleted, m)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("media store: delete: %w", err)
	}
	return deleted, nil
}

// DailyCount is how many uploads of mediaType ownerID made since the
// epoch ms since (a day's start), deleted items included.
func (s MediaStore) DailyCount(ctx context.Context, ownerID int64, mediaType string, since int64) (int, error) {
	var n int
	err := s.db.write.QueryRowContext(ctx, `SELECT COALESCE(SUM(count), 0) FROM media_daily WHERE owner_id = $1
		AND media_type = $2 AND day >= $3`, ownerID, mediaType, DayOf(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("media store: daily count: %w", err)
	}
	return n, nil
}

// DailyCounts is how many uploads of each media type ownerID made in the
// UTC day of the epoch ms day, in one grouped query; a type without
// uploads is absent.
func (s MediaStore) DailyCounts(ctx context.Context, ownerID int64, day int64) (map[string]int, error) {
	rows, err := s.db.reads.QueryContext(ctx, `SELECT media_type, SUM(count) FROM media_daily WHERE owner_id = $1
		AND day = $2 GROUP BY media_type`, ownerID, DayOf(day))
	if err != nil {
		return nil, fmt.Errorf("media store: daily counts: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var t string
		var n int
		if err := rows.Scan(&t, &n); err != nil {
			return nil, fmt.Errorf("media store: daily counts: %w", err)
		}
		out[t] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("media store: daily counts: %w", err)
	}
	return out, nil
}

// PruneDaily removes the daily counts of days before the epoch ms before.
func (s MediaStore) PruneDaily(ctx context.Context, before int64) error {
	if _, err := s.db.write.ExecContext(ctx, `DELETE FROM media_daily WHERE day < $1`, before); err != nil {
		return fmt.Errorf("media store: prune daily: %w", err)
	}
	return nil
}
