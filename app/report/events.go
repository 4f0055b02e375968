package report

import "souk/app/action"

// EventQueue is the live event of the moderation queue.
const EventQueue = "report_queue"

// Operations of a report_queue event.
const (
	QueueAdded    = "added"
	QueueResolved = "resolved"
)

// QueueEvent is the data of a report_queue event.
type QueueEvent struct {
	Op     string `json:"op" doc:"added: a new open report; resolved: a report left the open queue"`
	Report Report `json:"report"`
}

// Events describes the live events this package sends (not stored in the
// inbox: no seq), for the client's generated wire types (souk tstypes).
var Events = []action.Event{
	action.EventOf[QueueEvent](EventQueue, "The moderation queue changed, on every administrator's connections: a report was added or resolved."),
}
