package tablehw

import (
	"fmt"
	"log/slog"
	"sync"
)

// Repairs collects the parts of the table that could not start from their
// files (a damaged cards.json, palette or calibration): serve starts without
// them, logs each once and the dashboard shows them (/api/health's
// needsRepair) instead of the whole server refusing to start.
type Repairs struct {
	lg *slog.Logger
	mu sync.Mutex
	l  []string
}

// NewRepairs makes an empty list that logs to lg.
func NewRepairs(lg *slog.Logger) *Repairs { return &Repairs{lg: lg} }

// Add records that part needs calibration or repair, and why.
func (r *Repairs) Add(part string, err error) {
	msg := fmt.Sprintf("%s: %v", part, err)
	r.lg.Error("a part of the table needs calibration or repair; serving without it", "part", part, "err", err)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.l = append(r.l, msg)
}

// List returns what needs repair, for the dashboard.
func (r *Repairs) List() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.l...)
}
