package main

// The operators' content and chat moderation: administrators only. The
// admin's rows change real rows: a comment of the admin's deleted in bulk,
// a chat message of the admin's deleted, the demo member muted and unmuted
// in the owned room (the member has no chat right anyway).

// contentAdminRow is a row of an action only administrators may call.
func contentAdminRow(action string, data func(f *authzFixture, as role) any) authzRow {
	return authzRow{action: action, data: data, guest: signIn, member: forbidden, vip: forbidden, admin: ok}
}

func init() {
	authzTable = append(authzTable,
		contentAdminRow("admin.content", fixed(map[string]any{"kind": "article", "status": "all", "first": 5})),
		contentAdminRow("admin.contentBulk", func(f *authzFixture, as role) any {
			id := "1"
			if as == asAdmin {
				id = f.comment(asAdmin, "to be moderated")
			}
			return map[string]any{"kind": "comment", "ids": []string{id}, "op": "delete"}
		}),
		contentAdminRow("admin.chatRooms", fixed(map[string]any{"q": "authz", "first": 5})),
		contentAdminRow("admin.chatMessages", fixed(map[string]any{"room": ownedRoom, "first": 5})),
		contentAdminRow("admin.chatDelete", func(f *authzFixture, as role) any {
			id := "1"
			if as == asAdmin {
				id = f.chatMessage(asAdmin, room("delete", asMember), "to be moderated", "")
			}
			return map[string]any{"ids": []string{id}}
		}),
		contentAdminRow("admin.chatMute", func(f *authzFixture, as role) any {
			return map[string]any{"room": ownedRoom, "userId": f.ids[asMember], "minutes": 5, "reason": "authz"}
		}),
		contentAdminRow("admin.chatUnmute", func(f *authzFixture, as role) any {
			return map[string]any{"room": ownedRoom, "userId": f.ids[asMember]}
		}),
		contentAdminRow("admin.chatMutes", fixed(map[string]any{"room": ownedRoom})),
	)
}
