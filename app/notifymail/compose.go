package notifymail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"souk/app/action"
	"strings"
	texttemplate "text/template"
	"unicode/utf8"

	"souk/internal/mail"
)

// maxQuoteRunes bounds the text of a message or notification an email quotes.
const maxQuoteRunes = 300

// letter is what an email says, in its language, before it is written as
// text and HTML: every string is plain text (the HTML template escapes it).
type letter struct {
	Lang     string
	Subject  string
	Greeting string
	Intro    string
	// Items are the messages or notifications it tells of.
	Items  []letterItem
	Button link
	// Reason says why the member gets it; Settings, Unsubscribe (from
	// this kind) and StopAll (every email) are the footer's links.
	Reason                         string
	Settings, Unsubscribe, StopAll link
}

type letterItem struct {
	Title, Text string
}

type link struct {
	Label, URL string
}

var htmlLetter = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Subject}}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 12px">{{.Greeting}}</p>
<p style="margin:0 0 16px">{{.Intro}}</p>
{{range .Items}}<div style="margin:0 0 12px;padding:12px;border-left:3px solid #e4e4e7;background:#fafafa">
{{if .Title}}<div style="font-weight:600;margin-bottom:4px">{{.Title}}</div>{{end}}{{if .Text}}<div style="white-space:pre-line">{{.Text}}</div>{{end}}
</div>
{{end}}<p style="margin:20px 0"><a href="{{.Button.URL}}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">{{.Button.Label}}</a></p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#71717a">{{.Reason}}<br>
<a href="{{.Settings.URL}}" style="color:#71717a">{{.Settings.Label}}</a> · <a href="{{.Unsubscribe.URL}}" style="color:#71717a">{{.Unsubscribe.Label}}</a> · <a href="{{.StopAll.URL}}" style="color:#71717a">{{.StopAll.Label}}</a></p>
</body></html>
`))

var textLetter = texttemplate.Must(texttemplate.New("text").Parse(`{{.Greeting}}

{{.Intro}}
{{range .Items}}
{{if .Title}}{{.Title}}
{{end}}{{if .Text}}{{.Text}}
{{end}}{{end}}
{{.Button.Label}}: {{.Button.URL}}

-- 
{{.Reason}}
{{.Settings.Label}}: {{.Settings.URL}}
{{.Unsubscribe.Label}}: {{.Unsubscribe.URL}}
{{.StopAll.Label}}: {{.StopAll.URL}}
`))

// email writes l to the address to, with the List-Unsubscribe header of
// its unsubscribe link.
func (l letter) email(to string) (mail.Email, error) {
	var text, html bytes.Buffer
	if err := textLetter.Execute(&text, l); err != nil {
		return mail.Email{}, fmt.Errorf("notifymail: write the text: %w", err)
	}
	if err := htmlLetter.Execute(&html, l); err != nil {
		return mail.Email{}, fmt.Errorf("notifymail: write the HTML: %w", err)
	}
	return mail.Email{To: to, Subject: l.Subject, Text: text.String(), HTML: html.String(),
		Headers: map[string]string{"List-Unsubscribe": "<" + l.Unsubscribe.URL + ">"}}, nil
}

// links builds the absolute links of the site in one language.
type links struct {
	base string // the public URL and the language prefix
}

func linksFor(publicURL, lang string) links {
	return links{base: strings.TrimRight(publicURL, "/") + action.LangPrefix(lang)}
}

// page is the absolute URL of a path of the site ("/messages/ann"); an
// absolute http(s) URL is kept as it is.
func (l links) page(path string) string {
	if strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://") {
		return path
	}
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		path = "/" + strings.TrimLeft(path, "/")
	}
	return l.base + path
}

// unsubscribe is the link of an unsubscribe token.
func (l links) unsubscribe(token string) string {
	return l.base + "/unsubscribe?t=" + url.QueryEscape(token)
}

// clip shortens text to maxQuoteRunes, keeping its line breaks.
func clip(text string) string {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) <= maxQuoteRunes {
		return text
	}
	r := []rune(text)
	return string(r[:maxQuoteRunes-1]) + "…"
}
