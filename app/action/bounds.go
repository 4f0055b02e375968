package action

import (
	"reflect"
	"strconv"
	"strings"
)

// MaxStringBytes bounds every string an input decodes into (and every raw
// JSON value it keeps), unless its field says otherwise with a
// `maxBytes:"N"` tag. It is far above what any field of today needs (a
// private message of 2,000 Chinese characters is 6,000 bytes): handlers
// apply their own, tighter rules; this bound is what holds for a field a
// handler forgot, so that nothing unbounded is stored, echoed or logged.
const MaxStringBytes = 8 << 10

// checkBounds refuses an input holding a string longer than its bound,
// naming the field (data.<json path>).
func checkBounds(v reflect.Value) error {
	return boundsOf(v, "data", MaxStringBytes)
}

func boundsOf(v reflect.Value, path string, limit int) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return boundsOf(v.Elem(), path, limit)
	case reflect.String:
		if v.Len() > limit {
			return BadField(path)
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == rawMessageType {
			if v.Len() > limit {
				return BadField(path)
			}
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil
		}
		for i := range v.Len() {
			if err := boundsOf(v.Index(i), path, limit); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if err := boundsOf(iter.Key(), path, limit); err != nil {
				return err
			}
			if err := boundsOf(iter.Value(), path+"."+iter.Key().String(), limit); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			fieldPath := path
			if !sf.Anonymous || name != "" {
				if name == "" {
					name = sf.Name
				}
				fieldPath = path + "." + name
			}
			fieldLimit := MaxStringBytes
			if tag := sf.Tag.Get("maxBytes"); tag != "" {
				n, err := strconv.Atoi(tag)
				if err != nil || n <= 0 {
					panic("action: bad maxBytes tag on " + t.String() + "." + sf.Name)
				}
				fieldLimit = n
			}
			if err := boundsOf(v.Field(i), fieldPath, fieldLimit); err != nil {
				return err
			}
		}
	}
	return nil
}
