package apptest

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
)

// LiveEvent is a live event a feature published.
type LiveEvent struct {
	Channel string
	Event   string
	// Data is the event's data as JSON.
	Data string
}

// LiveRecorder records the live events published instead of sending them
// (a souk/app/internal/live Publisher). It is safe for concurrent use.
type LiveRecorder struct {
	mu     sync.Mutex
	list   []LiveEvent // guarded by mu
	failed bool        // guarded by mu: Publish fails
}

// ErrLiveDown is what Publish returns after Fail.
var ErrLiveDown = errors.New("apptest: live channels down")

// Publish records one event.
func (r *LiveRecorder) Publish(_ context.Context, channel, event string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failed {
		return ErrLiveDown
	}
	r.list = append(r.list, LiveEvent{Channel: channel, Event: event, Data: string(b)})
	return nil
}

// Fail makes every Publish from now on fail.
func (r *LiveRecorder) Fail() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
}

// Take returns the events recorded since the last Take.
func (r *LiveRecorder) Take() []LiveEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.list
	r.list = nil
	return out
}
