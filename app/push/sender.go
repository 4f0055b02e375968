package push

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"souk/persistence"
)

// maxRetryAfter bounds the wait a push service's Retry-After asks for.
const maxRetryAfter = time.Minute

// send pushes body to one device, retrying a push service that answers
// 429 or 5xx or not at all, at most s.attempts times with a doubling wait;
// a device its push service says is gone (404, 410) is removed.
func (s *Service) send(sub persistence.PushSubscription, keys vapidPair, it item, body []byte) {
	wait := s.backoff
	for attempt := 1; ; attempt++ {
		status, retryAfter, err := s.post(sub, keys, it, body)
		switch {
		case err == nil && status >= 200 && status < 300:
			s.stats.Sent.Add(1)
			return
		case err == nil && (status == http.StatusNotFound || status == http.StatusGone):
			s.remove(sub)
			return
		case errors.Is(err, ErrPrivateAddress):
			s.log.Warn("push: the device's push service is on a private address", "subscription", sub.ID)
			s.stats.Failed.Add(1)
			return
		case err == nil && status != http.StatusTooManyRequests && status < 500:
			s.log.Warn("push: refused by the push service", "subscription", sub.ID, "status", status)
			s.stats.Failed.Add(1)
			return
		}
		if attempt >= s.attempts {
			s.log.Warn("push: giving up", "subscription", sub.ID, "status", status, "error", err, "attempts", attempt)
			s.stats.Failed.Add(1)
			return
		}
		select {
		case <-time.After(max(wait, min(retryAfter, maxRetryAfter))):
		case <-s.ctx.Done():
			s.stats.Failed.Add(1)
			return
		}
		wait *= 2
	}
}

// post makes one try: the push service's status and Retry-After.
func (s *Service) post(sub persistence.PushSubscription, keys vapidPair, it item, body []byte) (int, time.Duration, error) {
	ctx, cancel := context.WithTimeout(s.ctx, sendTimeout)
	defer cancel()
	urgency := webpush.UrgencyNormal
	if it.kind == "message" {
		urgency = webpush.UrgencyHigh
	}
	res, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}, &webpush.Options{
		HTTPClient: s.client, Subscriber: s.subscriber, Topic: it.topic, TTL: DefaultTTL, Urgency: urgency,
		VAPIDPublicKey: keys.Public, VAPIDPrivateKey: keys.Private,
	})
	if err != nil {
		return 0, 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	var retryAfter time.Duration
	if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && secs > 0 {
		retryAfter = time.Duration(secs) * time.Second
	}
	return res.StatusCode, retryAfter, nil
}

// remove drops a device its push service says is gone, unless it was
// subscribed again since the push was prepared.
func (s *Service) remove(sub persistence.PushSubscription) {
	ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	if err := s.db.Push().Remove(ctx, sub.ID, sub.UpdatedAt); err != nil {
		s.log.Warn("push: remove a gone device", "subscription", sub.ID, "error", err)
		return
	}
	s.stats.Removed.Add(1)
}
