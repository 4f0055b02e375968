package geo

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// GeoNames ids the tests walk.
const (
	china      = 1814991
	guangdong  = 1809935
	guangzhou  = 1809857
	spain      = 2510769
	andalusia  = 2593109
	seville    = 2510910
	usa        = 6252001
	california = 5332921
	losAngeles = 5368381
)

func TestDataLoads(t *testing.T) {
	require.NoError(t, Err())
	assert.Greater(t, Len(), 30_000)
}

func TestEveryCountry(t *testing.T) {
	countries := Countries()
	assert.GreaterOrEqual(t, len(countries), 240, "every country")
	codes := map[string]bool{}
	for _, c := range countries {
		assert.Equal(t, 0, c.Level)
		assert.Len(t, c.Code, 2, "%d has its ISO code", c.ID)
		assert.False(t, codes[c.Code], "%s once", c.Code)
		codes[c.Code] = true
		for _, lang := range []string{"en", "es", "zh-hans"} {
			assert.NotEmpty(t, c.Name(lang), "%s in %s", c.Code, lang)
		}
	}
	for _, code := range []string{"CN", "ES", "US", "GB", "FR", "DE", "JP", "BR", "XK", "AW"} {
		assert.True(t, codes[code], code)
	}
	es, ok := Get(spain)
	require.True(t, ok)
	assert.Equal(t, "España", es.Name("es"))
	assert.Equal(t, "西班牙", es.Name("zh-hans"))
	assert.Equal(t, "Spain", es.Name("en"))
	assert.Equal(t, "Spain", es.Name("fr"), "another language is English")

	// Most countries have their first-level divisions.
	with := 0
	for _, c := range countries {
		if c.HasChildren() {
			with++
		}
	}
	assert.Greater(t, with, 200)
}

func TestChina(t *testing.T) {
	provinces, ok := Children(china)
	require.True(t, ok)
	assert.GreaterOrEqual(t, len(provinces), 31)
	var gd Place
	for _, p := range provinces {
		assert.Equal(t, 1, p.Level)
		assert.NotEqual(t, p.Name("en"), p.Name("zh-hans"), "%s has a Chinese name", p.Name("en"))
		if p.ID == guangdong {
			gd = p
		}
	}
	assert.Contains(t, gd.Name("zh-hans"), "广东")
	assert.Equal(t, "Guangdong", gd.Name("en"))
	cities, ok := Children(guangdong)
	require.True(t, ok)
	assert.GreaterOrEqual(t, len(cities), 20, "Guangdong's prefecture-level cities")
	names := map[string]bool{}
	for _, c := range cities {
		assert.Equal(t, 2, c.Level)
		assert.Equal(t, guangdong, int(c.Parent))
		names[c.Name("zh-hans")] = true
	}
	assert.True(t, names["广州市"])
	assert.True(t, names["深圳市"])
	gz, ok := Get(guangzhou)
	require.True(t, ok)
	assert.Equal(t, "广州市", gz.Name("zh-hans"))
}

func TestSpain(t *testing.T) {
	an, ok := Get(andalusia)
	require.True(t, ok)
	assert.Equal(t, "Andalucía", an.Name("es"))
	assert.Equal(t, 1, an.Level)
	provinces, _ := Children(andalusia)
	assert.Len(t, provinces, 8)
	se, ok := Get(seville)
	require.True(t, ok)
	assert.Equal(t, "Sevilla", se.Name("es"))
	assert.Equal(t, "Seville", se.Name("en"))
	assert.Equal(t, int64(andalusia), se.Parent)
	towns, _ := Children(seville)
	assert.Greater(t, len(towns), 50, "Seville's municipalities")
	found := false
	for _, town := range towns {
		assert.Equal(t, 3, town.Level)
		assert.False(t, town.HasChildren())
		if town.Name("es") == "Dos Hermanas" {
			found = true
		}
	}
	assert.True(t, found, "Dos Hermanas is a municipality of Seville")
	all := 0
	for _, community := range mustChildren(t, spain) {
		all += len(mustChildren(t, community.ID))
	}
	assert.Equal(t, 52, all, "the 52 provinces (with Ceuta and Melilla)")
}

func TestUnitedStates(t *testing.T) {
	states := mustChildren(t, usa)
	assert.GreaterOrEqual(t, len(states), 50)
	ca, ok := Get(california)
	require.True(t, ok)
	assert.Equal(t, "California", ca.Name("en"))
	assert.Equal(t, "加利福尼亚州", ca.Name("zh-hans"))
	counties := mustChildren(t, california)
	assert.Len(t, counties, 58)
	la, ok := Get(losAngeles)
	require.True(t, ok)
	assert.Equal(t, "Los Angeles County", la.Name("en"))
	assert.Equal(t, int64(california), la.Parent)
	places := mustChildren(t, losAngeles)
	names := map[string]string{}
	for _, p := range places {
		names[p.Name("en")] = p.Name("zh-hans")
	}
	assert.Equal(t, "洛杉矶", names["Los Angeles"])
	assert.Contains(t, names, "Long Beach")
	counted := 0
	for _, s := range states {
		counted += len(mustChildren(t, s.ID))
	}
	assert.GreaterOrEqual(t, counted, 3100, "every county")
}

func TestTreeIsConsistent(t *testing.T) {
	d, err := load()
	require.NoError(t, err)
	for _, p := range d.places {
		if p.Parent == 0 {
			continue
		}
		parent, ok := Get(p.Parent)
		require.True(t, ok, "%d's parent exists", p.ID)
		assert.Equal(t, parent.Level+1, p.Level)
		assert.NotEmpty(t, strings.TrimSpace(p.Name("en")))
	}
	_, ok := Children(12345678901)
	assert.False(t, ok, "an unknown id")
	_, ok = Get(0)
	assert.False(t, ok)
}

func TestParseRefusesBadData(t *testing.T) {
	_, err := parse([]byte("not gzip"))
	assert.Error(t, err)
}

func mustChildren(t *testing.T, id int64) []Place {
	t.Helper()
	list, ok := Children(id)
	require.True(t, ok, "%d is a place", id)
	return list
}
