package wallet

import (
	"context"
	"errors"
	"net/http"

	"souk/app/action"
	"souk/persistence"
)

// ErrMemberNotFound is returned by admin.memberLedger for a userId nobody
// holds (the console's key, as its other member actions answer).
var ErrMemberNotFound = action.Errorf(http.StatusNotFound, "admin.error.userNotFound", "field", "userId")

// MemberLedgerInput asks for a page of a member's ledger.
type MemberLedgerInput struct {
	UserID action.ID `json:"userId" doc:"the member's databaseId"`
	After  string    `json:"after,omitempty" doc:"an endCursor: the next (older) page"`
	First  int       `json:"first,omitempty" doc:"page size, 1-50; default 20"`
}

// Validate checks what needs no database.
func (in *MemberLedgerInput) Validate() error {
	if in.UserID <= 0 {
		return action.Required("userId")
	}
	if in.First < 0 || in.First > MaxEntries {
		return action.BadField("first")
	}
	return nil
}

// MemberLedger answers admin.memberLedger: wallet.entries' page as the
// member sees it.
func (s *Service) MemberLedger(ctx context.Context, in MemberLedgerInput) (EntriesReply, error) {
	u, err := s.db.Users().Get(ctx, int64(in.UserID))
	if errors.Is(err, persistence.ErrNotFound) {
		return EntriesReply{}, ErrMemberNotFound
	}
	if err != nil {
		return EntriesReply{}, err
	}
	return s.Entries(asMember(ctx, u.ID), EntriesInput{After: in.After, First: in.First})
}

// asMember is ctx as the member userID: the ledger answers its viewer.
func asMember(ctx context.Context, userID int64) context.Context {
	req := action.RequestFrom(ctx)
	return action.WithRequest(ctx, &action.Request{Action: req.Action, Lang: req.Lang, Currency: req.Currency,
		RequestID: req.RequestID, Viewer: action.Viewer{UserID: userID}})
}
