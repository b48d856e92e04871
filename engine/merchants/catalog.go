package merchants

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// The four nations of the game (rules summary, "Setup" and "Bounties").
const (
	French  = "french"
	English = "english"
	Spanish = "spanish"
	Dutch   = "dutch"
)

// Nations lists the nations in a fixed order.
var Nations = []string{Dutch, English, French, Spanish}

// The ship types the rules summary prices (reference sheet, "Visit shipyard").
const (
	Sloop    = "sloop"
	Flute    = "flute"
	Frigate  = "frigate"
	Galleon  = "galleon"
	ManOWar  = "man-o-war"
	maxValue = 5 // CREW, CARGO and CANNONS never exceed 5 (ship modifications)
)

// shipPrices are the shipyard's buy and sell prices from the summary's
// reference sheet; the man-o-war is neither bought nor sold.
var shipPrices = map[string][2]int{Sloop: {10, 5}, Flute: {10, 5}, Frigate: {35, 10}, Galleon: {35, 10}}

// The special weapons (rules summary, "Special weapons").
const (
	GrapplingHooks = "grappling-hooks"
	ChainShot      = "chain-shot"
	Grapeshot      = "grapeshot"
)

// Weapons lists the base game's special weapons.
var Weapons = []string{ChainShot, Grapeshot, GrapplingHooks}

// The ship modifications (rules summary, "Ship modifications").
const (
	ExtraHammocks  = "extra-hammocks"
	AdvancedRigs   = "advanced-rigs"
	ReinforcedHull = "reinforced-hull"
	CargoHold      = "extended-cargo-hold"
	Chasers        = "chasers"
	CannonPort     = "extra-cannon-port"
	SwivelGuns     = "swivel-guns"
	LongGuns       = "long-guns"
)

// Mods lists the base game's ship modification types.
var Mods = []string{AdvancedRigs, Chasers, CargoHold, CannonPort, ExtraHammocks, LongGuns, ReinforcedHull, SwivelGuns}

// Catalog holds the printed values the rules summary does not give: the
// board, the dice, captains, ships and every deck. The owner enters them
// once from their own copy; the program never invents them. Tests use a
// made-up catalog named as test data.
type Catalog struct {
	Dice           DiceLayout  `json:"dice"`
	Zones          []Zone      `json:"zones"`
	Goods          []string    `json:"goods"`
	Captains       []Captain   `json:"captains"`
	Ships          []ShipType  `json:"ships"`
	Cargo          []CargoCard `json:"cargo"`
	DemandTokens   []string    `json:"demandTokens"`
	ModTokens      []string    `json:"modTokens"`
	MerchantTokens []string    `json:"merchantTokens"`
	Glory          []Card      `json:"glory"`
	Events         []Card      `json:"events"`
	Missions       []Mission   `json:"missions,omitempty"`
	Rumors         []Rumor     `json:"rumors,omitempty"`
}

// DiceLayout is the owner's die: its six faces, which one is the success
// icon and which number hits which location (the hull has no number).
type DiceLayout struct {
	ID      string            `json:"id"`
	Faces   []string          `json:"faces"`
	Success string            `json:"success"`
	Numbers map[string]string `json:"numbers"`
}

// Zone is a sea zone; Port is its port's name ("" for the open sea) and
// Nation the port's nation.
type Zone struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Port     string   `json:"port,omitempty"`
	Nation   string   `json:"nation,omitempty"`
	Adjacent []string `json:"adjacent"`
	// Ability names the port's ability (Abilities), "" for none.
	Ability string `json:"ability,omitempty"`
	// Directions names the bordering zone each compass letter of an NPC
	// move icon leads to (N, E, S, W); a missing letter moves on clockwise.
	Directions map[string]string `json:"directions,omitempty"`
}

// Captain is a captain card: skills (numbers of dice), nationality and home
// port (a zone id).
type Captain struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Nation     string `json:"nation"`
	Home       string `json:"home"`
	Seamanship int    `json:"seamanship"`
	Scouting   int    `json:"scouting"`
	Leadership int    `json:"leadership"`
	Influence  int    `json:"influence"`
}

// ShipType is a ship card's values.
type ShipType struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Toughness       int    `json:"toughness"`
	Cargo           int    `json:"cargo"`
	Crew            int    `json:"crew"`
	Cannons         int    `json:"cannons"`
	Maneuverability int    `json:"maneuverability"`
}

// CargoCard is one cargo card: its good, PLUNDER value, hit icons (each
// naming a location) and escape icons.
type CargoCard struct {
	ID      string   `json:"id"`
	Good    string   `json:"good"`
	Plunder int      `json:"plunder"`
	Hits    []string `json:"hits,omitempty"`
	Escapes int      `json:"escapes,omitempty"`
}

// Card is a card whose effect players resolve by hand (glory and event
// cards): the companion keeps its identity and who holds it. An event card
// may carry NPC move icons, resolved before its text, or be an NPC captain.
type Card struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Text  string    `json:"text,omitempty"`
	Moves []NPCMove `json:"moves,omitempty"`
	NPC   *NPCCard  `json:"npc,omitempty"`
	// War starts a war between two nations; Peace ends one (event cards).
	War   []string `json:"war,omitempty"`
	Peace []string `json:"peace,omitempty"`
	// Specialist is the type of a specialist glory card (Specialists), as
	// the owner enters it; absent for any other card.
	Specialist string `json:"specialist,omitempty"`
	// Timing is when a glory card is played, as the owner enters it from
	// the card: absent on one's own turn outside a battle (Glory Cards),
	// "combat" in a battle one fights, "any" at the time the card names,
	// on any player's turn, outside a battle.
	Timing string `json:"timing,omitempty"`
}

// Glory card timings (Card.Timing).
const (
	TimingCombat = "combat"
	TimingAny    = "any"
)

// Specialists are the 8 types of specialists (Glory Cards > Specialists).
var Specialists = []string{"carpenter", "gunner-captain", "master-gunner", "surgeon", "lookout", "master-at-arms", "purser", "sailing-master"}

// NPCMove is one move icon of an event card: which NPC moves, and where.
type NPCMove struct {
	NPC       string `json:"npc"`
	Direction string `json:"direction"`
}

// NPCCard is an NPC captain and its ship: its kind (NPCKinds), skills, ship
// values and the zone where its miniature enters.
type NPCCard struct {
	Kind            string `json:"kind"`
	Seamanship      int    `json:"seamanship"`
	Scouting        int    `json:"scouting"`
	Leadership      int    `json:"leadership"`
	Toughness       int    `json:"toughness"`
	Cargo           int    `json:"cargo"`
	Crew            int    `json:"crew"`
	Cannons         int    `json:"cannons"`
	Maneuverability int    `json:"maneuverability"`
	Home            string `json:"home"`
	// Ship is the ship the card shows, one of the ship types ("man-o-war"
	// for a man-o-war), as the owner enters it; absent when not entered.
	// Only the man-o-war changes a rule: two in one sea zone do not scout.
	Ship string `json:"ship,omitempty"`
}

// The NPC kinds of the base game: a naval ship per nation and two pirates.
const (
	PirateSloop   = "pirate-sloop"
	PirateFrigate = "pirate-frigate"
)

// NPCKinds lists the NPC kinds: "<nation>-navy" and the two pirates.
var NPCKinds = []string{"dutch-navy", "english-navy", "french-navy", "spanish-navy", PirateSloop, PirateFrigate}

// Directions are the compass letters of the NPC move icons, clockwise.
var Directions = []string{"N", "E", "S", "W"}

// navyNation returns the nation of a naval NPC kind, "" for a pirate.
func navyNation(kind string) string {
	for _, n := range Nations {
		if kind == n+"-navy" {
			return n
		}
	}
	return ""
}

func (c *Catalog) zone(id string) *Zone {
	for i := range c.Zones {
		if c.Zones[i].ID == id {
			return &c.Zones[i]
		}
	}
	return nil
}

func (c *Catalog) captain(id string) *Captain {
	for i := range c.Captains {
		if c.Captains[i].ID == id {
			return &c.Captains[i]
		}
	}
	return nil
}

// shipName is how players know a ship type: its name in the owner's
// catalog ("Test Sloop"), or the type in words when the catalog has none.
func (c *Catalog) shipName(id string) string {
	if st := c.shipType(id); st != nil && st.Name != "" {
		return st.Name
	}
	return spoken(id)
}

func (c *Catalog) shipType(id string) *ShipType {
	for i := range c.Ships {
		if c.Ships[i].ID == id {
			return &c.Ships[i]
		}
	}
	return nil
}

func (c *Catalog) cargo(id string) *CargoCard {
	for i := range c.Cargo {
		if c.Cargo[i].ID == id {
			return &c.Cargo[i]
		}
	}
	return nil
}

func findCard(cards []Card, id string) *Card {
	for i := range cards {
		if cards[i].ID == id {
			return &cards[i]
		}
	}
	return nil
}

func (c *Catalog) faces() combat.Faces {
	return combat.Faces{Success: c.Dice.Success, Numbers: c.Dice.Numbers}
}

func in(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ParseCatalog decodes and checks a catalog, refusing unknown fields and
// any value the game cannot play with, naming it.
func ParseCatalog(data []byte) (*Catalog, error) {
	var c Catalog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, engine.Malformed("catalog: %v", err)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return &c, nil
}

// zoneName is how the owner knows a zone: its printed name, or its id when it has none yet.
func zoneName(z Zone) string {
	if z.Name != "" {
		return z.Name
	}
	return z.ID
}

func (c *Catalog) check() error {
	bad := func(format string, args ...any) error {
		return engine.Malformed("catalog: "+format, args...)
	}
	d := c.Dice
	if d.ID == "" || len(d.Faces) < 2 || !in(d.Faces, d.Success) || d.Success == "" {
		return bad("dice: give an id, the faces and which face is the success icon")
	}
	seenLoc := map[string]bool{}
	for face, loc := range d.Numbers {
		if !in(d.Faces, face) || face == d.Success {
			return bad("dice.numbers: %q is not a numbered face of the die", face)
		}
		if loc == combat.Hull || !in(combat.Locations, loc) {
			return bad("dice.numbers[%q]: %q is not cargo, masts, crew or cannons", face, loc)
		}
		seenLoc[loc] = true
	}
	for _, f := range d.Faces {
		if _, ok := d.Numbers[f]; !ok && f != d.Success {
			return bad("dice.faces: face %q is neither the success icon nor a numbered location", f)
		}
	}
	if len(c.Zones) == 0 {
		return bad("zones: the board has no sea zones")
	}
	ids := map[string]bool{}
	ports := 0
	for i, z := range c.Zones {
		if z.ID == "" || ids[z.ID] {
			return bad("zones[%d]: missing or repeated id %q", i, z.ID)
		}
		ids[z.ID] = true
		if z.Port != "" {
			ports++
			if !in(Nations, z.Nation) {
				return bad("zones[%d] (%s): the port's nation %q is not one of %v", i, z.ID, z.Nation, Nations)
			}
		}
	}
	abilities := map[string]bool{}
	for i, z := range c.Zones {
		if z.Ability != "" {
			if !in(Abilities, z.Ability) || abilities[z.Ability] || z.Port == "" {
				return bad("zones[%d] (%s): ability %q is unknown, repeated or on a zone without a port", i, z.ID, z.Ability)
			}
			abilities[z.Ability] = true
		}
		for d, to := range z.Directions {
			if !in(Directions, d) || !in(z.Adjacent, to) {
				return bad("zones[%d] (%s): direction %q to %q is not a compass letter to a bordering zone", i, z.ID, d, to)
			}
		}
		for _, a := range z.Adjacent {
			o := c.zone(a)
			if o == nil || a == z.ID {
				return bad("zones[%d] (%s): adjacent zone %q does not exist", i, z.ID, a)
			}
			if !in(o.Adjacent, z.ID) {
				// Named as the owner typed them: the catalog page shows names, never ids.
				return bad("%s borders %s, but %s does not list %s back: tick the border on both zones", zoneName(z), zoneName(*o), zoneName(*o), zoneName(z))
			}
		}
	}
	if len(c.Goods) == 0 {
		return bad("goods: no goods")
	}
	seen := map[string]bool{}
	for i, cp := range c.Captains {
		if cp.ID == "" || seen[cp.ID] {
			return bad("captains[%d]: missing or repeated id %q", i, cp.ID)
		}
		seen[cp.ID] = true
		if !in(Nations, cp.Nation) {
			return bad("captains[%d] (%s): nation %q", i, cp.ID, cp.Nation)
		}
		if z := c.zone(cp.Home); z == nil || z.Port == "" {
			return bad("captains[%d] (%s): home %q is not a zone with a port", i, cp.ID, cp.Home)
		}
		if cp.Seamanship < 1 || cp.Scouting < 1 || cp.Leadership < 1 || cp.Influence < 1 || cp.Seamanship > 6 || cp.Scouting > 6 || cp.Leadership > 6 || cp.Influence > 6 {
			return bad("captains[%d] (%s): every skill is 1 to 6 dice", i, cp.ID)
		}
	}
	if len(c.Captains) < 2 {
		return bad("captains: at least 2 are needed")
	}
	for i, s := range c.Ships {
		if _, priced := shipPrices[s.ID]; !priced && s.ID != ManOWar {
			return bad("ships[%d]: %q is not one of sloop, flute, frigate, galleon, man-o-war", i, s.ID)
		}
		if s.Toughness < 1 || s.Cargo < 0 || s.Crew < 1 || s.Cannons < 0 || s.Maneuverability < 0 ||
			s.Cargo > maxValue || s.Crew > maxValue || s.Cannons > maxValue || s.Toughness > 9 || s.Maneuverability > 9 {
			return bad("ships[%d] (%s): values out of range", i, s.ID)
		}
	}
	if c.shipType(Sloop) == nil || c.shipType(Flute) == nil {
		return bad("ships: the sloop and the flute are needed to start")
	}
	seen = map[string]bool{}
	for i, cc := range c.Cargo {
		if cc.ID == "" || seen[cc.ID] {
			return bad("cargo[%d]: missing or repeated id %q", i, cc.ID)
		}
		seen[cc.ID] = true
		if !in(c.Goods, cc.Good) {
			return bad("cargo[%d] (%s): good %q is not in goods", i, cc.ID, cc.Good)
		}
		if cc.Plunder < 1 || cc.Plunder > 5 || cc.Escapes < 0 || cc.Escapes > 5 || len(cc.Hits) > 5 {
			return bad("cargo[%d] (%s): PLUNDER is 1 to 5, icons 0 to 5", i, cc.ID)
		}
		for _, h := range cc.Hits {
			if !in(combat.Locations, h) {
				return bad("cargo[%d] (%s): hit icon %q is not a location", i, cc.ID, h)
			}
		}
	}
	if len(c.Cargo) < 6 {
		return bad("cargo: at least 6 cargo cards are needed")
	}
	for i, g := range c.DemandTokens {
		if !in(c.Goods, g) {
			return bad("demandTokens[%d]: %q is not in goods", i, g)
		}
	}
	if len(c.DemandTokens) <= ports {
		return bad("demandTokens: %d tokens for %d ports; one per port and a pool are needed", len(c.DemandTokens), ports)
	}
	for i, m := range c.ModTokens {
		if !in(Mods, m) {
			return bad("modTokens[%d]: %q is not one of %v", i, m, Mods)
		}
	}
	for i, n := range c.MerchantTokens {
		if !in(Nations, n) {
			return bad("merchantTokens[%d]: nation %q", i, n)
		}
	}
	for name, cards := range map[string][]Card{"glory": c.Glory, "events": c.Events} {
		seen = map[string]bool{}
		for i, cd := range cards {
			if cd.ID == "" || seen[cd.ID] {
				return bad("%s[%d]: missing or repeated id %q", name, i, cd.ID)
			}
			seen[cd.ID] = true
			if cd.Specialist != "" && (name != "glory" || !in(Specialists, cd.Specialist)) {
				return bad("%s[%d] (%s): specialist %q is not one of %v, on a glory card", name, i, cd.ID, cd.Specialist, Specialists)
			}
			if cd.Timing != "" && (name != "glory" || (cd.Timing != TimingCombat && cd.Timing != TimingAny)) {
				return bad("%s[%d] (%s): timing %q is neither %q nor %q, on a glory card", name, i, cd.ID, cd.Timing, TimingCombat, TimingAny)
			}
		}
	}
	for i, e := range c.Events {
		for _, m := range e.Moves {
			if !in(NPCKinds, m.NPC) || !in(Directions, m.Direction) {
				return bad("events[%d] (%s): a move icon names NPC %q and direction %q", i, e.ID, m.NPC, m.Direction)
			}
		}
		for _, pair := range [][]string{e.War, e.Peace} {
			if len(pair) != 0 && (len(pair) != 2 || pair[0] == pair[1] || !in(Nations, pair[0]) || !in(Nations, pair[1])) {
				return bad("events[%d] (%s): war and peace name two different nations", i, e.ID)
			}
		}
		if n := e.NPC; n != nil {
			if !in(NPCKinds, n.Kind) || c.zone(n.Home) == nil {
				return bad("events[%d] (%s): NPC kind %q or home zone %q unknown", i, e.ID, n.Kind, n.Home)
			}
			if n.Seamanship < 1 || n.Scouting < 1 || n.Leadership < 1 || n.Toughness < 1 || n.Crew < 1 || n.Cannons < 0 || n.Cargo < 0 ||
				n.Seamanship > 6 || n.Scouting > 6 || n.Leadership > 6 || n.Toughness > 9 || n.Crew > 9 || n.Cannons > 9 || n.Cargo > 9 || n.Maneuverability < 0 || n.Maneuverability > 9 {
				return bad("events[%d] (%s): NPC values out of range", i, e.ID)
			}
			if n.Ship != "" && !in([]string{Sloop, Flute, Frigate, Galleon, ManOWar}, n.Ship) {
				return bad("events[%d] (%s): NPC ship %q is not a sloop, flute, frigate, galleon or man-o-war", i, e.ID, n.Ship)
			}
		}
	}
	seen = map[string]bool{}
	for i, m := range c.Missions {
		if m.ID == "" || seen[m.ID] {
			return bad("missions[%d]: missing or repeated id %q", i, m.ID)
		}
		seen[m.ID] = true
		if z := c.zone(m.Zone); z == nil || z.Port == "" || m.Gold < 0 || m.Gold > 100 {
			return bad("missions[%d] (%s): zone %q is not a port, or gold %d is out of range", i, m.ID, m.Zone, m.Gold)
		}
	}
	seen = map[string]bool{}
	for i, r := range c.Rumors {
		if r.ID == "" || seen[r.ID] {
			return bad("rumors[%d]: missing or repeated id %q", i, r.ID)
		}
		seen[r.ID] = true
		if !in(Skills, r.Skill) {
			return bad("rumors[%d] (%s): skill %q is not one of %v", i, r.ID, r.Skill, Skills)
		}
	}
	if len(c.Events) == 0 {
		return bad("events: the event deck is the game's clock; enter its cards")
	}
	return nil
}

// CatalogKinds describes the catalog's entries for the owner's forms.
func (rulesImpl) CatalogKinds() []engine.CatalogKind {
	txt := func(id, label string) engine.CatalogField {
		return engine.CatalogField{ID: id, Label: label, Kind: "text", Required: true}
	}
	num := func(id, label string) engine.CatalogField {
		return engine.CatalogField{ID: id, Label: label, Kind: "number", Required: true}
	}
	nations := []engine.Choice{{Value: Dutch, Label: "Dutch"}, {Value: English, Label: "English"}, {Value: French, Label: "French"}, {Value: Spanish, Label: "Spanish"}}
	// The port abilities by the port that prints them ("" for none).
	abilities := []engine.Choice{{Value: "", Label: "none"}}
	for _, ab := range Abilities {
		abilities = append(abilities, engine.Choice{Value: ab, Label: abilityLabel(ab)})
	}
	return []engine.CatalogKind{
		{ID: "dice", List: "dice", Shape: engine.CatalogOne, Label: "Dice", Help: "the faces of the game's dice and the hit-location numbers printed on the player board",
			Fields: []engine.CatalogField{txt("id", "Dice id"), {ID: "faces", Label: "The six faces", Kind: "list", Required: true},
				txt("success", "The success face"), {ID: "numbers", Label: "Location of each numbered face", Kind: "object"}}},
		{ID: "zone", List: "zones", Label: "Sea zone", Help: "the board: each sea zone, its port and the zones it borders",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "port", Label: "Port", Kind: "text"},
				{ID: "nation", Label: "Port's nation", Kind: "choice", Choices: nations}, {ID: "adjacent", Label: "Bordering zones", Kind: "list", From: "zone"},
				{ID: "ability", Label: "Port ability", Kind: "choice", Choices: abilities}}},
		{ID: "captain", List: "captains", Label: "Captain", Help: "the captain cards",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "nation", Label: "Nation", Kind: "choice", Choices: nations, Required: true},
				{ID: "home", Label: "Home port", Kind: "choice", Required: true, From: "zone"}, num("seamanship", "SEAMANSHIP"), num("scouting", "SCOUTING"), num("leadership", "LEADERSHIP"), num("influence", "INFLUENCE")}},
		{ID: "ship", List: "ships", Label: "Ship card", Help: "the ship cards' values",
			Fields: []engine.CatalogField{txt("id", "Type"), txt("name", "Name"), num("toughness", "TOUGHNESS"), num("cargo", "CARGO"), num("crew", "CREW"), num("cannons", "CANNONS"), num("maneuverability", "MANEUVERABILITY")}},
		{ID: "cargo", List: "cargo", Label: "Cargo card", Help: "every cargo card: good, PLUNDER value and the icons in its corner",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("good", "Good"), num("plunder", "PLUNDER"), {ID: "hits", Label: "Hit icons (locations)", Kind: "list"}, {ID: "escapes", Label: "Escape icons", Kind: "number"}}},
		{ID: "glory", List: "glory", Label: "Glory card", Help: "the name and text of each glory card, and the type of a specialist card",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "text", Label: "Text", Kind: "text"},
				{ID: "specialist", Label: "Specialist type", Kind: "choice", Choices: specialistChoices()},
				{ID: "timing", Label: "When it is played", Kind: "choice", Choices: []engine.Choice{{Value: "", Label: "on your own turn"},
					{Value: TimingCombat, Label: "in a battle"}, {Value: TimingAny, Label: "on any player's turn, when the card says"}}}}},
		{ID: "event", List: "events", Label: "Event card", Help: "the name and text of each event card (its NPC moves, war and peace are kept as imported)",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "text", Label: "Text", Kind: "text"}}},
		{ID: "mission", List: "missions", Label: "Mission card", Help: "each mission card: the port (sea zone) it waits in and the gold it pays",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "text", Label: "Text", Kind: "text"}, {ID: "zone", Label: "Sea zone of its port", Kind: "choice", Required: true, From: "zone"}, {ID: "gold", Label: "Gold", Kind: "number"}}},
		{ID: "rumor", List: "rumors", Label: "Rumor card", Help: "each rumor card: the skill rolled to find it true",
			Fields: []engine.CatalogField{txt("id", "Id"), txt("name", "Name"), {ID: "text", Label: "Text", Kind: "text"},
				{ID: "skill", Label: "Skill rolled", Kind: "choice", Required: true, Choices: []engine.Choice{{Value: "seamanship", Label: "SEAMANSHIP"}, {Value: "scouting", Label: "SCOUTING"}, {Value: "leadership", Label: "LEADERSHIP"}, {Value: "influence", Label: "INFLUENCE"}}}}},
	}
}

// CheckCatalog decodes and checks a whole catalog and returns it canonical.
func (rulesImpl) CheckCatalog(data []byte) (json.RawMessage, error) {
	c, err := ParseCatalog(data)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("merchants: encoding the catalog: %w", err)
	}
	return b, nil
}

// specialistChoices are the specialist types for the glory card form
// ("" for a card that is no specialist).
func specialistChoices() []engine.Choice {
	out := []engine.Choice{{Value: "", Label: "not a specialist"}}
	for _, sp := range Specialists {
		out = append(out, engine.Choice{Value: sp, Label: abilityLabel(sp)})
	}
	return out
}

// abilityLabel is a port ability's port as players write it:
// "st-maarten" is "St Maarten", "basse-terre" is "Basse Terre".
func abilityLabel(ab string) string {
	w := strings.Split(ab, "-")
	for i, x := range w {
		w[i] = strings.ToUpper(x[:1]) + x[1:]
	}
	return strings.Join(w, " ")
}

// spoken is an engine word (a ship modification, a special weapon) as
// players say it in a sentence: "extended-cargo-hold" is "extended cargo
// hold".
func spoken(id string) string { return strings.ReplaceAll(id, "-", " ") }
