package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/action"
)

// TestAdminRefusals calls every administrators' action the registry has,
// with no input, as a guest (401), the demo member and VIP and a member
// with the builder role (403 each), and checks that each signed-in refusal
// is in the audit log the admin reads, and that the guest left nothing.
func TestAdminRefusals(t *testing.T) {
	var names []string
	sockets := map[string]bool{}
	for _, d := range describedRegistry().Describe() {
		sockets[d.Name] = d.Socket
		if d.Access == action.Admin {
			names = append(names, d.Name)
		}
	}
	require.NotEmpty(t, names)
	f := newAuthzFixture(t, sockets)

	// A member with the builder role: signed up, given the role, signed in.
	builder := newClient(t)
	email := "builder-role@souk.test"
	sign, code := f.signupCode(asGuest, email)
	var signup struct {
		RegisterUser struct {
			User struct {
				DatabaseID string `json:"databaseId"`
			} `json:"user"`
		} `json:"registerUser"`
	}
	res := f.callWith(builder, "auth.register", map[string]any{"phoneOrEmail": email, "password": "authz-pass-1",
		"passwordConfirm": "authz-pass-1", "agreement": true, "action": "signup", "verificationSign": sign,
		"verificationInput": code})
	require.Equal(t, ok, res.status, "%s", res)
	require.NoError(t, json.Unmarshal(res.body, &signup))
	builderID := signup.RegisterUser.User.DatabaseID
	f.must(asAdmin, "admin.setRoles", map[string]any{"userId": builderID, "admin": false, "builder": true}, nil)
	builder = newClient(t)
	res = f.callWith(builder, "auth.login", map[string]any{"provider": "PASSWORD", "username": email, "password": "authz-pass-1"})
	require.Equal(t, ok, res.status, "%s", res)
	res = f.callWith(builder, "builder.draft", map[string]any{})
	require.Equal(t, ok, res.status, "the builder role opens the builder: %s", res)

	callers := []struct {
		name   string
		id     string
		call   func(name string) result
		status int
	}{
		{"guest", "", func(name string) result { return f.call(asGuest, name, map[string]any{}) }, signIn},
		{"member", f.ids[asMember], func(name string) result { return f.call(asMember, name, map[string]any{}) }, forbidden},
		{"vip", f.ids[asVIP], func(name string) result { return f.call(asVIP, name, map[string]any{}) }, forbidden},
		{"builder", builderID, func(name string) result { return f.callWith(builder, name, map[string]any{}) }, forbidden},
	}
	for _, c := range callers {
		for _, name := range names {
			res := c.call(name)
			assert.Equal(t, c.status, res.status, "%s as %s: %s", name, c.name, res)
		}
	}

	for _, c := range callers[1:] {
		refused := map[string]int{}
		after := ""
		for {
			var page struct {
				Edges []struct {
					Node struct {
						Action string `json:"action"`
						Status int    `json:"status"`
					} `json:"node"`
				} `json:"edges"`
				PageInfo struct {
					HasNextPage bool   `json:"hasNextPage"`
					EndCursor   string `json:"endCursor"`
				} `json:"pageInfo"`
			}
			f.must(asAdmin, "admin.audit", map[string]any{"actorId": c.id, "outcome": "refused", "first": 100, "after": after}, &page)
			for _, e := range page.Edges {
				if e.Node.Status == forbidden {
					refused[e.Node.Action]++
				}
			}
			if !page.PageInfo.HasNextPage {
				break
			}
			after = page.PageInfo.EndCursor
		}
		for _, name := range names {
			assert.Equal(t, 1, refused[name], "%s's refusal of %s is audited once", c.name, name)
		}
	}

	var all struct {
		Edges []struct {
			Node struct {
				Actor *struct {
					DatabaseID string `json:"databaseId"`
				} `json:"actor"`
			} `json:"node"`
		} `json:"edges"`
	}
	f.must(asAdmin, "admin.audit", map[string]any{"first": 100, "outcome": "refused", "q": "admin."}, &all)
	for _, e := range all.Edges {
		require.NotNil(t, e.Node.Actor, "every refused entry has a signed-in actor: the guest left none")
	}
}
