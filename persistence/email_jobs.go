package persistence

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Kinds of an EmailJob.
const (
	// EmailMessages is an email for the unread private messages from one
	// sender (Topic is the sender's id).
	EmailMessages = "messages"
	// EmailMentions is an email for the unread mentions (Topic is "").
	EmailMentions = "mentions"
	// EmailDigest is a day's digest of unread notifications (Topic is the
	// member's local day, YYYY-MM-DD).
	EmailDigest = "digest"
)

// States of an EmailJob.
const (
	EmailPending = "pending"
	EmailSent    = "sent"
	// EmailSkipped is a job that had nothing left to say (read since), or
	// that the member's or the operators' preferences refused.
	EmailSkipped = "skipped"
	// EmailFailed is a job the mail server refused on every attempt.
	EmailFailed = "failed"
)

// EmailJob is one email a node owes a member.
type EmailJob struct {
	// ID is the databaseId; Schedule assigns one.
	ID     int64
	UserID int64
	// Kind is EmailMessages, EmailMentions or EmailDigest; Topic what the
	// kind says it is.
	Kind, Topic string
	// RefID is the first message or notification the email stands for; 0
	// for a digest.
	RefID int64
	State string
	// DueAt is when it is to be sent, epoch ms.
	DueAt    int64
	Attempts int
	// LeaseToken is the token of the node that claimed it last.
	LeaseToken string
	// LastError is the mail server's last refusal, or why it was skipped.
	LastError            string
	CreatedAt, UpdatedAt int64
}

// onceKey is the key that keeps j from doubling (see the migration).
func (j EmailJob) onceKey() string {
	return strconv.FormatInt(j.UserID, 10) + ":" + j.Kind + ":" + j.Topic
}

// EmailJobsStore keeps the emails the nodes owe the members.
type EmailJobsStore struct{ db *DB }

// EmailJobs returns the email jobs store.
func (db *DB) EmailJobs() EmailJobsStore { return EmailJobsStore{db: db} }

const emailJobColumns = `id, user_id, kind, topic, ref_id, state, due_at, attempts, lease_token, last_error, created_at, updated_at`

func scanEmailJob(row scanner) (EmailJob, error) {
	var j EmailJob
	err := row.Scan(&j.ID, &j.UserID, &j.Kind, &j.Topic, &j.RefID, &j.State, &j.DueAt, &j.Attempts, &j.LeaseToken,
		&j.LastError, &j.CreatedAt, &j.UpdatedAt)
	return j, err
}

// Schedule adds j (its UserID, Kind, Topic, RefID and DueAt) as a pending
// job and reports whether it did: not when a job of the same member, kind
// and topic is pending already (the email to come covers j too), nor for a
// digest of a day that has one. j's ID, State and times are set when added.
func (s EmailJobsStore) Schedule(ctx context.Context, j *EmailJob) (bool, error) {
	now := Now()
	id := s.db.NewID()
	res, err := s.db.write.ExecContext(ctx, `INSERT INTO email_jobs (id, user_id, kind, topic, ref_id, once_key, state,
			due_at, attempts, lease_until, lease_token, last_error, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, '', '', $9, $9)
		ON CONFLICT (once_key) DO NOTHING`,
		id, j.UserID, j.Kind, j.Topic, j.RefID, j.onceKey(), EmailPending, j.DueAt, now)
	if err != nil {
		return false, fmt.Errorf("email jobs store: schedule: %w", mapError(err))
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	j.ID, j.State, j.CreatedAt, j.UpdatedAt = id, EmailPending, now, now
	return true, nil
}

// Claim leases up to limit pending jobs due at now (whose lease, if any,
// ran out) to token until leaseUntil, earliest first, in one statement: a
// job is claimed by one caller at a time, whatever node it runs on.
func (s EmailJobsStore) Claim(ctx context.Context, now, leaseUntil int64, token string, limit int) ([]EmailJob, error) {
	// The outer conditions are checked again on a row another node
	// updated meanwhile, so a job taken since is left alone.
	jobs, err := queryList(ctx, s.db.write, scanEmailJob, `UPDATE email_jobs SET lease_until = $1, lease_token = $2
		WHERE id IN (SELECT id FROM email_jobs WHERE state = $3 AND due_at <= $4 AND lease_until < $4
				ORDER BY due_at LIMIT $5)
			AND state = $3 AND due_at <= $4 AND lease_until < $4
		RETURNING `+emailJobColumns, leaseUntil, token, EmailPending, now, limit)
	if err != nil {
		return nil, fmt.Errorf("email jobs store: claim: %w", mapError(err))
	}
	return jobs, nil
}

// Finish ends job id, claimed with token, in state (EmailSent,
// EmailSkipped or EmailFailed) with note as its LastError; ErrNotFound
// when the lease went to another node since. A messages or mentions job
// gives its once key back: the next event schedules a new email.
func (s EmailJobsStore) Finish(ctx context.Context, id int64, token, state, note string) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE email_jobs SET state = $1, last_error = $2, lease_until = 0,
			updated_at = $3, once_key = CASE WHEN kind = $4 THEN once_key ELSE NULL END
		WHERE id = $5 AND lease_token = $6 AND state = $7`,
		state, note, Now(), EmailDigest, id, token, EmailPending)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("email jobs store: finish %d: %w", id, mapError(err))
	}
	return nil
}

// Reschedule gives job id, claimed with token, back as due at dueAt with
// attempts and note as its LastError (a failed attempt, or the member's
// quiet hours); ErrNotFound when the lease went to another node since.
func (s EmailJobsStore) Reschedule(ctx context.Context, id int64, token string, dueAt int64, attempts int, note string) error {
	res, err := s.db.write.ExecContext(ctx, `UPDATE email_jobs SET due_at = $1, attempts = $2, last_error = $3,
			lease_until = 0, updated_at = $4
		WHERE id = $5 AND lease_token = $6 AND state = $7`,
		dueAt, attempts, note, Now(), id, token, EmailPending)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("email jobs store: reschedule %d: %w", id, mapError(err))
	}
	return nil
}

// Prune deletes the jobs that ended before before (epoch ms) and returns
// how many it deleted.
func (s EmailJobsStore) Prune(ctx context.Context, before int64) (int64, error) {
	res, err := s.db.write.ExecContext(ctx, `DELETE FROM email_jobs WHERE state <> $1 AND updated_at < $2`,
		EmailPending, before)
	if err != nil {
		return 0, fmt.Errorf("email jobs store: prune: %w", mapError(err))
	}
	return res.RowsAffected()
}

// ListForMember returns the member's jobs, the newest first.
func (s EmailJobsStore) ListForMember(ctx context.Context, userID int64) ([]EmailJob, error) {
	jobs, err := queryList(ctx, s.db.reads, scanEmailJob, `SELECT `+emailJobColumns+` FROM email_jobs
		WHERE user_id = $1 ORDER BY id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("email jobs store: list: %w", err)
	}
	return jobs, nil
}

// Lang is the language of the member's most recently subscribed push
// device, the only language the site keeps for a member; "" when they have
// none.
func (s EmailJobsStore) Lang(ctx context.Context, userID int64) (string, error) {
	var lang string
	err := s.db.reads.QueryRowContext(ctx, `SELECT lang FROM push_subscriptions WHERE user_id = $1
		ORDER BY updated_at DESC, id DESC LIMIT 1`, userID).Scan(&lang)
	switch err = mapError(err); err {
	case nil, ErrNotFound:
		return lang, nil
	}
	return "", fmt.Errorf("email jobs store: lang: %w", err)
}

// UnreadFrom returns how many standing private messages from fromID to
// userID with an id of at least firstID are unread, and the newest of them.
func (s EmailJobsStore) UnreadFrom(ctx context.Context, userID, fromID, firstID int64) (int, PrivateMessage, error) {
	list, err := queryList(ctx, s.db.reads, func(row scanner) (PrivateMessage, error) { return scanMessage(row) },
		`SELECT `+messageColumns+` FROM private_messages
		WHERE to_id = $1 AND from_id = $2 AND id >= $3 AND read_at = 0 AND deleted_at = 0 ORDER BY id DESC LIMIT 1`,
		userID, fromID, firstID)
	if err != nil || len(list) == 0 {
		return 0, PrivateMessage{}, wrapEmailRead("unread messages", err)
	}
	var n int
	err = s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM private_messages
		WHERE to_id = $1 AND from_id = $2 AND id >= $3 AND read_at = 0 AND deleted_at = 0`,
		userID, fromID, firstID).Scan(&n)
	if err != nil {
		return 0, PrivateMessage{}, wrapEmailRead("unread messages", err)
	}
	return n, list[0], nil
}

// UnreadNotifications returns how many of the member's notifications are
// unread among those of the types (every type when none) with an id of at
// least firstID created at since (epoch ms) or later, and the newest limit
// of them, the newest first.
func (s EmailJobsStore) UnreadNotifications(ctx context.Context, userID int64, types []string, firstID, since int64, limit int) (int, []Notification, error) {
	where, args := `to_id = $1 AND read_at = 0 AND id >= $2 AND created_at >= $3`, []any{userID, firstID, since}
	if len(types) > 0 {
		marks := make([]string, len(types))
		for i, t := range types {
			args = append(args, t)
			marks[i] = "$" + strconv.Itoa(len(args))
		}
		where += ` AND type IN (` + strings.Join(marks, ", ") + `)`
	}
	var n int
	if err := s.db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE `+where, args...).Scan(&n); err != nil {
		return 0, nil, wrapEmailRead("unread notifications", err)
	}
	if n == 0 {
		return 0, nil, nil
	}
	list, err := queryList(ctx, s.db.reads, scanNotification, `SELECT `+notificationColumns+` FROM notifications
		WHERE `+where+` ORDER BY id DESC LIMIT $`+strconv.Itoa(len(args)+1), append(args, limit)...)
	if err != nil {
		return 0, nil, wrapEmailRead("unread notifications", err)
	}
	return n, list, nil
}

func wrapEmailRead(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("email jobs store: %s: %w", what, mapError(err))
}
