package community

import (
	"net/http"

	"souk/app/action"
)

// The topic form's refusals, under the keys SPEC.md §5 names.
var (
	// ErrTitle is returned for a topic without a title.
	ErrTitle = action.Errorf(http.StatusBadRequest, "page.community.submit.error.title")
	// ErrContent is returned for content whose text is empty (markup alone
	// counts as empty).
	ErrContent = action.Errorf(http.StatusBadRequest, "page.community.submit.error.content")
	// ErrMoney is returned for a bounty without a value above zero.
	ErrMoney = action.Errorf(http.StatusBadRequest, "page.community.submit.error.money")
	// ErrBountyDeadline is returned for a bounty without a deadline.
	ErrBountyDeadline = action.Errorf(http.StatusBadRequest, "page.community.submit.error.bountyDeadline")
	// ErrVoteCount is returned for a vote with fewer than 2 options.
	ErrVoteCount = action.Errorf(http.StatusBadRequest, "page.community.submit.error.voteCount")
	// ErrVoteContent is returned for a vote option without text.
	ErrVoteContent = action.Errorf(http.StatusBadRequest, "page.community.submit.error.voteContent")
	// ErrVoteDeadline is returned for a vote without a deadline.
	ErrVoteDeadline = action.Errorf(http.StatusBadRequest, "page.community.submit.error.voteDeadline")
)

// The community's other refusals.
var (
	// ErrDeadline is returned for a deadline in the past or more than
	// MaxDeadline ahead.
	ErrDeadline = action.Errorf(http.StatusBadRequest, "community.error.deadline")
	// ErrNodeNotFound is returned for a node that does not exist.
	ErrNodeNotFound = action.Errorf(http.StatusNotFound, "community.error.nodeNotFound")
	// ErrTopicNotFound is returned for a topic that does not exist or was
	// deleted.
	ErrTopicNotFound = action.Errorf(http.StatusNotFound, "community.error.topicNotFound")
	// ErrAnswerNotFound is returned for an answer that does not exist, was
	// deleted, or is not of the topic named.
	ErrAnswerNotFound = action.Errorf(http.StatusNotFound, "community.error.answerNotFound")
	// ErrNotJoined is returned when posting in a node that must be joined
	// first.
	ErrNotJoined = action.Errorf(http.StatusForbidden, "community.error.notJoined")
	// ErrJoinClosed is returned when joining a node whose members its
	// admins add.
	ErrJoinClosed = action.Errorf(http.StatusForbidden, "community.error.joinClosed")
	// ErrDarkRoom is returned to a member barred from posting.
	ErrDarkRoom = action.Errorf(http.StatusForbidden, "community.error.darkRoom")
	// ErrNotAuthor is returned when a member edits, awards or deletes
	// another member's topic or answer.
	ErrNotAuthor = action.Errorf(http.StatusForbidden, "community.error.notAuthor")
	// ErrClosed is returned when answering a topic whose bounty was settled
	// or whose deadline passed.
	ErrClosed = action.Errorf(http.StatusConflict, "community.error.closed")
	// ErrVoteEnded is returned for a vote after its deadline.
	ErrVoteEnded = action.Errorf(http.StatusConflict, "community.error.voteEnded")
	// ErrVoted is returned for a second vote of a member on a topic.
	ErrVoted = action.Errorf(http.StatusConflict, "community.error.voted")
	// ErrNotVote is returned when voting on a topic that is not a vote.
	ErrNotVote = action.Errorf(http.StatusBadRequest, "community.error.notVote")
	// ErrOption is returned for an option the vote does not have.
	ErrOption = action.Errorf(http.StatusBadRequest, "community.error.option")
	// ErrNotBounty is returned when awarding a topic without a bounty.
	ErrNotBounty = action.Errorf(http.StatusBadRequest, "community.error.notBounty")
	// ErrSettled is returned when awarding a bounty awarded or refunded before.
	ErrSettled = action.Errorf(http.StatusConflict, "community.error.settled")
	// ErrExpired is returned when awarding a bounty after its deadline.
	ErrExpired = action.Errorf(http.StatusConflict, "community.error.expired")
	// ErrSelfAward is returned when the author names an answer of their own.
	ErrSelfAward = action.Errorf(http.StatusBadRequest, "community.error.selfAward")
	// ErrShares is returned for shares that are not one positive amount
	// per answer adding up to the bounty.
	ErrShares = action.Errorf(http.StatusBadRequest, "community.error.shares")
	// ErrTypeChange is returned when an edit changes a topic's type.
	ErrTypeChange = action.Errorf(http.StatusBadRequest, "community.error.typeChange")
	// ErrCurrency is returned for a currency the site does not have (the
	// wallet's key).
	ErrCurrency = action.Errorf(http.StatusBadRequest, "wallet.error.currency")
	// ErrIdemMismatch is returned when an idemKey was used before for
	// another operation (the wallet's key).
	ErrIdemMismatch = action.Errorf(http.StatusConflict, "wallet.error.idemMismatch")
	// ErrBadCursor is returned for an after that is no cursor of the list.
	ErrBadCursor = action.BadField("after")
)

// ErrTitleLength is returned for a title longer than max characters.
func ErrTitleLength(max int) *action.Error {
	return action.Errorf(http.StatusBadRequest, "community.error.titleLength", "max", max)
}

// ErrLevel is returned when joining a level-gated node below its level
// (level is its name in the caller's language).
func ErrLevel(level string) *action.Error {
	return action.Errorf(http.StatusForbidden, "community.error.level", "level", level)
}

// ErrInsufficient is returned when the balance in currency is too low to
// pay (the wallet's key).
func ErrInsufficient(currency string) *action.Error {
	return action.Errorf(http.StatusConflict, "wallet.error.insufficient", "currency", currency)
}
