package notifymail

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"souk/app/action"
	"souk/app/internal/notifypref"
	"souk/persistence"
)

// How many items an email lists, how far back a digest looks, and how
// long recording what became of a job may take.
const (
	maxItems      = 5
	digestWindow  = 24 * time.Hour
	recordTimeout = 10 * time.Second
)

// outcome is what became of a due job.
type outcome struct {
	state string // persistence.EmailSent, EmailSkipped or EmailFailed; "" when rescheduled
	// dueAt and note reschedule the job when state is "".
	dueAt time.Time
	note  string
	// retry counts the rescheduling as a failed attempt (not quiet hours).
	retry bool
}

// errNothing is a job with nothing left to say.
var errNothing = errors.New("nothing unread")

// run does one claimed job: checks it again, sends it, and records what
// became of it under the job's lease.
func (s *Service) run(ctx context.Context, job persistence.EmailJob) {
	out := s.attempt(ctx, job)
	// What became of it is recorded even when the node is stopping: an
	// email sent is never sent again by another node.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	store := s.db.EmailJobs()
	var err error
	if out.state == "" {
		attempts := job.Attempts
		if out.retry {
			attempts++
			s.log.Info("notifymail: email failed, tried again later", "user", job.UserID, "kind", job.Kind,
				"attempt", attempts, "error", out.note)
		}
		err = store.Reschedule(ctx, job.ID, job.LeaseToken, persistence.Millis(out.dueAt), attempts, out.note)
	} else {
		err = store.Finish(ctx, job.ID, job.LeaseToken, out.state, out.note)
		switch out.state {
		case persistence.EmailSent:
			s.stats.Sent.Add(1)
		case persistence.EmailFailed:
			s.stats.Failed.Add(1)
			s.log.Warn("notifymail: email given up", "user", job.UserID, "kind", job.Kind, "error", out.note)
		case persistence.EmailSkipped:
			s.stats.Skipped.Add(1)
		}
	}
	if err != nil {
		// The lease ran out (another node took the job), or the database
		// is away: the job is done again when due.
		s.log.Warn("notifymail: record an email job", "job", job.ID, "error", err)
	}
}

// attempt checks the job against what is true now and sends its email.
func (s *Service) attempt(ctx context.Context, job persistence.EmailJob) outcome {
	now := s.now()
	u, err := s.db.Users().Get(ctx, job.UserID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return outcome{state: persistence.EmailSkipped, note: "no such member"}
	case err != nil:
		return s.failed(job, now, err)
	case u.Email == "":
		return outcome{state: persistence.EmailSkipped, note: "no address"}
	}
	prefs, err := s.cfg.Prefs.Get(ctx, job.UserID)
	if err != nil {
		return s.failed(job, now, err)
	}
	ops, err := s.cfg.Prefs.Operators(ctx)
	if err != nil {
		return s.failed(job, now, err)
	}
	if !allowed(job.Kind, prefs, ops) {
		return outcome{state: persistence.EmailSkipped, note: "turned off"}
	}
	if prefs.Quiet(now) {
		return outcome{dueAt: prefs.QuietUntil(now), note: "quiet hours"}
	}
	lang, err := s.db.EmailJobs().Lang(ctx, job.UserID)
	if err != nil {
		return s.failed(job, now, err)
	}
	lang = action.NormalizeLang(lang)
	l, err := s.letter(ctx, job, u, lang, now)
	if errors.Is(err, errNothing) {
		return outcome{state: persistence.EmailSkipped, note: err.Error()}
	}
	if err != nil {
		return s.failed(job, now, err)
	}
	email, err := l.email(u.Email)
	if err != nil {
		return outcome{state: persistence.EmailFailed, note: err.Error()}
	}
	sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	if err := s.cfg.Mailer.SendEmail(sendCtx, email); err != nil {
		return s.failed(job, now, err)
	}
	return outcome{state: persistence.EmailSent}
}

// allowed reports whether the member's preferences and the operators'
// switches let a job of this kind go out by email.
func allowed(jobKind string, prefs notifypref.Prefs, ops notifypref.Operators) bool {
	if jobKind == persistence.EmailDigest {
		return prefs.Digest && ops.Digest
	}
	kind := prefKind(jobKind)
	return prefs.Allows(kind, notifypref.Email) && ops.Allows(kind, notifypref.Email)
}

// failed retries the job after a backoff that doubles with each attempt,
// or gives it up after the last.
func (s *Service) failed(job persistence.EmailJob, now time.Time, err error) outcome {
	if job.Attempts+1 >= s.cfg.Attempts {
		return outcome{state: persistence.EmailFailed, note: clipNote(err)}
	}
	wait := s.cfg.Backoff << job.Attempts
	return outcome{dueAt: now.Add(wait), note: clipNote(err), retry: true}
}

// clipNote keeps the start of an error for the job's LastError.
func clipNote(err error) string {
	note := err.Error()
	if len(note) > 500 {
		note = note[:500]
	}
	return note
}

// letter writes what the job's email says, in lang; errNothing when what
// it was for has been read since.
func (s *Service) letter(ctx context.Context, job persistence.EmailJob, u persistence.User, lang string, now time.Time) (letter, error) {
	ln := linksFor(s.cfg.PublicURL, lang)
	t := func(key string, args map[string]any) string { return s.translate(lang, key, args) }
	l := letter{Lang: lang, Greeting: t("email.greeting", map[string]any{"name": u.Name}),
		Reason:      t("email.footer.reason", nil),
		Settings:    link{t("email.footer.settings", nil), ln.page("/account/notification")},
		Unsubscribe: link{t("email.footer.unsubscribe."+job.Kind, nil), ln.unsubscribe(s.tokens.make(u.ID, job.Kind))},
		StopAll:     link{t("email.footer.unsubscribeAll", nil), ln.unsubscribe(s.tokens.make(u.ID, unsubscribeAll))},
	}
	switch job.Kind {
	case persistence.EmailMessages:
		from, err := strconv.ParseInt(job.Topic, 10, 64)
		if err != nil {
			return letter{}, fmt.Errorf("notifymail: job %d: sender %q: %w", job.ID, job.Topic, err)
		}
		count, last, err := s.db.EmailJobs().UnreadFrom(ctx, u.ID, from, job.RefID)
		if err != nil || count == 0 {
			return letter{}, orNothing(err)
		}
		sender, err := s.db.Users().Get(ctx, from)
		if err != nil {
			return letter{}, err
		}
		args := map[string]any{"name": sender.Name, "count": count}
		l.Subject = t("email.message.subject", args)
		l.Intro = t("email.message.intro", args)
		if count > 1 {
			l.Subject, l.Intro = t("email.message.subjectMany", args), t("email.message.introMany", args)
		}
		text := clip(last.Content)
		if text == "" {
			text = t("email.message.image", nil)
		}
		l.Items = []letterItem{{Title: sender.Name, Text: text}}
		l.Button = link{t("email.message.open", nil), ln.page("/messages/" + url.PathEscape(sender.Slug))}
	case persistence.EmailMentions, persistence.EmailDigest:
		types, first, since := []string{typeMention}, job.RefID, int64(0)
		if job.Kind == persistence.EmailDigest {
			types, first, since = nil, 0, persistence.Millis(now.Add(-digestWindow))
		}
		count, list, err := s.db.EmailJobs().UnreadNotifications(ctx, u.ID, types, first, since, maxItems)
		if err != nil || count == 0 {
			return letter{}, orNothing(err)
		}
		items, err := s.notificationItems(ctx, lang, list)
		if err != nil {
			return letter{}, err
		}
		args := map[string]any{"name": items[0].name, "count": count}
		prefix := "email.mention."
		if job.Kind == persistence.EmailDigest {
			prefix = "email.digest."
		}
		l.Subject, l.Intro = t(prefix+"subject", args), t(prefix+"intro", args)
		if count > 1 && job.Kind == persistence.EmailMentions {
			l.Subject, l.Intro = t(prefix+"subjectMany", args), t(prefix+"introMany", args)
		}
		for _, it := range items {
			l.Items = append(l.Items, it.letterItem)
		}
		l.Button = link{t(prefix+"open", nil), ln.page(items[0].path)}
		if count > 1 || job.Kind == persistence.EmailDigest {
			l.Button.URL = ln.page("/notify")
		}
	default:
		return letter{}, fmt.Errorf("notifymail: job %d: unknown kind %q", job.ID, job.Kind)
	}
	return l, nil
}

func orNothing(err error) error {
	if err == nil {
		return errNothing
	}
	return err
}

func (s *Service) translate(lang, key string, args map[string]any) string {
	if s.cfg.Translator == nil {
		return key
	}
	return s.cfg.Translator.Translate(lang, key, args)
}

// notificationItems are the items of notifications, each with who caused
// it and where it leads.
func (s *Service) notificationItems(ctx context.Context, lang string, list []persistence.Notification) ([]notificationItem, error) {
	names := map[int64]string{}
	items := make([]notificationItem, 0, len(list))
	for _, n := range list {
		name, known := names[n.FromID]
		if !known && n.FromID != 0 {
			from, err := s.db.Users().Get(ctx, n.FromID)
			if err != nil && !errors.Is(err, persistence.ErrNotFound) {
				return nil, err
			}
			name, names[n.FromID] = from.Name, from.Name
		}
		items = append(items, notificationItemOf(n, name, func(key string) string {
			return s.translate(lang, key, map[string]any{"name": name, "count": 1})
		}))
	}
	return items, nil
}

// notificationTitles are the notification kinds whose title push has
// written already (push.notification.<kind>); the others read "other".
var notificationTitles = []string{"follow", "mention", "comment", "like", "order", "wallet", "system", "coupon",
	"ticket", "report", "answer", "award", "refund"}

func titleKey(kind string) string {
	if slices.Contains(notificationTitles, kind) {
		return "push.notification." + kind
	}
	return "push.notification.other"
}
