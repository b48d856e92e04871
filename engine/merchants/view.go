package merchants

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// View is what one viewer sees. The public view (the tablet) carries
// counts where a player has secrets: the stash, glory cards, cargo goods,
// the cards drawn to buy; a player's own view adds them.
type View struct {
	Rules  string `json:"rules"`
	Viewer int    `json:"viewer"`
	Stage  string `json:"stage"`
	Round  int    `json:"round"`
	First  int    `json:"first"`
	Active int    `json:"active"`
	// Order is this round's turn order (drawn each round with variant 1).
	Order []int `json:"order,omitempty"`
	// Turn is the active player's turn so far.
	Turn TurnView `json:"turn"`
	// Event is the round's event card.
	Event   *Card        `json:"event,omitempty"`
	Zones   []ZoneView   `json:"zones"`
	Players []PlayerView `json:"players"`
	// MerchantTrack counts the raided merchants waiting to sail again.
	MerchantTrack int            `json:"merchantTrack"`
	Decks         map[string]int `json:"decks"`
	Pending       *PendingView   `json:"pending,omitempty"`
	// NPCs are the non-player ships: captain card, zone, whom they hunt.
	NPCs   []NPCView   `json:"npcs,omitempty"`
	Battle *BattleView `json:"battle,omitempty"`
	// Need are the open roll requests: what to roll, for whom.
	Need []dice.Request `json:"need,omitempty"`
	// LastRoll is the latest roll, for the screen to show.
	LastRoll *dice.Roll `json:"lastRoll,omitempty"`
	// Shipyard is what the shipyard of the active player's port offers
	// them, priced (port abilities and the trade-in counted); nil when
	// they are not in a port.
	Shipyard *ShipyardView `json:"shipyard,omitempty"`
	// SellPrices, to the active player in port only, are what each of
	// their cargo cards sells for here (the good in demand, port abilities).
	SellPrices map[string]int `json:"sellPrices,omitempty"`
	// BuyDraw, to the buyer only, are the cards drawn to buy and their prices.
	BuyDraw   []CargoCard    `json:"buyDraw,omitempty"`
	BuyPrices map[string]int `json:"buyPrices,omitempty"`
	// Wars are the nations at war, each pair as "a|b".
	Wars []string `json:"wars,omitempty"`
	// Missions are the missions in play, each at its zone.
	Missions  []Mission `json:"missions,omitempty"`
	Declared  []int     `json:"declared,omitempty"`
	Winners   []int     `json:"winners,omitempty"`
	EndReason string    `json:"endReason,omitempty"`
	// Nations names each nation id ("spanish") as the game prints it
	// ("Spanish"), for a screen to show bounties, ports, captains and
	// merchants in players' words.
	Nations map[string]string `json:"nations"`
	// StartShips names the ships a captain starts in (sloop, flute) as the
	// owner's catalog does ("Test Sloop"), for the first-ship and new
	// captain buttons (they showed the type id).
	StartShips map[string]string `json:"startShips,omitempty"`
	// Locations and Dice tell a screen how to draw hit locations and faces.
	Locations []string   `json:"locations"`
	Dice      DiceLayout `json:"dice"`
}

// TurnView is the turn's progress.
type TurnView struct {
	ActionsLeft int      `json:"actionsLeft"`
	PortUsed    bool     `json:"portUsed"`
	PortOpen    bool     `json:"portOpen"`
	Activities  []string `json:"activities,omitempty"`
	Scouted     []string `json:"scouted,omitempty"`
}

// ZoneView is one sea zone as everyone sees it.
type ZoneView struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Port     string   `json:"port,omitempty"`
	Nation   string   `json:"nation,omitempty"`
	Adjacent []string `json:"adjacent"`
	Demand   string   `json:"demand,omitempty"`
	// Ability names the port's ability (printed on the board), "" none.
	Ability string `json:"ability,omitempty"`
	// Mod is the port's ship modification: its type once revealed,
	// "facedown", or "" when the port has none.
	Mod string `json:"mod,omitempty"`
	// Merchant: a merchant token lies here (its nation is hidden).
	Merchant bool `json:"merchant"`
	// AtSea and InPort list the seats of the ships here.
	AtSea  []int `json:"atSea,omitempty"`
	InPort []int `json:"inPort,omitempty"`
}

// PlayerView is one player as the viewer may see them.
type PlayerView struct {
	Seat     int            `json:"seat"`
	Name     string         `json:"name"`
	Colour   string         `json:"colour"`
	Captain  *Captain       `json:"captain,omitempty"`
	Ship     *ShipView      `json:"ship,omitempty"`
	Zone     string         `json:"zone,omitempty"`
	InPort   bool           `json:"inPort"`
	Gold     int            `json:"gold"`
	Glory    int            `json:"glory"`
	Bounties map[string]int `json:"bounties,omitempty"`
	Pirate   bool           `json:"pirate"`
	Weapons  []string       `json:"weapons,omitempty"`
	// Specialists are the employed specialist cards (faceup).
	Specialists []Card   `json:"specialists,omitempty"`
	CargoCount  int      `json:"cargoCount"`
	GloryCount  int      `json:"gloryCardCount"`
	HasStashed  bool     `json:"hasStashed"`
	Mission     *Mission `json:"mission,omitempty"`
	HasRumor    bool     `json:"hasRumor"`
	// Rumor is secret: the player's own view only.
	Rumor       *Rumor `json:"rumor,omitempty"`
	NeedCaptain bool   `json:"needCaptain,omitempty"`
	// Secrets, for the player themselves (and everyone once revealed).
	Stash      *int        `json:"stash,omitempty"`
	Total      *int        `json:"total,omitempty"`
	Cargo      []CargoCard `json:"cargo,omitempty"`
	GloryCards []Card      `json:"gloryCards,omitempty"`
}

// ShipView is a ship's current and full values.
type ShipView struct {
	Type            string         `json:"type"`
	Name            string         `json:"name"`
	Locations       map[string]int `json:"locations"`
	Max             map[string]int `json:"max"`
	Maneuverability int            `json:"maneuverability"`
	Mods            []string       `json:"mods,omitempty"`
}

// PendingView is the step the game waits for.
type PendingView struct {
	Kind string `json:"kind"`
	// What is the step in players' words ("the scouting roll").
	What string `json:"what"`
	Seat int    `json:"seat"`
	NPC  string `json:"npc,omitempty"`
	// Ship: the type of the beaten ship a claim-ship step offers;
	// ShipName its name in the owner's catalog ("Test Sloop"), which the
	// screens show (they showed the type id); Specialists, the beaten
	// player's specialists offered with it.
	Ship        string `json:"ship,omitempty"`
	ShipName    string `json:"shipName,omitempty"`
	Specialists []Card `json:"specialists,omitempty"`
	// Offer is the beaten ship as it would be claimed, with the damage it
	// took (public): its cargo location is the hold a claim sails on with,
	// the capacity the dashboard counts claim-ship's keep against.
	Offer *ShipView `json:"offer,omitempty"`
	// Cargo, to the winner only, are the beaten player's cargo cards
	// their hold could not take (claim-ship's keep may choose them).
	Cargo []CargoCard `json:"cargo,omitempty"`
	// Merchant: the found merchant's nation and the zone's.
	Token      string `json:"token,omitempty"`
	ZoneNation string `json:"zoneNation,omitempty"`
	// Spanish: the merchant was found off Cartagena without a roll, so it
	// can only be raided as a Spanish merchant.
	Spanish bool `json:"spanish,omitempty"`
	// Raid: the cards on the table (faceup) and the successes left.
	Raid      []CargoCard `json:"raid,omitempty"`
	Successes int         `json:"successes,omitempty"`
	Failed    int         `json:"failed,omitempty"`
	// Rumors, to the player keeping one of two rumors only, are the two.
	Rumors []Rumor `json:"rumors,omitempty"`
}

// ShipyardView is a shipyard's offer to the active player.
type ShipyardView struct {
	// Ships are the ships for sale, each at its price less the trade-in.
	Ships []ShipOffer `json:"ships"`
	// TradeIn is what the shipyard pays for the player's ship.
	TradeIn int `json:"tradeIn"`
	// Mod is the port's modification once revealed ("facedown" before
	// the port action, "" when sold out); ModPrice its price.
	Mod      string `json:"mod,omitempty"`
	ModPrice int    `json:"modPrice"`
	// WeaponPrice is the price of one special weapon token.
	WeaponPrice int `json:"weaponPrice"`
	// WeaponSale is what the shipyard pays for a special weapon token sold
	// back; ModTransfer what moving a modification to a ship bought here
	// costs, 0 where modifications do not move (only St John moves them).
	WeaponSale  int `json:"weaponSale"`
	ModTransfer int `json:"modTransfer"`
	// RepairPrice is the price of one point of repair; RepairRefused,
	// when set, says why this shipyard repairs nothing for this player.
	RepairPrice   int    `json:"repairPrice"`
	RepairRefused string `json:"repairRefused,omitempty"`
}

// ShipOffer is one ship for sale.
type ShipOffer struct {
	Type string `json:"type"`
	Name string `json:"name"`
	// Price is the ship's price less the trade-in (negative: the player
	// is paid).
	Price int `json:"price"`
}

// BattleView is the battle in progress.
type BattleView struct {
	Seats [2]int `json:"seats"`
	NPC   string `json:"npc,omitempty"`
	// Controller is the seat steering the NPC.
	Controller int `json:"controller,omitempty"`
	// Now is where the battle stands, in players' words.
	Now    string         `json:"now"`
	Battle *combat.Battle `json:"battle"`
	Need   []combat.Need  `json:"need"`
}

// View returns what v may see.
func (g *Game) View(v engine.Viewer) any {
	s, cat := g.st, g.cat
	out := View{Rules: Name, Viewer: int(v.Seat), Stage: s.Stage, Round: s.Round, First: s.First, Active: s.Active, Order: s.Order, Wars: s.Wars,
		MerchantTrack: len(s.MerchantTrack), Declared: s.Declared, Winners: s.Winners, EndReason: s.EndReason,
		Locations: combat.Locations, Dice: cat.Dice, Nations: nationWords(),
		Decks: map[string]int{"cargo": len(s.CargoDeck), "cargoDiscard": len(s.CargoDiscard), "glory": len(s.GloryDeck),
			"events": len(s.EventDeck), "captains": len(s.CaptainDeck), "missions": len(s.MissionDeck), "rumors": len(s.RumorDeck)},
		Turn: TurnView{ActionsLeft: 3 - s.T.Actions, PortUsed: s.T.PortUsed, PortOpen: s.T.PortOpen, Activities: s.T.Activities, Scouted: s.T.Scouted}}
	if s.Event != "" {
		out.Event = findCard(cat.Events, s.Event)
	}
	for _, id := range []string{Sloop, Flute} {
		if st := cat.shipType(id); st != nil {
			if out.StartShips == nil {
				out.StartShips = map[string]string{}
			}
			out.StartShips[id] = st.Name
		}
	}
	for _, z := range cat.Zones {
		zs := s.Zones[z.ID]
		zv := ZoneView{ID: z.ID, Name: z.Name, Port: z.Port, Nation: z.Nation, Adjacent: z.Adjacent, Demand: zs.Demand, Ability: z.Ability, Merchant: zs.Merchant != ""}
		switch {
		case zs.Mod != "" && zs.ModRevealed:
			zv.Mod = zs.Mod
		case zs.Mod != "":
			zv.Mod = "facedown"
		}
		for i, p := range s.Players {
			if p.Ship == nil || p.Zone != z.ID || (s.Stage == StageSetup && !v.CanSee(engine.Seat(i))) {
				continue
			}
			if p.InPort {
				zv.InPort = append(zv.InPort, i)
			} else {
				zv.AtSea = append(zv.AtSea, i)
			}
		}
		out.Zones = append(out.Zones, zv)
	}
	for i, p := range s.Players {
		mine := v.CanSee(engine.Seat(i))
		revealed := s.Stage == StageOver || containsInt(s.Declared, i)
		pv := PlayerView{Seat: i, Name: p.Name, Colour: p.Colour, Zone: p.Zone, InPort: p.InPort, Gold: p.Gold, Glory: p.Glory,
			Bounties: p.Bounties, Pirate: p.pirate(), Weapons: p.Weapons, CargoCount: len(p.Cargo), GloryCount: len(p.GloryCards),
			HasStashed: p.Stashed, NeedCaptain: p.NeedCaptain, HasRumor: p.Rumor != ""}
		if p.Mission != "" {
			pv.Mission = cat.mission(p.Mission)
		}
		for _, id := range p.Specialists {
			pv.Specialists = append(pv.Specialists, *findCard(cat.Glory, id))
		}
		if s.Stage != StageSetup || mine {
			if p.Captain != "" && !p.NeedCaptain {
				cp := *cat.captain(p.Captain)
				pv.Captain = &cp
			}
			if p.Ship != nil {
				pv.Ship = g.shipView(p.Ship)
			}
		}
		if s.Stage == StageSetup && !mine {
			pv.Zone = ""
		}
		if mine || revealed {
			stash, total := p.Stash, p.total()
			pv.Stash, pv.Total = &stash, &total
		}
		if mine {
			for _, id := range p.Cargo {
				pv.Cargo = append(pv.Cargo, *cat.cargo(id))
			}
			for _, id := range p.GloryCards {
				pv.GloryCards = append(pv.GloryCards, *findCard(cat.Glory, id))
			}
			if p.Rumor != "" {
				pv.Rumor = cat.rumor(p.Rumor)
			}
		}
		out.Players = append(out.Players, pv)
	}
	if pd := s.Pending; pd != nil {
		pv := &PendingView{Kind: pd.Kind, What: pendingWords(pd.Kind), Seat: pd.Seat, NPC: pd.NPC}
		if pd.Kind == "merchant" {
			// The found merchant's nation is shown to all; a second rumor
			// waiting to be kept (also in Token) is not.
			pv.Token, pv.ZoneNation, pv.Spanish = pd.Token, pd.ZoneNation, pd.Spanish
		}
		if pd.Kind == "claim-ship" && pd.Ship != nil {
			pv.Ship, pv.ShipName = pd.Ship.Type, cat.shipName(pd.Ship.Type)
			if g.cat.shipType(pd.Ship.Type) != nil {
				pv.Offer = g.shipView(pd.Ship)
			}
			for _, id := range pd.Specialists {
				pv.Specialists = append(pv.Specialists, *findCard(cat.Glory, id))
			}
			if v.CanSee(engine.Seat(pd.Seat)) {
				for _, id := range pd.Cargo {
					pv.Cargo = append(pv.Cargo, *cat.cargo(id))
				}
			}
		}
		if pd.Kind == "rumor-keep" && v.CanSee(engine.Seat(pd.Seat)) {
			p := s.Players[pd.Seat]
			pv.Rumors = []Rumor{*cat.rumor(p.Rumor), *cat.rumor(pd.Token)}
		}
		if pd.Raid != nil {
			for _, id := range pd.Raid.Cards {
				pv.Raid = append(pv.Raid, *cat.cargo(id))
			}
			pv.Successes, pv.Failed = pd.Raid.Successes, pd.Raid.Failed
		}
		out.Pending = pv
	}
	out.NPCs = g.npcViews()
	for _, id := range s.Missions {
		out.Missions = append(out.Missions, *cat.mission(id))
	}
	if f := s.Fight; f != nil {
		out.Battle = &BattleView{Seats: f.Seats, NPC: f.NPC, Controller: f.Controller, Now: f.Battle.Now(), Battle: f.Battle.Clone(), Need: f.Battle.Need()}
	}
	out.Need = append(out.Need, s.Dice.Open...)
	if r, ok := s.Dice.Last(); ok {
		out.LastRoll = &r
	}
	if p := s.player(s.Active); s.Stage == StagePlay && p != nil && p.InPort && p.Ship != nil {
		out.Shipyard = g.shipyardView(p)
		if v.CanSee(engine.Seat(s.Active)) && len(p.Cargo) > 0 {
			c := &ctx{cat: cat, s: s}
			out.SellPrices = map[string]int{}
			for _, id := range p.Cargo {
				out.SellPrices[id] = c.sellPrice(p, cat.cargo(id).Good == s.Zones[p.Zone].Demand)
			}
		}
	}
	if v.CanSee(engine.Seat(s.Active)) && s.T.BuyDraw != nil {
		for _, id := range s.T.BuyDraw {
			out.BuyDraw = append(out.BuyDraw, *cat.cargo(id))
		}
		c := &ctx{cat: cat, s: s}
		out.BuyPrices = c.buyPrices(s.T.BuyDraw)
	}
	return out
}

// shipyardView prices the shipyard of p's port for p.
func (g *Game) shipyardView(p *Player) *ShipyardView {
	c := &ctx{cat: g.cat, s: g.st}
	sv := &ShipyardView{TradeIn: c.salePrice(p.Ship), ModPrice: c.modPrice(p), WeaponPrice: c.weaponPrice(p), WeaponSale: priceWeaponSale}
	if c.ability(p.Zone) == AbilityStJohn {
		sv.ModTransfer = priceModTransfer
	}
	if p.Ship.Type != ManOWar {
		for _, st := range g.cat.Ships {
			if _, ok := shipPrices[st.ID]; ok && st.ID != p.Ship.Type {
				sv.Ships = append(sv.Ships, ShipOffer{Type: st.ID, Name: st.Name, Price: c.shipPrice(p, st.ID) - sv.TradeIn})
			}
		}
	}
	if zs := g.st.Zones[p.Zone]; zs != nil && zs.Mod != "" {
		sv.Mod = "facedown"
		if zs.ModRevealed {
			sv.Mod = zs.Mod
		}
	}
	if rp, err := c.repairPrice(p); err != nil {
		if re, ok := engine.AsRuleError(err); ok {
			sv.RepairRefused = re.Detail
		}
	} else {
		sv.RepairPrice = rp
	}
	return sv
}

func (g *Game) shipView(sh *Ship) *ShipView {
	c := &ctx{cat: g.cat, s: g.st}
	sv := &ShipView{Type: sh.Type, Name: g.cat.shipType(sh.Type).Name, Locations: map[string]int{}, Max: map[string]int{},
		Maneuverability: c.maneuverability(sh), Mods: sh.Mods}
	for _, l := range combat.Locations {
		sv.Locations[l] = *sh.loc(l)
		sv.Max[l] = c.maxOf(sh, l)
	}
	return sv
}

// WaitingFor lists the dice the game waits for, for the camera and the
// dashboard (engine.Waiting).
func (g *Game) WaitingFor() []engine.Expect { return g.st.Dice.Expects() }
