package piratescode

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Sizes of the game.
const (
	gridSize    = 4
	cells       = gridSize * gridSize
	maxGold     = 13
	maxSurefire = 3
	maxBooty    = 3
	maxCrew     = 4
	deckhands   = 4
	treasures   = 3
	bootyEach   = 10
)

// Deck assignments on the Helm Mat.
const (
	Rigging = "rigging"
	Cannons = "cannons"
	Extort  = "extort"
	Repair  = "repair"
)

// Assignments lists the four Deck Assignments in the mat's order.
var Assignments = []string{Rigging, Cannons, Extort, Repair}

// Turn steps.
const (
	stepOrder = "order" // move the Captain on the wheel
	stepSail  = "sail"  // sail (or skip it by executing the order)
	stepAct   = "act"   // execute the order or pass it
	stepBonus = "bonus" // take bonus actions, then end the turn
)

// State is the whole game, secrets (face-down tokens, decks, the bag)
// included. It is never sent to a viewer: View filters it.
type State struct {
	Catalog *Catalog  `json:"catalog"`
	Players []*Player `json:"players"`
	// Grid holds the catalog index of the map card on each cell, row by row.
	Grid [cells]int `json:"grid"`
	// Tokens holds the catalog index of the face-down search token on each
	// cell, -1 when taken.
	Tokens [cells]int `json:"tokens"`
	// Revealed are the search tokens turned up (catalog indexes): they
	// cannot be face down any more.
	Revealed []int `json:"revealed,omitempty"`
	// Buried is the seat whose treasure is on each cell's bury site, -1 none.
	Buried [cells]engine.Seat `json:"buried"`
	// Ports are the two port cells, opposite corners.
	Ports     [2]int      `json:"ports"`
	Merchants [2]Merchant `json:"merchants"`
	Navy      int         `json:"navy"`
	// Market is the booty type on the 2, 3, 4 and 5 gold spaces.
	Market [4]string `json:"market"`
	// Bag counts the booty in the bag by type.
	Bag map[string]int `json:"bag"`
	// MerchantDeck and CrewDeck hold catalog indexes, top first.
	MerchantDeck []int `json:"merchantDeck"`
	CrewDeck     []int `json:"crewDeck"`
	// CrewRow is the face-up row of crew (catalog indexes).
	CrewRow []int `json:"crewRow"`
	// Surefires left in the supply.
	Surefires int         `json:"surefires"`
	First     engine.Seat `json:"first"`
	Current   engine.Seat `json:"current"`
	Turn      Turn        `json:"turn"`
	Dice      dice.Book   `json:"dice"`
	Fight     *Fight      `json:"fight,omitempty"`
	// EndBy is the seat that buried the last treasure first (-1: not yet).
	EndBy engine.Seat `json:"endBy"`
	// Auto is the Legendary Pirate's turn in progress (solo only).
	Auto    *AutoTurn     `json:"auto,omitempty"`
	Over    bool          `json:"over"`
	Winners []engine.Seat `json:"winners,omitempty"`
	RNG     rngState      `json:"rng"`
}

// Merchant is one merchant ship: where it is, the port it heads for, its
// booty and its merchant card (the slot under the Market Mat: slot i belongs
// to ship i).
type Merchant struct {
	Name   string `json:"name"`
	Cell   int    `json:"cell"`
	Target int    `json:"target"`
	Booty  string `json:"booty,omitempty"`
	Card   int    `json:"card"`
}

// Player is one seat.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Gold   int    `json:"gold"`
	Legend int    `json:"legend"`
	// Bloodied is the Legend token's side: the mutiny was used.
	Bloodied bool `json:"bloodied"`
	// Buried counts treasures buried.
	Buried int `json:"buried"`
	// Wheel holds the order on each space; space 0 is Hide Out.
	Wheel [6]string `json:"wheel"`
	// Captain is the Captain meeple's space.
	Captain int `json:"captain"`
	// WheelHands counts Deckhands on each wheel space.
	WheelHands [6]int         `json:"wheelHands"`
	Assign     map[string]int `json:"assign"`
	// Reserve is the Deckhand waiting on the legend track.
	Reserve     int      `json:"reserve"`
	CaptainCard int      `json:"captainCard"`
	Side        int      `json:"side"`
	Crew        []int    `json:"crew"`
	Cell        int      `json:"cell"`
	InCove      bool     `json:"inCove"`
	Booty       []string `json:"booty"`
	Surefire    int      `json:"surefire"`
	// Kept are the kept search tokens (catalog indexes).
	Kept  []int `json:"kept"`
	Turns int   `json:"turns"`
	// Automa marks the Legendary Pirate of a solo game, run by the engine:
	// Helm and Mat are its solo mats (catalog indexes), Track its Legend
	// token's place on the Legend Mat's track.
	Automa bool `json:"automa,omitempty"`
	Helm   int  `json:"helm,omitempty"`
	Mat    int  `json:"mat,omitempty"`
	Track  int  `json:"track,omitempty"`
}

// Turn is the active player's progress through the five steps.
type Turn struct {
	Step    string `json:"step"`
	From    int    `json:"from"`
	Crossed bool   `json:"crossed"`
	// Freed counts, per assignment, Deckhands freed from the wheel this
	// turn: they cannot pay for skips.
	Freed map[string]int `json:"freed,omitempty"`
	// OrderDone: the order was executed (or passed).
	OrderDone bool `json:"orderDone"`
	// Used lists bonus actions taken: "card/index".
	Used map[string]bool `json:"used,omitempty"`
	// CaptainNext is the first captain bonus still allowed (they go left
	// to right; the first may be skipped, not reversed).
	CaptainNext int  `json:"captainNext"`
	Refreshed   bool `json:"refreshed"`
	// ExtortPaid: Hide Out already paid the Extort gold this turn.
	ExtortPaid bool `json:"extortPaid"`
	// Traded: a Trade order was executed this turn.
	Traded bool `json:"traded"`
}

// Fight is an attack in progress.
type Fight struct {
	Attacker engine.Seat `json:"attacker"`
	// Merchant is the merchant ship attacked (0, 1) or -1 for a pirate.
	Merchant int         `json:"merchant"`
	Defender engine.Seat `json:"defender"`
	// Bonus: a bonus attack (no Reroll).
	Bonus bool `json:"bonus"`
	// Stage: "attack-roll", "attack-adjust", "defend-roll", "defend-adjust".
	Stage   string `json:"stage"`
	Request string `json:"request,omitempty"`
	Roll    string `json:"roll,omitempty"`
	Faces   []int  `json:"faces,omitempty"`
	// Rerolled marks the dice the Reroll card in use (Rerolling) rolled
	// again; Cards the Reroll cards used. A card is done once another is
	// used (p. 14: one card resolved completely before the next).
	Rerolled  []bool          `json:"rerolled,omitempty"`
	Cards     map[string]bool `json:"cards,omitempty"`
	Rerolling string          `json:"rerolling,omitempty"`
	// AttackTotal is the attacker's total once they resolved.
	AttackTotal int `json:"attackTotal"`
	// AttackerJostle is the attacker's jostle choice, given when they
	// resolved, used if the defender wins.
	AttackerJostle []string `json:"attackerJostle,omitempty"`
}

// rngState stores the RNG in the snapshot.
type rngState struct{ engine.RNG }

// MarshalJSON writes the generator's state as base64.
func (r rngState) MarshalJSON() ([]byte, error) {
	b, err := r.RNG.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(base64.StdEncoding.EncodeToString(b))
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (r *rngState) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	return r.RNG.UnmarshalBinary(raw)
}

// clone deep-copies the state; the catalog is never changed and is shared.
func (s *State) clone() *State {
	c := *s
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		q := *p
		q.Assign = maps.Clone(p.Assign)
		q.Crew = slices.Clone(p.Crew)
		q.Booty = slices.Clone(p.Booty)
		q.Kept = slices.Clone(p.Kept)
		c.Players[i] = &q
	}
	c.Bag = maps.Clone(s.Bag)
	c.MerchantDeck = slices.Clone(s.MerchantDeck)
	c.CrewDeck = slices.Clone(s.CrewDeck)
	c.CrewRow = slices.Clone(s.CrewRow)
	c.Turn.Freed = maps.Clone(s.Turn.Freed)
	c.Turn.Used = maps.Clone(s.Turn.Used)
	c.Dice = s.Dice.Clone()
	if s.Fight != nil {
		f := *s.Fight
		f.Faces = slices.Clone(f.Faces)
		f.Rerolled = slices.Clone(f.Rerolled)
		f.Cards = maps.Clone(f.Cards)
		f.AttackerJostle = slices.Clone(f.AttackerJostle)
		c.Fight = &f
	}
	c.Winners = slices.Clone(s.Winners)
	c.Revealed = slices.Clone(s.Revealed)
	if s.Auto != nil {
		a := *s.Auto
		a.Orders = slices.Clone(a.Orders)
		c.Auto = &a
	}
	return &c
}

// player returns the player in seat s, nil for none.
func (s *State) player(seat engine.Seat) *Player {
	if seat < 0 || int(seat) >= len(s.Players) {
		return nil
	}
	return s.Players[seat]
}

func (s *State) card(cell int) MapCard { return s.Catalog.MapCards[s.Grid[cell]] }

// cellName is "R2C3": the cell's id in actions, events' data and the view,
// never in a sentence players read (place is for those).
func cellName(c int) string {
	return "R" + string(rune('1'+c/gridSize)) + "C" + string(rune('1'+c%gridSize))
}

// place is a cell as players at the table name it: its map card's printed
// name from the owner's catalog, else its position in words, "the map card
// in row 2, column 3". Row and column count from the top-left card as the
// tablet draws the map, which is how the table lays it out; no id is
// ever shown, since "R2C3" means nothing to someone looking at the cards.
func (s *State) place(c int) string {
	if c < 0 || c >= cells {
		return "a card off the map"
	}
	if n := s.card(c).Name; n != "" {
		return n
	}
	return placeWords(c)
}

// placeWords is a cell's position in words, for a map card the catalog
// gives no name.
func placeWords(c int) string {
	return fmt.Sprintf("the map card in row %d, column %d", c/gridSize+1, c%gridSize+1)
}

// parseCell reads "R2C3"; ok is false for anything else.
func parseCell(s string) (int, bool) {
	if len(s) != 4 || s[0] != 'R' || s[2] != 'C' || s[1] < '1' || s[1] > '4' || s[3] < '1' || s[3] > '4' {
		return 0, false
	}
	return int(s[1]-'1')*gridSize + int(s[3]-'1'), true
}

func dist(a, b int) int {
	return abs(a/gridSize-b/gridSize) + abs(a%gridSize-b%gridSize)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// handsOnMat counts a player's Deckhands on the four assignments.
func (p *Player) handsOnMat() int {
	n := 0
	for _, a := range Assignments {
		n += p.Assign[a]
	}
	return n
}

func (p *Player) handsOnWheel() int {
	n := 0
	for _, h := range p.WheelHands {
		n += h
	}
	return n
}

// order is the order the Captain stands on.
func (p *Player) order() string { return p.Wheel[p.Captain] }

// captainSide is the captain card's face-up side.
func (s *State) captainSide(p *Player) Card {
	if p.Automa {
		return s.automaCard(p)
	}
	return s.Catalog.Captains[p.CaptainCard].Sides[p.Side]
}

// cards are the captain's side then the crew, the cards whose die symbols
// and hits count in a fight.
func (s *State) cards(p *Player) []Card {
	out := []Card{s.captainSide(p)}
	for _, k := range p.Crew {
		out = append(out, s.Catalog.Crew[k])
	}
	return out
}

// sail is the player's sail value before kept tokens: the legend level's sail
// and one per Deckhand on Rigging.
func (s *State) sail(p *Player) int {
	if p.Automa {
		return s.soloLevel(p).Sail + p.Assign[Rigging]
	}
	return s.Catalog.Legend[p.Legend].Sail + p.Assign[Rigging]
}

// gainGold adds gold up to 13; more is lost (p. 8).
func (p *Player) gainGold(n int) int {
	before := p.Gold
	p.Gold = min(maxGold, p.Gold+n)
	return p.Gold - before
}

// drawBooty takes one random booty from the bag with the seeded RNG; "" when
// the bag is empty.
func (s *State) drawBooty() string {
	total := 0
	for _, t := range BootyTypes {
		total += s.Bag[t]
	}
	if total == 0 {
		return ""
	}
	n := s.RNG.IntN(total)
	for _, t := range BootyTypes {
		if n < s.Bag[t] {
			s.Bag[t]--
			return t
		}
		n -= s.Bag[t]
	}
	return ""
}

// price is the gold the market pays for a type.
func (s *State) price(t string) int {
	for i, m := range s.Market {
		if m == t {
			return i + 2
		}
	}
	return 0
}

// shiftMarket moves a sold type to the 2-gold space; those below its old
// price move up one (p. 9).
func (s *State) shiftMarket(t string) {
	i := s.price(t) - 2
	for ; i > 0; i-- {
		s.Market[i] = s.Market[i-1]
	}
	s.Market[0] = t
}

// shipsAt lists what is on a cell, for views.
func (s *State) pirateAt(cell int, except engine.Seat) []engine.Seat {
	var out []engine.Seat
	for i, p := range s.Players {
		if p.Cell == cell && engine.Seat(i) != except {
			out = append(out, engine.Seat(i))
		}
	}
	return out
}

// coveTaken reports whether another pirate hides in the cell's cove.
func (s *State) coveTaken(cell int, except engine.Seat) bool {
	for i, p := range s.Players {
		if engine.Seat(i) != except && p.Cell == cell && p.InCove {
			return true
		}
	}
	return false
}
