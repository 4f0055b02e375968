package gate

import "testing"

func TestChooseFollowsTheRuleOfSection6(t *testing.T) {
	t.Parallel()
	tests := []struct {
		roles []Role
		want  string
	}{
		{[]Role{{Type: Money}, {Type: QRCode}, {Type: Cmt}}, Cmt},
		{[]Role{{Type: Level}, {Type: Login}, {Type: Free}}, Free},
		{[]Role{{Type: VIP}, {Type: QRCode}}, QRCode},
		{[]Role{{Type: VIP}, {Type: Level}}, VIP},
		{[]Role{{Type: Credit}, {Type: Login}}, Login},
	}
	for _, tt := range tests {
		if got := Choose(tt.roles); got.Type != tt.want {
			t.Errorf("Choose(%v) = %v, want %s", tt.roles, got, tt.want)
		}
	}
}

func TestPrice(t *testing.T) {
	t.Parallel()
	if asset, n := (Role{Type: Credit, Value: "20"}).Price(); asset != "CREDIT" || n != 20 {
		t.Errorf("credit price = %s %d", asset, n)
	}
	if asset, n := (Role{Type: QRCode, Value: "990", Currency: "USD"}).Price(); asset != "USD" || n != 990 {
		t.Errorf("qrcode price = %s %d", asset, n)
	}
	if (Role{Type: Login}).Priced() {
		t.Error("login is not priced")
	}
}
