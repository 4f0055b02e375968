package push

import (
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// checkEndpoint checks what an endpoint says before it is stored: an https
// URL of at most MaxEndpointBytes, without user information, whose host is
// not a loopback, private or link-local address (a name is checked again
// for what it resolves to, each time a push is sent).
func checkEndpoint(endpoint string, loopback bool) error {
	if endpoint == "" || len(endpoint) > MaxEndpointBytes {
		return ErrBadEndpoint
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || u.Opaque != "" {
		return ErrBadEndpoint
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" {
		return ErrBadEndpoint
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		if loopback {
			return nil
		}
		return ErrPrivateEndpoint
	}
	if addr, err := netip.ParseAddr(host); err == nil && !PublicAddr(addr, loopback) {
		return ErrPrivateEndpoint
	}
	return nil
}

// cgnat is the shared address space of carrier-grade NAT (RFC 6598).
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// PublicAddr reports whether a push may go to addr: not loopback (unless
// loopback is allowed), private, link-local, multicast or unspecified.
func PublicAddr(addr netip.Addr, loopback bool) bool {
	addr = addr.Unmap()
	switch {
	case addr.IsLoopback():
		return loopback
	case addr.IsPrivate(), addr.IsLinkLocalUnicast(), addr.IsLinkLocalMulticast(), addr.IsInterfaceLocalMulticast(),
		addr.IsMulticast(), addr.IsUnspecified(), cgnat.Contains(addr):
		return false
	}
	return true
}

// ErrPrivateAddress is the error of the pushes' HTTP client (see
// Config.Client) when it refuses to connect to an address PublicAddr
// refuses.
var ErrPrivateAddress = errors.New("push: the push service resolves to a private address")

// checkKeys checks a browser's keys: p256dh an uncompressed P-256 point
// (65 bytes), auth a 16-byte secret, both base64url (padded or not).
func checkKeys(p256dh, auth string) error {
	point, err := decodeKey(p256dh)
	if err != nil || len(point) != 65 {
		return ErrBadKeys
	}
	if _, err := ecdh.P256().NewPublicKey(point); err != nil {
		return ErrBadKeys
	}
	secret, err := decodeKey(auth)
	if err != nil || len(secret) != 16 {
		return ErrBadKeys
	}
	return nil
}

// maxKeyChars bounds a key's text before it is decoded.
const maxKeyChars = 128

func decodeKey(s string) ([]byte, error) {
	if len(s) > maxKeyChars {
		return nil, fmt.Errorf("key too long")
	}
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}
