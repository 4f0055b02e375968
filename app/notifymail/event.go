package notifymail

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"souk/app/internal/notifypref"
	"souk/persistence"
)

// The events that may become emails (souk/app/messages and souk/app/notify
// write them), and the notification type of a mention.
const (
	eventPrivateMessage = "private_message"
	eventNotification   = "notification"
	typeMention         = "mention"
)

// scheduled is an event that may become an email: a job to add.
type scheduled struct {
	job persistence.EmailJob
	at  time.Time // when the event came
}

// Event takes an event routed to a member (the member's session grain
// tells it of each, on the node that owns the session) and, for a private
// message to them or a mention of them, queues the job of the email to
// send if it is still unread after the delay. It never blocks: when the
// queue is full the event is dropped and logged.
func (s *Service) Event(userID int64, action string, data []byte) {
	if s.cfg.Mailer == nil {
		return
	}
	job, ok := jobOf(userID, action, data)
	if !ok {
		return
	}
	select {
	case s.queue <- scheduled{job: job, at: s.now()}:
	default:
		s.log.Warn("notifymail: queue full, event dropped", "user", userID, "kind", job.Kind)
	}
}

// jobOf reads the job an event (action, data) routed to userID calls for;
// false for every other event (the sender's own copy of a message, other
// notifications, counters).
func jobOf(userID int64, action string, data []byte) (persistence.EmailJob, bool) {
	self := strconv.FormatInt(userID, 10)
	switch action {
	case eventPrivateMessage:
		var event struct {
			Message struct {
				ID   string `json:"databaseId"`
				From struct {
					ID string `json:"id"`
				} `json:"from"`
				To struct {
					ID string `json:"id"`
				} `json:"to"`
			} `json:"message"`
		}
		if json.Unmarshal(data, &event) != nil || event.Message.To.ID != self {
			return persistence.EmailJob{}, false
		}
		id, err1 := strconv.ParseInt(event.Message.ID, 10, 64)
		from, err2 := strconv.ParseInt(event.Message.From.ID, 10, 64)
		if err1 != nil || err2 != nil || from == userID {
			return persistence.EmailJob{}, false
		}
		return persistence.EmailJob{UserID: userID, Kind: persistence.EmailMessages, Topic: strconv.FormatInt(from, 10),
			RefID: id}, true
	case eventNotification:
		var event struct {
			Notification struct {
				ID   string `json:"databaseId"`
				Type string `json:"type"`
			} `json:"notification"`
		}
		if json.Unmarshal(data, &event) != nil || event.Notification.Type != typeMention {
			return persistence.EmailJob{}, false
		}
		id, err := strconv.ParseInt(event.Notification.ID, 10, 64)
		if err != nil {
			return persistence.EmailJob{}, false
		}
		return persistence.EmailJob{UserID: userID, Kind: persistence.EmailMentions, RefID: id}, true
	}
	return persistence.EmailJob{}, false
}

// prefKind is the notifypref kind of a job's kind.
func prefKind(jobKind string) notifypref.Kind {
	if jobKind == persistence.EmailMentions {
		return notifypref.Mentions
	}
	return notifypref.Messages
}

// schedule adds the job of one queued event, due after the delay, unless
// the member's or the operators' preferences refuse its kind by email now
// (it is checked again when due).
func (s *Service) schedule(ctx context.Context, ev scheduled) {
	ops, err := s.cfg.Prefs.Operators(ctx)
	if err != nil {
		s.log.Warn("notifymail: read the operators' switches", "error", err)
		ops = notifypref.DefaultOperators()
	}
	kind := prefKind(ev.job.Kind)
	if !ops.Allows(kind, notifypref.Email) {
		return
	}
	prefs, err := s.cfg.Prefs.Get(ctx, ev.job.UserID)
	if err == nil && !prefs.Allows(kind, notifypref.Email) {
		return
	}
	delay := s.cfg.Delay
	if delay <= 0 {
		delay = ops.EmailDelay()
	}
	job := ev.job
	job.DueAt = persistence.Millis(ev.at.Add(delay))
	if _, err := s.db.EmailJobs().Schedule(ctx, &job); err != nil {
		s.log.Warn("notifymail: schedule an email", "user", job.UserID, "kind", job.Kind, "error", err)
	}
}
