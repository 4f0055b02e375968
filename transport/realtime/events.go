package realtime

import (
	"encoding/json"
	"reflect"
	"strconv"

	"souk/actors"
	"souk/app/action"
)

// Event is one kind of frame: its action and the Go type of its data. The
// client's wire types are generated from Events and Frames (souk tstypes).
type Event struct {
	// Name is the frame's action.
	Name string
	// Summary is one sentence for the generated types' comment.
	Summary string
	// Payload is the type of the frame's data; nil when Command names it.
	Payload reflect.Type
	// Command, when set, is the websocket command whose registered reply
	// (souk/app/action) is the data: the event answers that command.
	Command string
}

// Events lists every event of the realtime protocol but the inbox events
// (private_message, delete_private_message, notification, unread): those
// are written by their features, which describe them (souk/app/messages
// and souk/app/notify Events), and pass through as they are stored: their
// data is a JSON object whose first member is "seq".
var Events = []Event{
	{Name: "connect", Summary: "The socket is authenticated as the member userId.", Payload: reflect.TypeFor[Connected]()},
	{Name: "join_success", Summary: "Someone entered a room; self on the answer to this connection's own join_room.", Payload: reflect.TypeFor[Presence]()},
	{Name: "leave_room", Summary: "Someone left a room.", Payload: reflect.TypeFor[Presence]()},
	{Name: "chat_room", Summary: "A chat message, with its room's sequence number.", Payload: reflect.TypeFor[ChatMessage]()},
	{Name: "delete_chat", Summary: "A chat message was deleted, itself sequenced in its room.", Payload: reflect.TypeFor[ChatDeleted]()},
	{Name: "chat_ack", Summary: "The chat_room command with clientId was stored as id.", Command: "chat_room"},
	{Name: "show_room", Summary: "Who is in a room: the answer to show_room.", Command: "show_room"},
	{Name: "inbox_synced", Summary: "The inbox replay after connect or resume_inbox ended at lastSeq.", Payload: reflect.TypeFor[InboxSynced]()},
	{Name: "inbox_reset", Summary: "The client is too far behind to replay: it reloads its lists and counters and continues from lastSeq.", Payload: reflect.TypeFor[InboxReset]()},
	{Name: EventLive, Summary: "An event of a live channel the socket watches (see webui/src/api/live.ts for each event's data).", Payload: reflect.TypeFor[LiveFrame]()},
	{Name: "watch", Summary: "The socket watches channel: its events come as live frames.", Command: "watch"},
	{Name: "unwatch", Summary: "The socket no longer watches channel.", Command: "unwatch"},
	{Name: "error", Summary: "A refused frame; code is the i18n key of the refusal.", Payload: reflect.TypeFor[Refusal]()},
}

// Frames lists the frames the client sends that the socket handles itself;
// every other frame is a command, a registered action (Spec.Socket).
var Frames = []Event{
	{Name: "connect", Summary: "Authenticates the socket with the viewer's socket token; answered with connect, then the inbox after inboxSeq.", Payload: reflect.TypeFor[Connect]()},
	{Name: "resume_inbox", Summary: "On a connected socket: the inbox after lastSeq again, then inbox_synced.", Payload: reflect.TypeFor[ResumeInbox]()},
	{Name: "leave_room", Summary: "Leaves a room.", Payload: reflect.TypeFor[LeaveRoom]()},
	{Name: "focus", Summary: "On a connected socket: whether its page is visible and focused (sent on visibility and focus changes); no Web Push wakes a member who has a focused page open.", Payload: reflect.TypeFor[Focus]()},
}

// Connect is the data of the client's connect: the viewer's socket token
// (gqUserSocketToken) and where its inbox resumes.
type Connect struct {
	UserID    action.ID `json:"userId"`
	Signature string    `json:"signature"`
	Timestamp string    `json:"timestamp"`
	// InboxSeq is the last inbox seq the client holds; nil: live events only.
	InboxSeq *int64 `json:"inboxSeq,omitempty" doc:"the last inbox seq the client holds; absent: live events only"`
}

// ResumeInbox is the data of resume_inbox: replay the inbox after LastSeq.
type ResumeInbox struct {
	// LastSeq is required; nil is refused.
	LastSeq *int64 `json:"lastSeq" doc:"required: the last inbox seq the client holds"`
}

// Focus is the data of the client's focus.
type Focus struct {
	Focused bool `json:"focused" doc:"the page is visible and has the focus"`
}

// LeaveRoom is the data of the client's leave_room.
type LeaveRoom struct {
	Room string `json:"room,omitempty" doc:"the room; default chat"`
}

// Connected is the data of connect: the member the socket is bound to.
type Connected struct {
	UserID string `json:"userId" doc:"64-bit id as a decimal string"`
}

// Presence is the data of join_success and leave_room.
type Presence struct {
	// Action is join_room or leave_room.
	Action string `json:"action"`
	Room   string `json:"room"`
	// Online counts the members in the room on every node, each once.
	Online  int   `json:"online"`
	LastSeq int64 `json:"lastSeq,omitempty"`
	User    User  `json:"user"`
	// Self is set on the join_success that answers the connection's own join_room.
	Self bool `json:"self,omitempty"`
}

// User is a member as the realtime events show them.
type User struct {
	Name       string `json:"name"`
	GqSlug     string `json:"gqSlug"`
	Avatar     Avatar `json:"avatar"`
	DatabaseID string `json:"databaseId" doc:"64-bit id as a decimal string"`
}

// Avatar is a member's picture.
type Avatar struct {
	URL string `json:"url"`
}

// ChatMessage is the data of chat_room: a message with its room and seq.
type ChatMessage struct {
	ID string `json:"id" doc:"the message's databaseId as a decimal string"`
	// Action is chat_room.
	Action    string `json:"action"`
	Message   string `json:"message" doc:"the text; empty when deleted"`
	CreatedAt int64  `json:"created_at" doc:"epoch milliseconds"`
	User      User   `json:"user"`
	Room      string `json:"room"`
	Seq       int64  `json:"seq" doc:"the room's sequence number of the event"`
	Deleted   bool   `json:"deleted,omitempty" doc:"set on a message replayed after its deletion"`
}

// ChatDeleted is the data of delete_chat: a deletion, itself sequenced.
type ChatDeleted struct {
	ID   string `json:"id" doc:"the deleted message"`
	Room string `json:"room"`
	Seq  int64  `json:"seq"`
	User User   `json:"user" doc:"who deleted it"`
}

// InboxSynced is the data of inbox_synced: the replay after connect or
// resume_inbox ended.
type InboxSynced struct {
	LastSeq  int64 `json:"lastSeq" doc:"the last inbox seq the connection has received"`
	Replayed int   `json:"replayed" doc:"how many stored events were sent"`
}

// InboxReset is the data of inbox_reset: the client is too far behind
// (or the events it misses were pruned); it reloads its lists and
// counters and continues from LastSeq.
type InboxReset struct {
	LastSeq int64 `json:"lastSeq"`
}

// Refusal is the data of error: a refused frame.
type Refusal struct {
	// Code is the i18n key of the refusal.
	Code string `json:"code"`
	// Message is Code translated into the socket's language.
	Message string `json:"message"`
	// Action is the refused command.
	Action string `json:"action,omitempty"`
	// ClientID is the refused command's clientId.
	ClientID string `json:"clientId,omitempty"`
	// ID names the message a refused delete_chat was about.
	ID           string   `json:"id,omitempty"`
	Levels       []string `json:"levels,omitempty" doc:"the levels that allow chat"`
	RetryAfterMs int64    `json:"retryAfterMs,omitempty"`
	Max          int      `json:"max,omitempty"`
}

func newUser(u *actors.ChatUser) User {
	return User{Name: u.GetName(), GqSlug: u.GetSlug(), Avatar: Avatar{URL: u.GetAvatarUrl()},
		DatabaseID: strconv.FormatInt(u.GetId(), 10)}
}

func newChatMessage(e *actors.ChatEvent) ChatMessage {
	return ChatMessage{ID: strconv.FormatInt(e.GetId(), 10), Action: e.GetKind(), Message: e.GetMessage(),
		CreatedAt: e.GetCreatedAt(), User: newUser(e.GetUser()), Room: e.GetRoom(), Seq: e.GetSeq(), Deleted: e.GetDeleted()}
}

// rawJSON embeds pre-encoded JSON; empty data encodes as null.
type rawJSON []byte

func (r rawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

var _ json.Marshaler = rawJSON(nil)
