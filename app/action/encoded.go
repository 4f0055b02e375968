package action

// PreEncoded is implemented by replies that carry their own JSON encoding,
// made once and shared by every caller (a cached reply). A transport writes
// the bytes PreEncodedJSON returns as the reply's body instead of encoding
// the value again; nil means "encode the value as usual". The bytes must be
// exactly what json.Marshal makes of the value, and are read-only.
type PreEncoded interface {
	PreEncodedJSON() []byte
}
