package demo

import (
	"bytes"
	"encoding/binary"
	"math"
)

// Audio format of the demo tracks: mono 16-bit PCM at SampleRate, small
// enough to ship in the binary's memory and clear enough for melodies.
const (
	SampleRate    = 16000
	bitsPerSample = 16
	// wavHeaderSize is the RIFF header, the fmt chunk and the data chunk's header.
	wavHeaderSize = 44
)

// Track is a demo audio track: a short melody synthesized on demand, kept
// in the media library as a media item of the demo admin (see seedAudio),
// so the layout's audio block (data/layout.json) plays it from its fixed
// address.
type Track struct {
	// ID is the media item's fixed id.
	ID int64
	// FileName names the file in the library and in the address.
	FileName string
	// Title is shown by the player.
	Title string
	// Thumb is the player's picture, an inline SVG.
	Thumb string
	score score
}

// Seconds is the track's duration.
func (t Track) Seconds() int { return int(math.Round(t.score.beats * 60 / t.score.bpm)) }

// Tracks are the demo tracks, in the order the home page's playlist lists them.
var Tracks = []Track{
	{ID: 4000000001, FileName: "morning-in-the-souk.wav", Title: "Morning in the Souk",
		Thumb: thumb("%230f766e", "%23fde68a"), score: morning},
	{ID: 4000000002, FileName: "night-market.wav", Title: "Night Market",
		Thumb: thumb("%231e1b4b", "%23a5b4fc"), score: nightMarket},
	{ID: 4000000003, FileName: "tea-at-noon.wav", Title: "Tea at Noon",
		Thumb: thumb("%23b45309", "%23fff7ed"), score: teaAtNoon},
}

// thumb is a square picture of a note in fg on bg (URL-escaped colours).
func thumb(bg, fg string) string {
	return "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'%3E" +
		"%3Crect width='96' height='96' rx='18' fill='" + bg + "'/%3E" +
		"%3Cpath d='M38 24v36a11 11 0 1 0 6 10V40l26-7v20a11 11 0 1 0 6 10V16z' fill='" + fg + "'/%3E%3C/svg%3E"
}

// score is a short piece: parts played together over beats at bpm.
type score struct {
	bpm, beats float64
	parts      []part
}

// part is one instrument's notes.
type part struct {
	inst  instrument
	notes []note
}

// note is a pitch (MIDI number) played from beat at for length beats.
type note struct {
	at, length float64
	pitch      int
	gain       float64
}

// instrument is an additive voice: partials (the fundamental's multiples,
// by amplitude) under an envelope with a short attack and an exponential
// decay, damped after the note's end.
type instrument struct {
	partials      []float64
	attack, decay float64 // seconds
}

var (
	bell    = instrument{partials: []float64{1, 0.35, 0.18, 0.06}, attack: 0.006, decay: 0.9}
	marimba = instrument{partials: []float64{1, 0, 0, 0.25}, attack: 0.004, decay: 0.35}
	pad     = instrument{partials: []float64{1, 0.5, 0.2}, attack: 0.08, decay: 2.5}
	pluck   = instrument{partials: []float64{1, 0.6, 0.3, 0.15, 0.08}, attack: 0.003, decay: 0.45}
)

// line is notes of one length each, one after another from beat at; a
// pitch of 0 is a rest.
func line(at, length, gain float64, pitches ...int) []note {
	notes := make([]note, 0, len(pitches))
	for i, p := range pitches {
		if p != 0 {
			notes = append(notes, note{at: at + float64(i)*length, length: length, pitch: p, gain: gain})
		}
	}
	return notes
}

// join concatenates note lists.
func join(lists ...[]note) []note {
	var out []note
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// MIDI pitches used below.
const (
	f2, g2, a2, bb2, c3, d3, e3, f3, g3, a3, bb3, b3 = 41, 43, 45, 46, 48, 50, 52, 53, 55, 57, 58, 59
	c4, d4, e4, f4, g4, a4, bb4, b4                  = 60, 62, 64, 65, 67, 69, 70, 71
	c5, d5, e5, f5, g5, a5, c6                       = 72, 74, 76, 77, 79, 81, 84
)

// morning: C major pentatonic bells over a slow bass, 16 beats at 96 bpm (10 s).
var morning = score{bpm: 96, beats: 16, parts: []part{
	{inst: bell, notes: join(
		line(0, 0.5, 0.8, c5, e5, g5, a5, g5, e5, d5, c5),
		line(4, 0.5, 0.8, d5, e5, g5, e5, d5, c5, a4, c5),
		line(8, 0.5, 0.8, e5, g5, a5, c6, a5, g5, e5, g5),
		line(12, 0.5, 0.8, d5, e5, d5, c5, a4, g4),
		line(15, 1, 0.7, c5),
	)},
	{inst: pad, notes: line(0, 4, 0.45, c3, a2, f2, g2)},
	{inst: pad, notes: line(0, 4, 0.25, g3, e3, c3, d3)},
}}

// nightMarket: A minor marimba arpeggios and a melody, 16 beats at 80 bpm (12 s).
var nightMarket = score{bpm: 80, beats: 16, parts: []part{
	{inst: marimba, notes: join(
		line(0, 0.25, 0.55, a3, c4, e4, c4, a3, c4, e4, c4, f3, a3, c4, a3, f3, a3, c4, a3),
		line(8, 0.25, 0.55, c4, e4, g4, e4, c4, e4, g4, e4, g3, b3, d4, b3, g3, b3, d4, b3),
	)},
	{inst: pluck, notes: join(
		line(0, 1, 0.8, e5, 0, d5, c5),
		line(4, 1, 0.8, c5, d5, e5, 0),
		line(8, 1, 0.8, g5, e5, d5, c5),
		line(12, 1, 0.8, d5, b4, a4),
	)},
	{inst: pad, notes: line(0, 4, 0.4, a2, f2, c3, g2)},
}}

// teaAtNoon: a waltz in F major, bass on one and chords on two and three,
// 12 beats at 90 bpm (8 s).
var teaAtNoon = score{bpm: 90, beats: 12, parts: []part{
	{inst: pluck, notes: join(
		line(0, 1, 0.6, f2, 0, 0, c3, 0, 0, bb2, 0, 0, c3),
		line(1, 1, 0.3, a3, a3, 0, g3, g3, 0, f3, f3, 0, e3, e3),
		line(1, 1, 0.3, c4, c4, 0, bb3, bb3, 0, d4, d4, 0, c4, c4),
	)},
	{inst: bell, notes: join(
		line(0, 1, 0.75, a4, c5, f5),
		line(3, 1, 0.75, e5, d5, c5),
		line(6, 1, 0.75, d5, bb4, g4),
		line(9, 0.5, 0.75, a4, bb4, c5, e4),
		line(11, 1, 0.7, f4),
	)},
}}

// WAV returns the track as a WAV file (RIFF, mono 16-bit PCM at
// SampleRate). The same track always gives the same bytes.
func (t Track) WAV() []byte {
	samples := t.score.render(t.Seconds() * SampleRate)
	var b bytes.Buffer
	b.Grow(wavHeaderSize + 2*len(samples))
	dataSize := uint32(2 * len(samples))
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(wavHeaderSize-8)+dataSize)
	b.WriteString("WAVEfmt ")
	_ = binary.Write(&b, binary.LittleEndian, struct {
		Size          uint32
		Format        uint16
		Channels      uint16
		Rate          uint32
		ByteRate      uint32
		BlockAlign    uint16
		BitsPerSample uint16
	}{16, 1, 1, SampleRate, SampleRate * 2, 2, bitsPerSample})
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, dataSize)
	_ = binary.Write(&b, binary.LittleEndian, samples)
	return b.Bytes()
}

// render plays the score into n samples, normalized below full scale,
// faded in and out so that it starts and ends without a click.
func (s score) render(n int) []int16 {
	mix := make([]float64, n)
	secondsPerBeat := 60 / s.bpm
	for _, p := range s.parts {
		for _, nt := range p.notes {
			p.inst.play(mix, nt.at*secondsPerBeat, nt.length*secondsPerBeat, frequency(nt.pitch), nt.gain)
		}
	}
	peak := 0.0
	for _, v := range mix {
		peak = math.Max(peak, math.Abs(v))
	}
	const fadeIn, fadeOut = 0.01, 0.6 // seconds
	out := make([]int16, n)
	for i, v := range mix {
		t, left := float64(i)/SampleRate, float64(n-i)/SampleRate
		gain := math.Min(1, math.Min(t/fadeIn, left/fadeOut))
		if peak > 0 {
			v = v / peak * 0.8 * gain
		}
		out[i] = int16(math.Round(v * math.MaxInt16))
	}
	return out
}

// release is how fast a note dies away after its end.
const release = 0.12 // seconds

// play adds a note to mix: from start for length seconds, then released.
func (in instrument) play(mix []float64, start, length, freq, gain float64) {
	first := int(math.Round(start * SampleRate))
	last := min(len(mix), first+int((length+6*release)*SampleRate))
	for i := first; i < last; i++ {
		t := float64(i-first) / SampleRate
		env := math.Min(1, t/in.attack) * math.Exp(-t/in.decay)
		if t > length {
			env *= math.Exp(-(t - length) / release)
		}
		v := 0.0
		for k, amp := range in.partials {
			if amp != 0 {
				v += amp * math.Sin(2*math.Pi*freq*float64(k+1)*t)
			}
		}
		mix[i] += gain * env * v
	}
}

// frequency is the equal-tempered frequency of a MIDI pitch (A4 = 440 Hz).
func frequency(pitch int) float64 { return 440 * math.Pow(2, float64(pitch-69)/12) }
