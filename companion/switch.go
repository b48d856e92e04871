package companion

import (
	"context"
	"sync"
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
	}
	hw := h.hw
	if h.forPlayers != nil {
		hw = h.forPlayers(hw, s.Players())
	}
	h.detach = s.Attach(h.ctx, hw)
	h.current = id
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
	h.detach, h.current = nil, ""
}

// Table is the id of the table served, "" for none.
func (h *HardwareSwitch) Table() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.current
}
