package web

import (
	"net/http"

	"github.com/quartermaster-table/quartermaster/companion"
)

// companionErrorKinds maps the companion's error sentinels, most specific
// first (ErrTooManyAttempts also matches ErrForbidden).
func companionErrorKinds() []errorKind {
	return []errorKind{
		{companion.ErrTooManyAttempts, http.StatusTooManyRequests, "too-many-attempts"},
		{companion.ErrForbidden, http.StatusForbidden, "forbidden"},
		{companion.ErrNotFound, http.StatusNotFound, "not-found"},
		{companion.ErrUndoPastFact, http.StatusConflict, "undo-past-fact"},
		{companion.ErrNothingToUndo, http.StatusConflict, "nothing-to-undo"},
		{companion.ErrNotOver, http.StatusConflict, "not-over"},
		{companion.ErrKeyReused, http.StatusConflict, "key-reused"},
		{companion.ErrClosed, http.StatusServiceUnavailable, "closed"},
		{companion.ErrDamaged, http.StatusInternalServerError, "table-damaged"},
	}
}
