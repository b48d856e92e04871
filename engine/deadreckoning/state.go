package deadreckoning

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// Grid size: four Rows of three Ocean boards (p. 6). Row 1 touches the Harbor.
const (
	Rows = 4
	Cols = 3
)

// Pos is a place a ship can be: the Harbor (Row 0) or an Ocean board
// (Row 1-4, Col 1-3, columns counted left to right as seen from the Harbor).
// Its JSON form is "harbor" or "R2C3".
type Pos struct {
	Row, Col int
}

// Harbor is the Harbor board: one space, adjacent to all of Row 1 (p. 9).
var Harbor = Pos{}

// IsHarbor reports whether p is the Harbor.
func (p Pos) IsHarbor() bool { return p.Row == 0 }

// Valid reports whether p is the Harbor or on the grid.
func (p Pos) Valid() bool {
	return p == Harbor || (p.Row >= 1 && p.Row <= Rows && p.Col >= 1 && p.Col <= Cols)
}

// String returns "harbor" or "R2C3".
func (p Pos) String() string {
	if p.IsHarbor() {
		return "harbor"
	}
	return "R" + strconv.Itoa(p.Row) + "C" + strconv.Itoa(p.Col)
}

// MarshalText writes p's JSON form.
func (p Pos) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads "harbor" or "R<row>C<col>".
func (p *Pos) UnmarshalText(b []byte) error {
	s := strings.ToUpper(string(b))
	if s == "HARBOR" {
		*p = Harbor
		return nil
	}
	var r, c int
	if len(s) != 4 || s[0] != 'R' || s[2] != 'C' {
		return fmt.Errorf("position %q: want \"harbor\" or \"R<row>C<col>\" such as \"R2C3\"", string(b))
	}
	r, c = int(s[1]-'0'), int(s[3]-'0')
	q := Pos{r, c}
	if !q.Valid() || r == 0 {
		return fmt.Errorf("position %q is off the 4x3 grid", string(b))
	}
	*p = q
	return nil
}

// Adjacent reports whether two places are orthogonal neighbours (p. 9).
func Adjacent(a, b Pos) bool {
	if a.IsHarbor() {
		return b.Row == 1
	}
	if b.IsHarbor() {
		return a.Row == 1
	}
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr*dr+dc*dc == 1
}

func (p Pos) index() int { return (p.Row-1)*Cols + (p.Col - 1) }

// Hull space letters and their indices (p. 7).
var spaceNames = [4]string{"A", "B", "C", "D"}

func spaceIndex(name string) (int, bool) {
	for i, n := range spaceNames {
		if strings.EqualFold(n, name) {
			return i, true
		}
	}
	return 0, false
}

// Hold is what lies in one hold: cargo and coins share its capacity (p. 7).
type Hold struct {
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
}

// Total is cargo plus coins.
func (h Hold) Total() int { return h.Cargo + h.Coins }

// Tile is a ship upgrade tile placed on a hull space.
type Tile struct {
	// ID is the catalog id, or "" when the tile's effects were not entered.
	ID string `json:"id,omitempty"`
	// Tier is "basic" or "advanced".
	Tier string `json:"tier"`
}

// HullSpace is one of the four hull spaces A-D with the tiles placed on it,
// the last one on top; covered tiles still count for scoring (p. 15).
type HullSpace struct {
	Tiles []Tile `json:"tiles,omitempty"`
	Hold  Hold   `json:"hold"`
}

// Ship is a player's ship and ship board.
type Ship struct {
	At     Pos          `json:"at"`
	Spaces [4]HullSpace `json:"spaces"`
	Damage int          `json:"damage"`
	Sails  int          `json:"sails"`
	Pirate bool         `json:"pirate"`
}

// Adv is one advancement (or encounter) card in the game: an instance number
// and its catalog id ("" while drawn but not entered yet).
type Adv struct {
	Inst int    `json:"inst"`
	ID   string `json:"id,omitempty"`
	// Merchant marks an encounter gained by trade or battle; it is sleeved
	// between the illustration and ability cards (p. 11).
	Merchant bool `json:"merchant,omitempty"`
}

// SailorCard is one of a player's 12 sleeved sailor cards.
type SailorCard struct {
	// ID is unique within a player's deck: "captain", "gunner-1", "crew-3"...
	ID string `json:"id"`
	// Kind is the sailor: "captain", "gunner"...
	Kind  string `json:"kind"`
	Level int    `json:"level"`
	// Slots are the sleeved advancements by slot: top, middle, bottom.
	Top    *Adv `json:"top,omitempty"`
	Middle *Adv `json:"middle,omitempty"`
	Bottom *Adv `json:"bottom,omitempty"`
}

func (c *SailorCard) slot(name string) **Adv {
	switch name {
	case "top":
		return &c.Top
	case "middle":
		return &c.Middle
	case "bottom":
		return &c.Bottom
	}
	return nil
}

// Player is one seat at the table with everything they own.
type Player struct {
	Seat  engine.Seat `json:"seat"`
	Name  string      `json:"name"`
	Color string      `json:"colour"`
	// Chest is the coins in the Treasure chest: secret (p. 6).
	Chest int `json:"chest"`
	// Dock is the cargo on the Dock tile.
	Dock int `json:"dock"`
	// Cubes is the player's cubes in their supply (35 less the one on the
	// Sails track, those on islands and those on achievements).
	Cubes int  `json:"cubes"`
	Ship  Ship `json:"ship"`
	// Cards are the 12 sailor cards; the piles below hold their ids. With
	// physical cards (hands.go) Hand holds only the cards known to be in
	// hand and Deck every card whose place is unknown, Unknown of them in
	// the hand.
	Cards   []SailorCard `json:"cards"`
	Deck    []string     `json:"deck"`
	Hand    []string     `json:"hand"`
	Unknown int          `json:"unknown,omitempty"`
	// KeepsHand: the player entered their hand on their phone (name-hand),
	// which keeps it privately so the rules check their plays against it.
	KeepsHand bool     `json:"keepsHand,omitempty"`
	Played    []string `json:"played"`
	Discard   []string `json:"discard"`
	// PlayedOffTurn lists cards played in defense on another player's turn:
	// they stay in play until this player's next cleanup (p. 18).
	PlayedOffTurn []string `json:"playedOffTurn,omitempty"`
	// SetAside are bought advancements waiting to be sleeved (p. 12).
	SetAside []Adv `json:"setAside"`
	// BonusDealt and Bonus are the bonus achievement tokens: secret.
	BonusDealt []string `json:"bonusDealt,omitempty"`
	Bonus      string   `json:"bonus,omitempty"`
	HasBonus   bool     `json:"hasBonus,omitempty"`
	// Achievements claimed, in order, and progress cubes on achievements.
	Achievements []string       `json:"achievements"`
	Progress     map[string]int `json:"progress"`
	// Explored counts the Ocean boards this player explored.
	Explored int `json:"explored"`
	// Level4 counts the times a card reached level 4.
	Level4 int `json:"level4"`
	// CanLevel: the player may level up one card in hand now (p. 13).
	CanLevel bool `json:"canLevel"`
	// FinalTurnDone: the player has taken their final turn (p. 22).
	FinalTurnDone bool `json:"finalTurnDone"`
	// Sunk is how many ships this player has sunk (Terror of the Sea).
	Sunk int `json:"sunk"`
}

// Card finds one of the player's sailor cards by id.
func (p *Player) Card(id string) *SailorCard {
	for i := range p.Cards {
		if p.Cards[i].ID == id {
			return &p.Cards[i]
		}
	}
	return nil
}

// HasAchievement reports whether the player has claimed an achievement.
func (p *Player) HasAchievement(a string) bool {
	for _, x := range p.Achievements {
		if x == a {
			return true
		}
	}
	return false
}

// IslandState is an explored island board with its cubes, goods and buildings.
type IslandState struct {
	// ID is the island's catalog id.
	ID string `json:"id"`
	// Slots hold one cube each: the seat, or NoSeat when empty.
	Slots []engine.Seat `json:"slots"`
	// Permanent is the number of permanent cubes per seat.
	Permanent []int `json:"permanent"`
	// Cargo and Coins lie on the island (production, unloading).
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
	// Buildings on the island: "fort", "garrison", "outpost" (at most one each).
	Buildings []string `json:"buildings"`
	// Controller is who controls the island, NoSeat for nobody.
	Controller engine.Seat `json:"controller"`
	// LastController is the last player who controlled it: buildings are
	// removed when control passes to another player (p. 15).
	LastController engine.Seat `json:"lastController"`
}

// Board is one place of the 3x4 Ocean grid.
type Board struct {
	At Pos `json:"at"`
	// Explored: face up. A face-down board's kind is not known to anyone.
	Explored bool `json:"explored"`
	// Kind is "island" or "open-sea" once explored.
	Kind string `json:"kind,omitempty"`
	// Island is the island on an explored island board.
	Island *IslandState `json:"island,omitempty"`
	// Arrows are the directions an open sea points to ("up", "down",
	// "left", "right", "up" meaning towards Row 4): +1 cargo to the
	// island there when it produces (p. 14).
	Arrows []string `json:"arrows,omitempty"`
	// Card is the advancement or encounter on the board's card space; nil
	// when the space is empty.
	Card *Space `json:"card,omitempty"`
}

// Space is a card on an Ocean board's card space: drawn from the Row box,
// its identity entered when the players read it.
type Space struct {
	// Row is the box it was drawn from.
	Row int `json:"row"`
	Adv Adv `json:"adv"`
}

// Box is one Row's advancement box (p. 5): 25, 25, 23 and 25 cards.
type Box struct {
	Row    int `json:"row"`
	Left   int `json:"left"`
	Buried int `json:"buried"`
}

// boxSizes are the printed deck sizes (p. 3).
var boxSizes = [4]int{25, 25, 23, 25}

// Options are the variants chosen at setup.
type Options struct {
	// BonusTokens: the optional bonus achievement tokens are used (p. 6).
	BonusTokens bool `json:"bonusTokens"`
	// LevelOnFinalTurn: a player may level up after their final turn. The
	// English rulebook forbids it (p. 22), the French edition allows it.
	LevelOnFinalTurn bool `json:"levelOnFinalTurn"`
	// BattleBoard is the owner's calibrated battle-board layout (the format
	// of battle-board.default.json): its zones decide what a read cube
	// gives. Absent: the built-in default board.
	BattleBoard json.RawMessage `json:"battleBoard,omitempty"`
	// PhysicalCards: the players shuffle, deal and draw their real sailor
	// cards and the companion only counts them (hands.go), the new-game
	// form's default. Absent (every game saved before the option, and
	// setups sent as JSON without it): the engine deals and draws.
	PhysicalCards bool `json:"physicalCards,omitempty"`
}

// Turn is the state of the current turn.
type Turn struct {
	Number int         `json:"number"`
	Seat   engine.Seat `json:"seat"`
	// Started: the active player has acted, so can no longer level up.
	Started  bool `json:"started"`
	SailsSet bool `json:"sailsSet"`
	Explored bool `json:"explored"`
	// Bought counts advancements bought and encounters resolved (max 2, p. 10).
	Bought int `json:"bought"`
	// Used holds the abilities used this turn by anyone:
	// "seat/card/source/ability".
	Used []string `json:"used"`
	// PendingExplore is the face-down board the ship stopped on: it must be
	// explored before anything else (p. 9).
	PendingExplore *Pos `json:"pendingExplore,omitempty"`
	// Battles waiting to be fought, the first one being fought now.
	Battles []PendingBattle `json:"battles,omitempty"`
	// CannonsUsed counts the cannons used this turn per "seat/card" or
	// "seat/ship": each cannon once per turn across all battles (p. 17).
	CannonsUsed map[string]int `json:"cannonsUsed,omitempty"`
	// Fought lists what the active player has battled this turn: never the
	// same ship, building or non-player twice (p. 17).
	Fought []string `json:"fought,omitempty"`
	// Blockaded lists where the active player lost to a pirate-mode ship.
	Blockaded []Pos `json:"blockaded,omitempty"`
	// LastBattle is the last battle of this turn fought through battle-step
	// actions, with its machine in its final state: the view shows its
	// outcome until another battle is pending or the turn ends.
	LastBattle *PendingBattle `json:"lastBattle,omitempty"`
	// StartAt is where the active ship began the turn.
	StartAt Pos `json:"startAt"`
	// Partial lists the finished players' cubes the active player has put
	// one influence towards this turn: a second influence this turn
	// replaces the cube (pp. 14, 22).
	Partial []PartialReplace `json:"partial,omitempty"`
	// Influence is the change of control the last action's influence made,
	// kept only until the next action: influence placed straight after it
	// at the same island by the same player undoes it and control is
	// checked once after all the cubes (p. 14).
	Influence *InfluenceCheck `json:"influence,omitempty"`
}

// InfluenceCheck is one change of control made by placing influence, with
// what it changed, so that it can be undone.
type InfluenceCheck struct {
	At   Pos         `json:"at"`
	Seat engine.Seat `json:"seat"`
	// Controller and LastController before the check.
	Controller     engine.Seat `json:"controller"`
	LastController engine.Seat `json:"lastController"`
	// Gained is the player who took control and placed a permanent cube
	// from their supply, NoSeat for none.
	Gained engine.Seat `json:"gained"`
	// Buildings removed by the change of control.
	Buildings []string `json:"buildings,omitempty"`
}

// PartialReplace is influence put towards replacing one cube of Owner, a
// player who has taken their final turn, on the island at At.
type PartialReplace struct {
	At    Pos         `json:"at"`
	Owner engine.Seat `json:"owner"`
	Paid  int         `json:"paid"`
}

// Supply is the general supply of coins and cargo, kept as a ledger so that
// totals are conserved.
type Supply struct {
	Coins int `json:"coins"`
	Cargo int `json:"cargo"`
}

// Printed component totals (p. 3): 80 coins, cargo tokens worth 60.
const (
	TotalCoins = 80
	TotalCargo = 60
	TotalCubes = 35
)

// State is the whole game, secrets included. Only the engine changes it.
type State struct {
	Options Options      `json:"options"`
	Catalog data.Catalog `json:"catalog"`
	Players []Player     `json:"players"`
	// Start is the first player.
	Start  engine.Seat `json:"start"`
	Boards []Board     `json:"boards"`
	Boxes  [4]Box      `json:"boxes"`
	// FaceDownIslands and FaceDownSeas are how many face-down boards of each
	// kind remain: what an exploration may reveal.
	FaceDownIslands int    `json:"faceDownIslands"`
	FaceDownSeas    int    `json:"faceDownSeas"`
	Supply          Supply `json:"supply"`
	Turn            Turn   `json:"turn"`
	// EndTriggeredBy is the player whose turn ended with 4 achievements,
	// NoSeat before; Over: every final turn has been taken (p. 22).
	EndTriggeredBy engine.Seat `json:"endTriggeredBy"`
	Over           bool        `json:"over"`
	// TieBreakReads are the reads of the tie-break battle played after the
	// end, in order (p. 23), when players tie for the most coins.
	TieBreakReads []battle.Read `json:"tieBreakReads,omitempty"`
	NextInst      int           `json:"nextInst"`
	RNG           rngState      `json:"rng"`
}

// rngState stores the RNG in the snapshot.
type rngState struct{ engine.RNG }

// MarshalJSON stores the generator's state as base64 bytes.
func (r rngState) MarshalJSON() ([]byte, error) {
	b, err := r.RNG.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a state stored by MarshalJSON.
func (r *rngState) UnmarshalJSON(b []byte) error {
	var raw []byte
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	return r.RNG.UnmarshalBinary(raw)
}

// Board returns the board at p (nil for the Harbor or off the grid).
func (s *State) Board(p Pos) *Board {
	if p.IsHarbor() || !p.Valid() {
		return nil
	}
	return &s.Boards[p.index()]
}

// Player returns the player in seat, or nil.
func (s *State) Player(seat engine.Seat) *Player {
	if seat < 0 || int(seat) >= len(s.Players) {
		return nil
	}
	return &s.Players[seat]
}

// battleLayout is the board every battle of this game is read on: the
// owner's (Options.BattleBoard) or the default (nil). Every battle step and
// view asks for it, so a board is parsed once and shared read-only; setup
// has already refused a malformed one.
func (s *State) battleLayout() *battle.Layout {
	if len(s.Options.BattleBoard) == 0 {
		return nil // the battle package's default
	}
	key := string(s.Options.BattleBoard)
	if l, ok := parsedBoards.Load(key); ok {
		return l.(*battle.Layout)
	}
	l, err := battle.ParseLayout(s.Options.BattleBoard)
	if err != nil {
		return nil
	}
	parsedBoards.Store(key, l)
	return l
}

// parsedBoards caches owners' battle boards by their JSON. A parsed layout is
// a pure function of its bytes, so sharing it across games keeps the engine
// deterministic.
var parsedBoards sync.Map
