package realtime

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
	"souk/app/chat"
	"souk/app/watch"
)

// TestEventsAreDescribed: every event names the type of its data, its own
// or a registered socket command's reply, and every field of those types
// has a JSON name, so the client's types can be generated from them.
func TestEventsAreDescribed(t *testing.T) {
	reg := action.NewRegistry()
	chat.New(chat.Config{}).Register(reg)
	watch.Register(reg)
	seen := map[string]bool{}
	for _, ev := range Events {
		assert.False(t, seen[ev.Name], "%s is listed once", ev.Name)
		seen[ev.Name] = true
		payload := ev.Payload
		if ev.Command != "" {
			require.Nil(t, payload, "%s: a payload or a command, not both", ev.Name)
			var ok bool
			payload, ok = reg.ReplyType(ev.Command)
			require.True(t, ok, "%s answers %s, a registered command", ev.Name, ev.Command)
			assert.True(t, slices.ContainsFunc(reg.Describe(), func(d action.Description) bool {
				return d.Name == ev.Command && d.Socket
			}), "%s is a socket command", ev.Command)
		}
		require.NotNil(t, payload, ev.Name)
		assertJSONNamed(t, ev.Name, payload)
	}
	for _, f := range Frames {
		assert.Empty(t, f.Command, "%s: a frame the client sends answers nothing", f.Name)
		require.NotNil(t, f.Payload, f.Name)
		assertJSONNamed(t, f.Name, f.Payload)
	}
}

func assertJSONNamed(t *testing.T, event string, typ reflect.Type) {
	t.Helper()
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
	}
	if typ.Kind() != reflect.Struct {
		return
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		assert.NotEmpty(t, name, "%s: %s.%s has a json name", event, typ.Name(), f.Name)
		assertJSONNamed(t, event, f.Type)
	}
}
