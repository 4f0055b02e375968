package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// The kinds of things a member reports (Report.PostType).
const (
	ReportUser           = "user"
	ReportChatMessage    = "chatMessage"
	ReportPrivateMessage = "privateMessage"
	ReportMedia          = "media"
)

// The states of a report.
const (
	ReportOpen     = "open"
	ReportResolved = "resolved"
)

// The resolutions of a report (Report.Resolution).
const (
	ResolutionDismiss       = "dismiss"
	ResolutionDeleteContent = "deleteContent"
	ResolutionWarn          = "warn"
	ResolutionBan           = "ban"
)

// Errors of the reports store.
var (
	// ErrReportLimit is returned by ReportsStore.Create when the reporter
	// made as many reports as the limit allows within the window.
	ErrReportLimit = errors.New("persistence: report limit reached")
	// ErrReportResolved is returned by ReportsStore.Resolve for a report
	// resolved before.
	ErrReportResolved = errors.New("persistence: report already resolved")
)

// Report is a member's report of a member or a piece of content.
type Report struct {
	// ID is the databaseId, time ordered; Create assigns it when 0.
	ID         int64
	ReporterID int64
	// PostType is one of ReportUser, ReportChatMessage,
	// ReportPrivateMessage, ReportMedia; PostID names the thing.
	PostType string
	PostID   int64
	// AuthorID is the member the thing is of (the member reported, the
	// content's author); 0 when there is none.
	AuthorID int64
	// Type is the reason picked from the site's report types.
	Type    string
	Content string
	// Imgs are the ids of the reporter's screenshots (media items).
	Imgs []int64
	// Excerpt is the reported content's text when it was reported ("" for
	// a member or a media item).
	Excerpt string
	// Status is ReportOpen or ReportResolved.
	Status string
	// Resolution is one of the Resolution constants; "" while open.
	Resolution string
	// Note is the administrator's note on the resolution.
	Note string
	// CreatedAt and ResolvedAt are epoch ms; ResolvedAt is 0 while open.
	CreatedAt, ResolvedAt int64
	// ResolvedBy is the administrator who resolved it; 0 while open.
	ResolvedBy int64
}

// ReportsStore keeps the reports and the members' bans.
type ReportsStore struct{ db *DB }

// Reports returns the reports store.
func (db *DB) Reports() ReportsStore { return ReportsStore{db: db} }

const reportColumns = `id, reporter_id, post_type, post_id, author_id, report_type, content, imgs, excerpt, status,
	resolution, note, created_at, resolved_at, resolved_by`

func scanReport(row scanner) (Report, error) {
	var r Report
	var imgs string
	err := row.Scan(&r.ID, &r.ReporterID, &r.PostType, &r.PostID, &r.AuthorID, &r.Type, &r.Content, &imgs, &r.Excerpt,
		&r.Status, &r.Resolution, &r.Note, &r.CreatedAt, &r.ResolvedAt, &r.ResolvedBy)
	if err != nil {
		return r, err
	}
	if err := decodeJSON(imgs, &r.Imgs); err != nil {
		return r, err
	}
	if r.Imgs == nil {
		r.Imgs = []int64{}
	}
	return r, nil
}

// ReportLimit bounds the reports of one member: at most Max created after
// Since (epoch ms).
type ReportLimit struct {
	Max   int
	Since int64
}

// Create stores r as an open report, with the notices (each with its
// inbox writes in writes, for every notice in order) in the same
// transaction. It returns ErrConflict when the reporter has an open
// report of the same thing, and ErrReportLimit when they reached limit.
func (s ReportsStore) Create(ctx context.Context, r *Report, limit ReportLimit, notices []*Notification, writes []InboxWrite) ([]InboxEvent, error) {
	if r.ID == 0 {
		r.ID = s.db.NewID()
	}
	if r.CreatedAt == 0 {
		r.CreatedAt = Now()
	}
	if r.Imgs == nil {
		r.Imgs = []int64{}
	}
	r.Status, r.Resolution, r.ResolvedAt, r.ResolvedBy = ReportOpen, "", 0, 0
	imgs, err := encodeJSON(r.Imgs)
	if err != nil {
		return nil, fmt.Errorf("reports store: create: %w", err)
	}
	var events []InboxEvent
	err = s.db.tx(ctx, func(tx *sql.Tx) error {
		// A no-op write locks the reporter's row until commit, so that two
		// reports of one member at once are counted one after the other
		// (SQLite has one writer anyway).
		if _, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = updated_at WHERE id = $1`, r.ReporterID); err != nil {
			return err
		}
		var made int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM reports WHERE reporter_id = $1 AND created_at > $2`,
			r.ReporterID, limit.Since).Scan(&made); err != nil {
			return err
		}
		if made >= limit.Max {
			return ErrReportLimit
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO reports (`+reportColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
			r.ID, r.ReporterID, r.PostType, r.PostID, r.AuthorID, r.Type, r.Content, imgs, r.Excerpt, r.Status,
			r.Resolution, r.Note, r.CreatedAt, r.ResolvedAt, r.ResolvedBy); err != nil {
			return mapError(err)
		}
		events = events[:0]
		for i, n := range notices {
			created, _, err := createNotification(ctx, s.db, tx, n, writes[i:i+1])
			if err != nil {
				return err
			}
			events = append(events, created...)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reports store: create: %w", err)
	}
	return events, nil
}

// Get returns the report with the id, or ErrNotFound.
func (s ReportsStore) Get(ctx context.Context, id int64) (Report, error) {
	r, err := scanReport(s.db.reads.QueryRowContext(ctx, `SELECT `+reportColumns+` FROM reports WHERE id = $1`, id))
	if err != nil {
		return r, fmt.Errorf("reports store: get %d: %w", id, mapError(err))
	}
	return r, nil
}

// List returns up to limit reports in status, oldest first, after the
// report id after (0: from the oldest).
func (s ReportsStore) List(ctx context.Context, status string, after int64, limit int) ([]Report, error) {
	list, err := queryList(ctx, s.db.reads, scanReport, `SELECT `+reportColumns+` FROM reports
		WHERE status = $1 AND id > $2 ORDER BY id LIMIT $3`, status, after, limit)
	if err != nil {
		return nil, fmt.Errorf("reports store: list: %w", err)
	}
	return list, nil
}

// Resolution is how an administrator resolves a report.
type Resolution struct {
	// Action is one of the Resolution constants.
	Action string
	Note   string
	By     int64
	// At is epoch ms; Resolve sets it when 0.
	At int64
	// Ban, when not 0, is the member banned for good at At in the same
	// transaction, with Note as the reason and By as who banned (a ban in
	// force is kept as it was).
	Ban int64
	// Notice, when not nil, is created with Writes in the same transaction.
	Notice *Notification
	Writes []InboxWrite
}

// Resolve marks the open report id resolved as res says. It returns
// ErrNotFound for no such report and ErrReportResolved for one resolved
// before, changing nothing.
func (s ReportsStore) Resolve(ctx context.Context, id int64, res Resolution) (Report, []InboxEvent, error) {
	if res.At == 0 {
		res.At = Now()
	}
	var events []InboxEvent
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		done, err := tx.ExecContext(ctx, `UPDATE reports SET status = $1, resolution = $2, note = $3, resolved_at = $4,
			resolved_by = $5 WHERE id = $6 AND status = $7`,
			ReportResolved, res.Action, res.Note, res.At, res.By, id, ReportOpen)
		if err != nil {
			return err
		}
		if n, err := done.RowsAffected(); err != nil || n == 0 {
			return errors.Join(errNoChange, err)
		}
		if res.Ban != 0 {
			// A ban from the queue is permanent, its reason the note; a ban
			// in force is kept as it was (an ended one is replaced).
			if _, err := tx.ExecContext(ctx, `UPDATE users SET banned_at = $1, banned_until = 0, ban_reason = $3,
				banned_by = $4 WHERE id = $2 AND NOT `+bannedAt("", "$1"), res.At, res.Ban, res.Note, res.By); err != nil {
				return err
			}
		}
		if res.Notice != nil {
			events, _, err = createNotification(ctx, s.db, tx, res.Notice, res.Writes)
		}
		return err
	})
	if errors.Is(err, errNoChange) {
		r, getErr := s.Get(ctx, id)
		if getErr != nil {
			return Report{}, nil, getErr
		}
		return r, nil, fmt.Errorf("reports store: resolve %d: %w", id, ErrReportResolved)
	}
	if err != nil {
		return Report{}, nil, fmt.Errorf("reports store: resolve %d: %w", id, err)
	}
	r, err := s.Get(ctx, id)
	return r, events, err
}

// BannedAt returns when the member was banned, epoch ms; 0 when they are
// not. A member who does not exist is ErrNotFound.
func (s ReportsStore) BannedAt(ctx context.Context, userID int64) (int64, error) {
	var at int64
	err := s.db.reads.QueryRowContext(ctx, `SELECT banned_at FROM users WHERE id = $1`, userID).Scan(&at)
	if err != nil {
		return 0, fmt.Errorf("reports store: banned at %d: %w", userID, mapError(err))
	}
	return at, nil
}

// Admins returns the ids of the administrators whose ban, if any, is not
// in force.
func (s ReportsStore) Admins(ctx context.Context) ([]int64, error) {
	ids, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT id FROM users WHERE is_admin = $1 AND NOT `+bannedAt("", "$2")+` ORDER BY id`, true, Now())
	if err != nil {
		return nil, fmt.Errorf("reports store: admins: %w", err)
	}
	return ids, nil
}
