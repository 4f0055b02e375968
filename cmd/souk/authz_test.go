package main

import (
	"net/http"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// authzRow is who may call one action: the HTTP status each caller gets
// (a websocket command's refusal counts as the status of its error code).
// 200 means the call passed every check and succeeded; where a valid input
// cannot succeed for a caller the row says why beside the status.
type authzRow struct {
	action string
	// data is the caller's input; nil sends none.
	data func(f *authzFixture, as role) any
	// isolated runs the call with a copy of the caller's cookies, for the
	// actions that sign in or out: the caller's own session goes on.
	isolated bool
	// join is a room the caller's socket joins before the command, to see
	// the event that answers it (delete_chat).
	join func(f *authzFixture, as role) string
	// ownSession signs the caller in again on a client of its own for the
	// call (a guest gets a fresh client): an action that ends the session
	// of the access token leaves the caller's own going.
	ownSession bool
	// check looks further at a success, with a client holding the cookies
	// the call was made with.
	check func(t *testing.T, f *authzFixture, as role, client *http.Client)

	guest, member, vip, admin int
}

func (r authzRow) want(as role) int {
	return [...]int{r.guest, r.member, r.vip, r.admin}[as]
}

// noData is a row without input.
func noData(*authzFixture, role) any { return nil }

// fixed is a row whose input is the same for every caller.
func fixed(data map[string]any) func(*authzFixture, role) any {
	return func(*authzFixture, role) any { return data }
}

// target is an address of the caller's own, so that the per-target code
// limits of one caller do not meet another's.
func target(kind string, as role) string { return kind + "-" + as.String() + "@souk.test" }

// room is a chat room of the caller's own: a member sends one message
// every 2 seconds in a room.
func room(kind string, as role) string { return "authz-" + kind + "-" + as.String() }

// authzTable is the documentation of who may do what. The demo member is
// Lv1 (no chat, no directMessages); the VIP is Lv4 with Gold (both); the
// admin holds every right. Every registered action and websocket command
// has exactly one row; the rows run in this order.
//
// The rows stay within a fresh node's abuse limits from one address (see
// app/auth/limits.go): 10 sign-ins of 20, 8 codes of 10 (one per target a
// minute, so each caller has targets of its own), 20 captcha calls of 30.
var authzTable = []authzRow{
	// Signing in and the public site.
	{action: "auth.captcha", data: fixed(map[string]any{"action": "login"}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.captchaVerify", data: func(f *authzFixture, as role) any { return f.captcha(as, "forget", target("verify", as)) },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.getCode", data: func(f *authzFixture, as role) any { return f.captcha(as, "signup", target("code", as)) },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.verifyCode", data: func(f *authzFixture, as role) any {
		sign, code := f.signupCode(as, target("new", as))
		return map[string]any{"phoneOrEmail": target("new", as), "action": "signup", "verificationSign": sign, "verificationInput": code}
	}, guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.register", isolated: true, data: func(f *authzFixture, as role) any {
		sign, code := f.signupCode(as, target("new", as))
		return map[string]any{"phoneOrEmail": target("new", as), "password": "authz-pass-1", "passwordConfirm": "authz-pass-1",
			"agreement": true, "action": "signup", "verificationSign": sign, "verificationInput": code}
	}, guest: ok, member: ok, vip: ok, admin: ok},
	// A reset needs a fresh code for an existing account, and a target gets
	// one code a minute (the account auth.register just made had its code):
	// the row shows that every caller passes the rights check, refused
	// only for the spent code (400).
	{action: "auth.resetPassword", isolated: true, data: func(f *authzFixture, as role) any {
		sign, code := f.signupCode(as, target("new", as))
		return map[string]any{"phoneOrEmail": target("new", as), "password": "authz-pass-2", "action": "forget",
			"verificationSign": sign, "verificationInput": code}
	}, guest: badInput, member: badInput, vip: badInput, admin: badInput},
	{action: "auth.login", isolated: true, data: func(f *authzFixture, as role) any {
		login := demoLogin(as) // a guest signs in as the member
		return map[string]any{"provider": "PASSWORD", "username": login.Email, "password": login.Password}
	}, guest: ok, member: ok, vip: ok, admin: ok},
	// The refresh token cookie is scoped to /api/auth, where the client
	// refreshes (POST /api/auth/refresh): through the envelope no caller
	// has one to show, so every caller's session has expired (401).
	{action: "auth.refresh", isolated: true, data: noData,
		guest: signIn, member: signIn, vip: signIn, admin: signIn},
	// The envelope has no refresh cookie either: the session of the
	// access token ends, and that token is refused from then on.
	{action: "auth.logout", ownSession: true, data: noData,
		check: func(t *testing.T, f *authzFixture, as role, client *http.Client) {
			res := f.callWith(client, "auth.viewer", nil)
			require.Equal(t, ok, res.status, "%s", res)
			assert.JSONEq(t, `{"viewer":null}`, string(res.body), "%s's session has ended", as)
		},
		guest: ok, member: ok, vip: ok, admin: ok},
	// No social provider is configured on a dev node: both steps pass the
	// rights check and are refused for the provider or the state (400).
	{action: "utils.socialLogin", data: fixed(map[string]any{"provider": "GITHUB"}),
		guest: badInput, member: badInput, vip: badInput, admin: badInput},
	{action: "auth.socialCallback", isolated: true, data: fixed(map[string]any{"code": "authz", "state": "forged"}),
		guest: badInput, member: badInput, vip: badInput, admin: badInput},
	{action: "mutates.autoLogin", isolated: true, data: func(f *authzFixture, _ role) any {
		var reply struct {
			LoginToken struct {
				Token string `json:"token"`
			} `json:"loginToken"`
		}
		f.must(asAdmin, "admin.loginToken", map[string]any{"userId": f.ids[asMember]}, &reply)
		return map[string]any{"token": reply.LoginToken.Token}
	}, guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.viewer", data: noData,
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "auth.pageData", data: fixed(map[string]any{"path": "/en/about", "loginData": true}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "utils.getSettings", data: noData,
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "utils.levelTips", data: noData,
		guest: ok, member: ok, vip: ok, admin: ok},

	// The member's own profile and follows.
	{action: "updateUser", data: fixed(map[string]any{"description": "Checked by the authorization table."}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "account.signIn", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "account.growth", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "profile.follow", data: func(f *authzFixture, as role) any {
		return map[string]any{"userId": f.other(as), "type": "followers"}
	}, guest: ok, member: ok, vip: ok, admin: ok},
	{action: "profile.followStats", data: func(f *authzFixture, as role) any { return map[string]any{"userId": f.other(as)} },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "profile.online", data: func(f *authzFixture, as role) any { return map[string]any{"userId": f.other(as)} },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "profile.followUser", data: func(f *authzFixture, as role) any {
		return map[string]any{"userId": f.other(as), "follow": true}
	}, guest: signIn, member: ok, vip: ok, admin: ok},

	// Private messages: sending needs directMessages.
	{action: "mutates.sendMessage", data: func(f *authzFixture, as role) any {
		return map[string]any{"to_id": f.other(as), "content": "hello from the authorization table"}
	}, guest: signIn, member: forbidden, vip: ok, admin: ok},
	// Only a message's sender deletes it; the member can send none, so its
	// input is a message that does not exist (404, past the rights check).
	{action: "mutates.deletePrivateMessage", data: func(f *authzFixture, as role) any {
		if as == asVIP || as == asAdmin {
			return map[string]any{"id": f.privateMessage(as, f.ids[asMember], "to be deleted", "")}
		}
		return map[string]any{"id": "1"}
	}, guest: signIn, member: notFound, vip: ok, admin: ok},
	{action: "mutates.readPrivateMessages", data: func(f *authzFixture, as role) any { return map[string]any{"toId": f.other(as)} },
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.blockUser", data: func(f *authzFixture, as role) any {
		return map[string]any{"userId": f.other(as), "block": false}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "utils.getPrivateMessage", data: func(f *authzFixture, as role) any { return map[string]any{"toId": f.other(as)} },
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "utils.getPrivateMessageUsers", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},

	// Notifications: reading one's own; announcing is the admin's.
	{action: "utils.getNotifications", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "utils.getUnreadCounts", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "utils.readNotification", data: fixed(map[string]any{"all": true}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "admin.sendNotification", data: func(f *authzFixture, _ role) any {
		return map[string]any{"toId": f.ids[asMember], "title": "From the authorization table"}
	}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	{action: "admin.loginToken", data: func(f *authzFixture, _ role) any { return map[string]any{"userId": f.ids[asMember]} },
		guest: signIn, member: forbidden, vip: forbidden, admin: ok},

	// Media: each member's own uploads (every demo level may upload images).
	{action: "media.uploadStatus", data: func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"uploadId": "1"}
		}
		return map[string]any{"uploadId": f.upload(as, "status-"+as.String()+".png")}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "media.getLibrary", data: fixed(map[string]any{"mimeTypeIN": []string{"image"}}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.deleteMedias", data: func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"ids": []string{"1"}}
		}
		return map[string]any{"ids": []string{f.upload(as, "delete-"+as.String()+".png")}}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "utils.getEmbed", data: fixed(map[string]any{"url": "https://youtu.be/dQw4w9WgXcQ"}),
		guest: signIn, member: ok, vip: ok, admin: ok},

	// Reports: any member reports, with screenshots of their own; the
	// queue is the admin's. The admin resolves a report the member made
	// of the VIP's image; the others are refused before it is read.
	{action: "mutates.createReport", data: func(f *authzFixture, as role) any {
		return map[string]any{"type": "Harassment", "content": "Reported by the authorization table.", "postType": "user",
			"postId": f.other(as)}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "admin.reports", data: noData,
		guest: signIn, member: forbidden, vip: forbidden, admin: ok},

	// Operators: every node's view of the cluster.
	{action: "admin.clusterStatus", data: noData,
		guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	{action: "admin.resolveReport", data: func(f *authzFixture, as role) any {
		if as != asAdmin {
			return map[string]any{"id": "1", "action": "dismiss"}
		}
		var reply struct {
			GqCreateReport struct {
				ID string `json:"id"`
			} `json:"gqCreateReport"`
		}
		f.must(asMember, "mutates.createReport", map[string]any{"type": "Spam or advertising", "content": "authz",
			"postType": "media", "postId": f.upload(asVIP, "reported.png")}, &reply)
		return map[string]any{"id": reply.GqCreateReport.ID, "action": "dismiss"}
	}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},

	// Content: articles, their comments and likes are public to read; a
	// member comments, likes and deletes their own (the admin anyone's);
	// articles are written by the admin. The member (Lv1) buys the insider
	// notes for 20 credits; the VIP (Lv4) and the admin read them already
	// (400 content.error.notForSale). Gated reads are in authzProbes.
	{action: "content.article", data: fixed(map[string]any{"id": demoArticle}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "content.archive", data: fixed(map[string]any{"first": 5}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "content.comments", data: fixed(map[string]any{"targetType": "article", "targetId": demoArticle}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "mutates.createComment", data: func(_ *authzFixture, as role) any {
		return map[string]any{"targetType": "article", "targetId": demoArticle, "content": "<p>From the authorization table.</p>",
			"clientId": "authz-" + as.String()}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.like", data: fixed(map[string]any{"targetType": "article", "targetId": demoArticle, "like": true}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.deleteAction", data: func(f *authzFixture, as role) any {
		switch as {
		case asGuest:
			return map[string]any{"id": "1", "type": "comment"}
		case asAdmin:
			return map[string]any{"id": f.comment(asMember, "deleted by the admin"), "type": "comment"}
		}
		return map[string]any{"id": f.comment(as, "deleted by its author"), "type": "comment"}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.saveArticle", data: fixed(map[string]any{"title": "Authorization", "content": "<p>An article.</p>",
		"lang": "en"}), guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	{action: "content.unlock", data: fixed(map[string]any{"targetType": "article", "targetId": gatedArticle}),
		guest: signIn, member: ok, vip: badInput, admin: badInput},

	// Community: nodes and pages are public; members join, post, answer,
	// vote and award their own bounties. The member (Lv1) is below the
	// veterans node's Lv3 (403 community.error.level). Each caller votes on
	// a vote of its own and awards a 1-credit bounty of its own (answered
	// by another member). Editing and awarding another's are in authzProbes.
	{action: "archive.nodesList", data: fixed(map[string]any{"first": 20}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "community.topics", data: fixed(map[string]any{"first": 5, "nodeId": loungeNode}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "community.answers", data: func(f *authzFixture, as role) any { return map[string]any{"authorId": f.other(as)} },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "community.join", data: fixed(map[string]any{"nodeId": veteransNode}),
		guest: signIn, member: forbidden, vip: ok, admin: ok},
	{action: "community.leave", data: fixed(map[string]any{"nodeId": loungeNode}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.createTopic", data: func(_ *authzFixture, as role) any {
		return map[string]any{"title": "From the authorization table", "content": "<p>Hello.</p>", "cat": loungeNode,
			"idemKey": "authz-topic-" + as.String()}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "mutates.createAnswer", data: fixed(map[string]any{"topicId": welcomeTopic, "content": "<p>An answer.</p>"}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "community.vote", data: func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"topicId": "1", "option": 0}
		}
		return map[string]any{"topicId": f.voteTopic(as), "option": 1}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	// Live pages: members' sockets watch a page's channel; a guest's socket
	// watches and unwatches the site channel only (the published layout:
	// see transport/realtime's TestGuestWatchesSite).
	{action: "watch", data: fixed(map[string]any{"channel": "node:" + loungeNode}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "unwatch", data: fixed(map[string]any{"channel": "site"}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "community.award", data: func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"topicId": "1", "answerIds": []string{"1"}}
		}
		return f.awardable(as)
	}, guest: signIn, member: ok, vip: ok, admin: ok},

	// Search: anyone searches content and members (gated content by its
	// title only: see app/search's tests).
	{action: "utils.search", data: fixed(map[string]any{"key": "welcome"}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "search.user", data: fixed(map[string]any{"key": "demo"}),
		guest: ok, member: ok, vip: ok, admin: ok},

	// Chat: sending and joining need the chat capability.
	{action: "utils.getChatMessages", data: fixed(map[string]any{"room": "chat"}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "utils.chat", data: func(_ *authzFixture, as role) any {
		return map[string]any{"text": "hello", "room": room("chat", as)}
	}, guest: signIn, member: forbidden, vip: ok, admin: ok},
	// The VIP signs the deletion of its own message, the admin of the
	// VIP's; the member can send none, so its input is a message that does
	// not exist (404, past the rights check).
	{action: "utils.chatDelete", data: func(f *authzFixture, as role) any {
		if as == asVIP || as == asAdmin {
			return map[string]any{"id": f.chatMessage(asVIP, room("sign", as), "to be deleted", "")}
		}
		return map[string]any{"id": "1"}
	}, guest: signIn, member: notFound, vip: ok, admin: ok},
	{action: "show_room", data: fixed(map[string]any{"room": "chat"}),
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "join_room", data: fixed(map[string]any{"room": "chat"}),
		guest: signIn, member: forbidden, vip: ok, admin: ok},
	{action: "chat_room", data: func(_ *authzFixture, as role) any {
		return map[string]any{"message": "hello", "room": room("socket", as), "clientId": "authz-" + as.String()}
	}, guest: signIn, member: forbidden, vip: ok, admin: ok},
	// The VIP deletes its own message, the admin the VIP's, each with the
	// signature utils.chatDelete gave it. The member can get no signature
	// (it has no message of its own), so it sends the VIP's message with a
	// made-up one: refused (403 chat.error.badSignature).
	{action: "delete_chat", data: func(f *authzFixture, as role) any {
		id := f.chatMessage(asVIP, room("delete", as), "to be deleted", "")
		if as == asVIP || as == asAdmin {
			return f.deleteSignature(as, id)
		}
		return map[string]any{"id": id, "room": room("delete", as), "signature": "00", "timestamp": nowSeconds()}
	}, join: func(_ *authzFixture, as role) string { return room("delete", as) },
		guest: signIn, member: forbidden, vip: ok, admin: ok},

	// Wallets: each member's own. The sandbox's confirm page is anyone's
	// who holds the payment's token (a guest pays the member's). These rows
	// run last: the member buys a VIP tier.
	{action: "wallet.get", data: noData,
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "wallet.entries", data: fixed(map[string]any{"first": 5}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "wallet.memberships", data: noData,
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "wallet.topUp", data: fixed(map[string]any{"currency": "USD", "amount": "4.99"}),
		guest: signIn, member: ok, vip: ok, admin: ok},
	// A guest can start no payment: it asks for one that does not exist.
	{action: "wallet.payment", data: func(f *authzFixture, as role) any {
		if as == asGuest {
			return map[string]any{"id": "1"}
		}
		return map[string]any{"id": f.topUp(as, "1.00")["id"]}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "payments.sandboxShow", data: func(f *authzFixture, as role) any { return f.topUp(as, "1.00") },
		guest: ok, member: ok, vip: ok, admin: ok},
	{action: "payments.sandboxPay", data: func(f *authzFixture, as role) any { return f.topUp(as, "4.99") },
		guest: ok, member: ok, vip: ok, admin: ok},
	// Each caller paid 4.99 USD above (a guest for the member): the price of vip1.
	{action: "wallet.buyMembership", data: func(_ *authzFixture, as role) any {
		return map[string]any{"tier": "vip1", "currency": "USD", "idemKey": "authz-buy-" + as.String()}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "wallet.gift", data: func(f *authzFixture, as role) any {
		return map[string]any{"toUserId": f.other(as), "currency": "USD", "amount": "0.01", "idemKey": "authz-gift-" + as.String()}
	}, guest: signIn, member: ok, vip: ok, admin: ok},
	{action: "admin.walletAdjust", data: func(f *authzFixture, _ role) any {
		return map[string]any{"userId": f.ids[asMember], "currency": "CREDIT", "amount": "10", "memo": "authz",
			"idemKey": "authz-adjust"}
	}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
}

// authzProbe calls an action with another member's id: it must be refused,
// or answer with nothing of the other member's.
type authzProbe struct {
	what   string
	as     role
	action string
	data   func(f *authzFixture) any
	want   int
	// check, when set, looks at a successful answer.
	check func(t *testing.T, f *authzFixture, res result)
}

// authzOwned are the resources of the admin and the VIP the probes aim at,
// made through the real actions.
type authzOwned struct {
	privateMessage string // the VIP's to the admin, unread
	notification   string // the admin's
	chatMessage    string // the admin's, in room authz-owned
	media          string // the admin's uploaded image
}

const (
	secretMessage      = "authz: for the admin's eyes only"
	secretNotification = "authz: the admin's own announcement"
	ownedRoom          = "authz-owned"
	// sharedClientID is the idempotency key the owned messages were sent
	// with: another member sending with it must not get them back.
	sharedClientID = "authz-shared"
)

var authzProbes = []authzProbe{
	{what: "delete another's private message", as: asMember, action: "mutates.deletePrivateMessage",
		data: func(f *authzFixture) any { return map[string]any{"id": f.owned.privateMessage} }, want: notFound},
	{what: "delete a message one received", as: asAdmin, action: "mutates.deletePrivateMessage",
		data: func(f *authzFixture) any { return map[string]any{"id": f.owned.privateMessage} }, want: forbidden},
	{what: "read another's conversation with its sender", as: asMember, action: "utils.getPrivateMessage",
		data: func(f *authzFixture) any { return map[string]any{"toId": f.ids[asVIP]} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), secretMessage)
		}},
	{what: "read another's conversation with its recipient", as: asMember, action: "utils.getPrivateMessage",
		data: func(f *authzFixture) any { return map[string]any{"toId": f.ids[asAdmin]} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), secretMessage)
		}},
	{what: "list another's conversations", as: asMember, action: "utils.getPrivateMessageUsers",
		data: func(f *authzFixture) any { return map[string]any{"userId": f.ids[asAdmin]} }, want: forbidden},
	{what: "mark another's conversation read", as: asMember, action: "mutates.readPrivateMessages",
		data: func(f *authzFixture) any { return map[string]any{"toId": f.ids[asVIP]} }, want: ok,
		check: func(t *testing.T, f *authzFixture, _ result) {
			assert.Equal(t, 1, f.unreadMessages(asAdmin), "the admin's message from the VIP stays unread")
		}},
	{what: "read another's notification", as: asMember, action: "utils.readNotification",
		data: func(f *authzFixture) any { return map[string]any{"id": f.owned.notification} }, want: notFound},
	{what: "read all of another's notifications", as: asMember, action: "utils.readNotification",
		data: func(f *authzFixture) any { return map[string]any{"toId": f.ids[asAdmin], "all": true} }, want: forbidden},
	{what: "list another's notifications", as: asMember, action: "utils.getNotifications",
		data: func(*authzFixture) any { return nil }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), secretNotification)
		}},
	{what: "sign the deletion of another's chat message", as: asMember, action: "utils.chatDelete",
		data: func(f *authzFixture) any { return map[string]any{"id": f.owned.chatMessage} }, want: forbidden},
	{what: "sign the deletion of another's chat message (with chat)", as: asVIP, action: "utils.chatDelete",
		data: func(f *authzFixture) any { return map[string]any{"id": f.owned.chatMessage} }, want: forbidden},
	{what: "delete a chat message with the signature its author got", as: asVIP, action: "delete_chat",
		data: func(f *authzFixture) any { return f.deleteSignature(asAdmin, f.owned.chatMessage) }, want: forbidden},
	{what: "delete a chat message with its author's signature, without chat", as: asMember, action: "delete_chat",
		data: func(f *authzFixture) any { return f.deleteSignature(asAdmin, f.owned.chatMessage) }, want: forbidden},
	{what: "join a room as another member with a forged socket token", as: asGuest, action: "join_room",
		data: func(f *authzFixture) any {
			return map[string]any{"room": "chat", "userId": f.ids[asVIP], "signature": "00", "timestamp": nowSeconds()}
		}, want: signIn},
	{what: "join a room with another member's socket token on one's own socket", as: asMember, action: "join_room",
		data: func(f *authzFixture) any {
			tok := f.tokens[asVIP]
			return map[string]any{"room": "chat", "userId": f.ids[asVIP], "signature": tok["signature"], "timestamp": tok["timestamp"]}
		}, want: signIn},
	{what: "replay another's idempotency key of a private message", as: asAdmin, action: "mutates.sendMessage",
		data: func(f *authzFixture) any {
			return map[string]any{"to_id": f.ids[asVIP], "content": "the admin's own reply", "clientId": sharedClientID}
		}, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), secretMessage, "a new message, not the VIP's")
			assert.Contains(t, string(res.body), "the admin's own reply")
		}},
	{what: "replay another's idempotency key of a chat message", as: asVIP, action: "utils.chat",
		data: func(f *authzFixture) any {
			return map[string]any{"text": "the VIP's own", "room": ownedRoom, "clientId": sharedClientID}
		}, want: ok,
		check: func(t *testing.T, f *authzFixture, res result) {
			assert.NotContains(t, string(res.body), f.owned.chatMessage, "a new message, not the admin's")
		}},
	{what: "delete another's media", as: asMember, action: "mutates.deleteMedias",
		data: func(f *authzFixture) any { return map[string]any{"ids": []string{f.owned.media}} }, want: forbidden},
	{what: "ask after another's upload", as: asVIP, action: "media.uploadStatus",
		data: func(f *authzFixture) any { return map[string]any{"uploadId": f.owned.media} }, want: notFound},
	{what: "list another's media", as: asMember, action: "media.getLibrary",
		data: func(*authzFixture) any { return nil }, want: ok,
		check: func(t *testing.T, f *authzFixture, res result) {
			assert.NotContains(t, string(res.body), f.owned.media)
		}},
	{what: "report with another's image as a screenshot", as: asMember, action: "mutates.createReport",
		data: func(f *authzFixture) any {
			return map[string]any{"type": "Harassment", "content": "authz", "postType": "user", "postId": f.ids[asVIP],
				"imgs": []string{f.owned.media}}
		}, want: badInput},
	{what: "report a private message one did not receive", as: asMember, action: "mutates.createReport",
		data: func(f *authzFixture) any {
			return map[string]any{"type": "Flooding", "content": "authz", "postType": "privateMessage", "postId": f.owned.privateMessage}
		}, want: notFound},
	{what: "read a gated article", as: asGuest, action: "content.article",
		data: func(*authzFixture) any { return map[string]any{"id": gatedArticle} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), gatedText)
			assert.Contains(t, string(res.body), `"gated":true`)
		}},
	{what: "read a gated article below its level", as: asMember, action: "content.article",
		data: func(*authzFixture) any { return map[string]any{"id": gatedArticle} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), gatedText)
		}},
	{what: "read a gated article's page", as: asGuest, action: "auth.pageData",
		data: func(*authzFixture) any { return map[string]any{"path": "/en/article/insiders-notes-" + gatedArticle} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), gatedText)
		}},
	{what: "read the page of an article id nobody wrote", as: asGuest, action: "auth.pageData",
		data: func(*authzFixture) any { return map[string]any{"path": "/en/article/guess-1000000099"} }, want: notFound},
	{what: "read the comments of a gated article", as: asMember, action: "content.comments",
		data: func(*authzFixture) any { return map[string]any{"targetType": "article", "targetId": gatedArticle} },
		want: forbidden},
	{what: "comment on a gated article", as: asMember, action: "mutates.createComment",
		data: func(*authzFixture) any {
			return map[string]any{"targetType": "article", "targetId": gatedArticle, "content": "<p>let me in</p>"}
		}, want: forbidden},
	{what: "like a gated article", as: asMember, action: "mutates.like",
		data: func(*authzFixture) any {
			return map[string]any{"targetType": "article", "targetId": gatedArticle, "like": true}
		},
		want: forbidden},
	{what: "delete another's comment", as: asMember, action: "mutates.deleteAction",
		data: func(f *authzFixture) any {
			return map[string]any{"id": f.comment(asVIP, "the VIP's own"), "type": "comment"}
		},
		want: forbidden},
	{what: "delete an article one did not write", as: asVIP, action: "mutates.deleteAction",
		data: func(*authzFixture) any { return map[string]any{"id": demoArticle, "type": "article"} }, want: forbidden},
	{what: "edit another's topic", as: asMember, action: "mutates.createTopic",
		data: func(*authzFixture) any {
			return map[string]any{"id": welcomeTopic, "title": "Taken over", "content": "<p>mine now</p>"}
		}, want: forbidden},
	{what: "award another's bounty", as: asMember, action: "community.award",
		data: func(*authzFixture) any {
			return map[string]any{"topicId": demoBounty, "answerIds": []string{memberAnswer}}
		}, want: forbidden},
	{what: "delete another's topic", as: asMember, action: "mutates.deleteAction",
		data: func(*authzFixture) any { return map[string]any{"id": welcomeTopic, "type": "topic"} }, want: forbidden},
	{what: "delete another's answer", as: asVIP, action: "mutates.deleteAction",
		data: func(*authzFixture) any { return map[string]any{"id": memberAnswer, "type": "answer"} }, want: forbidden},
	{what: "read a level-gated topic's page", as: asMember, action: "auth.pageData",
		data: func(*authzFixture) any { return map[string]any{"path": "/es/community/consejos-" + gatedTopic} }, want: ok,
		check: func(t *testing.T, _ *authzFixture, res result) {
			assert.NotContains(t, string(res.body), gatedTopicText)
			assert.Contains(t, string(res.body), `"locked":true`)
		}},
	{what: "answer a level-gated topic", as: asMember, action: "mutates.createAnswer",
		data: func(*authzFixture) any { return map[string]any{"topicId": gatedTopic, "content": "<p>let me in</p>"} },
		want: notFound},
	{what: "read the comments of a level-gated topic", as: asMember, action: "content.comments",
		data: func(*authzFixture) any { return map[string]any{"targetType": "topic", "targetId": gatedTopic} },
		want: forbidden},
	{what: "read the page of a topic id nobody wrote", as: asGuest, action: "auth.pageData",
		data: func(*authzFixture) any { return map[string]any{"path": "/en/community/guess-2000000999"} }, want: notFound},
	{what: "join the veterans below their level", as: asMember, action: "community.join",
		data: func(*authzFixture) any { return map[string]any{"nodeId": veteransNode} }, want: forbidden},
	{what: "update another's profile", as: asMember, action: "updateUser",
		data: func(f *authzFixture) any {
			return map[string]any{"userId": f.ids[asAdmin], "id": f.ids[asAdmin], "name": "Taken Over"}
		}, want: ok,
		check: func(t *testing.T, f *authzFixture, _ result) {
			var reply struct {
				Viewer struct {
					Name string `json:"name"`
				} `json:"viewer"`
			}
			f.must(asAdmin, "auth.viewer", nil, &reply)
			assert.Equal(t, "Souk Admin", reply.Viewer.Name, "only the caller's own profile changes")
		}},
}

// TestAuthorizationTable calls every action and websocket command on a dev
// node as a guest, the demo member, the VIP and the admin, and checks each
// answer against the table; the probes call the actions that take an id
// with another member's. A registered action without a row fails it.
func TestAuthorizationTable(t *testing.T) {
	start := time.Now()
	sockets := map[string]bool{}
	registered := map[string]bool{}
	for _, d := range describedRegistry().Describe() {
		registered[d.Name] = true
		sockets[d.Name] = d.Socket
	}
	rows := map[string]authzRow{}
	for _, r := range authzTable {
		_, dup := rows[r.action]
		require.False(t, dup, "two rows for %s", r.action)
		rows[r.action] = r
	}
	var missing, stale []string
	for name := range registered {
		if _, found := rows[name]; !found {
			missing = append(missing, name)
		}
	}
	for name := range rows {
		if !registered[name] {
			stale = append(stale, name)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 || len(stale) > 0 {
		t.Fatalf("authzTable is out of date with the registry:\n"+
			"  registered actions without a row (add one saying who may call them): %v\n"+
			"  rows naming no registered action (remove them): %v", missing, stale)
	}

	f := newAuthzFixture(t, sockets)
	f.owned = authzOwned{
		privateMessage: f.privateMessage(asVIP, f.ids[asAdmin], secretMessage, sharedClientID),
		chatMessage:    f.chatMessage(asAdmin, ownedRoom, "the admin's own", sharedClientID),
		media:          f.upload(asAdmin, "admin-owned.png"),
	}
	var note struct {
		Notification struct {
			ID string `json:"id"`
		} `json:"notification"`
	}
	f.must(asAdmin, "admin.sendNotification", map[string]any{"toId": f.ids[asAdmin], "title": secretNotification}, &note)
	f.owned.notification = note.Notification.ID

	// The probes run first: the table's rows read the admin's messages.
	t.Run("another member's ids", func(t *testing.T) {
		for _, p := range authzProbes {
			f.t = t
			res := f.do(p.as, p.action, p.data(f))
			if assert.Equal(t, p.want, res.status, "%s: %s as %s: %s", p.what, p.action, p.as, res) && p.check != nil {
				p.check(t, f, res)
			}
		}
	})
	t.Run("table", func(t *testing.T) {
		for _, r := range authzTable {
			for _, as := range roles {
				f.t = t
				res := f.run(r, as)
				assert.Equal(t, r.want(as), res.status, "%s as %s: %s", r.action, as, res)
			}
		}
	})
	t.Logf("%d actions × %d callers and %d probes in %s", len(authzTable), len(roles), len(authzProbes), time.Since(start).Round(time.Millisecond))
}

// run calls r's action as as with r's input.
func (f *authzFixture) run(r authzRow, as role) result {
	data := r.data(f, as)
	switch {
	case f.sockets[r.action]:
		joined := ""
		if r.join != nil && as != asGuest {
			joined = r.join(f, as)
		}
		return f.command(as, r.action, data, joined)
	case r.ownSession:
		client := f.signedIn(as)
		// The cookies as they were: the reply may clear the client's own.
		before := f.copyOf(client)
		res := f.callWith(client, r.action, data)
		if r.check != nil && res.status == ok {
			r.check(f.t, f, as, before)
		}
		return res
	case r.isolated:
		return f.callWith(f.isolated(as), r.action, data)
	}
	return f.call(as, r.action, data)
}
