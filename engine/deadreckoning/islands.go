package deadreckoning

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Building types (p. 15).
const (
	Fort     = "fort"
	Garrison = "garrison"
	Outpost  = "outpost"
)

// buildingsPerType is the number of each building in the box (p. 3).
const buildingsPerType = 10

// CubeCounts returns each seat's cubes on the island, permanent ones included.
func (is *IslandState) CubeCounts(n int) []int {
	c := make([]int, n)
	for _, s := range is.Slots {
		if s >= 0 && int(s) < n {
			c[s]++
		}
	}
	for i := 0; i < n && i < len(is.Permanent); i++ {
		c[i] += is.Permanent[i]
	}
	return c
}

// EmptySlots counts the island's empty slots.
func (is *IslandState) EmptySlots() int {
	e := 0
	for _, s := range is.Slots {
		if s == engine.NoSeat {
			e++
		}
	}
	return e
}

// computeController applies p. 16: a player controls an island with more
// cubes than any other player (permanent ones included) and more cubes than
// there are empty slots.
func (is *IslandState) computeController(n int) engine.Seat {
	c := is.CubeCounts(n)
	empty := is.EmptySlots()
	for p := 0; p < n; p++ {
		if c[p] <= empty {
			continue
		}
		most := true
		for q := 0; q < n; q++ {
			if q != p && c[q] >= c[p] {
				most = false
			}
		}
		if most {
			return engine.Seat(p)
		}
	}
	return engine.NoSeat
}

// fortified reports whether an opponent of seat controls the island with a
// Fort or Garrison: seat may not interact with it (p. 15).
func (is *IslandState) fortified(seat engine.Seat) bool {
	return is.Controller != engine.NoSeat && is.Controller != seat && (is.Has(Fort) || is.Has(Garrison))
}

// Has reports whether the island has a building of that type.
func (is *IslandState) Has(b string) bool { return contains(is.Buildings, b) }

// updateControl re-checks control of the island at b after cubes changed. A
// new controller places a permanent cube at once (p. 16), even on another
// player's turn; control passing to another player removes the buildings
// (p. 15).
func (c *ctx) updateControl(b *Board) {
	is := b.Island
	if is == nil {
		return
	}
	n := len(c.s.Players)
	nc := is.computeController(n)
	if nc == is.Controller {
		return
	}
	old := is.Controller
	is.Controller = nc
	if nc == engine.NoSeat {
		c.emit(engine.NewEvent("control-lost", old, fmt.Sprintf("%s no longer controls %s", c.s.Players[old].Name, placeName(c.s, b.At)), map[string]any{"at": b.At}))
		return
	}
	if is.LastController != engine.NoSeat && is.LastController != nc && len(is.Buildings) > 0 {
		c.emit(engine.NewEvent("buildings-removed", engine.NoSeat, fmt.Sprintf("Control of %s changed hands: its buildings are removed", placeName(c.s, b.At)), map[string]any{"at": b.At, "buildings": is.Buildings}))
		is.Buildings = []string{}
	}
	is.LastController = nc
	p := &c.s.Players[nc]
	perm := false
	if p.Cubes > 0 {
		p.Cubes--
		perm = true
	} else if c.reclaimAny(nc, b.At) {
		perm = true
	}
	if perm {
		is.Permanent[nc]++
	}
	c.emit(engine.NewEvent("control-gained", nc, fmt.Sprintf("%s takes control of %s and places a permanent cube", p.Name, placeName(c.s, b.At)), map[string]any{"at": b.At, "permanentCube": perm}))
}

// reclaimAny takes one of seat's non-permanent cubes from any island other
// than skip without changing its control (p. 14): used when a permanent
// cube is due and the player has none left.
func (c *ctx) reclaimAny(seat engine.Seat, skip Pos) bool {
	for i := range c.s.Boards {
		b := &c.s.Boards[i]
		if b.Island == nil || b.At == skip || b.Island.fortified(seat) {
			continue
		}
		for j, o := range b.Island.Slots {
			if o != seat {
				continue
			}
			b.Island.Slots[j] = engine.NoSeat
			if b.Island.computeController(len(c.s.Players)) == b.Island.Controller {
				return true
			}
			b.Island.Slots[j] = seat
		}
	}
	return false
}

// takeCube gives seat one cube from their supply, or, when they have none,
// from the next island in reclaim (p. 14): a non-permanent cube whose removal
// does not change that island's control.
func (c *ctx) takeCube(seat engine.Seat, reclaim *[]Pos, page int) error {
	p := &c.s.Players[seat]
	if p.Cubes > 0 {
		p.Cubes--
		return nil
	}
	if len(*reclaim) == 0 {
		return engine.Refuse("out-of-cubes", 14, "You have no cubes left: name the islands to take your non-permanent cubes back from")
	}
	at := (*reclaim)[0]
	*reclaim = (*reclaim)[1:]
	b := c.s.Board(at)
	if b == nil || b.Island == nil {
		return engine.Refuse("out-of-cubes", 14, "There is no island in %s to take a cube from", rowWords(at))
	}
	if b.Island.fortified(seat) {
		return engine.Refuse("fort", 15, "An opponent's Fort or Garrison protects %s: you cannot remove cubes there", placeName(c.s, at))
	}
	for j, o := range b.Island.Slots {
		if o == seat {
			b.Island.Slots[j] = engine.NoSeat
			if b.Island.computeController(len(c.s.Players)) != b.Island.Controller {
				return engine.Refuse("reclaim-changes-control", 14, "Taking your cube from %s would change who controls it", placeName(c.s, at))
			}
			c.emit(engine.NewEvent("cube-reclaimed", seat, fmt.Sprintf("%s takes a cube back from %s", p.Name, placeName(c.s, at)), map[string]any{"at": at}))
			return nil
		}
	}
	return engine.Refuse("out-of-cubes", 14, "You have no non-permanent cube on %s", placeName(c.s, at))
}

// islandInteraction checks that seat may interact with the island at its
// ship's position: not protected by an opponent's Fort or Garrison (p. 15)
// unless the ability overrides Forts, and not blockaded by an opponent's
// pirate-mode ship (pp. 7, 12).
func (c *ctx) islandInteraction(seat engine.Seat, b *Board, overridesForts, blockade bool) error {
	is := b.Island
	if !overridesForts && is.fortified(seat) {
		return engine.Refuse("fort", 15, "%s protects %s with a Fort or Garrison: other players cannot interact with it", c.s.Players[is.Controller].Name, placeName(c.s, b.At))
	}
	if blockade {
		if err := c.blockade(seat, b.At); err != nil {
			return err
		}
	}
	return nil
}

// blockade refuses island interaction while an opponent's pirate-mode ship
// is at the island (pp. 7, 12) or after losing to one there this turn.
func (c *ctx) blockade(seat engine.Seat, at Pos) error {
	for _, o := range c.s.Players {
		if o.Seat != seat && o.Ship.Pirate && o.Ship.At == at {
			return engine.Refuse("blockade", 12, "%s's ship is in pirate mode at %s: you cannot interact with the island unless you battle it and win", o.Name, placeName(c.s, at))
		}
	}
	if seat == c.s.Turn.Seat {
		for _, p := range c.s.Turn.Blockaded {
			if p == at {
				return engine.Refuse("blockade", 18, "You lost the battle against a pirate-mode ship at %s: you cannot interact with this island this turn", placeName(c.s, at))
			}
		}
	}
	return nil
}

// placeInfluence places n influence cubes of seat on the island at b, all
// together, then checks control once (p. 14): empty slots first, then
// replacing the opponents' cubes named in replace, in order. A cube of a
// player who has taken their final turn costs two influence (p. 22); with
// partial, influence too short for the next named cube is put towards it,
// and another influence of this turn completes the replacement, as the
// several cubes of p. 14 are placed before control is checked. Every
// influence that can be used must be used.
func (c *ctx) placeInfluence(seat engine.Seat, b *Board, n int, replace []engine.Seat, reclaim []Pos, partial bool) error {
	is := b.Island
	placed, replaced := 0, []engine.Seat{}
	usedPartial := false
	for n > 0 {
		slot := -1
		for i, o := range is.Slots {
			if o == engine.NoSeat {
				slot = i
				break
			}
		}
		if slot < 0 {
			// Any opponent cube that could be replaced?
			possible := false
			for _, o := range is.Slots {
				if o != seat && (partial || c.replaceCost(b.At, o) <= n) {
					possible = true
				}
			}
			if !possible || (partial && len(replace) == 0) {
				break
			}
			if len(replace) == 0 {
				return engine.Refuse("influence-all", 14, "The island has no empty slot: say whose cube to replace (every influence of one ability must be used)")
			}
			t := replace[0]
			replace = replace[1:]
			if t == seat || c.s.Player(t) == nil {
				return engine.Refuse("influence-target", 14, "You can only replace an opponent's cube")
			}
			for i, o := range is.Slots {
				if o == t {
					slot = i
					break
				}
			}
			if slot < 0 {
				return engine.Refuse("influence-target", 14, "%s has no cube in a slot of %s", c.s.Players[t].Name, placeName(c.s, b.At))
			}
			cost := c.replaceCost(b.At, t)
			if cost > n {
				if !partial {
					return engine.Refuse("influence-final", 22, "%s has taken their final turn: replacing their cube takes two influence (put this influence towards it and finish with another one this turn)", c.s.Players[t].Name)
				}
				c.s.Turn.Partial = append(c.s.Turn.Partial, PartialReplace{At: b.At, Owner: t, Paid: n})
				usedPartial = true
				c.emit(engine.NewEvent("influence-towards", seat, fmt.Sprintf("%s puts %d influence towards replacing a cube of %s at %s: one more influence this turn replaces it", c.s.Players[seat].Name, n, c.s.Players[t].Name, placeName(c.s, b.At)),
					map[string]any{"at": b.At, "owner": t, "paid": n}))
				n = 0
				break
			}
			n -= cost
			c.payPartial(b.At, t)
			is.Slots[slot] = engine.NoSeat
			c.s.Players[t].Cubes++
			replaced = append(replaced, t)
		} else {
			n--
		}
		if err := c.takeCube(seat, &reclaim, 14); err != nil {
			return err
		}
		is.Slots[slot] = seat
		placed++
	}
	if len(replace) > 0 {
		if o := c.s.Player(replace[0]); o != nil && o.FinalTurnDone {
			return engine.Refuse("influence-final", 22, "%s has taken their final turn: replacing their cube takes two influence", o.Name)
		}
		return engine.Refuse("influence-target", 14, "More replacements named than the influence could make")
	}
	if partial && !usedPartial {
		return engine.Refuse("influence-partial", 22, "No influence is left over to put towards a cube")
	}
	c.emit(engine.NewEvent("influence-placed", seat, fmt.Sprintf("%s places %d influence at %s", c.s.Players[seat].Name, placed, placeName(c.s, b.At)),
		map[string]any{"at": b.At, "placed": placed, "replaced": replaced}))
	c.checkInfluence(seat, b)
	return nil
}

// checkInfluence checks control after influence was placed (p. 14) and keeps
// what the check changed for the next action: more influence placed there
// straight away undoes it, so that control is checked once after all the
// cubes. A permanent cube that had to be taken from another island (the
// player had none left) is not undone: that check stands.
func (c *ctx) checkInfluence(seat engine.Seat, b *Board) {
	is := b.Island
	ic := InfluenceCheck{At: b.At, Seat: seat, Controller: is.Controller, LastController: is.LastController, Gained: engine.NoSeat}
	buildings := cloneSlice(is.Buildings)
	cubes := make([]int, len(c.s.Players))
	for i := range c.s.Players {
		cubes[i] = c.s.Players[i].Cubes
	}
	c.updateControl(b)
	if is.Controller == ic.Controller {
		return
	}
	if nc := is.Controller; nc != engine.NoSeat {
		if c.s.Players[nc].Cubes != cubes[nc]-1 {
			return
		}
		ic.Gained = nc
	}
	if len(is.Buildings) < len(buildings) {
		ic.Buildings = buildings
	}
	c.s.Turn.Influence = &ic
}

// undoInfluenceCheck undoes the control check of the previous action when
// it placed influence at the same island for the same player: the cubes
// placed one straight after the other are checked together (p. 14).
func (c *ctx) undoInfluenceCheck(seat engine.Seat, b *Board) {
	ic := c.influence
	if ic == nil || ic.Seat != seat || ic.At != b.At || seat != c.s.Turn.Seat {
		return
	}
	c.influence = nil
	is := b.Island
	if ic.Gained != engine.NoSeat {
		is.Permanent[ic.Gained]--
		c.s.Players[ic.Gained].Cubes++
	}
	if ic.Buildings != nil {
		is.Buildings = cloneSlice(ic.Buildings)
	}
	is.Controller, is.LastController = ic.Controller, ic.LastController
	c.emit(engine.NewEvent("control-rechecked", seat, fmt.Sprintf("%s places more influence at %s straight away: control is checked once, after all the cubes", c.s.Players[seat].Name, placeName(c.s, b.At)),
		map[string]any{"at": b.At}))
}

// replaceCost is the influence that replacing one of owner's cubes at the
// island at at still takes: two after the owner's final turn (p. 22), less
// what this turn already put towards one of them.
func (c *ctx) replaceCost(at Pos, owner engine.Seat) int {
	cost := 1
	if p := c.s.Player(owner); p != nil && p.FinalTurnDone {
		cost = 2
	}
	for _, pr := range c.s.Turn.Partial {
		if pr.At == at && pr.Owner == owner {
			return max(1, cost-pr.Paid)
		}
	}
	return cost
}

// payPartial uses up the influence put towards one of owner's cubes at the
// island at at this turn, if any, once that cube is replaced.
func (c *ctx) payPartial(at Pos, owner engine.Seat) {
	for i, pr := range c.s.Turn.Partial {
		if pr.At == at && pr.Owner == owner {
			c.s.Turn.Partial = append(c.s.Turn.Partial[:i:i], c.s.Turn.Partial[i+1:]...)
			return
		}
	}
}

// production is what the island at b yields (p. 14): its printed yield,
// +1 cargo per adjacent open sea pointing at it, +1 cargo and +1 coin with
// an Outpost, plus any boost.
func (s *State) production(b *Board, boostCargo, boostCoins int) (cargo, coins int) {
	def, _ := s.Catalog.Island(b.Island.ID)
	cargo, coins = def.Cargo+boostCargo, def.Coins+boostCoins
	for _, o := range s.Boards {
		if o.Kind != "open-sea" || !Adjacent(o.At, b.At) {
			continue
		}
		for _, a := range o.Arrows {
			if arrowTarget(o.At, a) == b.At {
				cargo++
			}
		}
	}
	if b.Island.Has(Outpost) {
		cargo++
		coins++
	}
	return
}

// arrowTarget is the place an open sea's arrow points at.
func arrowTarget(p Pos, arrow string) Pos {
	switch arrow {
	case "up":
		p.Row++
	case "down":
		p.Row--
	case "left":
		p.Col--
	case "right":
		p.Col++
	}
	return p
}

// buildingsOnTable counts buildings of a type on the islands.
func (s *State) buildingsOnTable(kind string) int {
	n := 0
	for _, b := range s.Boards {
		if b.Island != nil && b.Island.Has(kind) {
			n++
		}
	}
	return n
}
