package action

import (
	"fmt"
	"io"
	"strings"
)

// WriteReference renders the registry's actions as the Markdown API
// reference. The output depends only on the registered types, so a test can
// tell when the committed reference is stale.
func (r *Registry) WriteReference(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Souk API reference\n\n")
	b.WriteString("Generated from the action registry by `souk apidoc` (`make apidoc`); do not edit by hand.\n\n")
	b.WriteString("Every action is called as `POST /api/request` with the JSON body\n")
	b.WriteString("`{\"action\": NAME, \"data\": INPUT, \"path\", \"device\", \"currency\", \"lang\", \"visitorId\", \"authToken\"?}`.\n")
	b.WriteString("A success is HTTP 200 with the reply below as the body. A failure has the HTTP status of the error and the body\n")
	b.WriteString("`{\"statusCode\": STATUS, \"messages\": [\"…\"], \"codes\": [\"…\"]}`, the messages translated into the request's language\n")
	b.WriteString("and `codes` their i18n keys (for example `common.login.captcha.required`), one each.\n")
	b.WriteString("Ids (`id`, `databaseId`) are 64-bit and travel as decimal strings.\n")
	fmt.Fprintf(&b, "Every string of an input (and every raw JSON value) is at most %d bytes unless its notes say less; a longer one is\n", MaxStringBytes)
	b.WriteString("refused as `common.error.badField` naming the field, before the action runs.\n\n")
	var actions, commands []Description
	for _, d := range r.Describe() {
		if d.Socket {
			commands = append(commands, d)
		} else {
			actions = append(actions, d)
		}
	}
	writeIndex(&b, "action", actions)
	writeDescriptions(&b, actions, "Reply")
	if len(commands) > 0 {
		b.WriteString("\n# WebSocket commands\n\n")
		b.WriteString("Sent on `GET /api/ws` as the frame `{\"action\": NAME, \"data\": INPUT}`; the HTTP envelope refuses them as unknown.\n")
		b.WriteString("They run the same handlers, rights and refusals as the actions above. A refusal is the `error` event\n")
		b.WriteString("`{\"code\", \"message\", \"action\", …}` in the language of the socket (`?lang=` on the upgrade URL);\n")
		b.WriteString("the events the server sends are described in the package comment of `transport/realtime`.\n\n")
		writeIndex(&b, "command", commands)
		writeDescriptions(&b, commands, "Result")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeIndex(b *strings.Builder, title string, descs []Description) {
	fmt.Fprintf(b, "| %s | who may call | summary |\n| --- | --- | --- |\n", title)
	for _, d := range descs {
		fmt.Fprintf(b, "| [`%s`](#%s) | %s | %s |\n", d.Name, anchor(d.Name), d.Access, escapeCell(d.Summary))
	}
}

func writeDescriptions(b *strings.Builder, descs []Description, reply string) {
	for _, d := range descs {
		fmt.Fprintf(b, "\n## %s\n\n%s\n\nWho may call it: %s.\n\n", d.Name, d.Summary, d.Access)
		writeFields(b, "Input (`data`)", d.Input)
		writeFields(b, reply, d.Output)
	}
}

func writeFields(b *strings.Builder, title string, fields []Field) {
	fmt.Fprintf(b, "### %s\n\n", title)
	if len(fields) == 0 {
		b.WriteString("Nothing.\n\n")
		return
	}
	b.WriteString("| field | type | required | notes |\n| --- | --- | --- | --- |\n")
	for _, f := range fields {
		required := "yes"
		if f.Optional {
			required = "no"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s |\n", f.Path, escapeCell(f.Type), required, escapeCell(f.Doc))
	}
	b.WriteString("\n")
}

func anchor(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, ".", ""))
}

func escapeCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;").Replace(s)
}
