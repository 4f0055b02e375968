package media

import (
	"context"

	"souk/app/action"
)

// UploadStatusInput names an upload of the viewer.
type UploadStatusInput struct {
	UploadID action.ID `json:"uploadId" doc:"the fileId of the upload's first reply"`
}

// UploadStatus answers media.uploadStatus: a client that lost its node
// (or its page) asks which chunks to send again.
func (s *Service) UploadStatus(ctx context.Context, in UploadStatusInput) (UploadReply, error) {
	viewer := action.RequestFrom(ctx).Viewer
	if in.UploadID <= 0 {
		return UploadReply{}, action.Required("uploadId")
	}
	state, err := s.uploads.Status(ctx, viewer.UserID, int64(in.UploadID))
	if err != nil {
		return UploadReply{}, uploadError(err)
	}
	return replyOf(int64(in.UploadID), state), nil
}
