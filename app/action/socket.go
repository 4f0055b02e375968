package action

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
)

// CallSocket runs the websocket command name (an action registered with
// Spec.Socket) for the request ctx carries, after the same access check as
// Call. Names of HTTP actions are UnknownAction errors here.
func (r *Registry) CallSocket(ctx context.Context, name string, data json.RawMessage) (any, error) {
	return r.call(ctx, name, data, true)
}

// List is a list argument of an Error: a message shows it joined with
// ", ", while a transport that sends arguments as fields keeps it a list.
type List []string

func (l List) String() string { return strings.Join(l, ", ") }

// ReplyType returns the Go type of the named action's reply, for tools
// that describe the protocol (a websocket event that answers a command
// carries its reply); false when nothing of that name is registered.
func (r *Registry) ReplyType(name string) (reflect.Type, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.actions[name]
	return e.out, ok
}
