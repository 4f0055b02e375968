package main

// authzAddress is a SELECTED address in Guangzhou as mutates.saveAddress
// takes it.
func authzAddress(name string) map[string]any {
	return map[string]any{"type": "SELECTED", "country": map[string]any{"geonameId": 1814991},
		"province": map[string]any{"geonameId": 1809935}, "city": map[string]any{"geonameId": 1809857},
		"address": "天河路 1 号", "phone": "13800138000", "dialCode": "+86", "name": name, "postcode": "510000"}
}

// addressOf is a new address of as's (an id nobody has for a guest).
func (f *authzFixture) addressOf(as role) string {
	if as == asGuest {
		return "1"
	}
	var reply struct {
		Created struct {
			Address struct {
				ID string `json:"id"`
			} `json:"address"`
		} `json:"gqAddressCreate"`
	}
	f.must(as, "mutates.saveAddress", authzAddress("Authz "+as.String()), &reply)
	return reply.Created.Address.ID
}

// vipAddress is a new address of the VIP's, the probes' target.
func (f *authzFixture) vipAddress() string { return f.addressOf(asVIP) }

func init() {
	authzTable = append(authzTable,
		// The place picker is public; addresses are the member's own.
		authzRow{action: "utils.addressPicker", data: fixed(map[string]any{"geonameId": "1814991", "lang": "zh-hans"}),
			guest: ok, member: ok, vip: ok, admin: ok},
		authzRow{action: "mutates.saveAddress", data: func(_ *authzFixture, as role) any {
			return authzAddress("Saved " + as.String())
		}, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "account.addresses", data: noData, guest: signIn, member: ok, vip: ok, admin: ok},
		authzRow{action: "mutates.deleteAddress", data: func(f *authzFixture, as role) any {
			return map[string]any{"addressId": f.addressOf(as)}
		}, guest: signIn, member: ok, vip: ok, admin: ok},
	)
	// Another member's address is not found, for its owner's peers and the admins alike.
	authzProbes = append(authzProbes,
		authzProbe{what: "edit another's address", as: asMember, action: "mutates.saveAddress",
			data: func(f *authzFixture) any {
				in := authzAddress("Taken over")
				in["addressId"] = f.vipAddress()
				return in
			}, want: notFound},
		authzProbe{what: "an admin edits a member's address", as: asAdmin, action: "mutates.saveAddress",
			data: func(f *authzFixture) any {
				in := authzAddress("Taken over")
				in["addressId"] = f.vipAddress()
				return in
			}, want: notFound},
		authzProbe{what: "delete another's address", as: asMember, action: "mutates.deleteAddress",
			data: func(f *authzFixture) any { return map[string]any{"addressId": f.vipAddress()} }, want: notFound},
		authzProbe{what: "an admin deletes a member's address", as: asAdmin, action: "mutates.deleteAddress",
			data: func(f *authzFixture) any { return map[string]any{"addressId": f.vipAddress()} }, want: notFound},
	)
}
