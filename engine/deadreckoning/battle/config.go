package battle

import (
	"fmt"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Kind is the kind of battle (rulebook p. 17).
type Kind string

// The three kinds of battle, named as the game's PendingBattle names them.
const (
	KindShip     Kind = "ship"     // player ship vs player ship (p. 18)
	KindMerchant Kind = "merchant" // player ship vs a non-player Merchant (p. 17)
	KindBuilding Kind = "building" // player ship vs a Fort and/or Garrison (p. 20)
)

// Cause says what started a battle; it decides the blockade (p. 18).
type Cause string

// Battle causes, named as the game's PendingBattle names them.
const (
	CausePirateStop   Cause = "pirate-stop"   // the mover stopped on a pirate-mode ship (p. 10)
	CauseAttackFlag   Cause = "attack-flag"   // an Attack flag (p. 15)
	CausePirateChoice Cause = "pirate-choice" // chose to fight a pirate-mode ship where the turn began (p. 12)
	CauseMerchant     Cause = "merchant"      // a Merchant encounter attacked (p. 11)
	CauseBuilding     Cause = "building"      // a Fort and/or Garrison attacked (p. 20)
)

// Role is a side of the battle: the attacker is always the active player.
type Role int

// The two sides.
const (
	Attacker Role = 0
	Defender Role = 1
)

// String returns "attacker" or "defender".
func (r Role) String() string {
	if r == Attacker {
		return "attacker"
	}
	return "defender"
}

func (r Role) other() Role { return 1 - r }

// AbilityKind is the effect of a battle ability (pp. 15, 26-29).
type AbilityKind string

// Battle ability effects.
const (
	// DropCubes drops N more cubes of the side's colour (Gunner, p. 28).
	DropCubes AbilityKind = "drop"
	// GainStrength adds N battle strength (the rulebook's example, p. 21).
	GainStrength AbilityKind = "strength"
	// RemoveCube removes one of the side's cubes from a zone, deals N damage
	// to the enemy ship and gains Coins and Cargo (Gunner level 4, p. 28).
	RemoveCube AbilityKind = "remove_cube"
	// DealDamage deals N damage to the enemy ship.
	DealDamage AbilityKind = "damage"
	// IfWin gains Coins and Cargo if the side wins (Captain levels 3-4,
	// p. 26; the caller counts the wheels).
	IfWin AbilityKind = "if_win"
)

// Ability is one battle ability a side may use once per turn.
type Ability struct {
	// ID is unique in the side and stable across the turn, so the caller can
	// say which abilities were already used this turn.
	ID   string      `json:"id"`
	Name string      `json:"name,omitempty"`
	Kind AbilityKind `json:"kind"`
	// N is the cubes dropped, strength gained or damage dealt.
	N     int `json:"n,omitempty"`
	Coins int `json:"coins,omitempty"`
	Cargo int `json:"cargo,omitempty"`
	// NotVsBuildings marks an ability printed as unusable against buildings.
	NotVsBuildings bool `json:"notVsBuildings,omitempty"`
}

// Card is a sailor card whose cannons and battle abilities a side may use:
// played this turn (or kept in play since a defence), or, for the defender
// of a ship battle, in hand and playable now.
type Card struct {
	ID        string    `json:"id"`
	Name      string    `json:"name,omitempty"`
	Cannons   int       `json:"cannons"`
	Abilities []Ability `json:"abilities,omitempty"`
	// InHand: the card is in the defender's hand; its cannons and abilities
	// count only if the defender plays it before the drop.
	InHand bool `json:"inHand,omitempty"`
}

// SideKind is what fights on a side.
type SideKind string

// Side kinds.
const (
	SideShip      SideKind = "ship"      // a player's ship
	SideMerchant  SideKind = "merchant"  // a non-player Merchant ship
	SideBuildings SideKind = "buildings" // a Fort and/or Garrison
)

// ShipSource is the cannon source id of the ship board (printed cannon and
// upgrades together).
const ShipSource = "ship"

// Side describes one side as the game sees it when the battle is declared.
type Side struct {
	Kind SideKind `json:"kind"`
	// Seat is the player (the buildings' controller for buildings), NoSeat
	// for a Merchant.
	Seat engine.Seat `json:"seat"`
	Name string      `json:"name"`
	// Colour of the side's cubes; "black" for a Merchant or buildings.
	Colour string `json:"colour"`

	// ShipCannons: cannons on the ship board with an empty hold (ship side).
	ShipCannons int    `json:"shipCannons,omitempty"`
	Cards       []Card `json:"cards,omitempty"`
	// UsedCannons: cannons of each source already used this turn (by id,
	// ShipSource for the ship); UsedAbilities: ability ids used this turn.
	UsedCannons   map[string]int `json:"usedCannons,omitempty"`
	UsedAbilities []string       `json:"usedAbilities,omitempty"`
	// BuildingsHere: buildings on the battle's island if this side's player
	// controls it (+1 cube each in a ship battle, p. 18).
	BuildingsHere int `json:"buildingsHere,omitempty"`
	// InHarbor: the ship is in Harbor (+4 cubes for a defender, p. 18).
	InHarbor bool `json:"inHarbor,omitempty"`
	// FinalTurnTaken: the player has taken their final turn (+2 cubes, p. 22).
	FinalTurnTaken bool `json:"finalTurnTaken,omitempty"`
	// Pirate: the ship is in pirate mode.
	Pirate bool `json:"pirate,omitempty"`
	// Damage already on the ship.
	Damage int `json:"damage,omitempty"`
	// Hold: what the ship carries and its free capacity.
	Hold Hold `json:"hold"`
	// CoinsInChest, for the coins lost on sinking (p. 21).
	CoinsInChest int `json:"coinsInChest,omitempty"`
	// Cubes in the player's supply, and SpareIslandCubes: their island cubes
	// that may be taken without changing any island's control (p. 17).
	Cubes            int `json:"cubes,omitempty"`
	SpareIslandCubes int `json:"spareIslandCubes,omitempty"`

	// MerchantCubes: the black cubes printed on the Merchant's back.
	MerchantCubes int `json:"merchantCubes,omitempty"`
	// Fort and Garrison attacked (buildings side).
	Fort     bool `json:"fort,omitempty"`
	Garrison bool `json:"garrison,omitempty"`
}

// Hold is a ship's cargo and coins aboard and its free capacity.
type Hold struct {
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
	Free  int `json:"free"`
}

// Goods is a number of cargo and coins.
type Goods struct {
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
}

// BlackCubes is the number of black cubes in the box (p. 3).
const BlackCubes = 20

// Config declares a battle.
type Config struct {
	Kind     Kind  `json:"kind"`
	Cause    Cause `json:"cause"`
	Attacker Side  `json:"attacker"`
	Defender Side  `json:"defender"`
	// AtIsland: the battle is at an island, where plunder may be put.
	AtIsland bool `json:"atIsland"`
	// OpponentKey names the defender for "never the same opponent twice in
	// a turn" (p. 17), e.g. "ship:1", "merchant:17", "building:B2".
	OpponentKey string `json:"opponentKey"`
	// FoughtThisTurn: the keys of the opponents the active player already
	// battled this turn.
	FoughtThisTurn []string `json:"foughtThisTurn,omitempty"`
	// PirateShipAtIsland: an opponent's pirate-mode ship is at the island of
	// a building battle (p. 20).
	PirateShipAtIsland bool `json:"pirateShipAtIsland,omitempty"`
}

// Refusal codes of declaring a battle.
const (
	CodeBadSide        = "battle-bad-side"
	CodeSameOpponent   = "battle-same-opponent"
	CodeBuildingsGuard = "battle-buildings-guarded"
	CodeNoBuilding     = "battle-no-fort-or-garrison"
	CodeOutOfCubes     = "out-of-cubes"
)

func (c *Config) check() error {
	bad := func(format string, a ...any) error {
		return engine.Refuse(CodeBadSide, 17, format, a...)
	}
	want := map[Kind]SideKind{KindShip: SideShip, KindMerchant: SideMerchant, KindBuilding: SideBuildings}
	dk, ok := want[c.Kind]
	if !ok {
		return bad("There is no battle of kind %q: a battle is against a ship, a Merchant ship or buildings", c.Kind)
	}
	switch c.Cause {
	case CausePirateStop, CauseAttackFlag, CausePirateChoice:
		if c.Kind != KindShip {
			return bad("A %s battle cannot be caused by %s", c.Kind, c.Cause)
		}
	case CauseMerchant:
		if c.Kind != KindMerchant {
			return bad("A %s battle cannot be caused by %s", c.Kind, c.Cause)
		}
	case CauseBuilding:
		if c.Kind != KindBuilding {
			return bad("A %s battle cannot be caused by %s", c.Kind, c.Cause)
		}
	default:
		return bad("There is no battle cause %q", c.Cause)
	}
	if c.Attacker.Kind != SideShip {
		return bad("The attacker must be a player's ship")
	}
	if c.Defender.Kind != dk {
		return bad("A %s battle's defender must be %s, not %s", c.Kind, dk, c.Defender.Kind)
	}
	if err := c.Attacker.check("The attacker"); err != nil {
		return err
	}
	if err := c.Defender.check("The defender"); err != nil {
		return err
	}
	if c.Attacker.Colour == c.Defender.Colour {
		return bad("Both sides have %s cubes", c.Attacker.Colour)
	}
	if c.Kind == KindShip && c.Attacker.Seat == c.Defender.Seat {
		return bad("A ship cannot battle itself")
	}
	if c.Kind == KindBuilding && c.Attacker.Seat == c.Defender.Seat {
		return bad("A player cannot attack their own buildings")
	}
	if c.Defender.InHarbor && c.AtIsland {
		return bad("The battle cannot be both in the Harbor and at an island")
	}
	for _, k := range c.FoughtThisTurn {
		if k == c.OpponentKey && k != "" {
			return engine.Refuse(CodeSameOpponent, 17, "You have already battled %s this turn", c.Defender.Name)
		}
	}
	if c.Kind == KindBuilding {
		if !c.Defender.Fort && !c.Defender.Garrison {
			return engine.Refuse(CodeNoBuilding, 20, "There is no Fort or Garrison to attack (Outposts cannot be attacked)")
		}
		if c.PirateShipAtIsland {
			return engine.Refuse(CodeBuildingsGuard, 20, "An opponent's ship in pirate mode is at the island: beat it before attacking the buildings")
		}
	}
	return nil
}

func (s *Side) check(role string) error {
	bad := func(format string, a ...any) error {
		return engine.Refuse(CodeBadSide, 17, "%s: %s", role, fmt.Sprintf(format, a...))
	}
	if s.Colour == "" || s.Name == "" {
		return bad("a side needs a name and a cube colour")
	}
	if (s.Kind == SideShip) == (strings.EqualFold(s.Colour, "black")) {
		if s.Kind == SideShip {
			return bad("black cubes are the non-players'; a ship uses its player's colour")
		}
		return bad("a %s uses black cubes", s.Kind)
	}
	for name, n := range map[string]int{"ship cannons": s.ShipCannons, "buildings here": s.BuildingsHere, "damage": s.Damage,
		"hold cargo": s.Hold.Cargo, "hold coins": s.Hold.Coins, "free hold": s.Hold.Free, "coins in chest": s.CoinsInChest,
		"cubes": s.Cubes, "spare island cubes": s.SpareIslandCubes, "merchant cubes": s.MerchantCubes} {
		if n < 0 {
			return bad("%s cannot be negative (%d)", name, n)
		}
	}
	if s.Cubes+s.SpareIslandCubes > 35 {
		return bad("a player owns 35 cubes, not %d", s.Cubes+s.SpareIslandCubes)
	}
	ids := map[string]bool{ShipSource: true}
	abil := map[string]bool{}
	for i, c := range s.Cards {
		if c.ID == "" || ids[c.ID] {
			return bad("card %d has no id or the id of another card (%q)", i+1, c.ID)
		}
		ids[c.ID] = true
		if c.Cannons < 0 {
			return bad("card %d cannot have a negative number of cannons", i+1)
		}
		if c.InHand && s.Kind != SideShip {
			return bad("only a ship's player has cards")
		}
		for j, a := range c.Abilities {
			if a.ID == "" || abil[a.ID] {
				return bad("card %d, ability %d, has no id or the id of another ability (%q)", i+1, j+1, a.ID)
			}
			abil[a.ID] = true
			switch a.Kind {
			case DropCubes, GainStrength, DealDamage:
				if a.N < 1 {
					return bad("%s needs an amount of at least 1", nameOr(a))
				}
			case RemoveCube, IfWin:
			default:
				return bad("%s is of an unknown kind (%q)", nameOr(a), a.Kind)
			}
			if a.N < 0 || a.Coins < 0 || a.Cargo < 0 {
				return bad("%s cannot have negative amounts", nameOr(a))
			}
		}
	}
	if s.Kind != SideShip && (len(s.Cards) > 0 || s.ShipCannons > 0) {
		return bad("a %s side uses no ship or card cannons (p. 20)", s.Kind)
	}
	for _, n := range s.UsedCannons {
		if n < 0 {
			return bad("the cannons used cannot be negative")
		}
	}
	return nil
}
