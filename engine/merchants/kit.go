package merchants

import (
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

var (
	_ engine.Describer    = rulesImpl{}
	_ engine.NewGameForm  = rulesImpl{}
	_ engine.HelpNotes    = rulesImpl{}
	_ engine.OwnerCatalog = rulesImpl{}
	_ engine.InputMapper  = rulesImpl{}
	_ engine.Waiting      = (*Game)(nil)
)

// Colours are the player colours the new-game form offers, one tapped per
// seat. The summary gives each player a colour (Setup) without naming the
// box's four, and brown and black are the NPCs' ships; the rules take any
// colour, which only tells the seats apart on screen. So the form offers the
// common colours, more than four, and a group picks those nearest its
// pieces, as for The Pirate's Code.
var Colours = []engine.Colour{
	{ID: "red", Label: "Red", CSS: "#c0392b"},
	{ID: "blue", Label: "Blue", CSS: "#2e6da4"},
	{ID: "green", Label: "Green", CSS: "#2e8b57"},
	{ID: "yellow", Label: "Yellow", CSS: "#d4a017"},
	{ID: "purple", Label: "Purple", CSS: "#6a3d9a"},
	{ID: "orange", Label: "Orange", CSS: "#e8750a"},
}

// Describe gives the shell the game's facts, with the colours the form
// offers (Colours).
func (rulesImpl) Describe() engine.GameInfo {
	return engine.GameInfo{Rules: Name, Title: "Merchants & Marauders",
		Blurb:      "keeps every ship, hold, bounty and secret stash, refuses illegal moves naming the rule, and settles raids and sea battles from the dice",
		MinPlayers: 2, MaxPlayers: 4, Colours: Colours, Citation: "section", BGGID: 25292, HighestWins: true, Inputs: []string{"dice"}}
}

// NewGameOptions lists the new-game form's options.
func (rulesImpl) NewGameOptions() []engine.Option {
	return []engine.Option{{ID: "first", Label: "Start player", Kind: "choice", Default: json.RawMessage(`"draw"`),
		Help:    "the summary draws a captain card to pick who starts; the companion can draw for you",
		Choices: append([]engine.Choice{{Value: "draw", Label: "Draw for us"}}, engine.SeatChoices(4)...)},
		{ID: VariantFlexibleTurns, Label: "Flexible turns (variant 1)", Kind: "bool", Default: json.RawMessage(`false`),
			Help: "the turn order is drawn anew each round"},
		{ID: VariantGiveMeGlory, Label: "Give me glory or give me death (variant 3)", Kind: "bool", Default: json.RawMessage(`false`),
			Help: "stashed gold buys glory points at 10, 15, 20, 25 and 30 gold instead of 10 each"},
		{ID: VariantHardLife, Label: "It's a hard life (variant 4)", Kind: "bool", Default: json.RawMessage(`false`),
			Help: "two naval ships and an NPC pirate are at sea from the start"}}
}

// SetupFromForm turns the form into a Setup: every player picks their
// ship in secret on their phone (choose-ship) and is dealt a captain.
func (rulesImpl) SetupFromForm(form engine.FormAnswers, catalog json.RawMessage) (json.RawMessage, error) {
	if len(catalog) == 0 {
		return nil, engine.Malformed("catalog: enter the board, captains, ships, cards and dice first")
	}
	if _, err := ParseCatalog(catalog); err != nil {
		return nil, err
	}
	su := Setup{Catalog: catalog}
	for _, p := range form.Players {
		su.Players = append(su.Players, SetupPlayer{Name: p.Name, Colour: p.Colour})
	}
	for _, v := range variants {
		raw, ok := form.Options[v]
		if !ok {
			continue
		}
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			return nil, engine.Malformed("%s: %v", v, err)
		}
		if on {
			su.Variants = append(su.Variants, v)
		}
	}
	if raw, ok := form.Options["first"]; ok {
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, engine.Malformed("first: %v", err)
		}
		if v != "draw" {
			var n int
			if _, err := fmt.Sscanf(v, "%d", &n); err != nil || n < 1 || n > len(form.Players) {
				return nil, engine.Malformed("first: %q is not a seat", v)
			}
			n--
			su.First = &n
		}
	}
	return json.Marshal(su)
}

// HelpNotes are short answers in our own words, citing the summary's
// section; a refusal's code links to the note of the same id.
func (rulesImpl) HelpNotes() []engine.HelpNote {
	return []engine.HelpNote{
		{ID: "no-actions", Title: "Three actions", Section: secTurn, Keywords: []string{"actions", "turn"},
			Text: "Each turn you may move, scout or take the port action, three times in all, in any mix; the port action only once."},
		{ID: "port-closed", Title: "Ports that turn you away", Section: secBounties, Keywords: []string{"bounty", "port", "enter"},
			Text: "A nation you have a bounty from keeps you out of its ports. Your captain's home port always lets you in."},
		{ID: "sell-not-first", Title: "Selling comes first", Section: secSell, Keywords: []string{"sell", "port"},
			Text: "In a port action, selling goods must come before any other activity. Goods sell for 3 gold, the good in demand for 6; selling the good in demand changes the demand token, and three of it at once earn a glory point."},
		{ID: "not-drawn", Title: "Buying goods", Section: secBuy, Keywords: []string{"buy", "cargo", "price"},
			Text: "Draw 6 cargo cards (3 if you bought in this port on your last turn), redrawing the good in demand. A good drawn twice costs 2 a card, three times 1, otherwise 3."},
		{ID: "man-o-war", Title: "The shipyard", Section: secShipyard, Keywords: []string{"ship", "repair", "weapon", "modification"},
			Text: "Buying a ship means selling yours: its price, plus 1 per modification, minus 1 per point of damage other than crew. Repairs are 2 gold a point, special weapons 3 each (one of each kind; sold back for 1), this port's modification 3. A frigate or galleon earns a glory point once per captain. The man-o-war is never bought or sold."},
		{ID: "stash-home", Title: "The stash", Section: secStash, Keywords: []string{"stash", "chest", "glory"},
			Text: "Only in your captain's home port may you put gold in your chest (once a port action) or take it out (whenever you like on your turn there). Every 10 gold there is a secret glory point, at most 5."},
		{ID: "glory-hand", Title: "Four glory cards", Section: secGlory, Keywords: []string{"glory", "card", "hand", "discard"},
			Text: "You keep at most 4 glory cards. Drawing a fifth, you choose one to discard before the game goes on. Cards are played on your own turn outside battles, unless the card says otherwise."},
		{ID: "specialist-type", Title: "Specialists", Section: secSpecialists, Keywords: []string{"specialist", "hire", "glory"},
			Text: "Hire a specialist from your glory cards by paying what the card asks; it lies faceup and no longer counts in your hand. One specialist of each kind. Beating a captain in crew combat lets you take on their specialists free, those of a kind you lack; dismiss any you do not want."},
		{ID: "scout-repeat", Title: "Scouting", Section: secScout, Keywords: []string{"scout", "find"},
			Text: "At sea, roll Scouting for a merchant, or a captain at sea in your zone; one success finds it. Each target once a turn."},
		{ID: "raid-destroyed-location", Title: "Merchant raids", Section: secRaid, Keywords: []string{"raid", "merchant", "plunder"},
			Text: "No raid with a destroyed location. Three cards are drawn; each Seamanship success draws, discards or exchanges one. Hit icons damage you; enough escape icons let the merchant go; otherwise you plunder the PLUNDER values, 12 or more for a glory point."},
		{ID: "declare-first-round", Title: "Naval combat", Section: "Combat > Naval Combat", Keywords: []string{"combat", "shoot", "board", "flee"},
			Text: "The aggressor declares first. Round one is shooting only; later rounds shoot, board or flee. Most Seamanship successes wins the round; equal successes go to the higher sum of the other dice."},
		{ID: "retire-not-first", Title: "Retiring", Section: secDying, Keywords: []string{"retire", "death", "captain"},
			Text: "Retire before any action of a turn begun in port. As after a death, a new captain comes next turn; glory and stash stay."},
		{ID: "glory-declared", Title: "The end", Section: secWinning, Keywords: []string{"end", "win", "10"},
			Text: "Reaching 10 glory points (stash included) is declared with the stash shown; the round is finished, then most points wins, ties to the largest stash. No event card at the start of a round ends the game at once."},
	}
}

// MapInput turns dice read in the tray into the roll the game waits for:
// the oldest open request, with the dice in its side's tray zone when the
// request names one.
func (rulesImpl) MapInput(g engine.Game, in engine.TableInput) (json.RawMessage, string, bool) {
	mg, ok := g.(*Game)
	if !ok || in.Kind != "dice" || len(mg.st.Dice.Open) == 0 {
		return nil, "", false
	}
	req := mg.st.Dice.Open[0]
	if len(mg.st.Dice.Open) > 1 {
		// Two sides roll together: answer the side whose zone the dice are in.
		for _, r := range mg.st.Dice.Open {
			if len(in.Dice) > 0 && r.Side != "" && in.Dice[0].Zone == r.Side {
				req = r
				break
			}
		}
	}
	var faces []string
	for _, d := range in.Dice {
		if req.Side == "" || d.Zone == "" || d.Zone == req.Side {
			faces = append(faces, d.Face)
		}
	}
	a := &Roll{RollAction: dice.RollAction{ActionHeader: engine.ActionHeader{Type: "roll", Seat: engine.NoSeat}, Request: req.ID, Faces: faces}}
	b, err := Codec().Encode(a)
	if err != nil {
		return nil, "", false
	}
	said := fmt.Sprintf("%d %s read for %s", len(faces), plural(len(faces), "die", "dice"), req.Purpose)
	if in.Unreadable > 0 {
		said += fmt.Sprintf(", %d to roll again", in.Unreadable)
	}
	return b, said, true
}
