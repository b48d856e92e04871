package deadreckoning

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

func init() {
	registerAction("use-ability", func() engine.Action { return &UseAbility{} })
}

// ability finds an ability of a card in play and checks it can be used now:
// once per turn (p. 11), not a battle ability, not a plain icon.
func (c *ctx) ability(p *Player, r AbilityRef) (*SailorCard, data.Option, string, error) {
	var none data.Option
	if !p.inPlay(r.Card) {
		return nil, none, "", engine.Refuse("not-in-play", 11, "%s is not in play: play it from your hand first", p.nameOf(r.Card))
	}
	card := p.Card(r.Card)
	abs, ok := c.s.cardAbilities(card, r.Source)
	if !ok {
		return nil, none, "", engine.Refuse("no-ability", 13, "%s has no ability there", p.nameOf(r.Card))
	}
	if r.Ability < 0 || r.Ability >= len(abs) {
		return nil, none, "", engine.Refuse("no-ability", 13, "%s has %s there, not %d", p.nameOf(r.Card), count(len(abs), "ability", "abilities"), r.Ability+1)
	}
	ab := abs[r.Ability]
	if ab.Battle {
		return nil, none, "", engine.Refuse("battle-only", 15, "Battle abilities can be used only during a battle")
	}
	if ab.IsIconOnly() {
		return nil, none, "", engine.Refuse("icon-counted", 14, "Sails, cannons and wheels are counted, not used")
	}
	if r.Option < 0 || r.Option >= len(ab.Options) {
		return nil, none, "", engine.Refuse("no-option", 13, "That ability has %d options", len(ab.Options))
	}
	key := abilityKey(p.Seat, r.Card, r.Source, r.Ability)
	if c.s.abilityUsed(key) {
		return nil, none, "", engine.Refuse("ability-once", 11, "Each ability of a card can be used once per turn")
	}
	return card, ab.Options[r.Option], key, nil
}

// Put says where gained cargo and coins go: the Dock tile (cargo), the
// Treasure chest (coins gained "at the Harbor"), the ship's holds, or the
// island where the ship is.
type Put struct {
	Dock   int   `json:"dock,omitempty"`
	Chest  int   `json:"chest,omitempty"`
	Holds  Goods `json:"holds,omitempty"`
	Island Hold  `json:"island,omitempty"`
}

// BuildOrder is one building to construct.
type BuildOrder struct {
	At       Pos    `json:"at"`
	Building string `json:"building"`
}

// TileChoice is the upgrade tile taken and the hull space it goes on.
type TileChoice struct {
	// ID picks the tile from the catalog; NewTile enters it; neither: a tile
	// whose effects are not entered (it still counts for Elite Vessel).
	ID      string        `json:"id,omitempty"`
	NewTile *data.Upgrade `json:"newTile,omitempty"`
	Space   string        `json:"space"`
}

// UseAbility uses one ability of a card in play (p. 11): its parameters
// depend on the effects of the chosen option.
type UseAbility struct {
	engine.ActionHeader
	AbilityRef
	// Put: where gained cargo and coins go.
	Put *Put `json:"put,omitempty"`
	// Pay: where a cost is paid from.
	Pay *Payment `json:"pay,omitempty"`
	// Replace: whose cubes to replace, in order, once the island's slots
	// are full; Reclaim: islands to take your cubes from when you have none.
	Replace []engine.Seat `json:"replace,omitempty"`
	Reclaim []Pos         `json:"reclaim,omitempty"`
	// Partial: influence left over that is too short to replace the next
	// cube named in Replace (a player who has taken their final turn needs
	// two, p. 22) is put towards it; another influence this turn at this
	// island completes the replacement.
	Partial bool `json:"partial,omitempty"`
	// Islands to produce on.
	Islands []Pos `json:"islands,omitempty"`
	// Builds to construct.
	Builds []BuildOrder `json:"builds,omitempty"`
	// Tile to place for an upgrade.
	Tile *TileChoice `json:"tile,omitempty"`
	// Target of an Attack flag.
	Target *engine.Seat `json:"target,omitempty"`
}

func (a *UseAbility) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	card, opt, key, err := c.ability(p, a.AbilityRef)
	if err != nil {
		return err
	}
	c.s.Turn.Used = append(c.s.Turn.Used, key)
	// Gains first, with one placement for the whole option.
	var gain struct{ dock, ship, either, island, coinDock, coinShip, coinIsland int }
	used := map[string]bool{}
	for _, e := range opt.Effects {
		n := c.s.effectAmount(card, e)
		switch e.Kind {
		case data.KindGainCargo:
			switch e.To {
			case "dock":
				gain.dock += n
			case "ship":
				gain.ship += n
			case "either":
				gain.either += n
			case "island":
				gain.island += n
			}
		case data.KindGainCoins:
			switch e.To {
			case "dock", "either":
				gain.coinDock += n
			case "ship":
				gain.coinShip += n
			case "island":
				gain.coinIsland += n
			}
		}
		used[e.Kind] = true
	}
	if used[data.KindGainCargo] || used[data.KindGainCoins] {
		put := a.Put
		if put == nil {
			if gain.ship+gain.coinShip > 0 {
				return engine.Refuse("put-needed", 14, "Say which holds the gained cargo and coins go into")
			}
			put = &Put{Dock: gain.dock + gain.either, Chest: gain.coinDock, Island: Hold{gain.island, gain.coinIsland}}
		}
		if err := c.gain(p, put, gain.dock, gain.ship, gain.either, gain.island, gain.coinDock, gain.coinShip, gain.coinIsland); err != nil {
			return err
		}
	} else if a.Put != nil {
		return engine.Refuse("bad-parameter", 14, "This ability gains nothing to put")
	}
	for _, e := range opt.Effects {
		n := c.s.effectAmount(card, e)
		switch e.Kind {
		case data.KindGainCargo, data.KindGainCoins:
		case data.KindSails:
			return engine.Refuse("sails-when-setting", 8, "Sails are counted when you set sails: choose this option then")
		case data.KindInfluence:
			b := c.s.Board(p.Ship.At)
			if b == nil || b.Island == nil {
				return engine.Refuse("influence-island", 14, "Influence is placed only at the island where your ship is")
			}
			// Influence placed straight after more at this island is
			// checked with it (p. 14): the last check is undone first,
			// so that a Fort it handed back protects nothing yet.
			c.undoInfluenceCheck(a.Seat, b)
			if err := c.islandInteraction(a.Seat, b, e.OverridesForts, true); err != nil {
				return err
			}
			if err := c.placeInfluence(a.Seat, b, n, a.Replace, a.Reclaim, a.Partial); err != nil {
				return err
			}
		case data.KindProduce:
			if err := c.produce(a, n, e); err != nil {
				return err
			}
		case data.KindBuild:
			if err := c.build(p, a, n, e.From); err != nil {
				return err
			}
		case data.KindUpgrade:
			if err := c.upgrade(p, a, e); err != nil {
				return err
			}
		case data.KindRepair:
			if p.Ship.Damage == 0 {
				return engine.Refuse("no-damage", 15, "Your ship has no damage to repair")
			}
			if e.Where == "harbor" && !p.inHarbor() {
				return engine.Refuse("repair-harbor", 27, "This repair works only in the Harbor")
			}
			pay := Payment{}
			if a.Pay != nil {
				pay = *a.Pay
			}
			if err := c.s.pay(p, pay, e.Cost, orEither(e.From), 15); err != nil {
				return err
			}
			p.Ship.Damage = max(0, p.Ship.Damage-max(1, n))
			c.emit(engine.NewEvent("repaired", a.Seat, fmt.Sprintf("%s repairs the ship (damage %d)", p.Name, p.Ship.Damage), map[string]any{"damage": p.Ship.Damage}))
		case data.KindAttack:
			if a.Target == nil {
				return engine.Refuse("attack-target", 15, "Name the opponent's ship to attack")
			}
			c.s.Turn.Used = remove(c.s.Turn.Used, key)
			if err := c.attackShip(p, *a.Target, &a.AbilityRef); err != nil {
				return err
			}
		case data.KindDraw:
			return engine.Refuse("draw-at-cleanup", 14, "Bonus draw is counted during cleanup, not used in the main phase")
		case data.KindEndGame:
			return engine.Refuse("end-game-only", 23, "This ability is scored at the end of the game")
		case data.KindOther:
			c.emit(engine.NewEvent("ability-other", a.Seat, fmt.Sprintf("%s uses an ability the players resolve by hand: %s", p.Name, e.Text), map[string]any{"text": e.Text}))
		default:
			return engine.Refuse("battle-only", 15, "This effect is used only during a battle")
		}
	}
	c.emit(engine.NewEvent("ability-used", a.Seat, fmt.Sprintf("%s uses %s", p.Name, c.abilityName(p, a.AbilityRef)), map[string]any{"ability": a.AbilityRef}))
	return nil
}

func orEither(from string) string {
	if from == "" {
		return "either"
	}
	return from
}

// gain places gained cargo and coins as the player said, within what each
// effect allows (p. 14).
func (c *ctx) gain(p *Player, put *Put, dock, ship, either, island, coinDock, coinShip, coinIsland int) error {
	if put.Dock < 0 || put.Chest < 0 || put.Island.Cargo < 0 || put.Island.Coins < 0 {
		return engine.Refuse("bad-amount", 14, "Amounts cannot be negative")
	}
	if err := checkGoods(put.Holds, "gain"); err != nil {
		return err
	}
	h := goodsTotal(put.Holds)
	switch {
	case put.Island.Cargo != island || put.Island.Coins != coinIsland:
		return engine.Refuse("put-mismatch", 14, "This ability gives %d cargo and %s on the island", island, count(coinIsland, "coin", ""))
	case put.Dock+h.Cargo != dock+ship+either || put.Dock < dock || h.Cargo < ship:
		return engine.Refuse("put-mismatch", 14, "This ability gives %d cargo on the Dock tile, %d on the ship and %d on either", dock, ship, either)
	case put.Chest != coinDock || h.Coins != coinShip:
		return engine.Refuse("put-mismatch", 14, "This ability gives %s to the Treasure chest and %d on the ship", count(coinDock, "coin", ""), coinShip)
	}
	if island+coinIsland > 0 {
		b := c.s.Board(p.Ship.At)
		if b == nil || b.Island == nil {
			return engine.Refuse("gain-island", 14, "Your ship is not at an island")
		}
		b.Island.Cargo += island
		b.Island.Coins += coinIsland
	}
	if err := c.s.putInHolds(p, put.Holds); err != nil {
		return err
	}
	p.Dock += put.Dock
	p.Chest += put.Chest
	c.s.Supply.Cargo -= dock + ship + either + island
	c.s.Supply.Coins -= coinDock + coinShip + coinIsland
	ev := engine.NewEvent("gained", p.Seat, fmt.Sprintf("%s gains %d cargo and %s", p.Name, dock+ship+either+island, count(coinDock+coinShip+coinIsland, "coin", "")),
		map[string]any{"dock": put.Dock, "holds": put.Holds, "island": put.Island, "chestCoins": put.Chest > 0})
	if put.Chest > 0 {
		ev = ev.WithSecret(fmt.Sprintf("%s go into your Treasure chest (now %d)", count(put.Chest, "coin", ""), p.Chest), map[string]any{"chest": p.Chest})
	}
	c.emit(ev)
	return nil
}

// produce makes up to n different islands produce (p. 14). The ship need not
// be there; a pirate-mode ship does not block it; an opponent's Fort or
// Garrison does.
func (c *ctx) produce(a *UseAbility, n int, e data.Effect) error {
	if len(a.Islands) == 0 || len(a.Islands) > n {
		return engine.Refuse("produce-count", 14, "Name 1 to %d different islands to produce on", n)
	}
	seen := map[Pos]bool{}
	for _, at := range a.Islands {
		b := c.s.Board(at)
		if b == nil || b.Island == nil {
			return engine.Refuse("produce-island", 14, "There is no explored island in %s", rowWords(at))
		}
		if seen[at] {
			return engine.Refuse("produce-twice", 29, "Produce on different islands")
		}
		seen[at] = true
		if err := c.islandInteraction(a.Seat, b, e.OverridesForts, false); err != nil {
			return err
		}
		cargo, coins := c.s.production(b, e.BoostCargo, e.BoostCoins)
		b.Island.Cargo += cargo
		b.Island.Coins += coins
		c.s.Supply.Cargo -= cargo
		c.s.Supply.Coins -= coins
		c.emit(engine.NewEvent("produced", a.Seat, fmt.Sprintf("%s produces %d cargo and %s at %s", c.s.Players[a.Seat].Name, cargo, count(coins, "coin", ""), placeName(c.s, at)), map[string]any{"at": at, "cargo": cargo, "coins": coins}))
	}
	return nil
}

// build constructs up to n buildings on islands the player controls (p. 15).
func (c *ctx) build(p *Player, a *UseAbility, n int, from string) error {
	if len(a.Builds) == 0 || len(a.Builds) > n {
		return engine.Refuse("build-count", 27, "Name 1 to %d buildings to construct", n)
	}
	cost := 0
	for _, o := range a.Builds {
		b := c.s.Board(o.At)
		if b == nil || b.Island == nil || b.Island.Controller != p.Seat {
			return engine.Refuse("build-control", 15, "You can build only on an island you control; %s is not one", placeName(c.s, o.At))
		}
		if o.Building != Fort && o.Building != Garrison && o.Building != Outpost {
			return engine.Refuse("build-type", 15, "Choose a building: a Fort, a Garrison or an Outpost")
		}
		if b.Island.Has(o.Building) {
			return engine.Refuse("build-one-each", 15, "%s already has a %s: one of each type per island", placeName(c.s, o.At), capital(o.Building))
		}
		if c.s.buildingsOnTable(o.Building) >= buildingsPerType {
			return engine.Refuse("build-none-left", 3, "All %d %ss are on the table", buildingsPerType, capital(o.Building))
		}
		k, ok := c.s.Catalog.BuildingCost(o.Building)
		if !ok {
			return engine.Refuse("cost-unknown", 27, "The %s's cost has not been entered from the First Mate card yet", o.Building)
		}
		cost += k
		b.Island.Buildings = append(b.Island.Buildings, o.Building)
	}
	pay := Payment{}
	if a.Pay != nil {
		pay = *a.Pay
	}
	if err := c.s.pay(p, pay, cost, orEither(from), 27); err != nil {
		return err
	}
	c.emit(engine.NewEvent("built", p.Seat, fmt.Sprintf("%s builds for %d cargo", p.Name, cost), map[string]any{"builds": a.Builds, "cost": cost}))
	return nil
}

// upgrade pays for and places a ship upgrade tile (p. 15): on a blank hull
// space if there is one, else over an existing space (covered tiles still
// count). A hold with goods in it cannot be covered: unload it first.
func (c *ctx) upgrade(p *Player, a *UseAbility, e data.Effect) error {
	if a.Tile == nil {
		return engine.Refuse("tile-needed", 15, "Say which upgrade tile you take and where it goes")
	}
	tile := Tile{ID: a.Tile.ID, Tier: e.Tier}
	if a.Tile.NewTile != nil {
		if err := a.Tile.NewTile.Check(); err != nil {
			return engine.Refuse("tile", 15, "%s", sentence(err))
		}
		if old, ok := c.s.Catalog.Upgrade(a.Tile.NewTile.ID); ok && old.Name != a.Tile.NewTile.Name {
			return engine.Refuse("tile", 15, "That upgrade tile is already in the catalog, as %s with other values", old.Name)
		}
		c.s.Catalog.Merge(data.Catalog{Upgrades: []data.Upgrade{*a.Tile.NewTile}})
		tile.ID = a.Tile.NewTile.ID
	}
	if tile.ID != "" {
		u, ok := c.s.Catalog.Upgrade(tile.ID)
		if !ok {
			return engine.Refuse("tile", 15, "That upgrade tile is not in the catalog: enter its printed values")
		}
		if u.Tier != e.Tier {
			return engine.Refuse("tile-tier", 15, "This ability gives a %s upgrade; %s is %s", e.Tier, u.Name, u.Tier)
		}
	}
	i, ok := spaceIndex(a.Tile.Space)
	if !ok {
		return engine.Refuse("bad-hold", 15, "Choose a hull space: A, B, C or D")
	}
	blank := -1
	for j := range p.Ship.Spaces {
		if s, cn, h := c.s.spaceIcons(j, &p.Ship.Spaces[j]); len(p.Ship.Spaces[j].Tiles) == 0 && s+cn+h == 0 {
			blank = j
			break
		}
	}
	sp := &p.Ship.Spaces[i]
	if blank >= 0 && (len(sp.Tiles) > 0 || i == 0 || i == 3) {
		return engine.Refuse("upgrade-blank", 15, "Hull space %s is blank: place the tile there first", spaceNames[blank])
	}
	if sp.Hold.Total() > 0 {
		return engine.Refuse("upgrade-hold", 15, "Hold %s has cargo or coins: unload them before covering it", spaceNames[i])
	}
	pay := Payment{}
	if a.Pay != nil {
		pay = *a.Pay
	}
	if err := c.s.pay(p, pay, e.Cost, orEither(e.From), 28); err != nil {
		return err
	}
	sp.Tiles = append(sp.Tiles, tile)
	c.emit(engine.NewEvent("upgraded", p.Seat, fmt.Sprintf("%s places a %s upgrade on hull space %s", p.Name, e.Tier, spaceNames[i]), map[string]any{"tile": tile, "space": spaceNames[i]}))
	return nil
}

// abilityName names the ability used as players see it: the card's printed
// name, and the advancement sleeved into it when the ability is the
// advancement's ("Captain's Test Treasure"), never an id.
func (c *ctx) abilityName(p *Player, ref AbilityRef) string {
	card := p.Card(ref.Card)
	if card == nil {
		return "an ability"
	}
	name := cardName(card)
	if ref.Source == "" || ref.Source == SourceLevel {
		return name
	}
	if sl := card.slot(ref.Source); sl != nil && *sl != nil {
		return name + "'s " + advName(c.s, (*sl).ID)
	}
	return name
}
