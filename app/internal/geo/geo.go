// Package geo is the place data of the address picker: every country, its
// first-level divisions, and deeper levels for China, Spain and the United
// States, from GeoNames (CC BY 4.0; see README.md), each place keyed by its
// geonameId and named in English, Spanish and Simplified Chinese.
//
// The data is embedded (places.tsv.gz, written by scripts/geonames) and
// read once, on first use; it is read-only and safe for concurrent use.
package geo

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

//go:embed places.tsv.gz
var placesGz []byte

// MaxLevel is the deepest level: 0 countries, 1 first-level divisions,
// 2 second-level, 3 third-level.
const MaxLevel = 3

// Place is one place of the data.
type Place struct {
	// ID is the place's geonameId.
	ID int64
	// Parent is the geonameId of the place it is in; 0 for a country.
	Parent int64
	// Code is a country's ISO 3166-1 alpha-2 code; empty below countries.
	Code string
	// Level is 0 for a country, 1 for a first-level division, and so on.
	Level int
	// names are en, es and zh (Simplified Chinese); es and zh may be empty.
	names [3]string
	// children are the indexes of the places in it, in order.
	children []int32
}

// Name is the place's name in lang (zh-hans, en or es; another language
// is English), the English (GeoNames) name where the data has none in lang.
func (p Place) Name(lang string) string {
	var n string
	switch lang {
	case "es":
		n = p.names[1]
	case "zh-hans", "zh":
		n = p.names[2]
	}
	if n == "" {
		return p.names[0]
	}
	return n
}

// Names is the place's name per language (zh-hans, en, es), each filled.
func (p Place) Names() map[string]string {
	return map[string]string{"en": p.Name("en"), "es": p.Name("es"), "zh-hans": p.Name("zh-hans")}
}

// HasChildren reports whether places lie in p.
func (p Place) HasChildren() bool { return len(p.children) > 0 }

// data is the loaded place data.
type data struct {
	places []Place
	byID   map[int64]int32
	roots  []int32
}

var (
	loadOnce sync.Once
	loaded   *data
	loadErr  error
)

// load reads the embedded data once.
func load() (*data, error) {
	loadOnce.Do(func() { loaded, loadErr = parse(placesGz) })
	return loaded, loadErr
}

// parse reads gzip'd lines "id \t parent \t code \t en \t es \t zh".
func parse(gz []byte) (*data, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("geo: %w", err)
	}
	d := &data{byID: make(map[int64]int32, 40_000)}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 6 {
			return nil, fmt.Errorf("geo: line %d: %d fields", line, len(f))
		}
		id, err1 := strconv.ParseInt(f[0], 10, 64)
		parent, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil || id <= 0 || f[3] == "" {
			return nil, fmt.Errorf("geo: line %d: bad place", line)
		}
		if _, dup := d.byID[id]; dup {
			return nil, fmt.Errorf("geo: line %d: place %d twice", line, id)
		}
		d.byID[id] = int32(len(d.places))
		d.places = append(d.places, Place{ID: id, Parent: parent, Code: f[2], names: [3]string{f[3], f[4], f[5]}})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("geo: %w", err)
	}
	// Link children in file order; parents come before their children's
	// levels are known, so levels are set walking down from the roots.
	for i := range d.places {
		p := &d.places[i]
		if p.Parent == 0 {
			d.roots = append(d.roots, int32(i))
			continue
		}
		pi, ok := d.byID[p.Parent]
		if !ok {
			return nil, fmt.Errorf("geo: place %d: parent %d missing", p.ID, p.Parent)
		}
		d.places[pi].children = append(d.places[pi].children, int32(i))
	}
	var setLevel func(i int32, level int) error
	setLevel = func(i int32, level int) error {
		if level > MaxLevel {
			return fmt.Errorf("geo: place %d deeper than %d", d.places[i].ID, MaxLevel)
		}
		d.places[i].Level = level
		for _, c := range d.places[i].children {
			if err := setLevel(c, level+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range d.roots {
		if err := setLevel(r, 0); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Get returns the place id, if the data has it.
func Get(id int64) (Place, bool) {
	d, err := load()
	if err != nil {
		return Place{}, false
	}
	i, ok := d.byID[id]
	if !ok {
		return Place{}, false
	}
	return d.places[i], true
}

// Children returns the places in id (the countries for 0), in order; ok is
// false when id is neither 0 nor a place of the data.
func Children(id int64) (list []Place, ok bool) {
	d, err := load()
	if err != nil {
		return nil, false
	}
	idx := d.roots
	if id != 0 {
		i, found := d.byID[id]
		if !found {
			return nil, false
		}
		idx = d.places[i].children
	}
	list = make([]Place, len(idx))
	for k, i := range idx {
		list[k] = d.places[i]
	}
	return list, true
}

// Countries returns every country, in order.
func Countries() []Place {
	list, _ := Children(0)
	return list
}

// Err is the error reading the embedded data, if any (nil once it loaded).
func Err() error {
	_, err := load()
	return err
}

// Len is the number of places.
func Len() int {
	d, err := load()
	if err != nil {
		return 0
	}
	return len(d.places)
}
