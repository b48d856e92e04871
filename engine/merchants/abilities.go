package merchants

import "github.com/quartermaster-table/quartermaster/engine"

// The port abilities of the summary's sea-zone reference (one per named
// port). A zone of the owner's catalog names its port's ability; each acts
// in its own sea zone.
const (
	AbilityBasseTerre    = "basse-terre"
	AbilityBridgetown    = "bridgetown"
	AbilityCaracas       = "caracas"
	AbilityCartagena     = "cartagena"
	AbilityCuracao       = "curacao"
	AbilityHavana        = "havana"
	AbilityNassau        = "nassau"
	AbilityOldProvidence = "old-providence"
	AbilityPetiteGoave   = "petite-goave"
	AbilityPortRoyal     = "port-royal"
	AbilitySanJuan       = "san-juan"
	AbilitySantoDomingo  = "santo-domingo"
	AbilityStJohn        = "st-john"
	AbilityStMaarten     = "st-maarten"
	AbilityTortuga       = "tortuga"
	AbilityTrinidad      = "trinidad"
)

// Abilities lists the port abilities a zone may name.
var Abilities = []string{AbilityBasseTerre, AbilityBridgetown, AbilityCaracas, AbilityCartagena, AbilityCuracao, AbilityHavana,
	AbilityNassau, AbilityOldProvidence, AbilityPetiteGoave, AbilityPortRoyal, AbilitySanJuan, AbilitySantoDomingo,
	AbilityStJohn, AbilityStMaarten, AbilityTortuga, AbilityTrinidad}

const secPorts = "Sea zones and ports"

// ability returns the port ability of a zone ("" for none).
func (c *ctx) ability(zone string) string {
	if z := c.cat.zone(zone); z != nil {
		return z.Ability
	}
	return ""
}

// sellPrice is a card's price when sold here: 3 (Nassau 2), the good in
// demand 6 (Havana 7 for a non-pirate).
func (c *ctx) sellPrice(p *Player, demand bool) int {
	ab := c.ability(p.Zone)
	switch {
	case demand && ab == AbilityHavana && !p.pirate():
		return 7
	case demand:
		return priceDemand
	case ab == AbilityNassau:
		return 2
	}
	return priceGood
}

// buyDrawCount is how many cargo cards are drawn to buy here: 6, Caracas 8,
// St. Maarten 7 (8 for a Dutch captain); 3 in the port bought in last turn.
func (c *ctx) buyDrawCount(p *Player) int {
	if p.LastBuyZone == p.Zone && p.LastBuyRound == c.s.Round-1 {
		return 3
	}
	switch c.ability(p.Zone) {
	case AbilityCaracas:
		return 8
	case AbilityStMaarten:
		if c.cat.captain(p.Captain).Nation == Dutch {
			return 8
		}
		return 7
	}
	return 6
}

// shipPrice is a new ship's price here (Curaçao: frigates and galleons 30).
func (c *ctx) shipPrice(p *Player, t string) int {
	if c.ability(p.Zone) == AbilityCuracao && (t == Frigate || t == Galleon) {
		return 30
	}
	return shipPrices[t][0]
}

// weaponPrice: 3, or 1 in Old Providence for a captain with a Spanish bounty.
func (c *ctx) weaponPrice(p *Player) int {
	if c.ability(p.Zone) == AbilityOldProvidence && p.Bounties[Spanish] > 0 {
		return 1
	}
	return priceWeapon
}

// repairPrice per point: 2; free in Old Providence with a Spanish bounty
// and in Petite Goave for a non-pirate; Petite Goave refuses pirates.
func (c *ctx) repairPrice(p *Player) (int, error) {
	switch c.ability(p.Zone) {
	case AbilityOldProvidence:
		if p.Bounties[Spanish] > 0 {
			return 0, nil
		}
	case AbilityPetiteGoave:
		if p.pirate() {
			return 0, engine.RefuseIn("repair-pirate", secPorts, "Petite Goave's shipyard does not repair pirate ships")
		}
		return 0, nil
	}
	return priceRepair, nil
}

// modPrice: 3, St John 1.
func (c *ctx) modPrice(p *Player) int {
	if c.ability(p.Zone) == AbilityStJohn {
		return 1
	}
	return priceMod
}

// freeRecruit reports whether crew is filled here without a roll or gold
// (Petite Goave for non-pirates, Port Royal for pirates, our reading of
// "at no cost"), or refused (pirates in Petite Goave).
func (c *ctx) freeRecruit(p *Player) (bool, error) {
	switch c.ability(p.Zone) {
	case AbilityPetiteGoave:
		if p.pirate() {
			return false, engine.RefuseIn("recruit-pirate", secPorts, "Petite Goave does not let pirates recruit")
		}
		return true, nil
	case AbilityPortRoyal:
		return p.pirate(), nil
	}
	return false, nil
}

// hiddenFromNPC reports whether a captain in zone is invisible to an NPC of
// kind: Trinidad hides everyone from naval ships; Tortuga hides pirates from
// French naval ships unless they have a French bounty, and French captains
// from NPC pirates.
func (c *ctx) hiddenFromNPC(kind string, p *Player) bool {
	nation := navyNation(kind)
	switch c.ability(p.Zone) {
	case AbilityTrinidad:
		return nation != ""
	case AbilityTortuga:
		if nation == French {
			return p.pirate() && p.Bounties[French] == 0
		}
		return nation == "" && c.cat.captain(p.Captain).Nation == French
	}
	return false
}
