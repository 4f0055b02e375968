package persistence

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
)

// BlobPartSize is the most bytes a database blob keeps in one row, and the
// size of an upload chunk (SPEC.md §9).
const BlobPartSize = 1 << 20

// Blobs keeps the bytes of uploads: the chunks of jobs in progress, and
// finished files as objects under a key. Implementations are safe for
// concurrent use; putting a chunk or an object again replaces it.
//
// DiskBlobs (a folder) is the single-node default; DBBlobs keeps the bytes
// in the database every node of a cluster shares.
type Blobs interface {
	// PutChunk stores chunk index of upload.
	PutChunk(ctx context.Context, upload int64, index int, data []byte) error
	// Chunk returns chunk index of upload; ErrNotFound when it is missing.
	Chunk(ctx context.Context, upload int64, index int) ([]byte, error)
	// DeleteChunks removes every chunk of upload.
	DeleteChunks(ctx context.Context, upload int64) error
	// StaleChunks returns up to limit uploads holding chunks of which
	// none was put after before (epoch ms).
	StaleChunks(ctx context.Context, before int64, limit int) ([]int64, error)
	// Put stores everything r yields as the object key and returns its size.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open returns the object key for reading, with seeking (ranges);
	// ErrNotFound when there is none.
	Open(ctx context.Context, key string) (Blob, error)
	// Delete removes the object key; removing a missing one is no error.
	Delete(ctx context.Context, key string) error
}

// Blob is a stored object being read. Close it.
type Blob interface {
	io.ReadSeekCloser
	// Size is the object's length in bytes.
	Size() int64
}

// Assemble joins chunks 0..chunks-1 of upload, in order, into the object
// key, streaming them one at a time, and returns its size and SHA-256 (hex).
// The chunks stay: the caller deletes them once the object is accounted for.
func Assemble(ctx context.Context, b Blobs, upload int64, chunks int, key string) (int64, string, error) {
	pr, pw := io.Pipe()
	hash := sha256.New()
	go func() {
		for i := range chunks {
			data, err := b.Chunk(ctx, upload, i)
			if err != nil {
				pw.CloseWithError(fmt.Errorf("chunk %d: %w", i, err))
				return
			}
			if _, err := pw.Write(data); err != nil {
				return
			}
		}
		pw.Close()
	}()
	size, err := b.Put(ctx, key, io.TeeReader(pr, hash))
	pr.CloseWithError(io.ErrClosedPipe)
	if err != nil {
		return 0, "", fmt.Errorf("blobs: assemble upload %d: %w", upload, err)
	}
	return size, hex.EncodeToString(hash.Sum(nil)), nil
}
