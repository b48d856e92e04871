package merchants

import (
	"strings"
	"testing"
)

// withAbility gives Ann's home zone (the Test Anchorage, test data) a port
// ability.
func withAbility(t *testing.T, ability string) *Game {
	t.Helper()
	g := newNPCGame(t, 2)
	g.cat.Zones[0].Ability = ability
	return g
}

func TestHavanaAndNassauPrices(t *testing.T) {
	for _, c := range []struct {
		ability string
		pirate  bool
		cards   []string
		gold    int
	}{
		{AbilityHavana, false, []string{rum1, rum2, rum3}, 10 + 21},
		{AbilityHavana, true, []string{rum1, rum2, rum3}, 10 + 18},
		{AbilityNassau, false, []string{silk1, rum1}, 10 + 2 + 6},
	} {
		g := withAbility(t, c.ability)
		g.st.Zones["tz-anchor"].Demand = "test-rum"
		p := g.st.Players[0]
		p.Cargo = c.cards
		if c.pirate {
			p.Bounties = map[string]int{Dutch: 1}
		}
		inPortAction(t, g)
		do(t, g, `{"type":"sell","seat":0,"cards":`+jsonList(c.cards)+`}`)
		if got := g.st.Players[0].Gold; got != c.gold {
			t.Errorf("%s (pirate %v) selling %v: gold %d, want %d", c.ability, c.pirate, c.cards, got, c.gold)
		}
	}
}

func TestBuyDrawAbilities(t *testing.T) {
	for _, c := range []struct {
		ability, captain string
		drawn            int
	}{
		{AbilityCaracas, "", 8},
		{AbilityStMaarten, "", 8}, // Ann's test captain is Dutch
		{AbilityStMaarten, "test-cap-2", 7},
		{"", "", 6},
	} {
		g := withAbility(t, c.ability)
		if c.captain != "" {
			g.st.Players[0].Captain = c.captain
			g.cat.Captains[1].Home = "tz-anchor"
		}
		g.st.Zones["tz-anchor"].Demand = "test-ink"
		inPortAction(t, g)
		do(t, g, `{"type":"buy-draw","seat":0}`)
		if n := len(g.st.T.BuyDraw); n != c.drawn {
			t.Errorf("%s with %s: %d drawn, want %d", c.ability, g.st.Players[0].Captain, n, c.drawn)
		}
	}
}

func TestShipyardAbilities(t *testing.T) {
	g := withAbility(t, AbilityCuracao)
	g.st.Players[0].Gold = 30
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"ship":"frigate"}`)
	if p := g.st.Players[0]; p.Gold != 5 {
		t.Fatalf("Curaçao: a frigate for 30 less the sloop's 5: gold %d", p.Gold)
	}

	g = withAbility(t, AbilityOldProvidence)
	p := g.st.Players[0]
	p.Bounties = map[string]int{Spanish: 1}
	p.Ship.Hull = 1
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"weapons":["grapeshot"],"repair":{"hull":2}}`)
	if p := g.st.Players[0]; p.Gold != 9 || p.Ship.Hull != 3 {
		t.Fatalf("Old Providence with a Spanish bounty: weapon 1, repairs free: gold %d hull %d", p.Gold, p.Ship.Hull)
	}

	g = withAbility(t, AbilityStJohn)
	g.st.Zones["tz-anchor"].Mod = AdvancedRigs
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"mod":true}`)
	if p := g.st.Players[0]; p.Gold != 9 || (&ctx{cat: g.cat, s: g.st}).maneuverability(p.Ship) != 4 {
		t.Fatalf("St John: the modification costs 1 and rigs add MANEUVERABILITY: gold %d", p.Gold)
	}

	g = withAbility(t, AbilityPetiteGoave)
	g.st.Players[0].Bounties = map[string]int{Dutch: 1}
	g.st.Players[0].Ship.Hull = 2
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"repair":{"hull":1}}`, "repair-pirate")
	refuse(t, g, `{"type":"recruit","seat":0}`, "recruit-pirate")
}

func TestFreeRecruits(t *testing.T) {
	for _, c := range []struct {
		ability string
		pirate  bool
	}{{AbilityPetiteGoave, false}, {AbilityPortRoyal, true}} {
		g := withAbility(t, c.ability)
		p := g.st.Players[0]
		p.Ship.Crew = 0
		if c.pirate {
			p.Bounties = map[string]int{Dutch: 1}
		}
		inPortAction(t, g)
		do(t, g, `{"type":"recruit","seat":0}`)
		if p := g.st.Players[0]; p.Ship.Crew != 2 || p.Gold != 10 || len(g.st.Dice.Open) != 0 {
			t.Errorf("%s: crew filled free without a roll: crew %d gold %d", c.ability, p.Ship.Crew, p.Gold)
		}
	}
}

func TestPortRoyalEntryFee(t *testing.T) {
	g := withAbility(t, AbilityPortRoyal)
	g.cat.Zones[0].Nation = English
	p := g.st.Players[0]
	p.Captain = "test-cap-2" // an English test captain whose home is elsewhere
	p.Bounties = map[string]int{English: 2}
	p.InPort = false
	refuse(t, g, `{"type":"enter-port","seat":0}`, "port-closed")
	do(t, g, `{"type":"enter-port","seat":0,"pay":true}`)
	if p := g.st.Players[0]; !p.InPort || p.Gold != 8 {
		t.Fatalf("Port Royal lets a wanted pirate in for 2 gold: gold %d", p.Gold)
	}
}

func TestStMaartenCourier(t *testing.T) {
	g := withAbility(t, AbilityStMaarten)
	g.st.Players[0].Captain = "test-cap-2"
	inPortAction(t, g)
	do(t, g, `{"type":"stash","seat":0,"amount":5}`)
	if p := g.st.Players[0]; p.Stash != 5 || p.Gold != 0 {
		t.Fatalf("St. Maarten: 5 stashed away from home for a 5-gold fee: stash %d gold %d", p.Stash, p.Gold)
	}
}

func TestSanJuanPlunder(t *testing.T) {
	g := withAbility(t, AbilitySanJuan)
	g.cat.Zones[0].Nation = Spanish
	for i, v := range []int{1, 1, 1} {
		g.cat.Cargo[i] = CargoCard{ID: g.cat.Cargo[i].ID, Good: g.cat.Cargo[i].Good, Plunder: v}
	}
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	roll(t, g, "skull", "1")
	deckTop(g, "test-cargo-01", "test-cargo-02", "test-cargo-03")
	do(t, g, `{"type":"merchant","seat":0,"nation":"spanish","raid":true}`)
	roll(t, g, "1", "1")
	do(t, g, `{"type":"raid","seat":0,"op":"end"}`)
	if p := g.st.Players[0]; p.Gold != 16 {
		t.Fatalf("San Juan: 3 plunder + 3 against a Spanish merchant: gold %d", p.Gold)
	}
}

// Test vector 12: in Trinidad's zone naval ships do not scout; in Tortuga's
// NPC pirates leave French captains alone.
func TestHiddenFromNPCs(t *testing.T) {
	g := withAbility(t, AbilityTrinidad)
	putNPC(g, 1, "tz-anchor")
	g.st.Players[0].Bounties = map[string]int{French: 2}
	do(t, g, `{"type":"leave-port","seat":0}`)
	if g.st.Pending != nil {
		t.Fatal("Trinidad hides captains from naval ships")
	}
	g = withAbility(t, AbilityTortuga)
	putNPC(g, 3, "tz-anchor")
	g.st.Players[0].Captain = "test-cap-3" // a French test captain
	do(t, g, `{"type":"leave-port","seat":0}`)
	if g.st.Pending != nil {
		t.Fatal("in Tortuga NPC pirates never scout French captains")
	}
}

func jsonList(xs []string) string {
	out := "["
	for i, x := range xs {
		if i > 0 {
			out += ","
		}
		out += `"` + x + `"`
	}
	return out + "]"
}

func TestBridgetownEntry(t *testing.T) {
	g := withAbility(t, AbilityBridgetown)
	p := g.st.Players[0]
	p.Ship = (&ctx{cat: g.cat, s: g.st}).newShip(Frigate)
	p.InPort = false
	do(t, g, `{"type":"enter-port","seat":0}`)
	roll(t, g, fails(g.cat.captain("test-cap-1").Seamanship)...)
	if p := g.st.Players[0]; !p.InPort || p.Ship.Hull != 3 {
		t.Fatalf("a frigate failing its SEAMANSHIP roll enters with a hull hit: hull %d", p.Ship.Hull)
	}
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"enter-port","seat":0}`)
	roll(t, g, append([]string{"skull"}, fails(g.cat.captain("test-cap-1").Seamanship-1)...)...)
	if p := g.st.Players[0]; p.Ship.Hull != 3 {
		t.Fatal("a success enters unharmed")
	}
}

func TestNassauAndBasseTerreScouting(t *testing.T) {
	g := withAbility(t, AbilityNassau)
	putNPC(g, 1, "tz-anchor")
	g.st.Players[0].Bounties = map[string]int{French: 1}
	do(t, g, `{"type":"leave-port","seat":0}`)
	roll(t, g, "skull", "1")
	if g.st.Fight != nil || g.st.Pending == nil || !g.st.Pending.Again {
		t.Fatal("Nassau: a naval ship needs a second success")
	}
	roll(t, g, "1", "1")
	if g.st.Fight != nil || g.st.Pending != nil {
		t.Fatal("the second roll failed: not found")
	}

	g = withAbility(t, AbilityBasseTerre)
	putNPC(g, 1, "tz-anchor")
	g.st.Players[0].Bounties = map[string]int{French: 1}
	do(t, g, `{"type":"leave-port","seat":0}`)
	roll(t, g, "1", "1")
	if g.st.Pending == nil || !g.st.Pending.Again {
		t.Fatal("Basse-Terre: the French naval ship rolls again")
	}
	roll(t, g, "skull", "1")
	if g.st.Fight == nil {
		t.Fatal("its second roll finds Ann")
	}
}

func TestSantoDomingoRedraw(t *testing.T) {
	g := withAbility(t, AbilitySantoDomingo)
	g.st.Zones["tz-anchor"].Demand = "test-ink"
	inPortAction(t, g)
	refuse(t, g, `{"type":"buy-redraw","seat":0}`, "no-redraw")
	do(t, g, `{"type":"buy-draw","seat":0}`)
	first := append([]string{}, g.st.T.BuyDraw...)
	do(t, g, `{"type":"buy-redraw","seat":0}`)
	if p := g.st.Players[0]; p.Gold != 9 || len(g.st.T.BuyDraw) != 6 || g.st.T.BuyDraw[0] == first[0] {
		t.Fatalf("1 gold for 6 new cards: gold %d %v", p.Gold, g.st.T.BuyDraw)
	}
	refuse(t, g, `{"type":"buy-redraw","seat":0}`, "no-redraw")
}

// Ports, Port Royal (l. 1715-1719): a pirate with an English bounty may
// enter after a successful INFLUENCE roll instead of paying 2 gold; the
// attempt is the move, and a failure leaves the ship at sea.
func TestPortRoyalEntryByInfluence(t *testing.T) {
	g := withAbility(t, AbilityPortRoyal)
	g.cat.Zones[0].Nation = English
	p := g.st.Players[0]
	p.Captain = "test-cap-2"
	p.Bounties = map[string]int{English: 2}
	p.InPort = false
	evs := do(t, g, `{"type":"enter-port","seat":0,"roll":true}`)
	if len(evs) != 1 || !strings.Contains(evs[0].Text, "Port Royal (Influence)") {
		t.Errorf("the attempt says what the roll is for in the log (it was a blank line): %+v", evs)
	}
	if n := len(g.st.Dice.Open); n != 1 || len(g.st.Dice.Open[0].Dice) != g.cat.captain("test-cap-2").Influence {
		t.Fatalf("an INFLUENCE roll is asked: %d open", n)
	}
	roll(t, g, fails(g.cat.captain("test-cap-2").Influence)...)
	if p := g.st.Players[0]; p.InPort || g.st.T.Actions != 1 {
		t.Fatalf("a failed roll keeps the ship at sea and spends the action: in port %v actions %d", p.InPort, g.st.T.Actions)
	}
	do(t, g, `{"type":"enter-port","seat":0,"roll":true}`)
	roll(t, g, skulls(g.cat.captain("test-cap-2").Influence)...)
	if p := g.st.Players[0]; !p.InPort || p.Gold != 10 {
		t.Fatalf("a successful roll lets the pirate in for nothing: in port %v gold %d", p.InPort, p.Gold)
	}
	refuse(t, g, `{"type":"enter-port","seat":0,"roll":true}`, "in-port")
}

// Ports, St John (l. 1727-1731): a ship bought there may keep the old
// ship's modifications for 1 gold each; nowhere else do they move.
func TestStJohnMovesModificationsToTheNewShip(t *testing.T) {
	g := newNPCGame(t, 2)
	p := g.st.Players[0]
	p.Gold = 40
	p.Ship.Mods, p.Ship.Cargo = []string{CargoHold, Chasers}, 3
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"ship":"frigate","keepMods":["extended-cargo-hold"]}`, "mod-transfer")

	g = withAbility(t, AbilityStJohn)
	p = g.st.Players[0]
	p.Gold = 40
	p.Ship.Mods, p.Ship.Cargo = []string{CargoHold, Chasers}, 3
	for _, zs := range g.st.Zones {
		zs.Mod = ""
	}
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"keepMods":["extended-cargo-hold"]}`, "mod-transfer")
	refuse(t, g, `{"type":"shipyard","seat":0,"ship":"frigate","keepMods":["long-guns"]}`, "mod-transfer")
	do(t, g, `{"type":"shipyard","seat":0,"ship":"frigate","keepMods":["extended-cargo-hold"]}`)
	p = g.st.Players[0]
	// 35 for the frigate, less 5 + 2 for the sloop and its two
	// modifications, plus 1 to move the cargo hold: 29.
	if p.Gold != 11 || p.Ship.Type != Frigate || len(p.Ship.Mods) != 1 || p.Ship.Mods[0] != CargoHold || p.Ship.Cargo != 4 {
		t.Fatalf("the frigate keeps the cargo hold for 1 gold: gold %d ship %+v", p.Gold, p.Ship)
	}
	back := 0
	for _, zs := range g.st.Zones {
		if zs.Mod == Chasers {
			back++
		}
		if zs.Mod == CargoHold {
			back += 10
		}
	}
	if back != 1 {
		t.Fatal("the modification not moved goes back to a port")
	}
}
