package persistence

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// blobKey is the shape of an object key: path segments of letters,
// digits, '.', '_' and '-' (never "..": a segment starts with a letter or digit).
var blobKey = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,3}$`)

// DiskBlobs keeps blobs as files under a folder: chunks/<upload>/<index>
// and objects/<key>. Files are written to a temporary name and renamed,
// so a reader never sees half a file. It serves one node: a cluster needs
// DBBlobs (or a shared object store).
type DiskBlobs struct{ dir string }

var _ Blobs = (*DiskBlobs)(nil)

// NewDiskBlobs keeps blobs under dir, creating it if missing.
func NewDiskBlobs(dir string) (*DiskBlobs, error) {
	for _, sub := range []string{"chunks", "objects", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o750); err != nil {
			return nil, fmt.Errorf("disk blobs: %w", err)
		}
	}
	return &DiskBlobs{dir: dir}, nil
}

func (d *DiskBlobs) chunkDir(upload int64) string {
	return filepath.Join(d.dir, "chunks", strconv.FormatInt(upload, 10))
}

func (d *DiskBlobs) objectPath(key string) (string, error) {
	if !blobKey.MatchString(key) {
		return "", fmt.Errorf("disk blobs: bad key %q", key)
	}
	return filepath.Join(d.dir, "objects", filepath.FromSlash(key)), nil
}

// writeFile writes r to path through a temporary file and a rename.
func (d *DiskBlobs) writeFile(path string, r io.Reader) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Join(d.dir, "tmp"), "blob-*")
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(tmp, r)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return 0, err
	}
	return n, nil
}

// PutChunk implements Blobs.
func (d *DiskBlobs) PutChunk(_ context.Context, upload int64, index int, data []byte) error {
	path := filepath.Join(d.chunkDir(upload), strconv.Itoa(index))
	if _, err := d.writeFile(path, bytesReader(data)); err != nil {
		return fmt.Errorf("disk blobs: put chunk %d of %d: %w", index, upload, err)
	}
	return nil
}

// Chunk implements Blobs.
func (d *DiskBlobs) Chunk(_ context.Context, upload int64, index int) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(d.chunkDir(upload), strconv.Itoa(index)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("disk blobs: chunk %d of %d: %w", index, upload, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("disk blobs: chunk %d of %d: %w", index, upload, err)
	}
	return data, nil
}

// DeleteChunks implements Blobs.
func (d *DiskBlobs) DeleteChunks(_ context.Context, upload int64) error {
	if err := os.RemoveAll(d.chunkDir(upload)); err != nil {
		return fmt.Errorf("disk blobs: delete chunks of %d: %w", upload, err)
	}
	return nil
}

// StaleChunks implements Blobs: the uploads whose chunk folder (changed
// by every chunk put) was last changed before before.
func (d *DiskBlobs) StaleChunks(_ context.Context, before int64, limit int) ([]int64, error) {
	entries, err := os.ReadDir(filepath.Join(d.dir, "chunks"))
	if err != nil {
		return nil, fmt.Errorf("disk blobs: stale chunks: %w", err)
	}
	var ids []int64
	for _, e := range entries {
		if len(ids) >= limit {
			break
		}
		id, err := strconv.ParseInt(e.Name(), 10, 64)
		if err != nil || !e.IsDir() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		if Millis(info.ModTime()) < before {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Put implements Blobs.
func (d *DiskBlobs) Put(_ context.Context, key string, r io.Reader) (int64, error) {
	path, err := d.objectPath(key)
	if err != nil {
		return 0, err
	}
	n, err := d.writeFile(path, r)
	if err != nil {
		return 0, fmt.Errorf("disk blobs: put %q: %w", key, err)
	}
	return n, nil
}

// Open implements Blobs.
func (d *DiskBlobs) Open(_ context.Context, key string) (Blob, error) {
	path, err := d.objectPath(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("disk blobs: open %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("disk blobs: open %q: %w", key, err)
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("disk blobs: open %q: %w", key, err)
	}
	return fileBlob{File: f, size: info.Size()}, nil
}

// Delete implements Blobs.
func (d *DiskBlobs) Delete(_ context.Context, key string) error {
	path, err := d.objectPath(key)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("disk blobs: delete %q: %w", key, err)
	}
	return nil
}

type fileBlob struct {
	*os.File
	size int64
}

func (f fileBlob) Size() int64 { return f.size }
