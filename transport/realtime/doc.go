// Package realtime is the realtime protocol on /api/ws (chat rooms and
// member events), a souk/transport/ws Handler. Frames are
// {"action": "...", "data": {...}}.
//
// The socket's own frames (connect, resume_inbox, leave_room: Frames) are handled
// here: they authenticate the connection and start or stop its streams.
// Every other frame is a command, run through the action registry
// (souk/app/action) with the socket's viewer and language, like an HTTP
// action: its validation, rights, refusals and idempotency live in its
// feature package. A command that succeeds is answered by the event
// Events names for it (chat_room: chat_ack, show_room: show_room); a
// join_room's reply subscribes the connection to the room. Events lists
// every event the server sends, with the Go type of its data.
//
// Sent by the client:
//
//	connect     {"userId": "42", "signature": "…", "timestamp": "1700000000", "inboxSeq": 17}
//	            the viewer's gqUserSocketToken; answered with connect {"userId"}.
//	            inboxSeq is the last inbox seq the client holds: every inbox
//	            event after it is sent first, from the database, then the
//	            live ones, each once and in order, and inbox_synced tells
//	            where the replay ended. Without inboxSeq only live events
//	            follow (inbox_synced gives the starting point). A replay
//	            reaches back no further than InboxReplayGrace before the
//	            token was issued: from further back, inbox_reset.
//	resume_inbox {"lastSeq": 17}  on a connected socket: the same replay again
//	join_room   {"room": "chat", "user": "42", "signature": "…", "timestamp": "…", "lastSeq": 120}
//	            signature/timestamp are the socket token again (not needed
//	            after connect); lastSeq is the last seq the client holds:
//	            every event after it is sent first, from the database, then
//	            the live ones, each once and in order. Without lastSeq only
//	            live events follow. Answered with join_success (self: true).
//	show_room   {"room": "chat"}  answered with show_room
//	chat_room   {"room": "chat", "message": "hi", "clientId": "c-1"}
//	            clientId is the idempotency key of the send: a resend after a
//	            lost answer is answered the same way and not stored twice.
//	            Answered with chat_ack; the message itself comes as chat_room.
//	delete_chat {"id": "…", "signature": "…", "timestamp": "…"}  from utils.chatDelete
//	leave_room  {"room": "chat"}
//	watch       {"channel": "topic:42"}  a member's socket watches a page's live
//	            channel (node:<id>, topic:<id>, article:<id>, product:<id> or
//	            feed), any socket (a guest's too, without connect) the site's
//	            (site); at most MaxWatched per connection: answered with watch
//	            {"channel"}, then each event of the channel comes as a live frame
//	unwatch     {"channel": "topic:42"}  answered with unwatch {"channel"}
//
// A connection sends at most DefaultCommandBurst frames in a row and
// DefaultCommandRate a second after that; a frame beyond is refused with
// chat.error.tooManyCommands (retryAfterMs), and a connection that keeps
// causing refusals is closed (1008 "abusive"). A refusal of the server's own
// (a dependency unavailable: common.error.unavailable, chat.error.unavailable)
// carries retryAfterMs and does not count; a connect whose member cannot be
// read for that reason is refused so, never with chat.error.badSignature,
// and may be sent again with the same token. Rooms must exist (the
// default room "chat", and those the site creates): any other name is
// refused with chat.error.roomNotFound before a room grain is touched.
//
// Sent by the server (the types in events.go):
//
//	chat_room    a chat message (ChatMessage) with its room and seq
//	delete_chat  {"id": "<deleted message>", "room", "seq", "user"}
//	join_success {"action": "join_room", "room", "online", "lastSeq", "user", "self"?}
//	             online counts the members in the room on every node, each
//	             once (a joiner new to the room is counted by the join_success
//	             without self that follows)
//	leave_room   {"action": "leave_room", "room", "online", "user"}
//	show_room    {"room", "online", "lastSeq", "users": [user…]}
//	chat_ack     {"clientId", "id", "seq", "room"}
//	live         {"channel", "event", "data"}  an event of a watched channel
//	             (live.go: one pre-encoded frame per event crosses the cluster);
//	             on topic:<id>, viewing {"count"} is how many members watch the
//	             page on every node (live_presence.go)
//	error        {"code": "<i18n key>", "message", "action", "clientId"?, "id"?, "levels"?, "retryAfterMs"?, "max"?}
//	             message is the code translated into the socket's language
//	             (?lang= on the upgrade URL)
//
// Inbox events (private_message, delete_private_message, notification,
// unread; see souk/app/messages and souk/app/notify) come to every
// connection of their member, on any node. Their data starts with "seq",
// the member's inbox sequence number: 1, 2, 3… without gaps. The client
// keeps the highest it saw and sends it as connect's inboxSeq when it
// reconnects.
//
//	inbox_synced {"lastSeq", "replayed"}  the replay after connect or resume_inbox ended at lastSeq
//	inbox_reset  {"lastSeq"}  the client is more than 500 events behind: it
//	             reloads its lists and counters, and continues from lastSeq
//
// Live events of the features (wallet, viewer) come to every connection of
// their member too, without a seq. A viewer event (EventViewer: the
// member's rights changed) first makes this node look the member up again
// (Config.LookupUser), so the commands sent after it run with the new
// rights, on every connection of theirs, without a reconnect.
//
// A user is {"name", "gqSlug", "avatar": {"url"}, "databaseId"}. chat_room
// and delete_chat carry the room's sequence number: the client keeps the
// highest it saw and ignores anything at or below it.
//
// # Who owns what
//
// Each room this node has local members of has one feed goroutine
// (feed.go) that alone broadcasts to them, resumes joiners and fills gaps;
// presence counts are pushed to the grains by one syncer goroutine
// (sync.go); each member's connection has an inbox cursor (inbox.go) that
// alone writes the member's sequenced events to it, in order;
// per-connection state is touched only by that connection's Frame and
// Close calls, which the gateway serializes. A member's identity and
// rights are one record (rights.go) shared by their connections on this
// node: a command reads it with one atomic load, a viewer event's reload
// replaces it. The live channels' watchers are indexed by one hub (live.go)
// whose lock orders each channel's first watcher with its subscription and
// its last with the unsubscription; the bus's goroutine of a channel writes
// its frames.
package realtime
