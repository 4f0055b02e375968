package main

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
)

// pushEndpoint is a push endpoint of the caller's own; .invalid never
// resolves, so nothing is ever sent there.
func pushEndpoint(as role) string { return "https://push.invalid/authz-" + as.String() }

// pushSubscription is a browser's subscription with fresh keys.
func pushSubscription(as role) map[string]any {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return map[string]any{"endpoint": pushEndpoint(as), "keys": map[string]any{
		"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(auth)}}
}

func init() {
	// Web Push: the public key is anyone's; a member manages the devices
	// of their own (unsubscribe removes the one subscribe added).
	authzTable = append(authzTable,
		authzRow{action: "push.publicKey", data: fixed(map[string]any{}),
			guest: ok, member: ok, vip: ok, admin: ok},
		authzRow{action: "push.subscribe", data: func(_ *authzFixture, as role) any { return pushSubscription(as) },
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "push.devices", data: fixed(map[string]any{}),
			guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "push.unsubscribe", data: func(_ *authzFixture, as role) any {
			return map[string]any{"endpoint": pushEndpoint(as)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
	)
}
