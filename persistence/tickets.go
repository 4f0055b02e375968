package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Ticket statuses.
const (
	TicketOpen     = "open"
	TicketAnswered = "answered"
	TicketClosed   = "closed"
)

// ErrTicketLimit is returned by CreateTicket when the member has as many
// open tickets as allowed.
var ErrTicketLimit = errors.New("persistence: too many open tickets")

// Ticket is a member's support request.
type Ticket struct {
	ID     int64
	UserID int64
	// CreationKey is the client's clientId scoped to its member: a retry
	// answers the ticket written the first time.
	CreationKey string
	Subject     string
	Category    string
	// Status is open (waiting for staff), answered or closed.
	Status string
	// LastMessage is an excerpt of the newest message; LastAuthorID its author.
	LastMessage  string
	LastAuthorID int64
	// OwnerReadAt is when the owner last read the thread (epoch ms).
	OwnerReadAt int64
	CreatedAt   int64
	UpdatedAt   int64
}

// TicketMessage is one message of a ticket's thread.
type TicketMessage struct {
	ID          int64
	TicketID    int64
	AuthorID    int64
	CreationKey string
	// Staff is set on an administrator's answer.
	Staff       bool
	Content     string
	Attachments []string
	CreatedAt   int64
}

// TicketsStore keeps the support tickets and their threads.
type TicketsStore struct{ db *DB }

// Tickets returns the tickets store.
func (db *DB) Tickets() TicketsStore { return TicketsStore{db: db} }

const ticketColumns = `id, user_id, creation_key, subject, category, status, last_message, last_author_id,
	owner_read_at, created_at, updated_at`

const ticketMessageColumns = `id, ticket_id, author_id, creation_key, staff, content, attachments, created_at`

func scanTicket(row scanner) (Ticket, error) {
	var t Ticket
	err := row.Scan(&t.ID, &t.UserID, &t.CreationKey, &t.Subject, &t.Category, &t.Status, &t.LastMessage,
		&t.LastAuthorID, &t.OwnerReadAt, &t.CreatedAt, &t.UpdatedAt)
	return t, mapError(err)
}

func scanTicketMessage(row scanner) (TicketMessage, error) {
	var m TicketMessage
	var attachments string
	if err := row.Scan(&m.ID, &m.TicketID, &m.AuthorID, &m.CreationKey, &m.Staff, &m.Content, &attachments,
		&m.CreatedAt); err != nil {
		return m, mapError(err)
	}
	return m, decodeJSON(attachments, &m.Attachments)
}

func insertTicketMessage(ctx context.Context, tx *sql.Tx, m *TicketMessage) error {
	attachments, err := encodeJSON(nonNilSlice(m.Attachments))
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO ticket_messages (`+ticketMessageColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, m.ID, m.TicketID, m.AuthorID, m.CreationKey, m.Staff, m.Content,
		attachments, m.CreatedAt)
	return mapError(err)
}

// CreateTicket writes a ticket t with its first message m in one
// transaction, unless the member already has maxOpen tickets that are not
// closed (ErrTicketLimit). A ticket of the same creation key written before
// is answered instead (created false) with its first message. IDs are
// assigned.
func (s TicketsStore) CreateTicket(ctx context.Context, t *Ticket, m *TicketMessage, maxOpen int) (bool, error) {
	want, first := *t, *m
	created := false
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		*t, *m, created = want, first, false
		old, err := scanTicket(tx.QueryRowContext(ctx, `SELECT `+ticketColumns+` FROM tickets WHERE creation_key = $1`,
			t.CreationKey))
		if err == nil {
			*t = old
			*m, err = scanTicketMessage(tx.QueryRowContext(ctx, `SELECT `+ticketMessageColumns+` FROM ticket_messages
				WHERE ticket_id = $1 ORDER BY id LIMIT 1`, old.ID))
			return err
		}
		if !errors.Is(err, ErrNotFound) {
			return err
		}
		// The member's row is the lock that keeps two creations from both
		// passing the count.
		if _, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = updated_at WHERE id = $1`, t.UserID); err != nil {
			return err
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tickets WHERE user_id = $1 AND status <> $2`,
			t.UserID, TicketClosed).Scan(&open); err != nil {
			return err
		}
		if open >= maxOpen {
			return ErrTicketLimit
		}
		t.ID = s.db.NewID()
		m.ID, m.TicketID = s.db.NewID(), t.ID
		t.Status, t.LastAuthorID, t.UpdatedAt = TicketOpen, m.AuthorID, t.CreatedAt
		if _, err := tx.ExecContext(ctx, `INSERT INTO tickets (`+ticketColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, t.ID, t.UserID, t.CreationKey, t.Subject,
			t.Category, t.Status, t.LastMessage, t.LastAuthorID, t.OwnerReadAt, t.CreatedAt, t.UpdatedAt); err != nil {
			return mapError(err)
		}
		created = true
		return insertTicketMessage(ctx, tx, m)
	})
	if err != nil {
		return false, fmt.Errorf("tickets store: create: %w", err)
	}
	return created, nil
}

// Get returns a ticket, or ErrNotFound.
func (s TicketsStore) Get(ctx context.Context, id int64) (Ticket, error) {
	t, err := scanTicket(s.db.reads.QueryRowContext(ctx, `SELECT `+ticketColumns+` FROM tickets WHERE id = $1`, id))
	if err != nil {
		return t, fmt.Errorf("tickets store: get %d: %w", id, err)
	}
	return t, nil
}

// Reply adds m to its ticket's thread and sets the ticket's status,
// excerpt and time, in one transaction; a closed ticket refuses it
// (ErrConflict). A message of the same creation key written before is
// answered instead (created false). It returns the ticket after.
func (s TicketsStore) Reply(ctx context.Context, m *TicketMessage, status, excerpt string) (Ticket, bool, error) {
	want := *m
	var t Ticket
	created := false
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		*m, created = want, false
		old, err := scanTicketMessage(tx.QueryRowContext(ctx, `SELECT `+ticketMessageColumns+` FROM ticket_messages
			WHERE creation_key = $1`, m.CreationKey))
		switch {
		case err == nil:
			*m = old
		case !errors.Is(err, ErrNotFound):
			return err
		default:
			res, err := tx.ExecContext(ctx, `UPDATE tickets SET status = $2, last_message = $3, last_author_id = $4,
				updated_at = $5 WHERE id = $1 AND status <> $6`, m.TicketID, status, excerpt, m.AuthorID, m.CreatedAt,
				TicketClosed)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				if _, err := scanTicket(tx.QueryRowContext(ctx, `SELECT `+ticketColumns+` FROM tickets WHERE id = $1`,
					m.TicketID)); err != nil {
					return err
				}
				return ErrConflict
			}
			m.ID = s.db.NewID()
			if err := insertTicketMessage(ctx, tx, m); err != nil {
				return err
			}
			created = true
		}
		t, err = scanTicket(tx.QueryRowContext(ctx, `SELECT `+ticketColumns+` FROM tickets WHERE id = $1`, m.TicketID))
		return err
	})
	if err != nil {
		return Ticket{}, false, fmt.Errorf("tickets store: reply to %d: %w", m.TicketID, err)
	}
	return t, created, nil
}

// Close closes a ticket at now; changed is false when it was closed
// already. ErrNotFound when there is no such ticket.
func (s TicketsStore) Close(ctx context.Context, id, now int64) (Ticket, bool, error) {
	var t Ticket
	changed := false
	err := s.db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE tickets SET status = $2, updated_at = $3 WHERE id = $1 AND status <> $2`,
			id, TicketClosed, now)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		changed = n > 0
		t, err = scanTicket(tx.QueryRowContext(ctx, `SELECT `+ticketColumns+` FROM tickets WHERE id = $1`, id))
		return err
	})
	if err != nil {
		return Ticket{}, false, fmt.Errorf("tickets store: close %d: %w", id, err)
	}
	return t, changed, nil
}

// MarkRead records that the owner read the ticket's thread at now.
func (s TicketsStore) MarkRead(ctx context.Context, id, now int64) error {
	_, err := s.db.write.ExecContext(ctx, `UPDATE tickets SET owner_read_at = $2 WHERE id = $1 AND owner_read_at < $2`,
		id, now)
	if err != nil {
		return fmt.Errorf("tickets store: mark %d read: %w", id, err)
	}
	return nil
}

// TicketCursor is where a page of tickets starts: after the ticket updated
// at UpdatedAt with ID (most recently updated first; zero: the first page).
type TicketCursor struct {
	UpdatedAt, ID int64
}

// List returns up to limit tickets, most recently updated first, after the
// cursor: a member's (userID > 0) or everyone's (0), of status ("" all,
// or open, answered or closed; "active" is open and answered).
func (s TicketsStore) List(ctx context.Context, userID int64, status string, after TicketCursor, limit int) ([]Ticket,
	error) {
	if after.UpdatedAt == 0 && after.ID == 0 {
		after.UpdatedAt = 1 << 62
	}
	args := []any{after.UpdatedAt, after.ID, limit}
	where := ``
	if userID > 0 {
		args = append(args, userID)
		where += fmt.Sprintf(` AND user_id = $%d`, len(args))
	}
	switch status {
	case "":
	case "active":
		args = append(args, TicketClosed)
		where += fmt.Sprintf(` AND status <> $%d`, len(args))
	default:
		args = append(args, status)
		where += fmt.Sprintf(` AND status = $%d`, len(args))
	}
	list, err := queryList(ctx, s.db.reads, scanTicket, `SELECT `+ticketColumns+` FROM tickets
		WHERE (updated_at < $1 OR (updated_at = $1 AND id < $2))`+where+`
		ORDER BY updated_at DESC, id DESC LIMIT $3`, args...)
	if err != nil {
		return nil, fmt.Errorf("tickets store: list: %w", err)
	}
	return list, nil
}

// Messages returns up to limit messages of a ticket's thread, oldest
// first, after the message afterID (0: from the first).
func (s TicketsStore) Messages(ctx context.Context, ticketID, afterID int64, limit int) ([]TicketMessage, error) {
	list, err := queryList(ctx, s.db.reads, scanTicketMessage, `SELECT `+ticketMessageColumns+` FROM ticket_messages
		WHERE ticket_id = $1 AND id > $2 ORDER BY id LIMIT $3`, ticketID, afterID, limit)
	if err != nil {
		return nil, fmt.Errorf("tickets store: messages of %d: %w", ticketID, err)
	}
	return list, nil
}

// Staff returns the ids of up to limit administrators, who answer the
// tickets, lowest id first.
func (s TicketsStore) Staff(ctx context.Context, limit int) ([]int64, error) {
	ids, err := queryList(ctx, s.db.reads, func(row scanner) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `SELECT id FROM users WHERE is_admin ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("tickets store: staff: %w", err)
	}
	return ids, nil
}
