package admin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"souk/app/action"
	"souk/persistence"
)

// Bulk operations of admin.contentBulk.
const (
	contentDelete  = "delete"
	contentRestore = "restore"
)

// maxBulk bounds the ids of one bulk change.
const maxBulk = 100

// ContentBulkInput deletes or restores rows of one kind.
type ContentBulkInput struct {
	Kind string   `json:"kind" doc:"article, topic, answer, comment or product (coupons, nodes, categories and pages are refused)"`
	IDs  []string `json:"ids" doc:"1-100 databaseIds as decimal strings"`
	Op   string   `json:"op" doc:"delete (soft: the row can be restored) or restore"`
}

// Validate checks the input's shape.
func (in *ContentBulkInput) Validate() error {
	switch {
	case !persistence.AdminContentKnown(in.Kind):
		return action.BadField("kind")
	case len(in.IDs) == 0 || len(in.IDs) > maxBulk:
		return action.BadField("ids")
	case in.Op != contentDelete && in.Op != contentRestore:
		return action.BadField("op")
	}
	return nil
}

// BulkFailure is a row a bulk change left as it was, and why.
type BulkFailure struct {
	ID      string `json:"id"`
	Message string `json:"message" doc:"the reason, in the request's language"`
	Key     string `json:"key" doc:"the reason's i18n key"`
}

// BulkReply says which rows a bulk change changed and which it did not.
type BulkReply struct {
	Done   []string      `json:"done"`
	Failed []BulkFailure `json:"failed"`
}

// ContentBulk answers admin.contentBulk: each row is changed through the
// feature that owns its kind, on its own; every change is audited with the
// row before and after.
func (s *ContentService) ContentBulk(ctx context.Context, in ContentBulkInput) (BulkReply, error) {
	reply := BulkReply{Done: []string{}, Failed: []BulkFailure{}}
	if err := in.Validate(); err != nil {
		return reply, err
	}
	if refusal, ok := contentUnsupported[in.Kind]; ok {
		return reply, refusal
	}
	owner, ok := s.owners[in.Kind]
	if !ok {
		return reply, fmt.Errorf("admin: no feature owns %s", in.Kind)
	}
	seen := make(map[string]bool, len(in.IDs))
	for _, raw := range in.IDs {
		if seen[raw] {
			continue
		}
		seen[raw] = true
		if err := s.changeOne(ctx, owner, in.Kind, raw, in.Op); err != nil {
			reply.Failed = append(reply.Failed, bulkFailure(ctx, s.tr, s.log, raw, err))
			continue
		}
		reply.Done = append(reply.Done, raw)
	}
	return reply, nil
}

// changeOne deletes or restores the row id of kind and audits the change.
func (s *ContentService) changeOne(ctx context.Context, owner ContentOwner, kind, raw, op string) error {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return ErrContentNotFound
	}
	before, err := s.db.AdminContent().Get(ctx, kind, id, "")
	if errors.Is(err, persistence.ErrNotFound) {
		return ErrContentNotFound
	} else if err != nil {
		return err
	}
	switch {
	case op == contentDelete && before.DeletedAt != 0:
		return ErrContentAlreadyDeleted
	case op == contentRestore && before.DeletedAt == 0:
		return ErrContentNotDeleted
	case op == contentDelete:
		err = owner.DeleteContent(ctx, kind, id)
	default:
		err = owner.RestoreContent(ctx, kind, id)
	}
	switch {
	case errors.Is(err, persistence.ErrRestoreCollision):
		return ErrContentCollision
	case errors.Is(err, persistence.ErrNotFound):
		// Changed by someone else between the read and the change.
		if op == contentDelete {
			return ErrContentAlreadyDeleted
		}
		return ErrContentNotDeleted
	case err != nil:
		return err
	}
	after, err := s.db.AdminContent().Get(ctx, kind, id, "")
	if err != nil {
		return err
	}
	lang := action.NormalizeLang(action.RequestFrom(ctx).Lang)
	action.AuditChange(ctx, contentTarget(kind, raw), contentView(before, lang, nil), contentView(after, lang, nil))
	return nil
}

// bulkFailure is the reply's entry for a row that err left as it was; an
// error that is not a refusal is logged and reported as ErrChangeFailed.
// tr writes the message (nil: the key); log is nil for slog.Default().
func bulkFailure(ctx context.Context, tr ContentTranslator, log *slog.Logger, id string, err error) BulkFailure {
	var refusal *action.Error
	if !errors.As(err, &refusal) || refusal.Status >= http.StatusInternalServerError {
		if log == nil {
			log = slog.Default()
		}
		log.ErrorContext(ctx, "admin: change failed", "id", id, "error", err)
		refusal = ErrChangeFailed
	}
	f := BulkFailure{ID: id, Key: refusal.Key, Message: refusal.Key}
	if tr != nil {
		f.Message = tr.Translate(action.NormalizeLang(action.RequestFrom(ctx).Lang), refusal.Key, refusal.Args)
	}
	return f
}
