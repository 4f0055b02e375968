package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

// CheckWireJSON reports the first place where data, a JSON reply, departs
// from the TypeScript type WriteTypeScript generates for t: a required field
// missing, a null where the type has none, or a value of another kind. Tests
// run it on real replies, so the generated types stay true to what the
// server sends.
func CheckWireJSON(t reflect.Type, data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return checkWire(t, v, "reply")
}

func checkWire(t reflect.Type, v any, path string) error {
	if s := tsSpecial(t); s != "" {
		if s == "string" {
			return wantKind[string](v, path, "a string")
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		if v == nil {
			return nil
		}
		return checkWire(t.Elem(), v, path)
	case reflect.Interface:
		return nil
	case reflect.Bool:
		return wantKind[bool](v, path, "a boolean")
	case reflect.String:
		return wantKind[string](v, path, "a string")
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return wantKind[string](v, path, "a base64 string")
		}
		if err := wantKind[[]any](v, path, "an array"); err != nil {
			return err
		}
		for i, item := range v.([]any) {
			if err := checkWire(t.Elem(), item, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if err := wantKind[map[string]any](v, path, "an object"); err != nil {
			return err
		}
		for key, item := range v.(map[string]any) {
			if err := checkWire(t.Elem(), item, path+"."+key); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if err := wantKind[map[string]any](v, path, "an object"); err != nil {
			return err
		}
		return checkWireFields(t, v.(map[string]any), path)
	}
	if isNumber(t.Kind()) {
		return wantKind[json.Number](v, path, "a number")
	}
	return nil
}

func checkWireFields(t reflect.Type, object map[string]any, path string) error {
	for _, f := range jsonFields(t) {
		value, sent := object[f.name]
		fieldPath := path + "." + f.name
		switch {
		case !sent && f.optional:
		case !sent:
			return fmt.Errorf("%s: missing", fieldPath)
		case value == nil && f.nullable:
		case f.quoted:
			if err := wantKind[string](value, fieldPath, "a string"); err != nil {
				return err
			}
		default:
			if err := checkWire(f.typ, value, fieldPath); err != nil {
				return err
			}
		}
	}
	return nil
}

func wantKind[T any](v any, path, want string) error {
	if _, ok := v.(T); ok {
		return nil
	}
	return fmt.Errorf("%s: %s, want %s", path, jsonKind(v), want)
}

// jsonKind names the kind of a value decoded with UseNumber.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	}
	return "an object"
}
