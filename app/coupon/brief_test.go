package coupon

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"souk/persistence"
)

func TestBrief(t *testing.T) {
	t.Parallel()
	c := persistence.Coupon{Code: "C", Names: map[string]string{"en": "Ten", "es": "Diez"}, Type: persistence.CouponCash,
		FaceCurrency: "CNY", FaceValue: 1000}
	b := Brief(c, "es", 2, 550)
	assert.Equal(t, CouponBrief{Code: "C", Name: "Diez", Type: "cash", FaceValue: &Money{"CNY", "10.00"},
		Discount: &Money{"CNY", "5.50"}}, b)
	assert.Nil(t, Brief(c, "zh-hans", 2, 0).Discount)
	assert.Equal(t, "Ten", Brief(c, "zh-hans", 2, 0).Name, "zh-hans missing: the next site language")
}
