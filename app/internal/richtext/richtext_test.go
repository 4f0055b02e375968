package richtext

import (
	"strings"
	"testing"
)

func TestSanitizeKeepsTheEditorsFormatting(t *testing.T) {
	t.Parallel()
	keep := []string{
		`<p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s></p>`,
		`<h2>t</h2><h3>t</h3><h4>t</h4>`,
		`<ul><li>a</li></ul><ol><li>b</li></ol>`,
		`<blockquote><p>q</p></blockquote>`,
		`<pre><code class="language-go">x := 1</code></pre>`,
		`<figure><img src="/api/media/12/a.png" alt="a"/><figcaption>c</figcaption></figure>`,
		`<img src="https://example.com/a.png"/>`,
		`<hr/><br/>`,
		`<audio controls="" preload="metadata" src="/api/media/7/song.mp3" title="Song"></audio>`,
		`<p>a</p><audio controls="" preload="none" src="https://cdn.example/a.ogg"></audio><p>b</p>`,
	}
	for _, in := range keep {
		if got := Sanitize(in); got != in {
			t.Errorf("Sanitize(%q) = %q, want it unchanged", in, got)
		}
	}
}

func TestSanitizeDropsWhatTheEditorDoesNotMake(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`<p>a<script>alert(1)</script></p>`:                    `<p>a</p>`,
		`<p onclick="x()">a</p>`:                               `<p>a</p>`,
		`<iframe src="https://evil.example"></iframe><p>b</p>`: `<p>b</p>`,
		`<a href="javascript:alert(1)">x</a>`:                  `x`,
		`<a href="//evil.example/x">x</a>`:                     `x`,
		`<img src="http://insecure.example/a.png"/>`:           ``,
		`<img src="data:image/png;base64,AAAA"/>`:              ``,
		`<img src="/other/a.png" onerror="x()"/>`:              ``,
		`<h1>t</h1><div style="color:red">d</div>`:             `td`,
		`<p style="x" class="y">a</p>`:                         `<p>a</p>`,
		`<svg><script>alert(1)</script></svg>`:                 ``,
		`<code class="x onclick">a</code>`:                     `<code>a</code>`,
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSanitizeKeepsAudioFromTheLibraryOnly(t *testing.T) {
	t.Parallel()
	const kept = `<audio controls="" src="/api/media/7/a.mp3"></audio>`
	cases := map[string]string{
		// A source that is not https nor this site's media: nothing to play.
		`<audio controls src="javascript:alert(1)"></audio><p>b</p>`:        `<p>b</p>`,
		`<audio controls src="http://insecure.example/a.mp3"></audio>`:      ``,
		`<audio controls src="data:audio/mpeg;base64,AAAA"></audio>`:        ``,
		`<audio controls src="/other/a.mp3" title="t"></audio>`:             ``,
		`<audio controls><source src="/api/media/7/a.mp3"></audio><p>b</p>`: `<p>b</p>`,
		// Event handlers, other attributes and other preload values go.
		`<audio controls src="/api/media/7/a.mp3" onplay="x()" onerror="y()"></audio>`: kept,
		`<audio controls src="/api/media/7/a.mp3" autoplay loop style="x"></audio>`:    kept,
		`<audio controls src="/api/media/7/a.mp3" preload="auto"></audio>`:             kept,
		// A reader always gets the player's controls.
		`<audio src="/api/media/7/a.mp3"></audio>`:                     kept,
		`<audio controls="controls" src="/api/media/7/a.mp3"></audio>`: kept,
		// <source> and <track> are not kept: only the audio's own src is checked.
		`<audio controls src="/api/media/7/a.mp3"><track src="/api/media/8/a.vtt"></audio>`:      kept,
		`<audio controls src="/api/media/7/a.mp3"><source src="https://evil.example/x"></audio>`: kept,
		// Written empty and closed: what sat inside follows, an audio left open hides nothing.
		`<audio controls src="/api/media/7/a.mp3">old browsers</audio>`: kept + `old browsers`,
		`<audio controls src="/api/media/7/a.mp3"><p>rest</p>`:          kept + `<p>rest</p>`,
		`<audio controls src="/api/media/7/a.mp3"/><p>rest</p>`:         kept + `<p>rest</p>`,
		`<audio title="&#34; src=&#34;/api/media/1">x</audio>`:          `x`,
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSanitizeMakesLinksNofollowNoopener(t *testing.T) {
	t.Parallel()
	for _, href := range []string{"https://example.com/a", "http://example.com", "/article/a-1"} {
		got := Sanitize(`<a href="` + href + `">x</a>`)
		if !strings.Contains(got, `href="`+href+`"`) || !strings.Contains(got, `rel="nofollow noopener"`) {
			t.Errorf("link %q sanitized to %q", href, got)
		}
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`<p>a</p><p>b &amp; c</p>`:     "a b & c",
		`<p></p><p> <br/> </p>`:        "",
		`<p>&nbsp;</p>`:                "",
		`<h2>t</h2>x`:                  "t x",
		`<p>中文<strong>内容</strong></p>`: "中文内容",
	}
	for in, want := range cases {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	t.Parallel()
	if got := Excerpt("<p>short</p>", 10); got != "short" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := Excerpt("<p>one two three four five</p>", 12); got != "one two…" {
		t.Errorf("Excerpt = %q", got)
	}
	if !HasMedia(Sanitize(`<img src="/api/media/1/a.png"/>`)) {
		t.Error("HasMedia false for an image")
	}
	if !HasMedia(Sanitize(`<audio controls src="/api/media/1/a.wav"></audio>`)) {
		t.Error("HasMedia false for an audio player")
	}
	if HasMedia(Sanitize(`<audio src="javascript:alert(1)"></audio><p>text</p>`)) {
		t.Error("HasMedia true for a refused audio")
	}
}
