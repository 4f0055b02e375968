package mention

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"souk/app/internal/apptest"
	"souk/app/internal/richtext"
	"souk/persistence"
)

func TestSlugs(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []string{"ann", "bob_2", "zoë"}, Slugs("@ann hi @bob_2, (@ann) mail@example.com @zoë"))
	assert.Empty(t, Slugs("no one @ here"))
}

func TestLink(t *testing.T) {
	t.Parallel()
	members := map[string]persistence.User{"ann": {ID: 7, Slug: "ann"}, "zoë": {ID: 9, Slug: "zoë"}}
	for _, tt := range []struct{ in, want string }{
		{`<p>hi @ann!</p>`, `<p>hi <a href="/profile/ann-7" data-mention="7" rel="nofollow noopener">@ann</a>!</p>`},
		{`<p>@ann and @bob</p>`, `<p><a href="/profile/ann-7" data-mention="7" rel="nofollow noopener">@ann</a> and @bob</p>`},
		{`<p><strong>@zoë</strong></p>`, `<p><strong><a href="/profile/zo%C3%AB-9" data-mention="9" rel="nofollow noopener">@zoë</a></strong></p>`},
		{`<p><a href="/x" rel="nofollow noopener">@ann</a> <code>@ann</code> <pre><code>@ann</code></pre> @ann</p>`,
			`<p><a href="/x" rel="nofollow noopener">@ann</a> <code>@ann</code> <pre><code>@ann</code></pre> <a href="/profile/ann-7" data-mention="7" rel="nofollow noopener">@ann</a></p>`},
		{`<p>mail@ann.com &amp;@ann</p>`, `<p>mail@ann.com &amp;<a href="/profile/ann-7" data-mention="7" rel="nofollow noopener">@ann</a></p>`},
	} {
		assert.Equal(t, tt.want, Link(tt.in, members), tt.in)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db *persistence.DB) {
		ann := apptest.Member(t, db, "ann")
		in := richtext.Sanitize(`<p>Thanks @ann, @ghost and @ann</p><script>@ann</script>`)
		linked, members, err := Resolve(t.Context(), db, in)
		require.NoError(t, err)
		require.Len(t, members, 1)
		assert.Equal(t, ann, members[0].ID)
		want := `<p>Thanks <a href="` + ProfilePath(members[0].Slug, ann) + `" data-mention="` + strconv.FormatInt(ann, 10) +
			`" rel="nofollow noopener">@ann</a>, @ghost and <a href="` + ProfilePath(members[0].Slug, ann) + `" data-mention="` + strconv.FormatInt(ann, 10) + `" rel="nofollow noopener">@ann</a></p>`
		assert.Equal(t, want, linked)
		assert.Equal(t, linked, richtext.Sanitize(linked), "an edit sends the links back: they are kept")
		assert.Equal(t, linked, Link(linked, map[string]persistence.User{"ann": members[0]}), "a linked mention is not linked twice")

		plain, none, err := Resolve(t.Context(), db, "<p>nobody</p>")
		require.NoError(t, err)
		assert.Empty(t, none)
		assert.Equal(t, "<p>nobody</p>", plain)
	})
}
