package piratescode

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The game kit (engine/kit.go): what the shell asks of these rules.
var (
	_ engine.Describer    = rulesImpl{}
	_ engine.NewGameForm  = rulesImpl{}
	_ engine.HelpNotes    = rulesImpl{}
	_ engine.OwnerCatalog = rulesImpl{}
	_ engine.InputMapper  = rulesImpl{}
	_ engine.Waiting      = (*Game)(nil)
)

// Describe gives the facts every screen needs.
func (rulesImpl) Describe() engine.GameInfo {
	return engine.GameInfo{Rules: Name, Title: "The Pirate's Code",
		Blurb:      "Keeps the map, the wheels, the market and the ships; checks every order and bonus action; rolls or reads the attack dice; moves the merchants and the Navy.",
		MinPlayers: 1, MaxPlayers: 4, Colours: Colours, Citation: "page", HighestWins: true, Inputs: []string{"dice", "buttons"}}
}

// NewGameOptions lists the new-game form's options.
func (rulesImpl) NewGameOptions() []engine.Option {
	// A choice of the players' names, not a seat number: a newcomer picks
	// "Ann", not "1 (the first player listed)".
	return []engine.Option{
		{ID: "first", Label: "Who plays first", Help: "the youngest, or however the group likes (p. 5)", Kind: "choice", Default: json.RawMessage(`"1"`),
			Choices: engine.SeatChoices(4)},
		{ID: "sides", Label: "Captain card sides", Help: "the side of the Captain Card every player starts with (a Mutiny flips it, p. 10)", Kind: "choice", Default: json.RawMessage(`"front"`),
			Choices: []engine.Choice{{Value: "front", Label: "Front"}, {Value: "back", Label: "Back"}}},
	}
}

// SetupFromForm turns the form's answers into a Setup JSON with the owner's
// catalog.
func (rulesImpl) SetupFromForm(form engine.FormAnswers, catalog json.RawMessage) (json.RawMessage, error) {
	if len(catalog) == 0 || string(catalog) == "null" {
		return nil, engine.Malformed("%s", noCatalog)
	}
	su := Setup{Catalog: catalog}
	first := 1
	if raw, ok := form.Options["first"]; ok {
		n, ok := seatNumber(raw)
		if !ok || n < 1 || n > len(form.Players) {
			return nil, engine.Malformed("option first: want a seat number from 1 to %d", len(form.Players))
		}
		first = n
	}
	su.First = first - 1
	side := 0
	if raw, ok := form.Options["sides"]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || (s != "front" && s != "back") {
			return nil, engine.Malformed(`option sides: want "front" or "back"`)
		}
		if s == "back" {
			side = 1
		}
	}
	for _, p := range form.Players {
		su.Players = append(su.Players, SetupPlayer{Name: p.Name, Colour: p.Colour, Side: side})
	}
	b, err := json.Marshal(su)
	if err != nil {
		return nil, err
	}
	if _, err := newState(b, 0); err != nil {
		return nil, err
	}
	return b, nil
}

// MapInput turns dice read in the tray into the roll answering the open
// request. Other inputs are notices only.
func (rulesImpl) MapInput(g engine.Game, in engine.TableInput) (json.RawMessage, string, bool) {
	pg, ok := g.(*Game)
	if !ok || pg.st.Over {
		return nil, "", false
	}
	if in.Kind == "button" {
		return pg.st.buttonAction(in)
	}
	if in.Kind != "dice" || len(pg.st.Dice.Open) == 0 {
		return nil, "", false
	}
	r := pg.st.Dice.Open[0]
	var faces []string
	for _, d := range in.Dice {
		faces = append(faces, d.Face)
	}
	said := fmt.Sprintf("dice read: %s", strings.Join(faces, ", "))
	if in.Unreadable > 0 {
		said += fmt.Sprintf("; %d could not be read", in.Unreadable)
	}
	if len(faces) != len(r.Dice) || in.Unreadable > 0 {
		return nil, said + fmt.Sprintf(" (%s needs %d)", r.Purpose, len(r.Dice)), false
	}
	b, err := json.Marshal(map[string]any{"type": "roll", "seat": -1, "request": r.ID, "faces": faces})
	if err != nil {
		return nil, "", false
	}
	return b, said, true
}

// buttonAction maps a player's button to "I am done": the side of a fight
// that may adjust its dice resolves it; otherwise the active player ends the
// turn once the Captain has moved.
func (s *State) buttonAction(in engine.TableInput) (json.RawMessage, string, bool) {
	p := s.player(in.Seat)
	if p == nil || p.Automa || in.Long || in.Host {
		return nil, "", false
	}
	act := ""
	if f := s.Fight; f != nil {
		if f.Stage == stageAttackAdjust && in.Seat == f.Attacker || f.Stage == stageDefendAdjust && in.Seat == f.Defender {
			act = "resolve"
		}
	} else if in.Seat == s.Current && s.Auto == nil && s.Turn.Step != stepOrder {
		act = "end-turn"
	}
	if act == "" {
		return nil, p.Name + " pressed their button", false
	}
	b, err := json.Marshal(map[string]any{"type": act, "seat": in.Seat})
	if err != nil {
		return nil, "", false
	}
	return b, fmt.Sprintf("%s pressed their button: %s", p.Name, map[string]string{"resolve": "count my dice", "end-turn": "end of my turn"}[act]), true
}

// HelpNotes are short answers to the questions a table asks, in our own
// words, each citing the rulebook.
func (rulesImpl) HelpNotes() []engine.HelpNote {
	n := func(id, title, text string, r ref, kw ...string) engine.HelpNote {
		return engine.HelpNote{ID: id, Title: title, Text: text, Page: r.page, Section: r.section, Keywords: kw}
	}
	return []engine.HelpNote{
		n("order-same-space", "Moving the Captain", "The Captain always moves clockwise and must finish on another space than it started from, even after going all the way round. The next space is free; every space jumped over costs a Deckhand left on it, except Hide Out, which is always free to pass.", refWheel, "wheel", "captain", "skip"),
		n("skip-freed-deckhand", "Deckhands left on the wheel", "Jumping over or landing on a space that still holds a Deckhand from an earlier turn is free, and that Deckhand goes back to any assignment at once. It cannot pay for another jump in the same turn.", refAssign, "deckhand", "wheel", "free"),
		n("sail-too-far", "How far a ship sails", "Sail = the legend level's sail, plus one per Deckhand on Rigging, plus 2 for each kept sail token spent. Move orthogonally one card at a time; other ships never block.", refSail, "sail", "rigging", "move"),
		n("sail-storm-repair", "Storms and jostling", "Each storm card you enter jostles you once: a Deckhand from Rigging, Cannons or Extort goes to Repair (from the wheel when those are empty). A jostled Rigging Deckhand shortens the rest of the move. With every Deckhand in Repair you cannot enter a storm.", refJostle, "storm", "jostle", "repair"),
		n("trade-count", "Selling booty", "At a market, sell 1 to 3 cubes of the type it buys for the price on the Market Mat. That type then drops to the 2-gold space and the cheaper ones move up one.", refTrade, "trade", "market", "price"),
		n("crew-full", "Hiring crew", "Take one of the three face-up crew; with four already, let one go to the bottom of the deck. Once a turn you may pay 1 gold to replace the whole row first. Once a game, during Crew Up, your crew may mutiny: the captain card turns over.", refCrew, "crew", "mutiny", "hire"),
		n("attack-target", "Attacking", "Attack a merchant or another pirate on your card, never the Navy and never a ship hiding in a cove. Roll your legend level's dice; each die deals 1 for every matching symbol on your captain and crew, plus 1 per Cannons Deckhand and the cards' automatic hits. Sure-fire tokens turn a rolled die to any face.", refAttack, "attack", "dice", "damage", "sure-fire"),
		n("reroll-face", "Rolling again with Reroll", "During your Attack order, a crew card with Reroll lets you roll again each die showing one of its faces, once per die for that card. Finish one such card before using the next: the next card looks at the dice as they are then, and may roll again a die the first one already did. Not in a bonus attack, not when defending.", refBonus, "reroll", "dice", "crew"),
		n("merchant-sunk", "Sinking a merchant", "Deal more than the merchant's damage to sink it: take its cube and its gold, deal a new merchant card (an 8 stays) and send the ship to the port farther from you. Less: you are jostled and gain a sure-fire token. Equal: only the token.", refMerchant, "merchant", "sink"),
		n("fight-won", "Pirate against pirate", "Both roll; the higher total gains a legend level, the lower is jostled and gains a sure-fire token; a tie gives both a token.", refPirate, "pirate", "fight"),
		n("hide-cove-taken", "Hiding out", "Hide Out needs a cove no other pirate holds. Your Deckhands may then all be re-assigned, Repair and wheel included, and no one can attack you there.", refHide, "hide", "cove"),
		n("bonus-order", "Bonus actions", "A card's bonus actions work when its leftmost icon is the order your Captain stands on, taken or not. The captain's two go left to right: skipping the first is fine, taking it after the second is not.", refBonus, "bonus", "captain"),
		n("bury-gold", "Burying treasure", "On a card with a free bury site and no Navy, pay the gold printed there to bury a treasure. The third one starts the end.", refBury, "bury", "treasure"),
		n("legend-gained", "Legend levels", "Beating another pirate, or sinking a merchant whose legend icon covers your player count, raises your legend one level at once, with its one-time bonuses; higher levels may sail further and roll more dice. It never goes down.", refLegend, "legend", "level"),
		n("navy-attack", "Crossing the Ship Line", "When your Captain crosses the line before Hide Out: gain 1 gold per Extort Deckhand, each merchant moves one card toward its port, then the Navy sails toward you and, if it reaches you outside a cove, always wins.", refShipLine, "ship line", "navy", "extort"),
		n("game-over", "The end", "When someone buries a third treasure, play on until everyone has had as many turns. Among those with three buried: highest legend, then most gold, then most booty.", refEnd, "end", "win", "tie"),
	}
}

// seatNumber reads the "first" option: the form's choice sends the seat as
// a string ("2"); a number (2), as saved tables and scripts sent it before
// the option became a choice, is read the same.
func seatNumber(raw json.RawMessage) (int, bool) {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
