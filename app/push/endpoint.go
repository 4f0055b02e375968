package push

import (
	"context"
	"crypto/ecdh"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
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
	if addr, err := netip.ParseAddr(host); err == nil && !publicAddr(addr, loopback) {
		return ErrPrivateEndpoint
	}
	return nil
}

// cgnat is the shared address space of carrier-grade NAT (RFC 6598).
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// publicAddr reports whether a push may go to addr: not loopback (unless
// loopback is allowed), private, link-local, multicast or unspecified.
func publicAddr(addr netip.Addr, loopback bool) bool {
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

// errPrivateAddress refuses a connection to an address publicAddr refuses.
var errPrivateAddress = errors.New("push: the push service resolves to a private address")

// newClient is the HTTP client of the pushes: its dialer refuses the
// addresses publicAddr refuses, after the name is resolved, so that a name
// pointing inside the network reaches nothing.
func newClient(tlsConfig *tls.Config, loopback bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !publicAddr(ap.Addr(), loopback) {
			return errPrivateAddress
		}
		return nil
	}}
	transport := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		TLSClientConfig:     tlsConfig,
		TLSHandshakeTimeout: 5 * time.Second,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	return &http.Client{Transport: transport, Timeout: sendTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

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
