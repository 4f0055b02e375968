package layout

import (
	"net/http"

	"souk/app/action"
)

// MaxBytes bounds a layout document's encoding.
const MaxBytes = 512 << 10

// The refusals of a layout document; each names the JSON path of what it
// refuses in arg field. Props of the wrong shape or out of bounds are
// action.BadField, missing texts action.Required.
var (
	// ErrTooLarge is returned for a document over MaxBytes.
	ErrTooLarge = action.Errorf(http.StatusRequestEntityTooLarge, "builder.error.tooLarge", "max", MaxBytes)
	// ErrStale is returned when the draft or the published version changed
	// since the builder read it.
	ErrStale = &action.Error{Status: http.StatusConflict, Key: "builder.error.stale"}
)

func errReservedName(field, name string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.reservedName", "field", field, "name", name)
}

func errDuplicateName(field, name string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.duplicateName", "field", field, "name", name)
}

func errMissingDevice(field, device string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.missingDevice", "field", field, "device", device)
}

func errUnknownBlock(field, blockType string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.unknownBlock", "field", field, "type", blockType)
}

func errDeletedRef(field, ref string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.deletedRef", "field", field, "ref", ref)
}

func errHTMLAdminOnly(field string) *action.Error {
	return action.Errorf(http.StatusForbidden, "builder.error.htmlAdminOnly", "field", field)
}

func errTooManyPages(field string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.tooManyPages", "field", field, "max", MaxPages)
}

func errTooManyBlocks(field string) *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.tooManyBlocks", "field", field, "max", MaxBlocks)
}

func errNoHome() *action.Error {
	return action.Errorf(http.StatusBadRequest, "builder.error.home", "field", "pages")
}
