package action

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
)

// ID is a databaseId in an action's input. It decodes from a JSON number or
// a decimal string (64-bit ids do not fit a JavaScript number, so clients
// send strings); "" and null are 0. A negative or non-numeric value is a
// type error, which the registry answers as BadField naming the field.
type ID int64

// UnmarshalJSON accepts 42, "42", "" and null.
func (id *ID) UnmarshalJSON(b []byte) error {
	n, err := FlexibleInt(b)
	if err == nil && n < 0 {
		err = &json.UnmarshalTypeError{Value: "number " + strconv.FormatInt(n, 10), Type: reflect.TypeFor[ID]()}
	}
	if err != nil {
		return err
	}
	*id = ID(n)
	return nil
}

// FlexibleInt reads an integer sent as a JSON number or a string of
// digits; "" and null are 0.
func FlexibleInt(b []byte) (int64, error) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return 0, nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return 0, err
		}
		if s == "" {
			return 0, nil
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, &json.UnmarshalTypeError{Value: "string " + strconv.Quote(s), Type: reflect.TypeFor[int64]()}
	}
	return n, nil
}
