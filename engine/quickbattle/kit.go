package quickbattle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// The game kit (engine/kit.go): what the shell, the web server and the
// companion need to know about a quick battle.
var (
	_ engine.Describer   = rulesImpl{}
	_ engine.NewGameForm = rulesImpl{}
	_ engine.HelpNotes   = rulesImpl{}
	_ engine.InputMapper = rulesImpl{}
	_ engine.Waiting     = (*Game)(nil)
)

// Describe names the quick battle for the shell: one or two players, Dead
// Reckoning's colours and page citations, the cube tower and the camera.
func (rulesImpl) Describe() engine.GameInfo {
	return engine.GameInfo{
		Rules: Name, Title: "Quick battle (Dead Reckoning)",
		Blurb:      "One Dead Reckoning battle after another, without tracking a game: pick the two sides, drop the cubes through the tower, and the camera reads the board, the exploding shots and the outcome with plunder and damage.",
		MinPlayers: 1, MaxPlayers: 2, Colours: colours(), Citation: "page",
		Inputs: []string{"cubes"}, Start: "Quick battle",
	}
}

// Option ids of the new-game form. Seat 1 attacks; seat 2 defends, or,
// with one player, a Merchant ship does.
const (
	OptionAttackerCubes = "attackerCubes"
	OptionDefenderCubes = "defenderCubes"
	OptionBlackCubes    = "blackCubes"
	OptionAtIsland      = "atIsland"
	OptionAttackerHold  = "attackerHold"
	OptionDefenderHold  = "defenderHold"
	OptionAttackerDmg   = "attackerDamage"
	OptionDefenderDmg   = "defenderDamage"
)

// MerchantName names the defender when one player plays.
const MerchantName = "Merchant ship"

func intp(n int) *int { return &n }

// NewGameOptions are the sides' numbers: cubes, free hold space for the
// plunder and damage already taken (for sinking), and where the battle is.
func (rulesImpl) NewGameOptions() []engine.Option {
	num := func(id, label, help string, def, lo, hi int, players ...int) engine.Option {
		return engine.Option{ID: id, Label: label, Help: help, Kind: "number", Default: json.RawMessage(fmt.Sprint(def)), Min: intp(lo), Max: intp(hi), Players: players}
	}
	return []engine.Option{
		num(OptionAttackerCubes, "Cubes seat 1 drops (the attacker)", "One per cannon used, plus 1 per building at an island the player controls and 2 after their final turn (pp. 17-18, 22). The attacker wins ties.", 3, 1, PlayerCubes),
		num(OptionDefenderCubes, "Cubes seat 2 drops (the defender)", "Every cannon of the ship and of the cards in play, plus the bonus cubes: 4 in Harbor, 1 per building (p. 18).", 3, 0, PlayerCubes, 2),
		num(OptionBlackCubes, "Black cubes of the Merchant ship", "With one player the defender is a Merchant ship: the number printed on its back (p. 11).", 3, 1, battle.BlackCubes, 1),
		{ID: OptionAtIsland, Label: "The battle is at an island", Help: "Plunder may then be left on the island (p. 19).", Kind: "bool", Default: json.RawMessage("false")},
		num(OptionAttackerHold, "Free hold space on seat 1’s ship", "Where the plunder can go (p. 19); a new ship has 7.", 7, 0, MaxHold),
		num(OptionDefenderHold, "Free hold space on seat 2’s ship", "Where the plunder can go (p. 19).", 7, 0, MaxHold, 2),
		num(OptionAttackerDmg, "Damage already on seat 1’s ship", "A ship with 5 damage sinks (p. 21).", 0, 0, MaxDamage),
		num(OptionDefenderDmg, "Damage already on seat 2’s ship", "A ship with 5 damage sinks (p. 21).", 0, 0, MaxDamage, 2),
	}
}

// SetupFromForm builds the Setup: seat 1 attacks, seat 2 (or a Merchant
// ship with black cubes) defends; the table's calibrated battle board,
// when there is one, is the board read.
func (rulesImpl) SetupFromForm(form engine.FormAnswers, _ json.RawMessage) (json.RawMessage, error) {
	if n := len(form.Players); n < 1 || n > 2 {
		return nil, engine.Malformed("players: %d given, a quick battle takes 1 or 2", n)
	}
	// Every number starts at its default; the form's answers replace them.
	num := map[string]int{}
	for _, o := range (rulesImpl{}).NewGameOptions() {
		var d int
		if o.Kind == "number" && json.Unmarshal(o.Default, &d) == nil {
			num[o.ID] = d
		}
	}
	var s Setup
	for id, raw := range form.Options {
		switch id {
		case engine.OptionTableBoard:
			if _, err := battle.ParseLayout(raw); err != nil {
				return nil, engine.Malformed("the calibrated battle board cannot be played on (%v); fix it on the calibration page", err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, raw); err != nil {
				return nil, engine.Malformed("the calibrated battle board: %v", err)
			}
			s.Board = compact.Bytes()
		case OptionAtIsland:
			if err := json.Unmarshal(raw, &s.AtIsland); err != nil {
				return nil, engine.Malformed("option %q: want true or false", id)
			}
		default:
			if _, ok := num[id]; !ok {
				return nil, engine.Malformed("option %q: a quick battle has no such option", id)
			}
			var n int
			if err := json.Unmarshal(raw, &n); err != nil {
				return nil, engine.Malformed("option %q: want a whole number", id)
			}
			num[id] = n
		}
	}
	p := form.Players[0]
	s.Attacker = Side{Name: p.Name, Colour: p.Colour, Cubes: num[OptionAttackerCubes], HoldFree: num[OptionAttackerHold], Damage: num[OptionAttackerDmg]}
	if len(form.Players) == 1 {
		s.Defender = Side{Name: MerchantName, Colour: Black, Cubes: num[OptionBlackCubes]}
	} else {
		p := form.Players[1]
		s.Defender = Side{Name: p.Name, Colour: p.Colour, Cubes: num[OptionDefenderCubes], HoldFree: num[OptionDefenderHold], Damage: num[OptionDefenderDmg]}
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// helpNoteIDs are Dead Reckoning's help notes about battles.
var helpNoteIDs = []string{"battle-kinds", "battle-steps", "battle-defence", "battle-board", "exploding", "plunder", "out-of-cubes"}

// HelpNotes are Dead Reckoning's notes about battles (our own words, with
// their pages) and one about what a quick battle does.
func (rulesImpl) HelpNotes() []engine.HelpNote {
	out := []engine.HelpNote{{ID: Name, Title: "What a quick battle does", Page: 17, Pages: []int{17, 18, 19, 21},
		Keywords: []string{"quick", "battle", "cubes", "camera", "another"},
		Text:     "It fights one Dead Reckoning battle without the rest of the game. Count each side's cubes as the rules say (cannons, buildings, Harbor, final turn) and enter them; the tower and the camera do the drop and the read, exploding shots and cubes on a border are dropped again, and the outcome says who won, the damage and where the plunder goes. Battle abilities on cards are not offered: apply them by hand. Another battle keeps the sides."}}
	all := deadreckoning.Rules().(engine.HelpNotes).HelpNotes()
	for _, id := range helpNoteIDs {
		if i := slices.IndexFunc(all, func(n engine.HelpNote) bool { return n.ID == id }); i >= 0 {
			out = append(out, all[i])
		}
	}
	return out
}

// WaitingFor says which cubes the battle waits for: before the drop, the
// cubes to drop (kind "drop": the tower's drop starts the step); after it,
// the cubes whose read is awaited (kind "cubes"): the first drop, cubes
// balanced on a border or the exploding shots with their extra cube.
func (g *Game) WaitingFor() []engine.Expect {
	b, err := g.machine()
	if err != nil {
		return []engine.Expect{}
	}
	id := fmt.Sprintf("quick-battle-%d-%d", g.st.Number, g.st.Version)
	switch b.Phase() {
	case battle.PhaseReady:
		c := b.Clone()
		if c.Drop() != nil {
			return []engine.Expect{}
		}
		drop := c.Need().Drop
		return []engine.Expect{{Kind: "drop", ID: id + "-ready", Cubes: drop, Say: line("When both sides are ready, drop %s into the tower", cubeList(drop))}}
	case battle.PhaseRead:
		n := b.Need()
		say := line("The cubes are down: read where the %s landed", cubeList(n.Drop))
		switch n.DropKind {
		case battle.DropRedrop:
			say = line("Drop again the %s on a border; leave the other cubes where they lie", cubeList(n.Drop))
		case battle.DropExplode:
			say = line("Exploding shot: drop %s (each exploding cube with one more); leave the other cubes where they lie", cubeList(n.Drop))
		}
		return []engine.Expect{{Kind: "cubes", ID: id, Cubes: n.Drop, Say: say}}
	}
	return []engine.Expect{}
}

// MapInput turns what the table reported into a battle step:
//   - cubes falling through the tower (the drop sensor) while the battle
//     is ready start its drop;
//   - cubes read on the board while a read is awaited become the read.
//     When only the cubes dropped again are seen (a camera that reports
//     the new cubes, or a board cleared of the others), the cubes left
//     lying keep the zones of the last read, so the players never type
//     them again.
func (rulesImpl) MapInput(eg engine.Game, in engine.TableInput) (json.RawMessage, string, bool) {
	g, ok := eg.(*Game)
	if !ok {
		return nil, "", false
	}
	b, err := g.machine()
	if err != nil {
		return nil, "", false
	}
	step := func(st battle.Step) json.RawMessage {
		raw, err := json.Marshal(&BattleStep{ActionHeader: engine.ActionHeader{Type: "battle-step", Seat: engine.NoSeat}, Step: st})
		if err != nil {
			return nil
		}
		return raw
	}
	switch in.Kind {
	case "drop":
		if b.Phase() != battle.PhaseReady {
			return nil, "", false
		}
		return step(battle.Step{Step: battle.StepDrop}), line("Cubes are falling through the tower: the battle's drop"), true
	case "cubes":
		if b.Phase() != battle.PhaseRead {
			return nil, "", false
		}
		rd, seen := battle.ReadFromTable(in.Cubes, in.RedropCubes)
		said := line("The camera sees no cubes on the board")
		if len(seen) > 0 {
			said = line("The camera sees %s on the board", cubeList(seen))
		}
		var whole bool
		if rd, whole = b.CompleteRead(rd); whole {
			said += "; the other cubes stay where they lie"
		}
		if len(rd.Redrop) > 0 {
			said += fmt.Sprintf("; %s to drop again", cubeList(rd.Redrop))
		}
		return step(battle.Step{Step: battle.StepRead, Read: &rd}), said, true
	}
	return nil, "", false
}
