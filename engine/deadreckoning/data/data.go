package data

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
)

//go:embed sailors.json
var sailorsJSON []byte

//go:embed catalog.json
var catalogJSON []byte

// Effect kinds: the small set of primitives every card ability is made of.
const (
	// Icons: counted, never "used" as an action (unless inside a choice).
	KindSails  = "sails"  // N sails when setting sails
	KindCannon = "cannon" // N battle cubes
	KindWheel  = "wheel"  // N wheels, referenced by "per wheel" effects

	// Main-phase abilities.
	KindAttack    = "attack"     // attack flag: battle an opponent's ship at your location
	KindGainCargo = "gain-cargo" // N cargo to dock, ship, either or island
	KindGainCoins = "gain-coins" // N coins to dock (the Treasure chest), ship or island
	KindInfluence = "influence"  // place N influence cubes at your ship's island
	KindProduce   = "produce"    // produce on up to N different islands, each boosted
	KindBuild     = "build"      // build up to N buildings on islands you control
	KindUpgrade   = "upgrade"    // pay Cost cargo for a ship upgrade of Tier
	KindRepair    = "repair"     // pay Cost cargo to remove N damage (Where: harbor or anywhere)
	KindDraw      = "draw"       // draw N more cards at cleanup (not past the hand limit)

	// Battle abilities: used only during a battle (package battle resolves them).
	KindBattleDrop       = "battle-drop"        // drop N more cubes
	KindBattleStrength   = "battle-strength"    // N battle strength
	KindBattleRemoveCube = "battle-remove-cube" // remove one of your dropped cubes: Damage damage, Cargo cargo on ship
	KindBattleWinCargo   = "battle-win-cargo"   // if you win: N cargo on your ship (times Per)

	// KindEndGame is scored only at the end of the game (package score).
	KindEndGame = "end-game"
	// KindOther is an effect the engine does not model; Text says what it does
	// and the players apply it by hand.
	KindOther = "other"
)

var validKinds = map[string]bool{
	KindSails: true, KindCannon: true, KindWheel: true, KindAttack: true,
	KindGainCargo: true, KindGainCoins: true, KindInfluence: true, KindProduce: true,
	KindBuild: true, KindUpgrade: true, KindRepair: true, KindDraw: true,
	KindBattleDrop: true, KindBattleStrength: true, KindBattleRemoveCube: true,
	KindBattleWinCargo: true, KindEndGame: true, KindOther: true,
}

// IsIcon reports whether an effect kind is an icon that is counted rather than
// used (sails, cannon, wheel).
func IsIcon(kind string) bool { return kind == KindSails || kind == KindCannon || kind == KindWheel }

// Effect is one primitive of an ability.
type Effect struct {
	// Kind is one of the Kind constants.
	Kind string `json:"kind"`
	// N is the amount (sails, cargo, cubes, islands, buildings...).
	N int `json:"n,omitempty"`
	// Per multiplies N by the number of that icon on the same card
	// ("wheel" or "cannon"): the rulebook's "X for each Y on this card".
	Per string `json:"per,omitempty"`
	// To is where gained cargo or coins go: "dock", "ship", "either", "island".
	To string `json:"to,omitempty"`
	// Tier is "basic" or "advanced" for an upgrade.
	Tier string `json:"tier,omitempty"`
	// Cost is the cargo paid (upgrade, repair); 0 is free.
	Cost int `json:"cost,omitempty"`
	// From is where the cost is paid from: "ship", "dock" or "either".
	From string `json:"from,omitempty"`
	// Where restricts a repair: "harbor", or "" for anywhere.
	Where string `json:"where,omitempty"`
	// BoostCargo and BoostCoins add to each production (Purser level 4).
	BoostCargo int `json:"boostCargo,omitempty"`
	BoostCoins int `json:"boostCoins,omitempty"`
	// Damage and Cargo are the results of removing a dropped cube.
	Damage int `json:"damage,omitempty"`
	Cargo  int `json:"cargo,omitempty"`
	// NotVsBuildings marks a battle ability that cannot be used against buildings.
	NotVsBuildings bool `json:"notVsBuildings,omitempty"`
	// OverridesForts lets the ability interact with an island an opponent
	// protects with a Fort or Garrison.
	OverridesForts bool `json:"overridesForts,omitempty"`
	// Text describes an effect of kind "other" or "end-game" in our own words.
	Text string `json:"text,omitempty"`
}

// Option is one alternative of an ability: its effects happen together.
type Option struct {
	Effects []Effect `json:"effects"`
}

// Ability is one ability of a card. Abilities on one card are independent of
// each other (the green line); the options of one ability exclude each other
// (the red slash): using the ability means choosing one option.
type Ability struct {
	// Battle marks a "BATTLE:" ability, usable only during a battle.
	Battle bool `json:"battle,omitempty"`
	// Options are the choices; one option means no choice.
	Options []Option `json:"options"`
}

// IsIconOnly reports whether the ability is only icons with no choice: it is
// counted, never used as an action.
func (a Ability) IsIconOnly() bool {
	if len(a.Options) != 1 {
		return false
	}
	for _, e := range a.Options[0].Effects {
		if !IsIcon(e.Kind) {
			return false
		}
	}
	return len(a.Options[0].Effects) > 0
}

// Level is one of the four levels of a sailor card.
type Level struct {
	Level     int       `json:"level"`
	Abilities []Ability `json:"abilities"`
}

// Sailor is one kind of sailor card with its four levels.
type Sailor struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Count int     `json:"count"`
	Page  int     `json:"page"`
	Level []Level `json:"levels"`
}

// Sailors are the 12 sailor cards of every player's deck, as printed in the
// rulebook (pp. 26-29).
type Sailors struct {
	Source  string   `json:"source"`
	Sailors []Sailor `json:"sailors"`
}

// LoadSailors parses the embedded sailor cards and checks them.
func LoadSailors() (Sailors, error) {
	var s Sailors
	if err := strictUnmarshal(sailorsJSON, &s); err != nil {
		return s, fmt.Errorf("sailors.json: %w", err)
	}
	total := 0
	for _, sl := range s.Sailors {
		if len(sl.Level) != 4 {
			return s, fmt.Errorf("sailors.json: %s has %d levels, want 4", sl.ID, len(sl.Level))
		}
		for i, lv := range sl.Level {
			if lv.Level != i+1 {
				return s, fmt.Errorf("sailors.json: %s level %d out of order", sl.ID, lv.Level)
			}
			if err := CheckAbilities(lv.Abilities); err != nil {
				return s, fmt.Errorf("sailors.json: %s level %d: %w", sl.ID, lv.Level, err)
			}
		}
		total += sl.Count
	}
	if total != 12 {
		return s, fmt.Errorf("sailors.json: %d cards, want 12", total)
	}
	return s, nil
}

// CheckAbilities reports the first invalid effect in a list of abilities.
func CheckAbilities(abs []Ability) error {
	for i, a := range abs {
		if len(a.Options) == 0 {
			return fmt.Errorf("ability %d has no options", i+1)
		}
		for _, o := range a.Options {
			if len(o.Effects) == 0 {
				return fmt.Errorf("ability %d has an empty option", i+1)
			}
			for _, e := range o.Effects {
				if !validKinds[e.Kind] {
					return fmt.Errorf("ability %d: unknown effect kind %q", i+1, e.Kind)
				}
				if e.N < 0 || e.Cost < 0 || e.N > 20 || e.Cost > 20 || e.BoostCargo < 0 || e.BoostCoins < 0 || e.Damage < 0 || e.Cargo < 0 {
					return fmt.Errorf("ability %d: effect %q has an amount out of range", i+1, e.Kind)
				}
				switch e.Per {
				case "", "wheel", "cannon":
				default:
					return fmt.Errorf("ability %d: effect %q: per %q (want wheel or cannon)", i+1, e.Kind, e.Per)
				}
				switch e.Kind {
				case KindGainCargo, KindGainCoins:
					switch e.To {
					case "dock", "ship", "either", "island":
					default:
						return fmt.Errorf("ability %d: %s to %q (want dock, ship, either or island)", i+1, e.Kind, e.To)
					}
				case KindUpgrade:
					if e.Tier != "basic" && e.Tier != "advanced" {
						return fmt.Errorf("ability %d: upgrade tier %q (want basic or advanced)", i+1, e.Tier)
					}
				}
				switch e.From {
				case "", "ship", "dock", "either":
				default:
					return fmt.Errorf("ability %d: from %q (want ship, dock or either)", i+1, e.From)
				}
			}
		}
	}
	return nil
}

// Island is one island Ocean board as printed: entered by the owner.
type Island struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Slots is the number of cube slots.
	Slots int `json:"slots"`
	// Values are the coins for the most, 2nd and (if printed) 3rd most cubes.
	Values []int `json:"values"`
	// Cargo and Coins are the production printed at the bottom right.
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
	// HandIcon: controlling the island raises the hand limit by 1.
	HandIcon bool `json:"handIcon,omitempty"`
}

// Check reports what is wrong with an entered island, naming it as
// printed (the owner typed the name, not the id made from it).
func (i Island) Check() error {
	switch {
	case i.ID == "" || i.Name == "":
		return fmt.Errorf("an island needs its printed name")
	// A field left empty is asked for; a wrong number is named ("(got 0)"
	// after an empty field read as a code to a newcomer).
	case i.Slots == 0:
		return fmt.Errorf("%s: enter its cube slots, from 1 to 12", i.Name)
	case i.Slots < 1 || i.Slots > 12:
		return fmt.Errorf("%s: an island has 1 to 12 cube slots, not %d", i.Name, i.Slots)
	case len(i.Values) < 2 || len(i.Values) > 3:
		return fmt.Errorf("%s: enter the coins for 1st and 2nd place, and 3rd if printed%s", i.Name, valuesEntered(len(i.Values)))
	case i.Cargo < 0 || i.Coins < 0 || i.Cargo > 10 || i.Coins > 10:
		return fmt.Errorf("%s: the cargo and coins it produces are 0 to 10 each", i.Name)
	}
	for _, v := range i.Values {
		if v < 0 || v > 50 {
			return fmt.Errorf("%s: a place's coins are 0 to 50, not %d", i.Name, v)
		}
	}
	return nil
}

// valuesEntered says how many places' coins were typed, when some were.
func valuesEntered(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " (only 1 entered)"
	}
	return fmt.Sprintf(" (%d entered)", n)
}

// Advancement is an Advancement or Encounter card (rows 1-4).
type Advancement struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Row  int    `json:"row"`
	// Slot is "top", "middle" or "bottom".
	Slot string `json:"slot"`
	Cost int    `json:"cost"`
	// Encounter marks a Merchant ship (or other encounter): it can be traded
	// for (bought, its back never seen) or attacked.
	Encounter bool      `json:"encounter,omitempty"`
	Abilities []Ability `json:"abilities"`
}

// Check reports what is wrong with an entered advancement.
func (a Advancement) Check() error {
	switch {
	case a.ID == "" || a.Name == "":
		return fmt.Errorf("advancement needs an id and a name")
	case a.Row < 1 || a.Row > 4:
		return fmt.Errorf("advancement %q: row %d (want 1-4)", a.ID, a.Row)
	case a.Slot != "top" && a.Slot != "middle" && a.Slot != "bottom":
		return fmt.Errorf("advancement %q: slot %q (want top, middle or bottom)", a.ID, a.Slot)
	case a.Cost < 0 || a.Cost > 30:
		return fmt.Errorf("advancement %q: cost %d out of range", a.ID, a.Cost)
	}
	if err := CheckAbilities(a.Abilities); err != nil {
		return fmt.Errorf("advancement %q: %w", a.ID, err)
	}
	return nil
}

// Upgrade is a Basic or Advanced ship upgrade tile.
type Upgrade struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Tier string `json:"tier"`
	// Sails and Cannons are the icons on the tile; Hold is its hold capacity
	// (0: no hold). A hold with anything in it hides the tile's icons.
	Sails     int       `json:"sails,omitempty"`
	Cannons   int       `json:"cannons,omitempty"`
	Hold      int       `json:"hold,omitempty"`
	Abilities []Ability `json:"abilities,omitempty"`
}

// Check reports what is wrong with an entered upgrade tile.
func (u Upgrade) Check() error {
	switch {
	case u.ID == "" || u.Name == "":
		return fmt.Errorf("upgrade needs an id and a name")
	case u.Tier != "basic" && u.Tier != "advanced":
		return fmt.Errorf("upgrade %q: tier %q (want basic or advanced)", u.ID, u.Tier)
	case u.Sails < 0 || u.Cannons < 0 || u.Hold < 0 || u.Sails > 8 || u.Cannons > 8 || u.Hold > 8:
		return fmt.Errorf("upgrade %q: icons out of range", u.ID)
	}
	return CheckAbilities(u.Abilities)
}

// BonusToken is one of the 8 bonus achievement tokens and the achievements it shows.
type BonusToken struct {
	ID           string   `json:"id"`
	Achievements []string `json:"achievements"`
}

// Catalog is what the owner has entered from their own copy of the game, plus
// the few printed values the rulebook's examples give. It grows as players
// enter new islands and cards; the companion saves it.
type Catalog struct {
	Note                string          `json:"note,omitempty"`
	BuildingCosts       map[string]*int `json:"buildingCosts"`
	BuildingCostsSource string          `json:"buildingCostsSource,omitempty"`
	AchievementValues   map[string]int  `json:"achievementValues"`
	BonusTokens         []BonusToken    `json:"bonusTokens"`
	Islands             []Island        `json:"islands"`
	Advancements        []Advancement   `json:"advancements"`
	Upgrades            []Upgrade       `json:"upgrades"`
}

// ParseCatalog reads a catalog saved by the companion (the same JSON as
// catalog.json), refusing unknown fields and invalid entries.
func ParseCatalog(b []byte) (Catalog, error) {
	var c Catalog
	if err := strictUnmarshal(b, &c); err != nil {
		return c, fmt.Errorf("catalog: %w", err)
	}
	return c, c.Check()
}

// DefaultCatalog returns the embedded catalog.
func DefaultCatalog() (Catalog, error) {
	var c Catalog
	if err := strictUnmarshal(catalogJSON, &c); err != nil {
		return c, fmt.Errorf("catalog.json: %w", err)
	}
	return c, c.Check()
}

// Check validates every entry and that ids are unique.
func (c Catalog) Check() error {
	seen := map[string]bool{}
	dup := func(kind, id string) error {
		k := kind + ":" + id
		if seen[k] {
			return fmt.Errorf("catalog: %s %q entered twice", kind, id)
		}
		seen[k] = true
		return nil
	}
	for _, i := range c.Islands {
		if err := i.Check(); err != nil {
			return err
		}
		if err := dup("island", i.ID); err != nil {
			return err
		}
	}
	for _, a := range c.Advancements {
		if err := a.Check(); err != nil {
			return err
		}
		if err := dup("advancement", a.ID); err != nil {
			return err
		}
	}
	for _, u := range c.Upgrades {
		if err := u.Check(); err != nil {
			return err
		}
		if err := dup("upgrade", u.ID); err != nil {
			return err
		}
	}
	for k, v := range c.BuildingCosts {
		if k != "fort" && k != "garrison" && k != "outpost" {
			return fmt.Errorf("catalog: unknown building %q", k)
		}
		if v != nil && (*v < 0 || *v > 20) {
			return fmt.Errorf("catalog: %s cost %d out of range", k, *v)
		}
	}
	return nil
}

// Merge adds the entries of o that c does not have yet (by id) and any
// building cost or achievement value c is missing. Entries with an id already
// in c are kept as they are in c.
func (c *Catalog) Merge(o Catalog) {
	if c.BuildingCosts == nil {
		c.BuildingCosts = map[string]*int{}
	}
	for k, v := range o.BuildingCosts {
		if v != nil && c.BuildingCosts[k] == nil {
			n := *v
			c.BuildingCosts[k] = &n
		}
	}
	if c.AchievementValues == nil {
		c.AchievementValues = map[string]int{}
	}
	keys := make([]string, 0, len(o.AchievementValues))
	for k := range o.AchievementValues {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := c.AchievementValues[k]; !ok {
			c.AchievementValues[k] = o.AchievementValues[k]
		}
	}
	for _, i := range o.Islands {
		if _, ok := c.Island(i.ID); !ok {
			c.Islands = append(c.Islands, i)
		}
	}
	for _, a := range o.Advancements {
		if _, ok := c.Advancement(a.ID); !ok {
			c.Advancements = append(c.Advancements, a)
		}
	}
	for _, u := range o.Upgrades {
		if _, ok := c.Upgrade(u.ID); !ok {
			c.Upgrades = append(c.Upgrades, u)
		}
	}
	for _, t := range o.BonusTokens {
		found := false
		for _, x := range c.BonusTokens {
			found = found || x.ID == t.ID
		}
		if !found {
			c.BonusTokens = append(c.BonusTokens, t)
		}
	}
}

// Island finds an island by id.
func (c Catalog) Island(id string) (Island, bool) {
	for _, i := range c.Islands {
		if i.ID == id {
			return i, true
		}
	}
	return Island{}, false
}

// Advancement finds an advancement by id.
func (c Catalog) Advancement(id string) (Advancement, bool) {
	for _, a := range c.Advancements {
		if a.ID == id {
			return a, true
		}
	}
	return Advancement{}, false
}

// Upgrade finds an upgrade tile by id.
func (c Catalog) Upgrade(id string) (Upgrade, bool) {
	for _, u := range c.Upgrades {
		if u.ID == id {
			return u, true
		}
	}
	return Upgrade{}, false
}

// BuildingCost returns the cargo cost of a building type, and false when the
// owner has not entered it yet.
func (c Catalog) BuildingCost(kind string) (int, bool) {
	v := c.BuildingCosts[kind]
	if v == nil {
		return 0, false
	}
	return *v, true
}

func strictUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
