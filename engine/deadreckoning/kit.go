package deadreckoning

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"sort"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// This file is Dead Reckoning's game kit (engine/kit.go): what the
// companion, the web server and the dashboard's shell need to know about
// the game, so that none of them imports this package.

var (
	_ engine.Describer          = rulesImpl{}
	_ engine.NewGameForm        = rulesImpl{}
	_ engine.HelpNotes          = rulesImpl{}
	_ engine.EndStateCalculator = rulesImpl{}
	_ engine.OwnerCatalog       = rulesImpl{}
	_ engine.InputMapper        = rulesImpl{}
	_ engine.Waiting            = (*Game)(nil)
)

// colours are the players' cube colours offered by the new-game form. The
// rulebook names purple, green and blue (black is the non-players'); the
// others are offered for sets with a fourth colour, and setups take any
// colour but black anyway.
var colours = []engine.Colour{
	{ID: "purple", Label: "Purple", CSS: "#6a3d9a"},
	{ID: "green", Label: "Green", CSS: "#2e8b3e"},
	{ID: "blue", Label: "Blue", CSS: "#1f5fbf"},
	{ID: "orange", Label: "Orange", CSS: "#e8750a"},
	{ID: "red", Label: "Red", CSS: "#c62828"},
	{ID: "yellow", Label: "Yellow", CSS: "#e0b000"},
}

// Describe names the game for the shell.
func (rulesImpl) Describe() engine.GameInfo {
	return engine.GameInfo{
		Rules: Name, Title: "Dead Reckoning",
		Blurb:      "Keeps the ships, islands, cards and coins, fights the battles through the cube tower and the camera, and counts the final score.",
		MinPlayers: 2, MaxPlayers: 4, Colours: colours, Citation: "page",
		HighestWins: true, Inputs: []string{"cubes", "buttons", "cards"},
	}
}

// Option ids of the new-game form.
const (
	OptionBonusTokens      = "bonusTokens"
	OptionLevelOnFinalTurn = "levelOnFinalTurn"
	// OptionDigitalDeal: the companion shuffles, deals and draws the
	// sailor cards (practice); off, the default, the cards stay physical.
	OptionDigitalDeal = "digitalDeal"
)

// NewGameOptions are the variants of Options a group picks.
func (rulesImpl) NewGameOptions() []engine.Option {
	return []engine.Option{
		{ID: OptionBonusTokens, Label: "Bonus achievement tokens", Kind: "bool", Default: json.RawMessage("false"),
			Help: "Each player is dealt two bonus tokens and keeps one secretly (p. 6). The tokens' contents come from your catalog."},
		{ID: OptionLevelOnFinalTurn, Label: "Level up after your final turn", Kind: "bool", Default: json.RawMessage("false"),
			Help: "The English rulebook forbids levelling up after your final turn (p. 22); the French edition allows it."},
		{ID: OptionDigitalDeal, Label: "The companion deals the sailor cards", Kind: "bool", Default: json.RawMessage("false"),
			Help: "For practice: the companion shuffles, deals and draws everyone's sailor cards and shows each hand on its player's phone. " +
				"Off, you shuffle, deal and draw your real cards, and tap a card on a screen (or on the card reader) when you play it; " +
				"a player may let their phone keep their hand so the rules check it."},
	}
}

// SetupFromForm builds a Setup: the players, the options, the owner's
// catalog and the table's calibrated battle board (engine.OptionTableBoard),
// which decides what a cube read in each zone gives.
func (rulesImpl) SetupFromForm(form engine.FormAnswers, catalog json.RawMessage) (json.RawMessage, error) {
	// Cards stay physical unless the group asks the companion to deal.
	s := Setup{Options: Options{PhysicalCards: true}}
	for i, p := range form.Players {
		if !slices.ContainsFunc(colours, func(c engine.Colour) bool { return c.ID == p.Colour }) {
			return nil, engine.Malformed("players[%d].colour: %q is not a colour of the game", i, p.Colour)
		}
		s.Players = append(s.Players, SetupPlayer{Name: p.Name, Color: p.Colour})
	}
	for id, raw := range form.Options {
		var dst *bool
		switch id {
		case OptionBonusTokens:
			dst = &s.Options.BonusTokens
		case OptionLevelOnFinalTurn:
			dst = &s.Options.LevelOnFinalTurn
		case OptionDigitalDeal:
			var digital bool
			if err := json.Unmarshal(raw, &digital); err != nil {
				return nil, engine.Malformed("option %q: want true or false", id)
			}
			s.Options.PhysicalCards = !digital
			continue
		case engine.OptionTableBoard:
			if _, err := battle.ParseLayout(raw); err != nil {
				return nil, engine.Malformed("the calibrated battle board cannot be played on (%v); fix it on the calibration page", err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, raw); err != nil {
				return nil, engine.Malformed("the calibrated battle board: %v", err)
			}
			s.Options.BattleBoard = compact.Bytes()
			continue
		default:
			return nil, engine.Malformed("option %q: Dead Reckoning has no such option", id)
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return nil, engine.Malformed("option %q: want true or false", id)
		}
	}
	if len(bytes.TrimSpace(catalog)) > 0 && !bytes.Equal(bytes.TrimSpace(catalog), []byte("null")) {
		c, err := data.ParseCatalog(catalog)
		if err != nil {
			return nil, engine.Malformed("the owner's catalog: %v", err)
		}
		if s.Options.BonusTokens && len(c.BonusTokens) == 0 {
			return nil, engine.Malformed("option %q: enter the bonus tokens in the catalog first", OptionBonusTokens)
		}
		s.Catalog = &c
	} else if s.Options.BonusTokens {
		return nil, engine.Malformed("option %q: enter the bonus tokens in the catalog first", OptionBonusTokens)
	}
	return json.Marshal(s)
}

//go:embed helpnotes.json
var helpNotesJSON []byte

// helpNotes are decoded once; a broken file is a build defect that the
// tests catch, so it panics at start rather than serving half the help.
var helpNotes = func() []engine.HelpNote {
	var raw []struct {
		ID    string   `json:"id"`
		Title string   `json:"title"`
		Text  string   `json:"text"`
		Pages []int    `json:"pages"`
		Tags  []string `json:"tags"`
	}
	if err := json.Unmarshal(helpNotesJSON, &raw); err != nil {
		panic(fmt.Sprintf("deadreckoning: helpnotes.json: %v", err))
	}
	out := make([]engine.HelpNote, len(raw))
	for i, n := range raw {
		out[i] = engine.HelpNote{ID: n.ID, Title: n.Title, Text: n.Text, Keywords: n.Tags}
		if len(n.Pages) > 0 {
			out[i].Page = n.Pages[0]
		}
		out[i].Pages = n.Pages
	}
	return out
}()

// HelpNotes are the rules-help notes, in our own words, citing pages.
func (rulesImpl) HelpNotes() []engine.HelpNote { return slices.Clone(helpNotes) }

// ScoreEndState is the end-of-game count (package score) of an end state
// counted at the table; achievement values the input leaves out are taken
// from the owner's catalog.
func (rulesImpl) ScoreEndState(input []byte, catalog json.RawMessage) (json.RawMessage, error) {
	in, err := score.Decode(input)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(catalog)) > 0 && !bytes.Equal(bytes.TrimSpace(catalog), []byte("null")) {
		c, err := data.ParseCatalog(catalog)
		if err != nil {
			return nil, engine.Malformed("the owner's catalog: %v", err)
		}
		for a, v := range c.AchievementValues {
			if in.AchievementValues == nil {
				in.AchievementValues = map[score.Achievement]*int{}
			}
			if in.AchievementValues[score.Achievement(a)] == nil {
				in.AchievementValues[score.Achievement(a)] = &v
			}
		}
	}
	return json.Marshal(score.Score(in))
}

// CatalogKinds describe the owner's catalog (data.Catalog) for the entry
// forms: the values printed in the box that the rulebook does not give.
func (rulesImpl) CatalogKinds() []engine.CatalogKind {
	achievements := make([]engine.Choice, len(score.Achievements))
	for i, a := range score.Achievements {
		achievements[i] = engine.Choice{Value: string(a), Label: strings.ReplaceAll(string(a), "-", " ")}
	}
	id := engine.CatalogField{ID: "id", Label: "Id", Kind: "text", Required: true, Help: "A short name of your own, unique in the catalog."}
	name := engine.CatalogField{ID: "name", Label: "Name", Kind: "text", Required: true, Help: "As printed."}
	abilities := abilitiesField()
	return []engine.CatalogKind{
		{ID: "island", List: "islands", Label: "Island board", Help: "Printed on each island Ocean board.", Fields: []engine.CatalogField{id, name,
			{ID: "slots", Label: "Cube slots", Kind: "number", Required: true},
			{ID: "values", Label: "Coins for 1st, 2nd (and 3rd)", Kind: "list", Required: true, Help: "Two or three numbers, most cubes first."},
			{ID: "cargo", Label: "Cargo produced", Kind: "number", Required: true},
			{ID: "coins", Label: "Coins produced", Kind: "number", Required: true},
			{ID: "handIcon", Label: "Hand-size icon", Kind: "bool"}}},
		{ID: "advancement", List: "advancements", Label: "Advancement or Encounter card", Help: "Rows 1 to 4; an Encounter shows a Merchant ship on its back.", Fields: []engine.CatalogField{id, name,
			{ID: "row", Label: "Row", Kind: "number", Required: true},
			{ID: "slot", Label: "Slot", Kind: "choice", Required: true, Choices: []engine.Choice{{Value: "top", Label: "Top"}, {Value: "middle", Label: "Middle"}, {Value: "bottom", Label: "Bottom"}}},
			{ID: "cost", Label: "Cost", Kind: "number", Required: true},
			{ID: "encounter", Label: "Encounter (Merchant back)", Kind: "bool"},
			abilities}},
		{ID: "upgrade", List: "upgrades", Label: "Ship upgrade tile", Fields: []engine.CatalogField{id, name,
			{ID: "tier", Label: "Tier", Kind: "choice", Required: true, Choices: []engine.Choice{{Value: "basic", Label: "Basic"}, {Value: "advanced", Label: "Advanced"}}},
			{ID: "sails", Label: "Sails", Kind: "number"},
			{ID: "cannons", Label: "Cannons", Kind: "number"},
			{ID: "hold", Label: "Hold capacity", Kind: "number"},
			abilities}},
		{ID: "bonusToken", List: "bonusTokens", Label: "Bonus achievement token", Fields: []engine.CatalogField{id,
			{ID: "achievements", Label: "Achievements", Kind: "list", Required: true, Choices: achievements}}},
		{ID: "achievementValue", List: "achievementValues", Shape: engine.CatalogMap, Label: "Achievement value", Help: "The coins printed beside each achievement on your Harbor board.", Fields: []engine.CatalogField{
			{ID: "achievement", Label: "Achievement", Kind: "choice", Required: true, Choices: achievements},
			{ID: "value", Label: "Coins", Kind: "number", Required: true}}},
		{ID: "buildingCost", List: "buildingCosts", Shape: engine.CatalogMap, Label: "Building cost", Help: "Printed on the First Mate card.", Fields: []engine.CatalogField{
			{ID: "building", Label: "Building", Kind: "choice", Required: true, Choices: []engine.Choice{{Value: "fort", Label: "Fort"}, {Value: "garrison", Label: "Garrison"}, {Value: "outpost", Label: "Outpost"}}},
			{ID: "cost", Label: "Cargo", Kind: "number", Required: true}}},
	}
}

// CheckCatalog checks a whole catalog file (data.Catalog) and returns it
// with every list sorted by id, so two exports of the same entries are the
// same file.
func (rulesImpl) CheckCatalog(b []byte) (json.RawMessage, error) {
	c, err := data.ParseCatalog(b)
	if err != nil {
		return nil, engine.Malformed("%v", err)
	}
	sort.SliceStable(c.Islands, func(i, j int) bool { return c.Islands[i].ID < c.Islands[j].ID })
	sort.SliceStable(c.Advancements, func(i, j int) bool { return c.Advancements[i].ID < c.Advancements[j].ID })
	sort.SliceStable(c.Upgrades, func(i, j int) bool { return c.Upgrades[i].ID < c.Upgrades[j].ID })
	sort.SliceStable(c.BonusTokens, func(i, j int) bool { return c.BonusTokens[i].ID < c.BonusTokens[j].ID })
	return json.Marshal(c)
}

// WaitingFor says which cubes the battle being fought waits to see on the
// board: the battle's drop, a re-drop of cubes balanced on a border, or
// the exploding shots' cubes with their extra one; and after a tied game
// the tie-break battle's drop. Empty when no read is awaited.
func (g *Game) WaitingFor() []engine.Expect {
	s := g.st
	if s.Over {
		return tieBreakExpect(s)
	}
	pb := s.CurrentBattle()
	if pb == nil || len(pb.Machine) == 0 {
		return []engine.Expect{}
	}
	b, n, err := s.battleNeed(pb)
	if err != nil {
		return []engine.Expect{}
	}
	h := fnv.New32a()
	h.Write(pb.Machine)
	if n.Phase == battle.PhaseReady {
		return readyExpect(pb, b, h.Sum32())
	}
	if n.Phase != battle.PhaseRead || len(n.Drop) == 0 {
		return []engine.Expect{}
	}
	e := engine.Expect{Kind: "cubes", ID: fmt.Sprintf("battle%d-%08x", pb.ID, h.Sum32()), Cubes: n.Drop}
	// Each prompt is a sentence a player reads on the tablet's "The table
	// waits for" box, so it starts with a capital.
	what := "Drop " + cubeList(n.Drop) + " into the tower"
	switch n.DropKind {
	case battle.DropRedrop:
		what = "Balanced on a border: drop " + cubeList(n.Drop) + " again; leave the other cubes where they lie"
	case battle.DropExplode:
		what = "Exploding shots: drop " + cubeList(n.Drop) + " (each exploding cube with one more); leave the other cubes where they lie"
	case battle.DropAbility:
		what = "Drop " + cubeList(n.Drop) + " for the card's ability; leave the other cubes where they lie"
	}
	e.Say = what
	return []engine.Expect{e}
}

// awaitsRead tells whether a read of the board is awaited (a "drop"
// expect only says what the coming drop will take).
func awaitsRead(es []engine.Expect) bool {
	for _, e := range es {
		if e.Kind == "cubes" {
			return true
		}
	}
	return false
}

// readyExpect says, while the jettison window is still open, which cubes
// the battle's drop will take, so the players gather them (and the
// simulated tower drops them) before "the cubes are dropped". Its kind is
// "drop": cubes falling through the tower start the step, and no camera
// read is taken until they have (the read then answers the "cubes" expect).
func readyExpect(pb *PendingBattle, b *battle.Battle, sum uint32) []engine.Expect {
	// The drop is played on a copy: what it would ask for, changing nothing.
	c := b.Clone()
	if err := c.Drop(); err != nil {
		return []engine.Expect{}
	}
	drop := c.Need().Drop
	if len(drop) == 0 {
		return []engine.Expect{}
	}
	return []engine.Expect{{Kind: "drop", ID: fmt.Sprintf("battle%d-ready-%08x", pb.ID, sum), Cubes: drop,
		Say: "When both sides are ready, drop " + cubeList(drop) + " into the tower"}}
}

func tieBreakExpect(s *State) []engine.Expect {
	sv := s.scoreView()
	if sv == nil || sv.TieBreakNeed == nil {
		return []engine.Expect{}
	}
	next := sv.TieBreakNeed.Next
	if len(next.Drop) == 0 {
		return []engine.Expect{}
	}
	return []engine.Expect{{Kind: "cubes", ID: fmt.Sprintf("tie-break-%d", len(s.TieBreakReads)), Cubes: next.Drop,
		Say: "Tie-break battle: drop " + cubeList(next.Drop) + " into the tower"}}
}

// readerCardName is the printed name of a card tapped on the reader: the
// player's card of that id, else the sailor of that kind (a sticker names
// the kind), never the id.
func readerCardName(p *Player, id string) string {
	if c := p.Card(id); c != nil {
		return cardName(c)
	}
	if sl, ok := sailors[id]; ok && sl.Name != "" {
		return sl.Name
	}
	return "a sailor card"
}

// cubeList reads "2 black cubes and 1 purple cube", colours in name order.
func cubeList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k, n := range m {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	// Each count has its own noun ("1 green cube and 2 purple cubes"): one
	// noun after the last count read "1 green and 1 purple cubes".
	parts := make([]string, len(keys))
	for i, k := range keys {
		noun := "cubes"
		if m[k] == 1 {
			noun = "cube"
		}
		parts[i] = fmt.Sprintf("%d %s %s", m[k], k, noun)
	}
	s := strings.Join(parts, ", ")
	if i := strings.LastIndex(s, ", "); i >= 0 {
		s = s[:i] + " and " + s[i+2:]
	}
	return s
}

// MapInput turns what the table reported into a Dead Reckoning action:
//   - cubes read on the battle board while a read is awaited become the
//     battle's read step (or the tie-break battle's read); a re-drop's
//     read that shows only the cubes dropped again gets the cubes still
//     lying from the last read (battle.CompleteRead);
//   - cubes falling through the tower (the drop sensor) while a battle is
//     ready to drop become its drop step;
//   - a long press of the button of the only player to act ends their turn
//     (a short press is only a notice);
//   - a sailor card tapped on the reader (a registered sticker) is played
//     by the player whose turn it is.
//
// Everything else is only a notice; the rules judge every action as if it
// had come from the tablet.
func (rulesImpl) MapInput(g engine.Game, in engine.TableInput) (json.RawMessage, string, bool) {
	dg, ok := g.(*Game)
	if !ok {
		return nil, "", false
	}
	switch in.Kind {
	case "cubes":
		if !awaitsRead(dg.WaitingFor()) {
			return nil, "", false
		}
		rd, seen := battle.ReadFromTable(in.Cubes, in.RedropCubes)
		said := "The camera sees no cubes on the board"
		if len(seen) > 0 {
			said = "The camera sees " + cubeList(seen) + " on the board"
		}
		// A re-drop's read that shows only the cubes dropped again (the
		// simulated camera lays only those) keeps the others where the last
		// read saw them, so nobody types them again.
		if pb := dg.st.CurrentBattle(); !dg.st.Over && pb != nil && len(pb.Machine) > 0 {
			if b, _, err := dg.st.battleNeed(pb); err == nil {
				var whole bool
				if rd, whole = b.CompleteRead(rd); whole {
					said += "; the other cubes stay where they lie"
				}
			}
		}
		if len(rd.Redrop) > 0 {
			said += "; " + cubeList(rd.Redrop) + " to drop again"
		} else if in.Redrop > 0 {
			said += fmt.Sprintf("; %d to drop again", in.Redrop)
		}
		var act any = &BattleStep{ActionHeader: engine.ActionHeader{Type: "battle-step", Seat: engine.NoSeat}, Step: battle.Step{Step: battle.StepRead, Read: &rd}}
		if dg.st.Over {
			act = &TieBreakRead{ActionHeader: engine.ActionHeader{Type: "tie-break-read", Seat: engine.NoSeat}, Read: rd}
		}
		b, err := json.Marshal(act)
		if err != nil {
			return nil, "", false
		}
		return b, said, true
	case "drop":
		// Cubes falling through the tower while a battle is ready to drop
		// start its drop, so the camera's read of them is awaited.
		pb := dg.st.CurrentBattle()
		if pb == nil || len(pb.Machine) == 0 {
			return nil, "", false
		}
		if _, n, err := dg.st.battleNeed(pb); err != nil || n.Phase != battle.PhaseReady {
			return nil, "", false
		}
		b, err := json.Marshal(&BattleStep{ActionHeader: engine.ActionHeader{Type: "battle-step", Seat: engine.NoSeat}, Step: battle.Step{Step: battle.StepDrop}})
		if err != nil {
			return nil, "", false
		}
		return b, "Cubes are falling through the tower: the battle's drop", true
	case "button":
		seat, ok := onlyActive(dg)
		if !ok || !in.Long || in.Host || in.Seat != seat || dg.st.CurrentBattle() != nil {
			return nil, "", false
		}
		b, _ := json.Marshal(map[string]any{"type": "end-turn", "seat": seat})
		return b, dg.st.Players[seat].Name + " held their button to end the turn", true
	case "card":
		seat, ok := onlyActive(dg)
		if !ok || in.Card == "" || strings.Contains(in.Card, ":") { // a raw sticker UID has colons
			return nil, "", false
		}
		b, _ := json.Marshal(map[string]any{"type": "play-card", "seat": seat, "card": in.Card})
		return b, fmt.Sprintf("%s played %s on the card reader", dg.st.Players[seat].Name, readerCardName(&dg.st.Players[seat], in.Card)), true
	}
	return nil, "", false
}

// onlyActive is the one seat that may act now, if exactly one may.
func onlyActive(g *Game) (engine.Seat, bool) {
	if g.Over() {
		return engine.NoSeat, false
	}
	a := g.ActiveSeats()
	if len(a) != 1 || g.st.Player(a[0]) == nil {
		return engine.NoSeat, false
	}
	return a[0], true
}

// SetupWithTableBoard gives a setup sent as JSON (scripts, tests; the
// new-game form gets the board as engine.OptionTableBoard) the table's
// calibrated battle board as options.battleBoard, unless the setup chose
// its own. A setup that is not a JSON object is left for New to refuse.
// used reports whether the board was put in.
func (rulesImpl) SetupWithTableBoard(setup, layout json.RawMessage) (out json.RawMessage, used bool, err error) {
	var s map[string]json.RawMessage
	if json.Unmarshal(setup, &s) != nil || s == nil {
		return setup, false, nil
	}
	var options map[string]json.RawMessage
	if raw, ok := s["options"]; ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		if json.Unmarshal(raw, &options) != nil {
			return setup, false, nil
		}
	}
	if raw, ok := options["battleBoard"]; ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return setup, false, nil // the setup chose its board
	}
	if _, err := battle.ParseLayout(layout); err != nil {
		return setup, false, fmt.Errorf("the calibrated battle board cannot be used (%v); fix it on the calibration page, or give the setup its own options.battleBoard", err)
	}
	if options == nil {
		options = map[string]json.RawMessage{}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, layout); err != nil {
		return setup, false, err
	}
	options["battleBoard"] = compact.Bytes()
	if s["options"], err = json.Marshal(options); err != nil {
		return setup, false, err
	}
	if out, err = json.Marshal(s); err != nil {
		return setup, false, err
	}
	return out, true, nil
}
