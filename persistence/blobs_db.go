package persistence

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
)

// DBBlobs keeps blobs in the database (tables blob_chunks, blob_objects and
// blob_parts): every node of a cluster on one PostgreSQL reads what any node
// wrote. Objects are stored in parts of BlobPartSize and read part by
// part, so neither a write nor a read holds a whole file in memory.
type DBBlobs struct{ db *DB }

var _ Blobs = DBBlobs{}

// Blobs returns the database blob store.
func (db *DB) Blobs() DBBlobs { return DBBlobs{db: db} }

// PutChunk implements Blobs.
func (b DBBlobs) PutChunk(ctx context.Context, upload int64, index int, data []byte) error {
	_, err := b.db.write.ExecContext(ctx, `INSERT INTO blob_chunks (upload_id, chunk_index, data, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (upload_id, chunk_index) DO UPDATE SET data = excluded.data,
		created_at = excluded.created_at`, upload, index, data, Now())
	if err != nil {
		return fmt.Errorf("db blobs: put chunk %d of %d: %w", index, upload, err)
	}
	return nil
}

// Chunk implements Blobs.
func (b DBBlobs) Chunk(ctx context.Context, upload int64, index int) ([]byte, error) {
	var data []byte
	err := b.db.write.QueryRowContext(ctx, `SELECT data FROM blob_chunks WHERE upload_id = $1 AND chunk_index = $2`,
		upload, index).Scan(&data)
	if err != nil {
		return nil, fmt.Errorf("db blobs: chunk %d of %d: %w", index, upload, mapError(err))
	}
	return data, nil
}

// DeleteChunks implements Blobs.
func (b DBBlobs) DeleteChunks(ctx context.Context, upload int64) error {
	if _, err := b.db.write.ExecContext(ctx, `DELETE FROM blob_chunks WHERE upload_id = $1`, upload); err != nil {
		return fmt.Errorf("db blobs: delete chunks of %d: %w", upload, err)
	}
	return nil
}

// StaleChunks implements Blobs.
func (b DBBlobs) StaleChunks(ctx context.Context, before int64, limit int) ([]int64, error) {
	ids, err := queryList(ctx, b.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT upload_id FROM blob_chunks GROUP BY upload_id HAVING MAX(created_at) < $1 ORDER BY upload_id LIMIT $2`,
		before, limit)
	if err != nil {
		return nil, fmt.Errorf("db blobs: stale chunks: %w", err)
	}
	return ids, nil
}

// Put implements Blobs. The parts are written one statement at a time and
// the object row last: until it is there, Open does not see the object.
func (b DBBlobs) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if err := b.Delete(ctx, key); err != nil {
		return 0, err
	}
	buf := make([]byte, BlobPartSize)
	var size int64
	for part := 0; ; part++ {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			if _, err := b.db.write.ExecContext(ctx, `INSERT INTO blob_parts (blob_key, part, data) VALUES ($1, $2, $3)`,
				key, part, buf[:n]); err != nil {
				return 0, fmt.Errorf("db blobs: put %q part %d: %w", key, part, err)
			}
			size += int64(n)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return 0, fmt.Errorf("db blobs: put %q: %w", key, err)
		}
	}
	if _, err := b.db.write.ExecContext(ctx, `INSERT INTO blob_objects (blob_key, size, part_size, created_at)
		VALUES ($1, $2, $3, $4)`, key, size, BlobPartSize, Now()); err != nil {
		return 0, fmt.Errorf("db blobs: put %q: %w", key, err)
	}
	return size, nil
}

// Open implements Blobs.
func (b DBBlobs) Open(ctx context.Context, key string) (Blob, error) {
	o := &dbBlob{db: b.db, ctx: ctx, key: key, part: -1}
	err := b.db.reads.QueryRowContext(ctx, `SELECT size, part_size FROM blob_objects WHERE blob_key = $1`, key).Scan(
		&o.size, &o.partSize)
	if err != nil {
		return nil, fmt.Errorf("db blobs: open %q: %w", key, mapError(err))
	}
	return o, nil
}

// Delete implements Blobs.
func (b DBBlobs) Delete(ctx context.Context, key string) error {
	err := b.db.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM blob_objects WHERE blob_key = $1`, key); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM blob_parts WHERE blob_key = $1`, key)
		return err
	})
	if err != nil {
		return fmt.Errorf("db blobs: delete %q: %w", key, err)
	}
	return nil
}

// dbBlob reads an object part by part, holding one part in memory. Not
// safe for concurrent use.
type dbBlob struct {
	db       *DB
	ctx      context.Context
	key      string
	size     int64
	partSize int64
	off      int64
	part     int64 // the part held in data; -1 for none
	data     []byte
}

func (o *dbBlob) Size() int64 { return o.size }

func (o *dbBlob) Read(p []byte) (int, error) {
	if o.off >= o.size {
		return 0, io.EOF
	}
	part := o.off / o.partSize
	if part != o.part {
		o.data = o.data[:0]
		if err := o.db.reads.QueryRowContext(o.ctx, `SELECT data FROM blob_parts WHERE blob_key = $1 AND part = $2`,
			o.key, part).Scan(&o.data); err != nil {
			return 0, fmt.Errorf("db blobs: read %q part %d: %w", o.key, part, mapError(err))
		}
		o.part = part
	}
	start := o.off - part*o.partSize
	if start >= int64(len(o.data)) {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, o.data[start:])
	o.off += int64(n)
	return n, nil
}

func (o *dbBlob) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += o.off
	case io.SeekEnd:
		offset += o.size
	default:
		return 0, errors.New("db blobs: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("db blobs: negative position")
	}
	o.off = offset
	return offset, nil
}

func (o *dbBlob) Close() error { return nil }

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
