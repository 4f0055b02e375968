package main

import "encoding/json"

// builderDraft is the builders' draft as the admin reads it.
type builderDraft struct {
	Doc              json.RawMessage `json:"doc"`
	Revision         int64           `json:"revision"`
	PublishedVersion int64           `json:"publishedVersion"`
}

// builderState reads the draft as the admin (none for the others: they
// are refused before their input is read).
func (f *authzFixture) builderState(as role) builderDraft {
	if as != asAdmin {
		return builderDraft{Doc: json.RawMessage(`{}`)}
	}
	var d builderDraft
	f.must(asAdmin, "builder.draft", map[string]any{}, &d)
	return d
}

// publishedVersion is the layout version published now, the draft
// published first when none is (an admin's); 1 for the others.
func (f *authzFixture) publishedVersion(as role) int64 {
	if as != asAdmin {
		return 1
	}
	d := f.builderState(as)
	if d.PublishedVersion > 0 {
		return d.PublishedVersion
	}
	var reply struct {
		Version int64 `json:"version"`
	}
	f.must(asAdmin, "builder.publish", map[string]any{"revision": d.Revision, "note": "authz"}, &reply)
	return reply.Version
}

func init() {
	// The demo member (Lv1) and VIP (Gold) have no canBuilder: only the
	// admin builds. Each admin row reads the draft's revision first, so
	// that it is never stale whatever ran before.
	authzTable = append(authzTable,
		authzRow{action: "builder.draft", data: fixed(map[string]any{}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.saveDraft", data: func(f *authzFixture, as role) any {
			d := f.builderState(as)
			return map[string]any{"doc": d.Doc, "revision": d.Revision}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.discard", data: func(f *authzFixture, as role) any {
			return map[string]any{"revision": f.builderState(as).Revision}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.publish", data: func(f *authzFixture, as role) any {
			return map[string]any{"revision": f.builderState(as).Revision, "note": "authz"}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.versions", data: fixed(map[string]any{"first": 5}),
			guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.version", data: func(f *authzFixture, as role) any {
			return map[string]any{"version": f.publishedVersion(as)}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
		authzRow{action: "builder.rollback", data: func(f *authzFixture, as role) any {
			v := f.publishedVersion(as)
			return map[string]any{"version": v, "expectVersion": v}
		}, guest: signIn, member: forbidden, vip: forbidden, admin: ok},
	)
}
