package piratescode

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// ViewVersion is the version of the view JSON.
const ViewVersion = 1

// View is what one viewer sees. Everything a player owns is open in this
// game; the face-down search tokens, the decks' order and the bag's draws are
// hidden from everyone. A player's view adds what that player may do now.
type View struct {
	V       int         `json:"v"`
	Title   string      `json:"title"`
	Viewer  engine.Seat `json:"viewer"`
	Version uint64      `json:"version"`
	Map     []CellView  `json:"map"`
	// Market lists the four price spaces, 2 gold first.
	Market    []PriceView    `json:"market"`
	Merchants []MerchantView `json:"merchants"`
	Navy      string         `json:"navy"`
	// Bag counts the booty in the bag (countable from what is in sight).
	Bag      map[string]int `json:"bag"`
	CrewRow  []*CardView    `json:"crewRow"`
	CrewDeck int            `json:"crewDeck"`
	// DeckCrew are the crew cards still in the deck, by name (never in the
	// deck's order): what a table drawing real cards may have drawn.
	DeckCrew []Card `json:"deckCrew"`
	// FaceDown are the search tokens not turned up yet, by kind (never by
	// where they lie): what a table searching may find.
	FaceDown      []SearchToken `json:"faceDown"`
	MerchantDeck  int           `json:"merchantDeck"`
	SurefireStock int           `json:"surefireStock"`
	Players       []PlayerView  `json:"players"`
	Turn          TurnView      `json:"turn"`
	Fight         *FightView    `json:"fight,omitempty"`
	// Rolls are the open roll requests: what to roll now.
	Rolls []dice.Request `json:"rolls"`
	// YouMay lists the action types the viewer may send now (empty for the
	// public view and for a player who must wait).
	YouMay []string `json:"youMay"`
	// Hints help the active player's phone and the shared tablet: the wheel
	// moves and what each costs, the cards in reach of a sail, the bonus
	// actions triggered now. Not in the other players' views.
	Hints   *Hints        `json:"hints,omitempty"`
	EndBy   engine.Seat   `json:"endBy"`
	Over    bool          `json:"over"`
	Winners []engine.Seat `json:"winners,omitempty"`
}

// Hints are the active player's choices, worked out by the engine.
type Hints struct {
	Wheel   []WheelMove `json:"wheel,omitempty"`
	Reach   []string    `json:"reach,omitempty"`
	Bonuses []BonusHint `json:"bonuses,omitempty"`
}

// WheelMove is one space the Captain could move to: allowed or not (with
// the refusal's sentence), and the Deckhands it costs with the default
// payment.
type WheelMove struct {
	Space     int    `json:"space"`
	Order     string `json:"order"`
	Label     string `json:"label"`
	OK        bool   `json:"ok"`
	Deckhands int    `json:"deckhands"`
	Crosses   bool   `json:"crosses"`
	Why       string `json:"why,omitempty"`
}

// BonusHint is one bonus action the Captain's order triggers.
type BonusHint struct {
	Card  string `json:"card"`
	Name  string `json:"name"`
	Index int    `json:"index"`
	Kind  string `json:"kind"`
	// N is the card's number for the kind (gold, cards to sail a ship).
	N    int  `json:"n,omitempty"`
	Used bool `json:"used"`
}

// CellView is one map card and what is on it.
type CellView struct {
	// Cell is the id actions name ("R2C3"); Place is what players read:
	// the card's printed name, or its row and column in words.
	Cell        string        `json:"cell"`
	Place       string        `json:"place"`
	Card        MapCard       `json:"card"`
	SearchToken bool          `json:"searchToken"`
	Buried      engine.Seat   `json:"buried"`
	Port        bool          `json:"port"`
	Pirates     []engine.Seat `json:"pirates,omitempty"`
	Merchants   []string      `json:"merchants,omitempty"`
	Navy        bool          `json:"navy,omitempty"`
}

// PriceView is one space of the Market Mat.
type PriceView struct {
	Price int    `json:"price"`
	Booty string `json:"booty"`
}

// MerchantView is one merchant ship with its card.
type MerchantView struct {
	Name   string       `json:"name"`
	Cell   string       `json:"cell"`
	Target string       `json:"target"`
	Booty  string       `json:"booty,omitempty"`
	Card   MerchantCard `json:"card"`
}

// CardView is a captain side or crew card.
type CardView struct {
	Card
	BonusesUsed []bool `json:"bonusesUsed,omitempty"`
}

// WheelSpace is one space of a wheel.
type WheelSpace struct {
	Space     int    `json:"space"`
	Order     string `json:"order"`
	Label     string `json:"label"`
	Deckhands int    `json:"deckhands"`
	Captain   bool   `json:"captain"`
}

// PlayerView is one seat, all open.
type PlayerView struct {
	Seat       engine.Seat    `json:"seat"`
	Name       string         `json:"name"`
	Colour     string         `json:"colour"`
	Gold       int            `json:"gold"`
	Legend     int            `json:"legend"`
	LegendName string         `json:"legendName"`
	Bloodied   bool           `json:"bloodied"`
	Buried     int            `json:"buried"`
	Wheel      []WheelSpace   `json:"wheel"`
	Assign     map[string]int `json:"assign"`
	Reserve    int            `json:"reserve"`
	Captain    CardView       `json:"captain"`
	Crew       []CardView     `json:"crew"`
	Cell       string         `json:"cell"`
	InCove     bool           `json:"inCove"`
	Booty      []string       `json:"booty"`
	Surefire   int            `json:"surefire"`
	Kept       []SearchToken  `json:"kept"`
	Turns      int            `json:"turns"`
	Sail       int            `json:"sail"`
	Dice       int            `json:"dice"`
	// Automa marks the Legendary Pirate; Solo describes its mats.
	Automa bool      `json:"automa,omitempty"`
	Solo   *SoloView `json:"solo,omitempty"`
}

// SoloView is the Legendary Pirate's solo mats as a screen shows them.
type SoloView struct {
	Helm     string      `json:"helm"`
	Legend   string      `json:"legend"`
	GoldTop  int         `json:"goldTop"`
	Track    int         `json:"track"`
	Targets  [6]string   `json:"targets"`
	Level    SoloLevel   `json:"level"`
	Bonuses  []SoloBonus `json:"bonuses,omitempty"`
	NextRoll string      `json:"nextRoll"`
}

// TurnView is the active player's progress.
type TurnView struct {
	Seat      engine.Seat `json:"seat"`
	Name      string      `json:"name"`
	Step      string      `json:"step"`
	Order     string      `json:"order"`
	Crossed   bool        `json:"crossed"`
	OrderDone bool        `json:"orderDone"`
}

// FightView is the attack going on.
type FightView struct {
	Attacker    engine.Seat `json:"attacker"`
	Target      string      `json:"target"`
	Stage       string      `json:"stage"`
	Faces       []int       `json:"faces,omitempty"`
	Total       int         `json:"total"`
	AttackTotal int         `json:"attackTotal"`
	// Against is the merchant's damage (merchants only).
	Against int `json:"against,omitempty"`
	// Rerolling is the Reroll crew card in use (its id), Rerolled the dice
	// it rolled again, RerollsDone the cards used before it: the screen
	// says which card rolls and which dice it may still roll (p. 14: each
	// die once per card, one card resolved before the next).
	Rerolling   string   `json:"rerolling,omitempty"`
	Rerolled    []bool   `json:"rerolled,omitempty"`
	RerollsDone []string `json:"rerollsDone,omitempty"`
}

// View returns what v sees.
func (g *Game) View(v engine.Viewer) any {
	s := g.st
	out := View{V: ViewVersion, Title: "The Pirate's Code", Viewer: v.Seat, Version: g.version, Navy: cellName(s.Navy),
		Bag: s.Bag, CrewDeck: len(s.CrewDeck), MerchantDeck: len(s.MerchantDeck), SurefireStock: s.Surefires,
		Rolls: append([]dice.Request{}, s.Dice.Open...), EndBy: s.EndBy, Over: s.Over, Winners: s.Winners, YouMay: []string{}}
	for _, k := range s.CrewDeck {
		out.DeckCrew = append(out.DeckCrew, s.Catalog.Crew[k])
	}
	slices.SortFunc(out.DeckCrew, func(a, b Card) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID)) })
	for i, t := range s.Catalog.SearchTokens {
		if !slices.Contains(s.Revealed, i) {
			out.FaceDown = append(out.FaceDown, t)
		}
	}
	slices.SortFunc(out.FaceDown, func(a, b SearchToken) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.N, b.N), cmp.Compare(a.ID, b.ID))
	})
	for c := range cells {
		cv := CellView{Cell: cellName(c), Place: s.place(c), Card: s.card(c), SearchToken: s.Tokens[c] >= 0, Buried: s.Buried[c],
			Port: c == s.Ports[0] || c == s.Ports[1], Pirates: s.pirateAt(c, engine.NoSeat), Navy: s.Navy == c}
		for _, m := range s.Merchants {
			if m.Cell == c {
				cv.Merchants = append(cv.Merchants, m.Name)
			}
		}
		out.Map = append(out.Map, cv)
	}
	for i, b := range s.Market {
		out.Market = append(out.Market, PriceView{Price: i + 2, Booty: b})
	}
	for _, m := range s.Merchants {
		out.Merchants = append(out.Merchants, MerchantView{Name: m.Name, Cell: cellName(m.Cell), Target: cellName(s.Ports[m.Target]),
			Booty: m.Booty, Card: s.Catalog.Merchants[m.Card]})
	}
	for _, k := range s.CrewRow {
		if k < 0 {
			out.CrewRow = append(out.CrewRow, nil)
			continue
		}
		out.CrewRow = append(out.CrewRow, &CardView{Card: s.Catalog.Crew[k]})
	}
	for i, p := range s.Players {
		out.Players = append(out.Players, s.playerView(engine.Seat(i), p))
	}
	cur := s.Players[s.Current]
	out.Turn = TurnView{Seat: s.Current, Name: cur.Name, Step: s.Turn.Step, Crossed: s.Turn.Crossed, OrderDone: s.Turn.OrderDone}
	if s.Turn.Step != stepOrder {
		out.Turn.Order = cur.order()
	}
	if f := s.Fight; f != nil {
		fv := &FightView{Attacker: f.Attacker, Stage: f.Stage, Faces: f.Faces, AttackTotal: f.AttackTotal, Rerolling: f.Rerolling, Rerolled: f.Rerolled}
		for k := range f.Cards {
			if k != f.Rerolling {
				fv.RerollsDone = append(fv.RerollsDone, k)
			}
		}
		slices.Sort(fv.RerollsDone)
		side := s.Players[f.Attacker]
		if f.Stage == stageDefendRoll || f.Stage == stageDefendAdjust {
			side = s.Players[f.Defender]
		}
		fv.Total = Damage(f.Faces, s.cards(side), side.Assign[Cannons])
		if f.Merchant >= 0 {
			fv.Target = s.Merchants[f.Merchant].Name
			fv.Against = s.Catalog.Merchants[s.Merchants[f.Merchant].Card].Damage
		} else {
			fv.Target = s.Players[f.Defender].Name
		}
		out.Fight = fv
	}
	if !v.IsPublic() && s.player(v.Seat) != nil && !s.Over {
		out.YouMay = s.mayDo(v.Seat)
	}
	// The hints hold nothing secret (the wheel, the map, the cards on the
	// table): the shared tablet, which acts for the player to play, gets
	// them too, so its wheel shows what each move costs and which one is
	// not allowed, as the phone does (it offered Search and then refused it).
	if cur := s.player(s.Current); (v.IsPublic() || v.Seat == s.Current) && cur != nil && !cur.Automa && !s.Over && s.Fight == nil && s.Auto == nil {
		out.Hints = s.hints(s.Current)
	}
	return out
}

func (s *State) playerView(seat engine.Seat, p *Player) PlayerView {
	pv := PlayerView{Seat: seat, Name: p.Name, Colour: p.Colour, Gold: p.Gold, Legend: p.Legend, LegendName: s.Catalog.Legend[p.Legend].Name,
		Bloodied: p.Bloodied, Buried: p.Buried, Assign: p.Assign, Reserve: p.Reserve, Cell: cellName(p.Cell), InCove: p.InCove,
		Booty: p.Booty, Surefire: p.Surefire, Turns: p.Turns, Sail: s.sail(p), Dice: s.diceCount(p), Automa: p.Automa,
		Captain: CardView{Card: s.captainSide(p)}, Crew: []CardView{}, Kept: []SearchToken{}}
	if p.Automa {
		pv.LegendName = ""
		pv.Solo = s.soloView(p)
	}
	for sp, o := range p.Wheel {
		pv.Wheel = append(pv.Wheel, WheelSpace{Space: sp, Order: o, Label: orderName(o), Deckhands: p.WheelHands[sp], Captain: p.Captain == sp})
	}
	for _, k := range p.Crew {
		pv.Crew = append(pv.Crew, CardView{Card: s.Catalog.Crew[k]})
	}
	for _, k := range p.Kept {
		pv.Kept = append(pv.Kept, s.Catalog.SearchTokens[k])
	}
	return pv
}

// mayDo lists the action types seat may send now; a rough guide for a
// phone (Apply still checks every detail).
func (s *State) mayDo(seat engine.Seat) []string {
	if s.Auto != nil && s.Auto.Stage == "die" {
		return []string{"roll"}
	}
	if f := s.Fight; f != nil {
		switch {
		case (f.Stage == stageAttackRoll || f.Stage == stageDefendRoll) && (seat == f.Attacker || seat == f.Defender):
			return []string{"roll"}
		case f.Stage == stageAttackAdjust && seat == f.Attacker:
			return []string{"surefire", "reroll", "resolve"}
		case f.Stage == stageDefendAdjust && seat == f.Defender:
			return []string{"surefire", "resolve"}
		}
		return []string{}
	}
	if seat != s.Current {
		return []string{}
	}
	p := s.Players[seat]
	switch s.Turn.Step {
	case stepOrder:
		return []string{"choose-order"}
	case stepSail:
		return []string{"sail", orderAction(p.order()), "pass-order", "bonus", "end-turn"}
	case stepAct:
		return []string{orderAction(p.order()), "pass-order", "bonus", "end-turn"}
	}
	return []string{"bonus", "end-turn"}
}

// orderAction is the action type of an order.
func orderAction(o string) string {
	if o == HideOut {
		return "hide-out"
	}
	return o
}

// hints works out the active player's wheel moves (by trying each on a
// copy), the cards in reach and the bonus actions triggered.
func (s *State) hints(seat engine.Seat) *Hints {
	p := s.Players[seat]
	h := &Hints{}
	switch s.Turn.Step {
	case stepOrder:
		for sp := range 6 {
			if sp == p.Captain {
				continue
			}
			c := &ctx{s: s.clone(), jostles: map[engine.Seat][]string{}}
			err := (&ChooseOrder{ActionHeader: engine.ActionHeader{Type: "choose-order", Seat: seat}, To: sp}).apply(c)
			m := WheelMove{Space: sp, Order: p.Wheel[sp], Label: orderName(p.Wheel[sp]), OK: err == nil}
			if err != nil {
				if re, ok := engine.AsRuleError(err); ok {
					m.Why = re.Detail
				}
			} else {
				m.Deckhands = c.s.Players[seat].handsOnWheel() - p.handsOnWheel() + sum(c.s.Turn.Freed)
				m.Crosses = c.s.Turn.Crossed
			}
			h.Wheel = append(h.Wheel, m)
		}
		return h
	case stepSail:
		n := s.sail(p)
		for c := range cells {
			if d := dist(p.Cell, c); d > 0 && d <= n {
				h.Reach = append(h.Reach, cellName(c))
			}
		}
	}
	cards := []string{"captain"}
	for _, k := range p.Crew {
		cards = append(cards, s.Catalog.Crew[k].ID)
	}
	for _, id := range cards {
		var card Card
		if id == "captain" {
			card = s.captainSide(p)
		} else {
			for _, k := range p.Crew {
				if s.Catalog.Crew[k].ID == id {
					card = s.Catalog.Crew[k]
				}
			}
		}
		if card.Trigger != p.order() {
			continue
		}
		for i, b := range card.Bonuses {
			used := s.Turn.Used[fmt.Sprintf("%s/%d", id, i)] || id == "captain" && (i < s.Turn.CaptainNext || s.Turn.crewBonusTaken())
			h.Bonuses = append(h.Bonuses, BonusHint{Card: id, Name: card.Name, Index: i, Kind: b.Kind, N: b.N, Used: used})
		}
	}
	return h
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
