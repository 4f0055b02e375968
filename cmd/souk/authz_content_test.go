package main

// The demo articles the content rows and probes use (app/demo/data/articles.json).
const (
	// demoArticle is the English welcome article: free.
	demoArticle = "1000000002"
	// gatedArticle is the English insider notes: Lv3 and up, or 20 credits.
	gatedArticle = "1000000022"
	// gatedText is a sentence of gatedArticle's content only its readers get.
	gatedText = "Thank you for supporting Souk"
)

// comment is a new comment of as's on the free demo article.
func (f *authzFixture) comment(as role, text string) string {
	var reply struct {
		GqCreateComment struct {
			Comment struct {
				ID string `json:"id"`
			} `json:"comment"`
		} `json:"gqCreateComment"`
	}
	f.must(as, "mutates.createComment", map[string]any{"targetType": "article", "targetId": demoArticle,
		"content": "<p>" + text + "</p>"}, &reply)
	return reply.GqCreateComment.Comment.ID
}
