package deadreckoning

import (
	"maps"
	"sort"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// ViewVersion is the version of the view JSON.
const ViewVersion = 1

// View is what one viewer may see of the game. The public view never holds a
// bonus token or a card in anyone's hand, nor a Treasure chest's coins until
// the game is over (chests are counted in public then); a player's view adds
// that player's own.
type View struct {
	V       int          `json:"v"`
	Viewer  engine.Seat  `json:"viewer"`
	Version uint64       `json:"version"`
	Players []PlayerView `json:"players"`
	Start   engine.Seat  `json:"start"`
	Boards  []BoardView  `json:"boards"`
	Boxes   [4]Box       `json:"boxes"`
	// FaceDownIslands and FaceDownSeas: what the face-down boards can still be.
	FaceDownIslands int `json:"faceDownIslands"`
	FaceDownSeas    int `json:"faceDownSeas"`
	// SupplyCargo is the cargo in the general supply. The supply's coins are
	// not shown: with the coins on ships and islands they would give away
	// the sum of the Treasure chests.
	SupplyCargo    int                 `json:"supplyCargo"`
	Turn           TurnView            `json:"turn"`
	Battles        []PendingBattleView `json:"battles"`
	EndTriggeredBy engine.Seat         `json:"endTriggeredBy"`
	Over           bool                `json:"over"`
	// Battle is the battle being fought (or the last one fought this turn,
	// over): see BattleView. Absent when there is none.
	Battle *BattleView `json:"battle,omitempty"`
	// Score is the end of the game, once it is over: the breakdown (chest
	// coins included: they are counted in public at the end), the
	// winner(s) and a tie-break to play. Absent before.
	Score *ScoreView `json:"score,omitempty"`
	// BattleZones are the zones of this game's battle board (the owner's
	// calibrated one, or the default), in board order with what a cube in
	// each gives: a read entered by hand names these zones and no others.
	BattleZones []BattleZoneView `json:"battleZones"`
	// Advancements are the printed cards (name, slot, cost, abilities) of
	// the advancements this viewer sees sleeved or set aside, by id, so a
	// screen can name them and offer their abilities. It is built from the
	// players' views above, so it never describes a card in a hand the
	// viewer may not see. Absent when there are none.
	Advancements map[string]data.Advancement `json:"advancements,omitempty"`
	// PhysicalCards: the players deal and draw their real cards and name
	// each card as they play it (hands.go); false: the companion dealt.
	PhysicalCards bool `json:"physicalCards,omitempty"`
}

// SailorInfo is one printed sailor card as the game's facts describe it.
type SailorInfo struct {
	Name   string       `json:"name"`
	Count  int          `json:"count"`
	Page   int          `json:"page"`
	Levels []data.Level `json:"levels"`
}

// BattleZoneView is one zone of the game's battle board: its id and what
// each cube resting in it gives.
type BattleZoneView struct {
	ID      string          `json:"id"`
	Effects []battle.Effect `json:"effects"`
}

// TurnView is the public state of the turn.
type TurnView struct {
	Number         int         `json:"number"`
	Seat           engine.Seat `json:"seat"`
	SailsSet       bool        `json:"sailsSet"`
	Explored       bool        `json:"explored"`
	Bought         int         `json:"bought"`
	Used           []string    `json:"used"`
	PendingExplore *Pos        `json:"pendingExplore,omitempty"`
	// Fought: what the active player has battled this turn ("ship:1",
	// "merchant:7", "building:R2C3"); Blockaded: islands they lost at.
	Fought      []string       `json:"fought,omitempty"`
	Blockaded   []Pos          `json:"blockaded,omitempty"`
	CannonsUsed map[string]int `json:"cannonsUsed,omitempty"`
	// Partial: influence put this turn towards replacing a finished
	// player's cube; one more influence there replaces it (p. 22).
	Partial []PartialReplace `json:"partial,omitempty"`
}

// ShipView is a ship as everyone sees it.
type ShipView struct {
	Ship
	Cannons int `json:"cannons"`
	// Capacity of each hull space's hold.
	Capacity [4]int `json:"capacity"`
}

// CardView is a sailor card face up.
type CardView struct {
	SailorCard
	Sails   int `json:"sails"`
	Cannons int `json:"cannons"`
	Wheels  int `json:"wheels"`
}

// PlayerView is one player as the viewer may see them.
type PlayerView struct {
	Seat          engine.Seat    `json:"seat"`
	Name          string         `json:"name"`
	Color         string         `json:"colour"`
	Dock          int            `json:"dock"`
	Cubes         int            `json:"cubes"`
	Ship          ShipView       `json:"ship"`
	HandCount     int            `json:"handCount"`
	DeckCount     int            `json:"deckCount"`
	DiscardCount  int            `json:"discardCount"`
	Played        []CardView     `json:"played"`
	PlayedOffTurn []CardView     `json:"playedOffTurn,omitempty"`
	SetAside      []Adv          `json:"setAside"`
	Achievements  []string       `json:"achievements"`
	Progress      map[string]int `json:"progress"`
	HasBonusToken bool           `json:"hasBonusToken"`
	HandLimit     int            `json:"handLimit"`
	CanLevel      bool           `json:"canLevel"`
	FinalTurnDone bool           `json:"finalTurnDone"`
	Explored      int            `json:"explored"`
	// Unseen (physical cards only) are the player's cards neither in play
	// nor discarded, sorted: those in the deck and in hand, which anyone at
	// the table can tell from the face-up cards. A card named from the
	// hand is one of these.
	Unseen []CardView `json:"unseen,omitempty"`
	// KeepsHand: the player's phone keeps their hand (name-hand).
	KeepsHand bool `json:"keepsHand,omitempty"`
	// Private: present only in the player's own view. With physical cards
	// Hand holds only the cards entered or levelled up in hand (HandCount
	// counts the others too) and the deck's contents are unknown.
	Chest      *int       `json:"chest,omitempty"`
	Hand       []CardView `json:"hand,omitempty"`
	Deck       []CardView `json:"deck,omitempty"`
	Discard    []CardView `json:"discard,omitempty"`
	BonusToken *string    `json:"bonusToken,omitempty"`
	BonusDealt []string   `json:"bonusDealt,omitempty"`
}

// BoardView is an Ocean board as everyone sees it.
type BoardView struct {
	Board
	// Name of the island, when known.
	Name string `json:"name,omitempty"`
	// IslandDef is the island as printed (slots, coin values, production,
	// hand icon); CardDef the entered card on the card space.
	IslandDef *data.Island      `json:"islandDef,omitempty"`
	CardDef   *data.Advancement `json:"cardDef,omitempty"`
	// Production if it produced now (without boosts).
	ProduceCargo int `json:"produceCargo,omitempty"`
	ProduceCoins int `json:"produceCoins,omitempty"`
}

// View returns what v may see, ready to be encoded as JSON.
func (g *Game) View(v engine.Viewer) any { return g.st.view(v, g.version) }

func (s *State) view(v engine.Viewer, version uint64) View {
	out := View{V: ViewVersion, Viewer: v.Seat, Version: version, Start: s.Start, Boxes: s.Boxes,
		FaceDownIslands: s.FaceDownIslands, FaceDownSeas: s.FaceDownSeas, SupplyCargo: s.Supply.Cargo,
		EndTriggeredBy: s.EndTriggeredBy, Over: s.Over,
		Turn: TurnView{Number: s.Turn.Number, Seat: s.Turn.Seat, SailsSet: s.Turn.SailsSet, Explored: s.Turn.Explored,
			Bought: s.Turn.Bought, Used: append([]string{}, s.Turn.Used...), PendingExplore: s.Turn.PendingExplore,
			Fought: cloneSlice(s.Turn.Fought), Blockaded: cloneSlice(s.Turn.Blockaded), CannonsUsed: maps.Clone(s.Turn.CannonsUsed),
			Partial: cloneSlice(s.Turn.Partial)}}
	out.Battles, out.Battle = s.battleViews()
	out.Score = s.scoreView()
	out.BattleZones = s.battleZoneViews()
	for i := range s.Players {
		p := &s.Players[i]
		pv := PlayerView{Seat: p.Seat, Name: p.Name, Color: p.Color, Dock: p.Dock, Cubes: p.Cubes,
			HandCount: p.HandSize(), DeckCount: p.DeckSize(), DiscardCount: len(p.Discard), KeepsHand: p.KeepsHand,
			Played: s.cardViews(p, p.Played), SetAside: append([]Adv{}, p.SetAside...),
			Achievements: append([]string{}, p.Achievements...), Progress: map[string]int{},
			HasBonusToken: p.HasBonus, HandLimit: s.HandLimit(p.Seat), CanLevel: p.CanLevel,
			FinalTurnDone: p.FinalTurnDone, Explored: p.Explored}
		if s.Options.PhysicalCards {
			unseen := append(append([]string{}, p.Hand...), p.Deck...)
			sort.Strings(unseen) // which of them were named is the player's secret
			pv.Unseen = s.cardViews(p, unseen)
		}
		if len(p.PlayedOffTurn) > 0 {
			pv.PlayedOffTurn = s.cardViews(p, p.PlayedOffTurn)
		}
		for k, n := range p.Progress {
			pv.Progress[k] = n
		}
		pv.Ship = ShipView{Ship: p.Ship, Cannons: s.ShipCannons(p)}
		for j := range pv.Ship.Capacity {
			pv.Ship.Capacity[j] = s.HoldCapacity(p, j)
		}
		if v.CanSee(p.Seat) || s.Over {
			// Chests are opened and counted at the end (p. 23), so once the
			// game is over every screen shows each one.
			chest := p.Chest
			pv.Chest = &chest
		}
		if v.CanSee(p.Seat) {
			pv.Hand = s.cardViews(p, p.Hand)
			if !s.Options.PhysicalCards {
				deck := append([]string{}, p.Deck...)
				sort.Strings(deck) // the owner knows what is in the deck, not its order
				pv.Deck = s.cardViews(p, deck)
			}
			pv.Discard = s.cardViews(p, p.Discard)
			if p.HasBonus {
				b := p.Bonus
				pv.BonusToken = &b
			}
			pv.BonusDealt = append([]string{}, p.BonusDealt...)
		}
		out.Players = append(out.Players, pv)
	}
	for _, b := range s.Boards {
		bv := BoardView{Board: b}
		if b.Island != nil {
			is := *b.Island
			bv.Island = &is
			if d, ok := s.Catalog.Island(is.ID); ok {
				bv.Name = d.Name
				bv.IslandDef = &d
			}
			bv.ProduceCargo, bv.ProduceCoins = s.production(&b, 0, 0)
		}
		if b.Card != nil {
			sp := *b.Card
			bv.Card = &sp
			if d, ok := s.Catalog.Advancement(sp.Adv.ID); ok {
				bv.CardDef = &d
			}
		}
		out.Boards = append(out.Boards, bv)
	}
	out.Advancements = s.advancementDefs(out.Players)
	out.PhysicalCards = s.Options.PhysicalCards
	return out
}

// advancementDefs looks up the catalog entry of every entered advancement
// the player views show sleeved or set aside. It reads only the (already
// redacted) views, so the result cannot leak a hidden card.
func (s *State) advancementDefs(players []PlayerView) map[string]data.Advancement {
	var out map[string]data.Advancement
	add := func(a *Adv) {
		if a == nil || a.ID == "" {
			return
		}
		if _, ok := out[a.ID]; ok {
			return
		}
		if d, ok := s.Catalog.Advancement(a.ID); ok {
			if out == nil {
				out = map[string]data.Advancement{}
			}
			out[a.ID] = d
		}
	}
	for i := range players {
		p := &players[i]
		for _, cards := range [][]CardView{p.Played, p.PlayedOffTurn, p.Hand, p.Deck, p.Discard, p.Unseen} {
			for j := range cards {
				add(cards[j].Top)
				add(cards[j].Middle)
				add(cards[j].Bottom)
			}
		}
		for j := range p.SetAside {
			add(&p.SetAside[j])
		}
	}
	return out
}

func (s *State) cardViews(p *Player, ids []string) []CardView {
	out := []CardView{}
	for _, id := range ids {
		c := p.Card(id)
		if c == nil {
			continue
		}
		_, _, wheels := s.CardIcons(c)
		sails, cannons := s.CardGives(c)
		out = append(out, CardView{SailorCard: *c, Sails: sails, Cannons: cannons, Wheels: wheels})
	}
	return out
}

// battleZoneViews lists the zones of the game's battle board.
func (s *State) battleZoneViews() []BattleZoneView {
	l := s.battleLayout()
	if l == nil {
		l = defaultBoard()
	}
	out := make([]BattleZoneView, len(l.Zones))
	for i, z := range l.Zones {
		out[i] = BattleZoneView{ID: z.ID, Effects: append([]battle.Effect{}, z.Effects...)}
	}
	return out
}

// defaultBoard is the built-in battle board, parsed once: every view lists
// its zones.
var defaultBoard = sync.OnceValue(battle.DefaultLayout)
