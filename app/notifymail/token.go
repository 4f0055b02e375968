package notifymail

import (
	"strconv"
	"strings"

	"souk/app/internal/signed"
)

// What an unsubscribe link turns off: one kind of email (notifypref's
// Messages or Mentions), the digest, or every email.
const (
	unsubscribeMessages = "messages"
	unsubscribeMentions = "mentions"
	unsubscribeDigest   = "digest"
	unsubscribeAll      = "all"
)

var unsubscribeKinds = map[string]bool{unsubscribeMessages: true, unsubscribeMentions: true,
	unsubscribeDigest: true, unsubscribeAll: true}

// tokens make and read the unsubscribe links' tokens: "<user id>.<kind>.<signature>",
// signed with the node secret for this purpose only. A token never
// expires: an old email's link still works.
type tokens struct{ key signed.Key }

func newTokens(secret []byte) tokens { return tokens{key: signed.NewKey(secret, "unsubscribe")} }

// make returns the token that turns kind off for userID.
func (t tokens) make(userID int64, kind string) string {
	id := strconv.FormatInt(userID, 10)
	return id + "." + kind + "." + t.key.Sign(id, kind)
}

// read returns the member and kind of a token made by make; false for
// anything else.
func (t tokens) read(token string) (userID int64, kind string, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || !unsubscribeKinds[parts[1]] {
		return 0, "", false
	}
	id, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != parts[0] {
		return 0, "", false
	}
	if !t.key.Verify(parts[2], parts[0], parts[1]) {
		return 0, "", false
	}
	return id, parts[1], true
}
