package companion

import (
	"context"
	"errors"
	"fmt"
)

// ErrDamaged: a stored table cannot be rebuilt (a log entry the rules
// refuse or cannot read, unreadable players or setup). Whatever the cause,
// it is this one error, so the web answers one status for it and never a
// rule's refusal or a malformed request by chance; the other tables keep
// working.
var ErrDamaged = errors.New("the table is damaged in the database")

// damagedError keeps the cause's words but not its identity: errors.Is must
// not find engine.ErrIllegal or engine.ErrMalformed in a damaged table.
type damagedError struct {
	id    string
	cause string
}

func (e *damagedError) Error() string {
	return fmt.Sprintf("%v: table %s cannot be rebuilt (%s); export what is left or restore a backup", ErrDamaged, e.id, e.cause)
}

func (e *damagedError) Is(target error) bool { return target == ErrDamaged }

func damaged(id string, err error) error {
	return &damagedError{id: id, cause: err.Error()}
}

// DamagedTable is one table the integrity check could not rebuild.
type DamagedTable struct {
	ID  string `json:"id"`
	Err string `json:"error"`
}

// CheckIntegrity rebuilds every stored table from its log, without keeping
// it in memory, and lists the ones that cannot be rebuilt; it stops early
// only when ctx ends or the store cannot list the tables. serve runs it at
// start so that damage is reported at once, table by table, instead of
// when someone opens the table.
func (m *Manager) CheckIntegrity(ctx context.Context) ([]DamagedTable, error) {
	recs, err := m.st.Tables(ctx)
	if err != nil {
		return nil, fmt.Errorf("companion: listing tables: %w", err)
	}
	var out []DamagedTable
	for _, rec := range recs {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		full, err := m.st.Table(ctx, rec.ID)
		if err == nil {
			_, err = m.load(ctx, full)
		}
		if err != nil {
			m.lg.Error("a stored table is damaged", "table", rec.ID, "err", err)
			out = append(out, DamagedTable{ID: rec.ID, Err: err.Error()})
		}
	}
	return out, nil
}
