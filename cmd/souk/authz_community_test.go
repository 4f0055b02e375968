package main

import "time"

// The demo community the community rows and probes use (app/demo/data/community.json).
const (
	// loungeNode is free to join; veteransNode from growth level Lv3.
	loungeNode   = "2000000001"
	veteransNode = "2000000003"
	// welcomeTopic is the admin's normal topic in the lounge.
	welcomeTopic = "2000000101"
	// demoBounty is the admin's bounty and memberAnswer the member's answer to it.
	demoBounty   = "2000000102"
	memberAnswer = "2000000201"
	// gatedTopic is the VIP's Lv3 topic in the veterans node, and gatedTopicText
	// a sentence of its content only its readers get.
	gatedTopic     = "2000000105"
	gatedTopicText = "Comparte aquí lo que aprendiste"
)

// topicReply is what mutates.createTopic answers.
type topicReply struct {
	Topic struct {
		ID string `json:"id"`
	} `json:"topic"`
}

// voteTopic is a new vote topic of the admin's in the lounge.
func (f *authzFixture) voteTopic(as role) string {
	var reply topicReply
	f.must(asAdmin, "mutates.createTopic", map[string]any{"title": "Authz vote " + as.String(), "content": "<p>pick</p>",
		"cat": loungeNode, "types": map[string]any{"type": "vote", "vote": map[string]any{
			"deadline": deadlineIn(3600), "value": []map[string]any{{"text": "yes"}, {"text": "no"}}}}}, &reply)
	return reply.Topic.ID
}

// awardable is a 1-credit bounty of as's in the lounge with an answer of
// another member's, as community.award's input.
func (f *authzFixture) awardable(as role) map[string]any {
	var topic topicReply
	f.must(as, "mutates.createTopic", map[string]any{"title": "Authz bounty", "content": "<p>help</p>", "cat": loungeNode,
		"types": map[string]any{"type": "bounty", "bounty": map[string]any{"type": "credit", "value": "1",
			"deadline": deadlineIn(3600)}}}, &topic)
	answerer := asAdmin
	if as == asAdmin {
		answerer = asVIP
	}
	var answer struct {
		Answer struct {
			ID string `json:"id"`
		} `json:"answer"`
	}
	f.must(answerer, "mutates.createAnswer", map[string]any{"topicId": topic.Topic.ID, "content": "<p>here</p>"}, &answer)
	return map[string]any{"topicId": topic.Topic.ID, "answerIds": []string{answer.Answer.ID}}
}

// deadlineIn is a deadline seconds from now, in epoch ms.
func deadlineIn(seconds int64) int64 {
	return time.Now().Add(time.Duration(seconds) * time.Second).UnixMilli()
}
