package action

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"
)

// Access says who may call an action.
type Access int

const (
	// Public actions answer guests and members alike.
	Public Access = iota
	// Member actions need a signed-in viewer.
	Member
	// Admin actions need an administrator.
	Admin
)

func (a Access) String() string {
	switch a {
	case Member:
		return "member"
	case Admin:
		return "admin"
	default:
		return "public"
	}
}

// Spec describes an action for the registry and the API reference.
type Spec struct {
	// Name is what the client puts in the envelope's "action", e.g. "utils.getSettings".
	Name string
	// Summary is one sentence for the API reference.
	Summary string
	// Access says who may call it.
	Access Access
	// Socket marks a websocket command: Name is the frame's action (e.g.
	// "join_room"). The HTTP envelope refuses it as unknown; CallSocket runs it.
	Socket bool
	// Timeout bounds the action instead of the registry's (SetTimeout), for
	// the few whose work is long by nature (finishing an upload); 0 keeps
	// the registry's.
	Timeout time.Duration
	// Audit makes the registry's Auditor record every call by a signed-in
	// caller, as it does for every Admin action; for member actions whose
	// effect operators must be able to trace (builder.publish).
	Audit bool
}

// Validator is implemented by inputs that check themselves after decoding;
// the error it returns should be an *Error naming the field.
type Validator interface {
	Validate() error
}

// Handler runs one action: it decodes data, checks the caller and returns
// the reply to encode as the response body.
type Handler func(ctx context.Context, data json.RawMessage) (any, error)

type entry struct {
	spec    Spec
	in, out reflect.Type
	handle  Handler
}

// DefaultTimeout bounds every action a registry runs unless SetTimeout
// changes it: a handler still waiting on the database or a grain then sees
// its context end and its caller is told to retry (ErrUnavailable).
const DefaultTimeout = 10 * time.Second

// Registry holds every registered action. It is safe for concurrent use;
// registration normally happens once at start-up.
type Registry struct {
	mu      sync.RWMutex
	actions map[string]entry // guarded by mu
	timeout time.Duration    // guarded by mu
	auditor Auditor          // guarded by mu; nil records nothing
}

// NewRegistry returns an empty registry whose actions run for at most
// DefaultTimeout.
func NewRegistry() *Registry {
	return &Registry{actions: make(map[string]entry), timeout: DefaultTimeout}
}

// SetTimeout bounds every action the registry runs from now on; a caller's
// earlier deadline still wins.
func (r *Registry) SetTimeout(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timeout = d
}

// Register adds a typed action. The handler receives its input decoded from
// data (an absent or null data decodes to the zero In, then Validate runs if
// In implements Validator) and returns the reply whose JSON is the response
// body. It panics on a duplicate name: that is a wiring bug.
func Register[In, Out any](r *Registry, spec Spec, fn func(ctx context.Context, in In) (Out, error)) {
	if spec.Name == "" {
		panic("action: empty name")
	}
	if len(spec.Name) > MaxNameLength {
		panic("action: name longer than MaxNameLength: " + spec.Name)
	}
	handle := func(ctx context.Context, data json.RawMessage) (any, error) {
		var in In
		if err := decode(data, &in); err != nil {
			return nil, err
		}
		if err := checkBounds(reflect.ValueOf(&in)); err != nil {
			return nil, err
		}
		if v, ok := any(&in).(Validator); ok {
			if err := v.Validate(); err != nil {
				return nil, err
			}
		}
		return fn(ctx, in)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.actions[spec.Name]; dup {
		panic("action: duplicate registration of " + spec.Name)
	}
	r.actions[spec.Name] = entry{
		spec:   spec,
		in:     reflect.TypeFor[In](),
		out:    reflect.TypeFor[Out](),
		handle: handle,
	}
}

// Call runs the named action for the request ctx carries, after checking the
// caller's access. Unknown names are UnknownAction errors.
func (r *Registry) Call(ctx context.Context, name string, data json.RawMessage) (any, error) {
	return r.call(ctx, name, data, false)
}

func (r *Registry) call(ctx context.Context, name string, data json.RawMessage, socket bool) (any, error) {
	r.mu.RLock()
	e, ok := r.actions[name]
	timeout := r.timeout
	auditor := r.auditor
	r.mu.RUnlock()
	if !ok || e.spec.Socket != socket {
		return nil, UnknownAction(name)
	}
	if e.spec.Timeout > 0 {
		timeout = e.spec.Timeout
	}
	if auditor != nil && (e.spec.Access == Admin || e.spec.Audit) {
		reply, err := r.run(ctx, e, data, timeout)
		r.audit(ctx, auditor, name, data, err)
		return reply, err
	}
	return r.run(ctx, e, data, timeout)
}

// run checks the caller's access and runs the handler within timeout.
func (r *Registry) run(ctx context.Context, e entry, data json.RawMessage, timeout time.Duration) (any, error) {
	viewer := RequestFrom(ctx).Viewer
	switch e.spec.Access {
	case Member:
		if viewer.IsGuest() {
			return nil, ErrUnauthorized
		}
	case Admin:
		if viewer.IsGuest() {
			return nil, ErrUnauthorized
		}
		if !viewer.IsAdmin {
			return nil, ErrForbidden
		}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return e.handle(ctx, data)
}

// Has reports whether an action of that name is registered.
func (r *Registry) Has(name string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.actions[name]
	return ok
}

func decode(data json.RawMessage, into any) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	if err := dec.Decode(into); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return BadField("data")
	}
	return nil
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		field := typeErr.Field
		if field == "" {
			field = "data"
		} else {
			field = "data." + field
		}
		return BadField(field)
	}
	return BadField("data")
}

// Description is the self-description of one action.
type Description struct {
	Name    string
	Summary string
	Access  Access
	Socket  bool
	Input   []Field
	Output  []Field
	// InputType and OutputType are the handler's Go types, from which the
	// TypeScript wire types are generated.
	InputType, OutputType reflect.Type
}

// Field is one JSON field of an input or output, flattened with a dotted path.
type Field struct {
	Path     string
	Type     string
	Optional bool
	Doc      string
}

// Describe lists every action, sorted by name.
func (r *Registry) Describe() []Description {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]Description, 0, len(r.actions))
	for _, e := range r.actions {
		out = append(out, Description{
			Name:    e.spec.Name,
			Summary: e.spec.Summary,
			Access:  e.spec.Access,
			Socket:  e.spec.Socket,
			Input:   fieldsOf(e.in),
			Output:  fieldsOf(e.out),

			InputType:  e.in,
			OutputType: e.out,
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// fieldsOf flattens the JSON shape of t into dotted paths. Struct fields may
// carry a `doc:"..."` tag that the reference shows.
func fieldsOf(t reflect.Type) []Field {
	var fields []Field
	walk(t, "", map[reflect.Type]bool{}, func(f Field) { fields = append(fields, f) })
	return fields
}

func walk(t reflect.Type, prefix string, seen map[reflect.Type]bool, emit func(Field)) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] || isOpaque(t) {
		return
	}
	seen[t] = true
	defer delete(seen, t)
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" {
			walk(sf.Type, prefix, seen, emit)
			continue
		}
		if name == "" {
			name = sf.Name
		}
		path := prefix + name
		ft := sf.Type
		emit(Field{
			Path:     path,
			Type:     typeName(ft),
			Optional: strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero") || ft.Kind() == reflect.Pointer,
			Doc:      sf.Tag.Get("doc"),
		})
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array {
			if ft.Kind() != reflect.Pointer {
				path += "[]"
			}
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Map {
			path += ".{key}"
			ft = ft.Elem()
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				if ft.Kind() == reflect.Slice {
					path += "[]"
				}
				ft = ft.Elem()
			}
		}
		walk(ft, path+".", seen, emit)
	}
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

func isOpaque(t reflect.Type) bool {
	return t == rawMessageType || t.Implements(reflect.TypeFor[json.Marshaler]())
}

func typeName(t reflect.Type) string {
	if t == rawMessageType {
		return "json"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return typeName(t.Elem())
	case reflect.Slice, reflect.Array:
		return typeName(t.Elem()) + "[]"
	case reflect.Map:
		return "map<" + typeName(t.Key()) + ", " + typeName(t.Elem()) + ">"
	case reflect.Struct:
		return "object"
	case reflect.Interface:
		return "any"
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return fmt.Sprint(t.Kind())
}
