package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The rulebook's worked examples, as tests. Positions, islands and cards are
// arranged directly in the state to match each picture; the islands are test
// data.

// giveControl fills an island's slots for a seat and marks it controlled.
func giveControl(s *State, at Pos, seat engine.Seat) {
	is := s.Board(at).Island
	for i := range is.Slots {
		if is.Slots[i] == engine.NoSeat {
			is.Slots[i] = seat
			s.Players[seat].Cubes--
		}
	}
	is.Permanent[seat]++
	s.Players[seat].Cubes--
	is.Controller, is.LastController = seat, seat
}

// place puts a ship at a position, as in a picture.
func place(s *State, seat engine.Seat, at Pos) {
	s.Players[seat].Ship.At = at
	s.Turn.StartAt = at
}

// stow moves cargo from the supply into a hold, as in a picture.
func stow(s *State, seat engine.Seat, space, cargo int) {
	s.Players[seat].Ship.Spaces[space].Hold.Cargo += cargo
	s.Supply.Cargo -= cargo
}

// Setting sails, p. 8: Purple at an island it controls counts the sails of
// its covered holds (2) and a played card (1): 3.
func TestExampleSetSailsControlledIsland(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, 0)
	place(s, 0, Pos{1, 1})
	stow(s, 0, 0, 2)
	stow(s, 0, 3, 1)
	setHand(g, 0, "captain", "crew-1", "crew-2", "crew-3")
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	do(t, g, `{"type":"set-sails","seat":0}`)
	if got := st(g).Players[0].Ship.Sails; got != 3 {
		t.Fatalf("Purple sets sails to %d, want 3", got)
	}
	conserved(t, s)
}

// Setting sails, p. 9: Blue at an island it does not control, with cargo in
// both holds, counts only the played card: 1. Jettisoning one hold's cargo
// first uncovers that hold's sail: 2.
func TestExampleSetSailsUncontrolledIsland(t *testing.T) {
	for _, jettison := range []bool{false, true} {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		s.Turn.Seat = 1
		giveControl(s, Pos{1, 2}, 0)
		place(s, 1, Pos{1, 2})
		stow(s, 1, 0, 1)
		stow(s, 1, 3, 2)
		setHand(g, 1, "captain", "crew-1", "crew-2", "crew-3")
		do(t, g, `{"type":"play-card","seat":1,"card":"captain"}`)
		want := 1
		if jettison {
			do(t, g, `{"type":"jettison","seat":1,"holds":{"A":{"cargo":1}}}`)
			want = 2
		}
		do(t, g, `{"type":"set-sails","seat":1}`)
		if got := st(g).Players[1].Ship.Sails; got != want {
			t.Fatalf("jettison %v: Blue sets sails to %d, want %d", jettison, got, want)
		}
		conserved(t, s)
	}
}

// Sails from the Harbor count covered holds; the track stops at 8.
func TestSetSailsHarborAndCap(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	stow(s, 0, 0, 4)
	s.Players[0].Card("deck-hand-1").Level = 4
	s.Players[0].Card("deck-hand-2").Level = 4
	s.Players[0].Card("captain").Level = 1
	setHand(g, 0, "deck-hand-1", "deck-hand-2", "captain", "crew-1")
	for _, c := range []string{"deck-hand-1", "deck-hand-2", "captain"} {
		do(t, g, `{"type":"play-card","seat":0,"card":"`+c+`"}`)
	}
	do(t, g, `{"type":"set-sails","seat":0}`)
	if got := st(g).Players[0].Ship.Sails; got != 8 {
		t.Fatalf("2 ship + 3 + 3 + 1 sails: track set to %d, want the maximum 8", got)
	}
	refused(t, g, `{"type":"set-sails","seat":0}`, "sails-once")
}

// A red-slash choice: the level 2 Deck Hand gives 1 sail only if its sails
// option is chosen, and then its influence cannot be used this turn.
func TestSailsChoiceUsesTheAbility(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[0].Card("deck-hand-1").Level = 2
	setHand(g, 0, "deck-hand-1", "crew-1", "crew-2", "crew-3")
	do(t, g, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	do(t, g, `{"type":"set-sails","seat":0,"choices":[{"card":"deck-hand-1","ability":0,"option":1}]}`)
	if got := st(g).Players[0].Ship.Sails; got != 3 {
		t.Fatalf("sails %d, want 2 from the ship + 1 chosen", got)
	}
	do(t, g, `{"type":"move","seat":0,"path":["R1C1"]}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"option":0}`, "ability-once")
}

// Moving, p. 9: from the Harbor, 2 sails reach any board of Row 2 but not
// diagonally; a ship passes through a face-down board without exploring it
// and explores the one it stops on, which ends the move; one exploration a
// turn.
func TestExampleMoveAndExplore(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	do(t, g, `{"type":"set-sails","seat":0}`)
	refused(t, g, `{"type":"move","seat":0,"path":["R2C2"]}`, "not-adjacent")
	refused(t, g, `{"type":"move","seat":0,"path":["R1C1","R2C1","R3C1"]}`, "not-enough-sails")
	do(t, g, `{"type":"move","seat":0,"path":["R1C1","R2C1"]}`)
	if st(g).Turn.PendingExplore == nil || *st(g).Turn.PendingExplore != (Pos{2, 1}) {
		t.Fatalf("stopping on a face-down board must explore it")
	}
	refused(t, g, `{"type":"play-card","seat":0,"card":"`+s.Players[0].Hand[0]+`"}`, "explore-pending")
	do(t, g, `{"type":"explore","seat":0,"island":"test-isle-5","card":"test-adv-2-top"}`)
	b := st(g).Board(Pos{2, 1})
	if !b.Explored || b.Island == nil || b.Card.Row != 2 || b.Card.Adv.ID != "test-adv-2-top" {
		t.Fatalf("explored board: %+v", b)
	}
	if st(g).Players[0].Progress[AchExplorer] != 1 {
		t.Errorf("exploring places an Explorer cube")
	}
	// Green's example: moving through a face-down board leaves it face down.
	g2 := newGame(t, testSetup(2), 1)
	s2 := st(g2)
	place(s2, 0, Pos{1, 2})
	st(g2).Players[0].Card("deck-hand-1").Level = 4
	setHand(g2, 0, "deck-hand-1", "crew-1", "crew-2", "crew-3")
	do(t, g2, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	do(t, g2, `{"type":"set-sails","seat":0}`)
	do(t, g2, `{"type":"move","seat":0,"path":["R2C2","R3C2"]}`)
	do(t, g2, `{"type":"explore","seat":0,"openSea":{"arrows":["down"]}}`)
	if st(g2).Board(Pos{2, 2}).Explored || !st(g2).Board(Pos{3, 2}).Explored {
		t.Fatalf("only the board stopped on is explored")
	}
	if st(g2).Board(Pos{3, 2}).Card == nil || st(g2).Board(Pos{3, 2}).Card.Row != 3 || st(g2).Boxes[2].Left != 22 {
		t.Fatalf("the explored Row 3 board gets a card from the Row 3 box")
	}
	refused(t, g2, `{"type":"move","seat":0,"path":["R3C1"]}`, "explore-limit")
	refused(t, g2, `{"type":"move","seat":0,"path":["R2C2"]}`, "explore-limit")
	do(t, g2, `{"type":"move","seat":0,"path":["R2C2","R1C2"]}`) // passing through a face-down board is fine
	if st(g2).Board(Pos{2, 2}).Explored || st(g2).Players[0].Ship.Sails != 1 {
		t.Fatalf("passing through: %+v", st(g2).Players[0].Ship)
	}
}

// The main phase's example sequence (p. 7): play a card, unload, set sails,
// load, move, play another card, use an ability, buy an Advancement, load,
// move again, play another card, resolve an Encounter.
func TestExampleMainPhaseSequence(t *testing.T) {
	su := testSetup(2)
	su.Row1[1].Card = "test-merchant-1"
	g := newGame(t, su, 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, 0)
	s.Board(Pos{1, 1}).Island.Cargo = 2
	s.Supply.Cargo -= 2
	stow(s, 0, 0, 2)
	setHand(g, 0, "captain", "crew-1", "purser")
	for _, js := range []string{
		`{"type":"play-card","seat":0,"card":"captain"}`,
		`{"type":"unload","seat":0,"to":"dock","holds":{"A":{"cargo":2}}}`,
		`{"type":"set-sails","seat":0}`,
		`{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":3}}}`,
		`{"type":"move","seat":0,"path":["R1C1"]}`,
		`{"type":"play-card","seat":0,"card":"crew-1"}`,
		`{"type":"use-ability","seat":0,"card":"crew-1","ability":0}`,
		`{"type":"buy","seat":0,"pay":{"A":1}}`,
		`{"type":"load","seat":0,"from":"island","holds":{"D":{"cargo":2}}}`,
		`{"type":"move","seat":0,"path":["R1C2"]}`,
		`{"type":"play-card","seat":0,"card":"purser"}`,
		`{"type":"buy","seat":0,"pay":{"A":2}}`,
	} {
		do(t, g, js)
	}
	p := st(g).Players[0]
	if p.Ship.Sails != 1 || len(p.SetAside) != 2 || !p.SetAside[1].Merchant || p.Dock != 1 || p.Ship.Spaces[3].Hold.Cargo != 2 || p.Ship.Spaces[0].Hold.Cargo != 0 {
		t.Fatalf("after the sequence: %+v", p)
	}
	conserved(t, st(g))
}
