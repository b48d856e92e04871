package companion

import (
	"context"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
)

// HardwareSwitch is the table's one set of hardware (the cube tower, the
// camera, the buttons, the RFID reader), serving one table at a time: the
// one its host chose. A new table takes nothing, so creating a game
// elsewhere never moves the tower away from a battle in progress.
type HardwareSwitch struct {
	ctx context.Context
	m   *Manager
	hw  Hardware
	// forPlayers adapts the hardware to a table's players (the lights take
	// their colours); nil: hw as it is.
	forPlayers func(Hardware, []PlayerInfo) Hardware

	mu      sync.Mutex
	current string
	served  *Session
	detach  func()
}

// NewHardwareSwitch makes the switch; the hardware serves no table until
// Use. It stops serving when ctx ends.
func NewHardwareSwitch(ctx context.Context, m *Manager, hw Hardware, forPlayers func(Hardware, []PlayerInfo) Hardware) *HardwareSwitch {
	return &HardwareSwitch{ctx: ctx, m: m, hw: hw, forPlayers: forPlayers}
}

// Use makes the hardware serve table id, detaching it from the table it
// served before. Using it again for the same table changes nothing.
func (h *HardwareSwitch) Use(ctx context.Context, id string) error {
	s, err := h.m.Get(ctx, id)
	if err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.current == id && h.detach != nil {
		return nil
	}
	if h.detach != nil {
		h.detach()
		h.served.notice(&Notice{Kind: NoticeHardware, Seat: engine.NoSeat, Text: "The tower and camera went to another table."})
	}
	hw := h.hw
	if h.forPlayers != nil {
		hw = h.forPlayers(hw, s.Players())
	}
	h.detach = s.Attach(h.ctx, hw)
	h.current, h.served = id, s
	s.notice(&Notice{Kind: NoticeHardware, Seat: engine.NoSeat, Text: "The tower and camera serve this table now."})
	return nil
}

// Release stops serving table id; nothing when another table is served.
func (h *HardwareSwitch) Release(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.current != id || h.detach == nil {
		return
	}
	h.detach()
	h.served.notice(&Notice{Kind: NoticeHardware, Seat: engine.NoSeat, Text: "The tower and camera serve no table now."})
	h.detach, h.current, h.served = nil, "", nil
}

// Table is the id of the table served, "" for none.
func (h *HardwareSwitch) Table() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.current
}
