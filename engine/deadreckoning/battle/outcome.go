package battle

import (
	"github.com/quartermaster-table/quartermaster/engine"
)

// SinkAt is the damage at which a ship sinks (p. 21).
const SinkAt = 5

// Outcome is everything the game applies after a battle (pp. 17-21).
type Outcome struct {
	Kind   Kind  `json:"kind"`
	Cause  Cause `json:"cause"`
	Winner Role  `json:"winner"`
	// WinnerSeat is the winning player, NoSeat when a Merchant won.
	WinnerSeat engine.Seat `json:"winnerSeat"`
	// Strength of each side (attacker, defender) at the end.
	Strength [2]int        `json:"strength"`
	Sides    [2]SideResult `json:"sides"`
	// Legendary is the player who places a Legendary progress cube (the
	// winner of a non-building battle with their ship), else NoSeat. The
	// game places it only if that player lacks the achievement; the fourth
	// win becomes the achievement (p. 21).
	Legendary engine.Seat `json:"legendary"`
	// Blockaded is the mover who lost to a pirate-mode ship and may not
	// interact with this island (p. 18), else NoSeat.
	Blockaded engine.Seat `json:"blockaded"`
	// Merchant is set in a Merchant battle: the game applies the win or
	// lose effect printed on its back, and buries it when the player lost.
	Merchant *MerchantResult `json:"merchant,omitempty"`
	// Removed: the buildings removed after the attacker won (p. 20).
	Removed *Buildings `json:"removed,omitempty"`
}

// MerchantResult is what happens to the Merchant card.
type MerchantResult struct {
	PlayerWon bool `json:"playerWon"`
	// Bury: the player lost, the card goes under its row's box (p. 11).
	Bury bool `json:"bury"`
}

// Buildings names a Fort and/or Garrison.
type Buildings struct {
	Fort     bool `json:"fort"`
	Garrison bool `json:"garrison"`
}

// SideResult is one side's part of the outcome. For a Merchant or buildings
// side only Cubes and Strength-related fields are meaningful.
type SideResult struct {
	Seat engine.Seat `json:"seat"`
	// Cubes dropped at first, and CubesFromIslands: how many of the player's
	// non-permanent island cubes were needed (p. 17); the game takes them
	// from islands (without changing control) into the supply.
	Cubes            int `json:"cubes"`
	CubesFromIslands int `json:"cubesFromIslands,omitempty"`
	// DamageFromZones and DamageFromAbilities are dealt by the other side;
	// LoserDamage is the 1 damage of losing; Damage is their sum.
	DamageFromZones     int  `json:"damageFromZones"`
	DamageFromAbilities int  `json:"damageFromAbilities"`
	LoserDamage         int  `json:"loserDamage"`
	Damage              int  `json:"damage"`
	ToMercantile        bool `json:"toMercantile,omitempty"`
	// Jettisoned before the drop; Ship and Island are the plunder and
	// ability gains placed there; Returned went back to the supply.
	Jettisoned Goods `json:"jettisoned"`
	Ship       Goods `json:"ship"`
	Island     Goods `json:"island"`
	Returned   Goods `json:"returned"`
	// CannonsUsed per source, AbilitiesUsed and CardsPlayed (from hand; they
	// stay in play until the player's next cleanup), to mark as used this
	// turn.
	CannonsUsed   map[string]int `json:"cannonsUsed,omitempty"`
	AbilitiesUsed []string       `json:"abilitiesUsed,omitempty"`
	CardsPlayed   []string       `json:"cardsPlayed,omitempty"`
	// Sinks: 5 or more damage at the end of the battle (p. 21).
	Sinks   bool     `json:"sinks"`
	Sinking *Sinking `json:"sinking,omitempty"`
}

// Sinking is what a sinking ship loses (p. 21): every coin on the ship,
// topped up to 5 from the Treasure chest (as far as it holds), to the chest
// of the player who sank it, or to the supply. The ship then goes back to
// Harbor with no damage, Sails 0, in mercantile mode; its cargo is kept.
type Sinking struct {
	CoinsFromShip  int `json:"coinsFromShip"`
	CoinsFromChest int `json:"coinsFromChest"`
	// To is the player who sank the ship (they gain the coins and, the
	// first time, Terror of the Sea), NoSeat for the supply.
	To engine.Seat `json:"to"`
}

func (b *Battle) finish() {
	cfg := &b.st.Config
	o := &Outcome{Kind: cfg.Kind, Cause: cfg.Cause, Winner: b.st.Winner, Legendary: engine.NoSeat, Blockaded: engine.NoSeat}
	o.WinnerSeat = b.side(b.st.Winner).Seat
	if b.side(b.st.Winner).Kind == SideMerchant {
		o.WinnerSeat = engine.NoSeat
	}
	loser := b.st.Winner.other()
	for _, r := range []Role{Attacker, Defender} {
		_, o.Strength[r] = b.Tally(r)
	}
	for _, r := range []Role{Attacker, Defender} {
		s, st := b.side(r), &b.st.Sides[r]
		res := &o.Sides[r]
		res.Seat = s.Seat
		if s.Kind == SideMerchant {
			res.Seat = engine.NoSeat
		}
		res.Cubes = st.Cubes
		if s.Kind == SideShip {
			res.CubesFromIslands = max(0, st.Peak-s.Cubes)
			res.CannonsUsed = st.Cannons
			res.AbilitiesUsed = st.Abilities
			res.CardsPlayed = st.Played
			res.Jettisoned = st.Jettisoned
			other := r.other()
			t, _ := b.Tally(other)
			res.DamageFromZones = t.Damage
			res.DamageFromAbilities = b.st.Sides[other].DamageDealt
			// The loser's ship takes 1 damage in a ship or building battle;
			// losing to a Merchant does only what its card says (p. 17).
			if r == loser && cfg.Kind != KindMerchant {
				res.LoserDamage = 1
			}
			res.Damage = res.DamageFromZones + res.DamageFromAbilities + res.LoserDamage
			if r == loser && s.Pirate && cfg.Kind == KindShip {
				res.ToMercantile = true
			}
			if st.PlunderTaken != nil {
				d, c := st.PlunderDue, st.PlunderTaken
				res.Ship, res.Island = c.Ship, c.Island
				cargo := d.Cargo + d.Choice - c.ChoiceCoins + d.Gains.Cargo
				coins := d.Coins + c.ChoiceCoins + d.Gains.Coins
				res.Returned = Goods{Cargo: cargo - c.Ship.Cargo - c.Island.Cargo, Coins: coins - c.Ship.Coins - c.Island.Coins}
			}
			if s.Damage+res.Damage >= SinkAt {
				res.Sinks = true
				onShip := s.Hold.Coins - st.Jettisoned.Coins + res.Ship.Coins
				sk := &Sinking{CoinsFromShip: onShip, CoinsFromChest: min(s.CoinsInChest, max(0, SinkAt-onShip)), To: engine.NoSeat}
				// A player who dealt the sinking damage, with their ship or
				// with their buildings, gains the coins (p. 21).
				if os := b.side(other); os.Kind != SideMerchant {
					sk.To = os.Seat
				}
				res.Sinking = sk
			}
		}
	}
	winnerSide := b.side(b.st.Winner)
	if cfg.Kind != KindBuilding && winnerSide.Kind == SideShip {
		o.Legendary = winnerSide.Seat
	}
	if cfg.Kind == KindShip && loser == Attacker && (cfg.Cause == CausePirateStop || cfg.Cause == CausePirateChoice) {
		o.Blockaded = cfg.Attacker.Seat
	}
	if cfg.Kind == KindMerchant {
		o.Merchant = &MerchantResult{PlayerWon: b.st.Winner == Attacker, Bury: b.st.Winner != Attacker}
	}
	if cfg.Kind == KindBuilding && b.st.Winner == Attacker {
		o.Removed = &Buildings{Fort: cfg.Defender.Fort, Garrison: cfg.Defender.Garrison}
	}
	b.st.Outcome = o
	b.st.Phase = PhaseDone
}

// Need is what the battle waits for, for the tablet to show.
type Need struct {
	Phase Phase `json:"phase"`
	// Who must act: "attacker", "defender", "both" (jettison window and
	// plunder), or "table" (drop cubes and read the board).
	Who string `json:"who"`
	// Drop (PhaseRead): the cubes to drop now per colour, and why.
	Drop     map[string]int `json:"drop,omitempty"`
	DropKind string         `json:"dropKind,omitempty"`
	// InShip: the cubes the next read must account for, per colour.
	InShip map[string]int `json:"inShip,omitempty"`
	// Usable: abilities the acting side may still use (PhaseAbilities).
	Usable []string `json:"usable,omitempty"`
	// Plunder: what each side still has to place (PhasePlunder).
	Plunder map[string]PlunderDue `json:"plunder,omitempty"`
	// Cubes and Reasons: each side's battle cubes once taken.
	Cubes   [2]int      `json:"cubes"`
	Reasons [2][]Reason `json:"reasons"`
	// Strength: each side's battle strength on the board as last read.
	Strength [2]int `json:"strength"`
}

// Need says what the battle waits for.
func (b *Battle) Need() Need {
	n := Need{Phase: b.st.Phase}
	for _, r := range []Role{Attacker, Defender} {
		n.Cubes[r] = b.st.Sides[r].Cubes
		n.Reasons[r] = b.st.Sides[r].Reasons
		if b.st.Board.Cubes != nil {
			_, n.Strength[r] = b.Tally(r)
		}
	}
	switch b.st.Phase {
	case PhaseCannons:
		n.Who = Attacker.String()
	case PhaseDefence:
		n.Who = Defender.String()
	case PhaseReady:
		n.Who = "both"
	case PhaseRead:
		n.Who = "table"
		n.Drop = cloneCounts(b.st.Pending)
		n.DropKind = b.st.Kind
		n.InShip = cloneCounts(b.st.InShip)
	case PhaseAbilities:
		turn := b.st.Turn
		if b.st.Config.Kind != KindShip {
			turn = Attacker
		}
		n.Who = turn.String()
		n.Usable = b.Usable(turn)
	case PhasePlunder:
		n.Who = "both"
		n.Plunder = map[string]PlunderDue{}
		for _, r := range []Role{Attacker, Defender} {
			if s := b.st.Sides[r]; s.PlunderDue != nil && s.PlunderTaken == nil {
				n.Plunder[r.String()] = *s.PlunderDue
			}
		}
	}
	return n
}

func cloneCounts(m map[string]int) map[string]int {
	if m == nil {
		return nil
	}
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// MarshalText writes a role as "attacker" or "defender".
func (r Role) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads "attacker" or "defender".
func (r *Role) UnmarshalText(b []byte) error {
	switch string(b) {
	case "attacker":
		*r = Attacker
	case "defender":
		*r = Defender
	default:
		return engine.Malformed("role %q: want attacker or defender", b)
	}
	return nil
}
