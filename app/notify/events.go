package notify

import "souk/app/action"

// Events describes the inbox events this package writes, for the client's
// generated wire types (souk tstypes).
var Events = []action.Event{
	action.InboxEventOf[notificationEvent](EventNotification, "A new notification for the viewer, with the counters after it."),
	action.InboxEventOf[unreadEvent](EventUnread, "The viewer read something, on any connection: the counters after it; conversation when it was a conversation."),
}
