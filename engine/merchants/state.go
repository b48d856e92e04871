package merchants

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// Stages of the game.
const (
	StageSetup = "setup" // players pick their first ship in secret
	StagePlay  = "play"
	StageOver  = "over"
)

// State is the whole game, secrets included. It is encoded as JSON for
// snapshots and copied through JSON for an all-or-nothing Apply.
type State struct {
	Stage   string    `json:"stage"`
	Players []*Player `json:"players"`
	// First is the start player's seat; turns go in seat order from it and
	// that order never changes.
	First int `json:"first"`
	Round int `json:"round"`
	Turn  int `json:"turn"` // turns taken this round, 0 for the first player
	// Order is this round's turn order: seat order from First, or drawn
	// each round with variant 1 (FlexibleTurns).
	Order         []int `json:"order"`
	FlexibleTurns bool  `json:"flexibleTurns,omitempty"`
	Active        int   `json:"active"`
	T             Turn  `json:"t"`

	Zones         map[string]*ZoneState `json:"zones"`
	DemandPool    []string              `json:"demandPool"`
	MerchantTrack []string              `json:"merchantTrack"`
	MerchantSpare []string              `json:"merchantSpare"`

	CargoDeck      []string `json:"cargoDeck"`
	CargoDiscard   []string `json:"cargoDiscard"`
	GloryDeck      []string `json:"gloryDeck"`
	GloryDiscard   []string `json:"gloryDiscard"`
	EventDeck      []string `json:"eventDeck"`
	EventDiscard   []string `json:"eventDiscard"`
	Event          string   `json:"event,omitempty"`
	CaptainDeck    []string `json:"captainDeck"`
	CaptainDiscard []string `json:"captainDiscard"`
	MissionDeck    []string `json:"missionDeck,omitempty"`
	MissionDiscard []string `json:"missionDiscard,omitempty"`
	// Missions are the missions in play, each at the zone it names.
	Missions     []string `json:"missions,omitempty"`
	RumorDeck    []string `json:"rumorDeck,omitempty"`
	RumorDiscard []string `json:"rumorDiscard,omitempty"`

	NPCs map[string]*NPC `json:"npcs,omitempty"`
	// Wars are the nations at war, each pair as "a|b" in alphabetical order.
	Wars    []string  `json:"wars,omitempty"`
	Dice    dice.Book `json:"dice"`
	Pending *Pending  `json:"pending,omitempty"`
	Fight   *Fight    `json:"fight,omitempty"`

	// Declared are the seats that reached 10 glory points; the game ends
	// when the round does.
	Declared  []int  `json:"declared,omitempty"`
	Winners   []int  `json:"winners,omitempty"`
	EndReason string `json:"endReason,omitempty"`

	rng engine.RNG
}

// ZoneState is what lies in a sea zone: the port's demand token, its ship
// modification token (facedown until a port action there) and the merchant
// token (its nation is hidden).
type ZoneState struct {
	Demand      string `json:"demand,omitempty"`
	Mod         string `json:"mod,omitempty"`
	ModRevealed bool   `json:"modRevealed,omitempty"`
	Merchant    string `json:"merchant,omitempty"`
}

// Turn is the active player's turn so far.
type Turn struct {
	Actions    int      `json:"actions"`
	Acted      bool     `json:"acted"`
	PortUsed   bool     `json:"portUsed"`
	PortOpen   bool     `json:"portOpen"`
	Activities []string `json:"activities,omitempty"`
	Scouted    []string `json:"scouted,omitempty"`
	// BuyDraw are the cargo cards drawn to buy from (secret to the buyer).
	BuyDraw []string `json:"buyDraw,omitempty"`
	// Redrew: Santo Domingo's redraw was used.
	Redrew bool `json:"redrew,omitempty"`
	// DemandSold: the good in demand was sold this turn, so no more selling.
	DemandSold bool `json:"demandSold,omitempty"`
}

// Player is one seat.
type Player struct {
	Name     string   `json:"name"`
	Colour   string   `json:"colour"`
	Captain  string   `json:"captain,omitempty"`
	Captains []string `json:"captains,omitempty"`
	Ship     *Ship    `json:"ship,omitempty"`
	Zone     string   `json:"zone,omitempty"`
	InPort   bool     `json:"inPort"`
	Gold     int      `json:"gold"`
	Stash    int      `json:"stash"`
	Stashed  bool     `json:"stashed"`
	Glory    int      `json:"glory"`
	// GloryCards and Cargo are secret: only counts are public.
	GloryCards []string `json:"gloryCards,omitempty"`
	Cargo      []string `json:"cargo,omitempty"`
	Weapons    []string `json:"weapons,omitempty"`
	// Specialists are the employed specialist glory cards, faceup (public).
	Specialists []string       `json:"specialists,omitempty"`
	Bounties    map[string]int `json:"bounties,omitempty"`
	// Mission is public; Rumor is secret.
	Mission string `json:"mission,omitempty"`
	Rumor   string `json:"rumor,omitempty"`
	// LastBuyRound and LastBuyZone: where goods were last bought, for the
	// 3-card draw when buying in the same port two turns in a row.
	LastBuyRound int    `json:"lastBuyRound,omitempty"`
	LastBuyZone  string `json:"lastBuyZone,omitempty"`
	// BigShip: this captain has had the glory point for a frigate or galleon.
	BigShip bool `json:"bigShip,omitempty"`
	// NeedCaptain: the captain died or retired; a new one is drawn at the
	// start of the player's next turn.
	NeedCaptain bool `json:"needCaptain,omitempty"`
	// EscalatingStash: variant 3 prices the stash's glory points.
	EscalatingStash bool `json:"escalatingStash,omitempty"`
}

// Ship is a player's ship: its type, the current value of each hit location
// and its modifications.
type Ship struct {
	Type    string   `json:"type"`
	Hull    int      `json:"hull"`
	Cargo   int      `json:"cargo"`
	Masts   int      `json:"masts"`
	Crew    int      `json:"crew"`
	Cannons int      `json:"cannons"`
	Mods    []string `json:"mods,omitempty"`
	// HullFlipped: the reinforced-hull token was used; 3 gold in a port
	// refreshes it.
	HullFlipped bool `json:"hullFlipped,omitempty"`
}

// Pending is a step the game waits for before anything else.
type Pending struct {
	// Kind: "scout" (a SCOUTING roll), "npc-scout" (an NPC's), "merchant" (a found merchant: choose
	// its nation and raid or not), "raid-roll", "raid", "recruit" (a
	// LEADERSHIP roll), "recruit-pay", "new-captain".
	Kind    string `json:"kind"`
	Seat    int    `json:"seat"`
	Request string `json:"request,omitempty"`
	// Target of a scout: "merchant" or a seat as "seat:N".
	Target string `json:"target,omitempty"`
	// Token is the found merchant's nation (ZoneNation the zone port's), or
	// the second rumor drawn while waiting to keep one (secret).
	Token      string `json:"token,omitempty"`
	ZoneNation string `json:"zoneNation,omitempty"`
	Raid       *Raid  `json:"raid,omitempty"`
	// Ship is the beaten player's ship the winner of a crew combat may claim;
	// Cargo, the cargo cards left in its hold that the winner's did not
	// take (secret), kept if the ship is claimed and there is room.
	Ship  *Ship    `json:"ship,omitempty"`
	Cargo []string `json:"cargo,omitempty"`
	// Specialists are the beaten player's specialists the winner may
	// employ (faceup), offered with the ship; Loser is the beaten seat.
	Specialists []string `json:"specialists,omitempty"`
	Loser       int      `json:"loser,omitempty"`
	// NPC scouting: the NPC rolling, and the NPCs still to scout.
	NPC   string   `json:"npc,omitempty"`
	Queue []string `json:"queue,omitempty"`
	// Spanish: a merchant found without a roll in Cartagena's sea zone,
	// which can only be raided as Spanish.
	Spanish bool `json:"spanish,omitempty"`
	// Again marks a second roll (Nassau, Basse-Terre, Bridgetown's entry,
	// Santo Domingo's redraw done).
	Again bool `json:"again,omitempty"`
}

// Raid is a merchant raid in progress.
type Raid struct {
	Nation    string   `json:"nation"`
	Cards     []string `json:"cards"`
	Successes int      `json:"successes"`
	Failed    int      `json:"failed"`
}

// Fight is a battle between two players.
type Fight struct {
	Battle *combat.Battle `json:"battle"`
	Seats  [2]int         `json:"seats"`
	// Requests maps an open roll request to the side and stage it answers.
	Requests map[string]combat.Need `json:"requests,omitempty"`
	// Pirate records whether each side was a pirate when the fight began.
	Pirate [2]bool `json:"pirate"`
	// NPC is the NPC kind in a fight against an NPC ("" between players);
	// its side is NPCSide (its seat is -1) and Controller steers it.
	NPC        string `json:"npc,omitempty"`
	NPCSide    int    `json:"npcSide,omitempty"`
	Controller int    `json:"controller,omitempty"`
	// Queue are the NPCs still to scout the captain after this battle.
	Queue []string `json:"queue,omitempty"`
}

// clone returns a deep copy: Apply changes the copy and keeps it only when
// the action is accepted.
func (s *State) clone() *State {
	c := *s
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		c.Players[i] = p.clone()
	}
	c.T.Activities = cloneStrings(s.T.Activities)
	c.T.Scouted = cloneStrings(s.T.Scouted)
	c.T.BuyDraw = cloneStrings(s.T.BuyDraw)
	c.Zones = make(map[string]*ZoneState, len(s.Zones))
	for k, z := range s.Zones {
		zc := *z
		c.Zones[k] = &zc
	}
	for _, l := range []*[]string{&c.DemandPool, &c.MerchantTrack, &c.MerchantSpare, &c.CargoDeck, &c.CargoDiscard,
		&c.GloryDeck, &c.GloryDiscard, &c.EventDeck, &c.EventDiscard, &c.CaptainDeck, &c.CaptainDiscard,
		&c.MissionDeck, &c.MissionDiscard, &c.Missions, &c.RumorDeck, &c.RumorDiscard, &c.Wars} {
		*l = cloneStrings(*l)
	}
	if s.NPCs != nil {
		c.NPCs = make(map[string]*NPC, len(s.NPCs))
		for k, n := range s.NPCs {
			c.NPCs[k] = n.clone()
		}
	}
	c.Dice = s.Dice.Clone()
	if s.Pending != nil {
		pd := *s.Pending
		if pd.Raid != nil {
			r := *pd.Raid
			r.Cards = cloneStrings(r.Cards)
			pd.Raid = &r
		}
		pd.Queue = cloneStrings(pd.Queue)
		pd.Cargo = cloneStrings(pd.Cargo)
		pd.Specialists = cloneStrings(pd.Specialists)
		if pd.Ship != nil {
			sh := *pd.Ship
			sh.Mods = cloneStrings(pd.Ship.Mods)
			pd.Ship = &sh
		}
		c.Pending = &pd
	}
	if s.Fight != nil {
		f := *s.Fight
		f.Battle = s.Fight.Battle.Clone()
		f.Queue = cloneStrings(s.Fight.Queue)
		f.Requests = make(map[string]combat.Need, len(s.Fight.Requests))
		for k, v := range s.Fight.Requests {
			f.Requests[k] = v
		}
		c.Fight = &f
	}
	c.Order = append([]int(nil), s.Order...)
	c.Declared = append([]int(nil), s.Declared...)
	c.Winners = append([]int(nil), s.Winners...)
	return &c
}

func (p *Player) clone() *Player {
	c := *p
	c.Captains = cloneStrings(p.Captains)
	c.GloryCards = cloneStrings(p.GloryCards)
	c.Cargo = cloneStrings(p.Cargo)
	c.Weapons = cloneStrings(p.Weapons)
	c.Specialists = cloneStrings(p.Specialists)
	if p.Bounties != nil {
		c.Bounties = make(map[string]int, len(p.Bounties))
		for k, v := range p.Bounties {
			c.Bounties[k] = v
		}
	}
	if p.Ship != nil {
		sh := *p.Ship
		sh.Mods = cloneStrings(p.Ship.Mods)
		c.Ship = &sh
	}
	return &c
}

func cloneStrings(xs []string) []string {
	if xs == nil {
		return nil
	}
	return append(make([]string, 0, len(xs)), xs...)
}

func (s *State) player(seat int) *Player {
	if seat < 0 || seat >= len(s.Players) {
		return nil
	}
	return s.Players[seat]
}

// pirate reports whether p is a pirate: our reading is any bounty at all
// (the summary's "pirate truce" is the effect of having bounties).
func (p *Player) pirate() bool {
	for _, n := range p.Bounties {
		if n > 0 {
			return true
		}
	}
	return false
}

// stashPoints are the glory points the stash is worth: 1 per 10 gold, at
// most 5 in the 10-point game.
func stashPoints(stash int) int { return min(stash/10, 5) }

// escalatingStashPoints is variant 3 ("Give me glory or give me death"):
// the points cost 10, 15, 20, 25 and 30 gold, 100 for all five.
func escalatingStashPoints(stash int) int {
	points, cost := 0, 10
	for points < 5 && stash >= cost {
		stash -= cost
		points++
		cost += 5
	}
	return points
}

func (p *Player) stashPoints() int {
	if p.EscalatingStash {
		return escalatingStashPoints(p.Stash)
	}
	return stashPoints(p.Stash)
}

func (p *Player) total() int { return p.Glory + p.stashPoints() }
