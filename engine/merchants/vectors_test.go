package merchants

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Test cargo cards by good (made-up test data): card i (1-based) carries
// good i%6 in the order rum, silk, salt, tea, wax, ink.
const (
	rum1, rum2, rum3 = "test-cargo-01", "test-cargo-07", "test-cargo-13"
	silk1, silk2     = "test-cargo-02", "test-cargo-08"
	salt1, tea1      = "test-cargo-03", "test-cargo-04"
	wax1, ink1       = "test-cargo-05", "test-cargo-06"
)

// inPortAction puts Ann (seat 0) in her home port's port action.
func inPortAction(t *testing.T, g *Game) *Player {
	t.Helper()
	do(t, g, `{"type":"port","seat":0}`)
	return g.st.Players[0]
}

// deckTop puts cards on top of the cargo deck, in order.
func deckTop(g *Game, ids ...string) {
	rest := []string{}
	for _, id := range g.st.CargoDeck {
		if !in(ids, id) {
			rest = append(rest, id)
		}
	}
	for _, p := range g.st.Players {
		for _, id := range ids {
			p.Cargo = remove(p.Cargo, id)
		}
	}
	g.st.CargoDiscard = nil
	g.st.CargoDeck = append(append([]string{}, ids...), rest...)
}

// Test vector 1: selling.
func TestSellPrices(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-rum"
	p := g.st.Players[0]
	p.Cargo = []string{silk1, salt1}
	inPortAction(t, g)
	do(t, g, `{"type":"sell","seat":0,"cards":["`+silk1+`","`+salt1+`"]}`)
	if p := g.st.Players[0]; p.Gold != 16 || len(p.Cargo) != 0 {
		t.Fatalf("2 cards not in demand sell for 6: gold %d", p.Gold)
	}

	g = newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-rum"
	g.st.Players[0].Cargo = []string{rum1, rum2, silk1}
	pool := len(g.st.DemandPool)
	inPortAction(t, g)
	evs := do(t, g, `{"type":"sell","seat":0,"cards":["`+rum1+`","`+rum2+`"]}`)
	if p := g.st.Players[0]; p.Gold != 22 || p.Glory != 0 {
		t.Fatalf("2 cards in demand sell for 12: gold %d glory %d", p.Gold, p.Glory)
	}
	if !hasEvent(evs, "demand-changed") || len(g.st.DemandPool) != pool || !in(g.st.DemandPool, "test-rum") {
		t.Fatal("selling the good in demand replaces the demand token from the pool")
	}
	// Sell goods (l. 196-199): once the demand token is replaced no more
	// goods are sold that turn; the refusal names that rule.
	refuse(t, g, `{"type":"sell","seat":0,"cards":["`+silk1+`"]}`, "sold-after-demand")

	g = newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-rum"
	g.st.Players[0].Cargo = []string{rum1, rum2, rum3}
	inPortAction(t, g)
	do(t, g, `{"type":"sell","seat":0,"cards":["`+rum1+`","`+rum2+`","`+rum3+`"]}`)
	if p := g.st.Players[0]; p.Gold != 28 || p.Glory != 1 || len(p.GloryCards) != 2 {
		t.Fatalf("3 in demand: 18 gold, a glory point and a glory card; got gold %d glory %d cards %d", p.Gold, p.Glory, len(p.GloryCards))
	}
}

func TestSellMustComeFirst(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Players[0].Cargo = []string{silk1}
	refuse(t, g, `{"type":"sell","seat":0,"cards":["`+silk1+`"]}`, "no-port-action")
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"weapons":["chain-shot"]}`)
	refuse(t, g, `{"type":"sell","seat":0,"cards":["`+silk1+`"]}`, "sell-not-first")
	refuse(t, g, `{"type":"shipyard","seat":0,"weapons":["grapeshot"]}`, "activity-done")
	refuse(t, g, `{"type":"port","seat":0}`, "port-used")
}

// Test vector 2: buying.
func TestBuyPrices(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-ink"
	g.st.Players[0].Ship = (&ctx{cat: g.cat, s: g.st}).newShip(Flute)
	g.st.Players[0].Gold = 20
	deckTop(g, rum1, rum2, silk1, salt1, tea1, wax1)
	inPortAction(t, g)
	do(t, g, `{"type":"buy-draw","seat":0}`)
	want := map[string]int{rum1: 2, rum2: 2, silk1: 3, salt1: 3, tea1: 3, wax1: 3}
	prices := (&ctx{cat: g.cat, s: g.st}).buyPrices(g.st.T.BuyDraw)
	for id, p := range want {
		if prices[id] != p {
			t.Errorf("%s costs %d, want %d", id, prices[id], p)
		}
	}
	refuse(t, g, `{"type":"shipyard","seat":0}`, "activity-open")
	refuse(t, g, `{"type":"buy","seat":0,"cards":["`+rum1+`","`+rum2+`","`+silk1+`","`+salt1+`","`+tea1+`"]}`, "cargo-full")
	refuse(t, g, `{"type":"buy","seat":0,"cards":["`+rum1+`","`+rum1+`"]}`, "not-drawn")
	do(t, g, `{"type":"buy","seat":0,"cards":["`+rum1+`","`+rum2+`","`+silk1+`"]}`)
	if p := g.st.Players[0]; p.Gold != 13 || len(p.Cargo) != 3 || len(g.st.CargoDiscard) != 3 {
		t.Fatalf("2+2+3 = 7 gold: gold %d cargo %d discard %d", p.Gold, len(p.Cargo), len(g.st.CargoDiscard))
	}
	refuse(t, g, `{"type":"buy-draw","seat":0}`, "activity-done")

	g = newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-ink"
	deckTop(g, rum1, rum2, rum3, silk1, salt1, tea1)
	inPortAction(t, g)
	do(t, g, `{"type":"buy-draw","seat":0}`)
	do(t, g, `{"type":"buy","seat":0,"cards":["`+rum1+`","`+rum3+`"]}`)
	if p := g.st.Players[0]; p.Gold != 8 {
		t.Fatalf("three of a good cost 1 each: gold %d, want 8", p.Gold)
	}
}

func TestBuyRedrawsDemandAndDrawsThreeInTheSamePort(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Demand = "test-ink"
	deckTop(g, ink1, rum1, silk1, salt1, tea1, wax1, rum2, silk2)
	inPortAction(t, g)
	evs := do(t, g, `{"type":"buy-draw","seat":0}`)
	if in(g.st.T.BuyDraw, ink1) || len(g.st.T.BuyDraw) != 6 || !in(g.st.CargoDiscard, ink1) {
		t.Fatalf("the card in demand is discarded and replaced: %v", g.st.T.BuyDraw)
	}
	pub, _ := json.Marshal(engine.EventsFor(evs, engine.Public))
	if strings.Contains(string(pub), rum1) {
		t.Fatal("the cards drawn to buy reach the public log")
	}
	mine, _ := json.Marshal(engine.EventsFor(evs, engine.PlayerViewer(0)))
	if !strings.Contains(string(mine), rum1) {
		t.Fatal("the buyer does not see the cards drawn")
	}
	refuse(t, g, `{"type":"end-turn","seat":0}`, "activity-open")
	do(t, g, `{"type":"buy","seat":0,"cards":["`+rum1+`"]}`)
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	inPortAction(t, g)
	do(t, g, `{"type":"buy-draw","seat":0}`)
	if len(g.st.T.BuyDraw) != 3 {
		t.Fatalf("buying in the same port two turns in a row draws 3, got %d", len(g.st.T.BuyDraw))
	}
}

// Test vectors 3 and 4: the shipyard.
func TestShipyard(t *testing.T) {
	g := newTestGame(t, 2)
	p := g.st.Players[0]
	p.Ship.Mods = []string{AdvancedRigs}
	p.Ship.Hull, p.Ship.Crew = 1, 1
	p.Gold = 40
	if price := (&ctx{cat: g.cat, s: g.st}).salePrice(p.Ship); price != 4 {
		t.Fatalf("a sloop with 1 modification and 2 hull damage (crew damage ignored) sells for 4, got %d", price)
	}
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"ship":"man-o-war"}`, "man-o-war")
	do(t, g, `{"type":"shipyard","seat":0,"ship":"frigate"}`)
	p = g.st.Players[0]
	if p.Gold != 9 || p.Ship.Type != Frigate || p.Glory != 1 || p.Ship.Crew != 1 || len(p.Ship.Mods) != 0 {
		t.Fatalf("35 - 4 = 31 gold, a glory point, the crew moves over: %+v gold %d glory %d", p.Ship, p.Gold, p.Glory)
	}
	returned := 0
	for _, zs := range g.st.Zones {
		if zs.Mod == AdvancedRigs {
			returned++
		}
	}
	if returned != 1 {
		t.Fatalf("the sold ship's modification goes back to a port: %d found", returned)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	g.st.Players[0].Gold = 40
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"ship":"frigate"}`)
	if p := g.st.Players[0]; p.Glory != 1 || p.Gold != 15 {
		t.Fatalf("a second frigate: 35 - 10 = 25 gold and no glory point; gold %d glory %d", p.Gold, p.Glory)
	}
}

func TestRepairsWeaponsAndMods(t *testing.T) {
	g := newTestGame(t, 2)
	p := g.st.Players[0]
	p.Ship.Hull, p.Ship.Masts = 1, 2
	g.st.Zones["tz-anchor"].Mod = CannonPort
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"repair":{"crew":1}}`, "repair-crew")
	refuse(t, g, `{"type":"shipyard","seat":0,"repair":{"hull":3}}`, "repair-too-much")
	refuse(t, g, `{"type":"shipyard","seat":0,"weapons":["chain-shot","chain-shot"]}`, "weapon-owned")
	refuse(t, g, `{"type":"shipyard","seat":0,"repair":{"hull":2,"masts":1},"weapons":["chain-shot"],"mod":true}`, "not-enough-gold")
	do(t, g, `{"type":"shipyard","seat":0,"repair":{"hull":2,"masts":1},"weapons":["chain-shot"]}`)
	p = g.st.Players[0]
	if p.Gold != 1 || p.Ship.Hull != 3 || p.Ship.Masts != 3 || !in(p.Weapons, ChainShot) {
		t.Fatalf("3 points of repair = 6 gold, a weapon 3: gold %d ship %+v", p.Gold, p.Ship)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	g.st.Players[0].Gold = 10
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"weapons":["chain-shot"]}`, "weapon-owned")
	do(t, g, `{"type":"shipyard","seat":0,"mod":true}`)
	p = g.st.Players[0]
	if p.Gold != 7 || p.Ship.Cannons != 3 || g.st.Zones["tz-anchor"].Mod != "" {
		t.Fatalf("the extra cannon port costs 3 and raises CANNONS: gold %d cannons %d", p.Gold, p.Ship.Cannons)
	}
}

// Test vector 5: the stash.
func TestStash(t *testing.T) {
	g := newTestGame(t, 2)
	p := g.st.Players[0]
	p.Gold = 97
	inPortAction(t, g)
	refuse(t, g, `{"type":"stash","seat":0,"amount":98}`, "stash-amount")
	evs := do(t, g, `{"type":"stash","seat":0,"amount":37}`)
	if p := g.st.Players[0]; p.Stash != 37 || p.total() != 3 || p.Gold != 60 {
		t.Fatalf("37 gold stashed = 3 points: stash %d total %d", p.Stash, p.total())
	}
	pub, _ := json.Marshal(engine.EventsFor(evs, engine.Public))
	view, _ := json.Marshal(g.View(engine.PlayerViewer(1)))
	if strings.Contains(string(pub), "37") || strings.Contains(string(view), `"stash":37`) {
		t.Fatal("the stashed amount reaches another viewer")
	}
	own, _ := json.Marshal(g.View(engine.PlayerViewer(0)))
	if !strings.Contains(string(own), `"stash":37`) {
		t.Fatal("the player does not see their own stash")
	}
	if stashPoints(60) != 5 || stashPoints(100) != 5 {
		t.Fatal("the stash is worth at most 5 points")
	}
	// Variant 3: 45 gold = 10+15+20 = 3 points; 100 = all 5.
	for stash, want := range map[int]int{9: 0, 10: 1, 24: 1, 25: 2, 45: 3, 99: 4, 100: 5, 500: 5} {
		if got := escalatingStashPoints(stash); got != want {
			t.Errorf("variant 3: %d gold stashed is %d points, want %d", stash, got, want)
		}
	}
	refuse(t, g, `{"type":"stash","seat":0,"amount":10}`, "activity-done")
}

func TestStashOnlyAtHome(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Players[0].Zone = "tz-brig"
	inPortAction(t, g)
	refuse(t, g, `{"type":"stash","seat":0,"amount":5}`, "stash-home")
}

func TestMovesAndPortEntry(t *testing.T) {
	g := newTestGame(t, 2)
	refuse(t, g, `{"type":"move","seat":1,"to":"tz-open"}`, engine.CodeNotYourTurn)
	refuse(t, g, `{"type":"move","seat":0,"to":"tz-open"}`, "in-port")
	do(t, g, `{"type":"leave-port","seat":0}`)
	refuse(t, g, `{"type":"move","seat":0,"to":"tz-dune"}`, "not-adjacent")
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	refuse(t, g, `{"type":"enter-port","seat":0}`, "no-port")
	do(t, g, `{"type":"move","seat":0,"to":"tz-brig"}`)
	refuse(t, g, `{"type":"enter-port","seat":0}`, "no-actions")

	g = newTestGame(t, 2)
	g.st.Players[0].Bounties = map[string]int{Spanish: 1, Dutch: 2}
	g.st.Players[0].Zone, g.st.Players[0].InPort = "tz-brig", false
	refuse(t, g, `{"type":"enter-port","seat":0}`, "port-closed")
	g.st.Players[0].Zone = "tz-anchor"
	do(t, g, `{"type":"enter-port","seat":0}`)
	// Ann's home port lets her in despite her Dutch bounties.
	g.st.Players[0].Zone, g.st.Players[0].InPort = "tz-dune", false
	refuse(t, g, `{"type":"enter-port","seat":0}`, "port-closed")
}

// Test vector 7: a raid is a pure function of the cards and the ship.
func TestResolveRaid(t *testing.T) {
	sh := Ship{Type: Sloop, Hull: 3, Cargo: 2, Masts: 3, Crew: 2, Cannons: 2}
	card := func(plunder, escapes int, hits ...string) CargoCard {
		return CargoCard{ID: "test", Good: "test-rum", Plunder: plunder, Escapes: escapes, Hits: hits}
	}
	out, res := ResolveRaid([]CargoCard{card(2, 1, "crew"), card(3, 1), card(1, 0)}, sh, 2)
	if !res.Escaped || res.Success || out.Crew != 1 || res.Plunder != 0 {
		t.Fatalf("2 escape icons vs MANEUVERABILITY 2: escaped, hits still applied: %+v %+v", res, out)
	}
	out, res = ResolveRaid([]CargoCard{card(2, 0, "cargo", "cargo"), card(3, 0, "cargo"), card(1, 0)}, sh, 2)
	if !res.Failed || res.Success || out.Cargo != 0 || out.Hull != 2 || res.Hits["hull"] != 1 {
		t.Fatalf("a destroyed cargo fails the raid and the next cargo hit goes to the hull: %+v %+v", res, out)
	}
	out, res = ResolveRaid([]CargoCard{card(5, 0), card(4, 1), card(3, 0, "masts")}, sh, 2)
	if !res.Success || res.Plunder != 12 || out.Masts != 2 {
		t.Fatalf("5+4+3 = 12 plunder: %+v", res)
	}
	sh.Hull = 1
	_, res = ResolveRaid([]CargoCard{card(5, 0, "hull")}, sh, 2)
	if !res.Sunk || res.Success {
		t.Fatalf("a destroyed hull sinks the raider: %+v", res)
	}
}

// A raid from the scout to the plunder, through the actions.
func TestRaidFlow(t *testing.T) {
	g := newTestGame(t, 2)
	// Test data: three chosen cards worth 5, 4 and 3, no escape.
	for i, v := range []int{5, 4, 3} {
		g.cat.Cargo[i] = CargoCard{ID: g.cat.Cargo[i].ID, Good: g.cat.Cargo[i].Good, Plunder: v}
	}
	do(t, g, `{"type":"leave-port","seat":0}`)
	token := g.st.Zones["tz-anchor"].Merchant
	refuse(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`, "scout-no-target")
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	refuse(t, g, `{"type":"end-turn","seat":0}`, "step-pending")
	roll(t, g, "skull", "2")
	if g.st.Pending == nil || g.st.Pending.Kind != "merchant" || g.st.Zones["tz-anchor"].Merchant != "" || len(g.st.MerchantTrack) != 1 {
		t.Fatalf("a found merchant leaves the zone for the track: %+v", g.st.Pending)
	}
	refuse(t, g, `{"type":"merchant","seat":0,"nation":"test-nation","raid":true}`, "merchant-nation")
	deckTop(g, "test-cargo-01", "test-cargo-02", "test-cargo-03", "test-cargo-04")
	do(t, g, `{"type":"merchant","seat":0,"nation":"`+token+`","raid":true}`)
	if g.st.Players[0].Bounties[token] != 1 {
		t.Fatalf("raiding a merchant earns a bounty of its nation")
	}
	roll(t, g, "skull", "1")
	refuse(t, g, `{"type":"raid","seat":0,"op":"weapon","weapon":"chain-shot"}`, "raid-weapon")
	g.st.Players[0].Weapons = []string{Grapeshot}
	do(t, g, `{"type":"raid","seat":0,"op":"weapon","weapon":"grapeshot"}`)
	if r := g.st.Pending.Raid; r.Successes != 2 || r.Failed != 0 {
		t.Fatalf("a weapon turns a failed die into a success: %+v", r)
	}
	do(t, g, `{"type":"raid","seat":0,"op":"draw"}`)
	do(t, g, `{"type":"raid","seat":0,"op":"discard","card":"test-cargo-04"}`)
	refuse(t, g, `{"type":"raid","seat":0,"op":"draw"}`, "raid-no-success")
	refuse(t, g, `{"type":"raid","seat":0,"op":"end","keep":["test-cargo-01","test-cargo-02","test-cargo-03"]}`, "cargo-full")
	do(t, g, `{"type":"raid","seat":0,"op":"end","keep":["test-cargo-01"]}`)
	p := g.st.Players[0]
	if p.Gold != 22 || p.Glory != 1 || len(p.Cargo) != 1 {
		t.Fatalf("12 plunder: gold %d glory %d cargo %v", p.Gold, p.Glory, p.Cargo)
	}
	p.Ship.Masts = 0
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	g.st.T.Actions = 0
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	roll(t, g, "skull", "2")
	refuse(t, g, `{"type":"merchant","seat":0,"nation":"`+g.st.Pending.Token+`","raid":true}`, "raid-destroyed-location")
	do(t, g, `{"type":"merchant","seat":0,"raid":false}`)
	refuse(t, g, `{"type":"scout","seat":0,"target":"merchant"}`, "scout-no-target")
}

func TestRecruit(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Players[0].Ship.Crew = 0
	inPortAction(t, g)
	do(t, g, `{"type":"recruit","seat":0}`)
	roll(t, g, fails(g.cat.captain("test-cap-1").Leadership)...)
	refuse(t, g, `{"type":"recruit-pay","seat":0,"crew":3}`, "crew-full")
	do(t, g, `{"type":"recruit-pay","seat":0,"crew":2}`)
	if p := g.st.Players[0]; p.Ship.Crew != 2 || p.Gold != 6 {
		t.Fatalf("2 crew for 2 gold each: crew %d gold %d", p.Ship.Crew, p.Gold)
	}
	g = newTestGame(t, 2)
	g.st.Players[0].Ship.Crew = 0
	inPortAction(t, g)
	do(t, g, `{"type":"recruit","seat":0}`)
	roll(t, g, append([]string{"skull"}, fails(g.cat.captain("test-cap-1").Leadership-1)...)...)
	if p := g.st.Players[0]; p.Ship.Crew != 2 || p.Gold != 10 || g.st.Pending != nil {
		t.Fatalf("a LEADERSHIP success fills the crew for free: crew %d gold %d", p.Ship.Crew, p.Gold)
	}
}

// atSeaTogether puts Ann and Bob at sea in the open zone, on Ann's turn.
func atSeaTogether(g *Game) {
	for _, p := range g.st.Players[:2] {
		p.Zone, p.InPort = "tz-open", false
	}
}

// Test vectors 6 and 11: a battle that sinks a pirate, the reward, glory,
// the captain's death and the new captain.
func TestBattleSinksAPirate(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	bob := g.st.Players[1]
	bob.Bounties = map[string]int{Spanish: 3, English: 1}
	bob.Ship.Cargo, bob.Ship.Hull = 1, 1
	bob.Stash = 4
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	if g.st.Fight == nil || len(g.st.Players[0].Bounties) != 0 {
		t.Fatal("attacking a pirate starts a battle and earns no bounty")
	}
	refuse(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`, "declare-order")
	refuse(t, g, `{"type":"end-turn","seat":0}`, "battle-pending")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "attacker", "1", "1")
	if g.st.Fight != nil {
		t.Fatal("cargo 1 then a second cargo hit to the hull sinks Bob")
	}
	ann, bob := g.st.Players[0], g.st.Players[1]
	if ann.Glory != 1 || ann.Gold != 25 {
		t.Fatalf("defeating a pirate: a glory point and 5 gold per Spanish bounty: glory %d gold %d", ann.Glory, ann.Gold)
	}
	if !bob.NeedCaptain || bob.Ship != nil || bob.Gold != 0 || len(bob.Bounties) != 0 || bob.Stash != 4 {
		t.Fatalf("Bob's captain dies with his ship, gold and bounties; the stash stays: %+v", bob)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	refuse(t, g, `{"type":"end-turn","seat":1}`, "step-pending")
	do(t, g, `{"type":"new-captain","seat":1,"ship":"flute"}`)
	bob = g.st.Players[1]
	if bob.Gold != 6 || bob.Ship.Type != Flute || !bob.InPort || len(bob.Captains) != 2 || len(bob.GloryCards) != 1 {
		t.Fatalf("a new captain with 4 gold stashed gets 6: %+v", bob)
	}
}

func TestBoardingAndPlunder(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	g.st.Players[1].Cargo = []string{silk1}
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	if g.st.Players[0].Bounties[English] != 1 {
		t.Fatal("attacking a non-pirate earns a bounty of their captain's nation")
	}
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	if g.st.Fight.Battle.Stage != "crew" {
		t.Fatalf("a won boarding leads to crew combat, stage %s", g.st.Fight.Battle.Stage)
	}
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	ann, bob := g.st.Players[0], g.st.Players[1]
	if g.st.Fight != nil || ann.Gold != 20 || !in(ann.Cargo, silk1) || ann.Glory != 1 || !bob.NeedCaptain {
		t.Fatalf("the crew combat winner plunders gold and cargo: gold %d cargo %v glory %d", ann.Gold, ann.Cargo, ann.Glory)
	}
	if pd := g.st.Pending; pd == nil || pd.Kind != "claim-ship" || pd.Seat != 0 {
		t.Fatalf("the winner may claim the beaten ship: %+v", pd)
	}
	refuse(t, g, `{"type":"claim-ship","seat":1,"claim":true}`, "no-claim")
	g.st.Players[0].Ship.Mods = []string{AdvancedRigs}
	do(t, g, `{"type":"claim-ship","seat":0,"claim":true}`)
	if sh := g.st.Players[0].Ship; sh.Crew != 2 || len(sh.Mods) != 0 || g.st.Pending != nil {
		t.Fatalf("Ann sails the claimed ship with her crew, her old modifications go back: %+v", sh)
	}
}

// Test vector 13: a full merchant track sails again.
func TestMerchantTrackRedistributes(t *testing.T) {
	g := newTestGame(t, 2)
	for _, zs := range g.st.Zones {
		zs.Merchant = ""
	}
	g.st.MerchantTrack = []string{English, English, Spanish, Spanish, French, French, Dutch, Dutch}
	do(t, g, `{"type":"end-turn","seat":0}`)
	evs := do(t, g, `{"type":"end-turn","seat":1}`)
	for id, zs := range g.st.Zones {
		if zs.Merchant == "" {
			t.Errorf("%s has no merchant after the track was full", id)
		}
	}
	if len(g.st.MerchantTrack) != 0 || !hasEvent(evs, "merchants-returned") {
		t.Fatal("the track empties")
	}
	pv, _ := json.Marshal(g.View(engine.Public))
	if strings.Contains(string(pv), `"merchant":"`) {
		t.Fatal("a merchant's nation shows on the public view")
	}
}

func TestRetire(t *testing.T) {
	g := newTestGame(t, 2)
	do(t, g, `{"type":"leave-port","seat":0}`)
	refuse(t, g, `{"type":"retire","seat":0}`, "retire-not-first")
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"retire","seat":1}`)
	if !g.st.Players[1].NeedCaptain || g.st.Active != 0 || g.st.Round != 2 {
		t.Fatal("retiring ends the turn and leaves the player to draw a new captain")
	}
	g = newTestGame(t, 2)
	g.st.Players[0].InPort = false
	refuse(t, g, `{"type":"retire","seat":0}`, "retire-not-in-port")
}

// Test vector 14: the end after the round, the tie-break by stash, and the
// end when the event deck is empty.
func TestEndAtTenGlory(t *testing.T) {
	g := newTestGame(t, 3)
	g.st.Players[0].Glory = 9
	g.st.Players[2].Glory, g.st.Players[2].Stash = 8, 25
	evs := do(t, g, `{"type":"adjust","seat":-1,"target":0,"glory":1,"reason":"test mission"}`)
	if !hasEvent(evs, "glory-declared") || g.Over() {
		t.Fatal("reaching 10 is declared; the round goes on")
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	if g.Over() {
		t.Fatal("the game ended before the last player's turn")
	}
	do(t, g, `{"type":"end-turn","seat":2}`)
	_, winners := g.FinalScores()
	if !g.Over() || len(winners) != 1 || winners[0] != 2 {
		t.Fatalf("10 against 10: the larger stash wins, got %v", winners)
	}
	refuse(t, g, `{"type":"end-turn","seat":0}`, engine.CodeGameOver)
	pv, _ := json.Marshal(g.View(engine.Public))
	if !strings.Contains(string(pv), `"stash":25`) {
		t.Fatal("the stashes are shown at the end")
	}

	g = newTestGame(t, 2)
	g.st.EventDeck = nil
	g.st.Players[1].Glory = 2
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	_, winners = g.FinalScores()
	if !g.Over() || len(winners) != 1 || winners[0] != 1 {
		t.Fatalf("no event card at a round's start ends the game; most points wins: %v", winners)
	}
}

func TestPublicViewKeepsSecrets(t *testing.T) {
	g := newTestGame(t, 2)
	ann := g.st.Players[0]
	ann.Cargo = []string{silk1}
	ann.Stash = 23
	pv, _ := json.Marshal(g.View(engine.Public))
	bv, _ := json.Marshal(g.View(engine.PlayerViewer(1)))
	av, _ := json.Marshal(g.View(engine.PlayerViewer(0)))
	for _, leak := range []string{silk1, ann.GloryCards[0], `"stash":23`} {
		if strings.Contains(string(pv), leak) || strings.Contains(string(bv), leak) {
			t.Errorf("%s reaches another viewer", leak)
		}
		if !strings.Contains(string(av), leak) {
			t.Errorf("%s is missing from Ann's own view", leak)
		}
	}
}

func TestGloryCards(t *testing.T) {
	g := newTestGame(t, 2)
	card := g.st.Players[0].GloryCards[0]
	refuse(t, g, `{"type":"play-glory","seat":0,"card":"test-glory-none"}`, "glory-not-held")
	g.st.Players[0].GloryCards = append(g.st.Players[0].GloryCards, "x1", "x2", "x3", "x4")
	refuse(t, g, `{"type":"play-glory","seat":0,"card":"`+card+`"}`, "glory-hand")
	g.st.Players[0].GloryCards = []string{card}
	evs := do(t, g, `{"type":"play-glory","seat":0,"card":"`+card+`"}`)
	if len(g.st.Players[0].GloryCards) != 0 || !in(g.st.GloryDiscard, card) || !hasEvent(evs, "glory-played") {
		t.Fatal("a played glory card is shown and discarded")
	}
}

// Glory Cards (l. 488-490): "You may have only 4 glory cards. You may still
// draw a fifth card and decide which card to discard". Ann holds 4, sells 3
// goods in demand and draws a fifth: nothing goes on, hers or anyone's, until
// she has chosen the card to discard.
func TestFifthGloryCardIsDiscardedAtOnce(t *testing.T) {
	g := newTestGame(t, 2)
	ann := g.st.Players[0]
	ann.GloryCards = append(ann.GloryCards, g.st.GloryDeck[:3]...)
	g.st.GloryDeck = g.st.GloryDeck[3:]
	g.st.Zones["tz-anchor"].Demand = "test-rum"
	ann.Cargo = []string{rum1, rum2, rum3}
	inPortAction(t, g)
	do(t, g, `{"type":"sell","seat":0,"cards":["`+rum1+`","`+rum2+`","`+rum3+`"]}`)
	if n := len(g.st.Players[0].GloryCards); n != 5 {
		t.Fatalf("the fifth card is drawn: %d cards", n)
	}
	refuse(t, g, `{"type":"buy-draw","seat":0}`, "glory-hand")
	refuse(t, g, `{"type":"end-port","seat":0}`, "glory-hand")
	refuse(t, g, `{"type":"play-glory","seat":0,"card":"`+g.st.Players[0].GloryCards[0]+`"}`, "glory-hand")
	// The host's correction stays open (the table may never have drawn
	// that fifth card); it does not lift the discard.
	do(t, g, `{"type":"adjust","seat":-1,"target":1,"gold":1,"reason":"test card"}`)
	refuse(t, g, `{"type":"end-port","seat":0}`, "glory-hand")
	refuse(t, g, `{"type":"discard-glory","seat":1,"card":"`+g.st.Players[1].GloryCards[0]+`"}`, "glory-hand")
	first := g.st.Players[0].GloryCards[0]
	do(t, g, `{"type":"discard-glory","seat":0,"card":"`+first+`"}`)
	if p := g.st.Players[0]; len(p.GloryCards) != 4 || in(p.GloryCards, first) || !in(g.st.GloryDiscard, first) {
		t.Fatalf("Ann keeps the 4 she chose: %v", p.GloryCards)
	}
	do(t, g, `{"type":"buy-draw","seat":0}`)
}

func hasEvent(evs []engine.Event, typ string) bool {
	for _, e := range evs {
		if e.Type == typ {
			return true
		}
	}
	return false
}

func TestChainShotInBattle(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	g.st.Players[0].Weapons = []string{ChainShot, Grapeshot}
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", "skull", "skull")
	refuse(t, g, `{"type":"use-weapon","seat":1,"weapon":"chain-shot"}`, "weapon-timing")
	do(t, g, `{"type":"use-weapon","seat":0,"weapon":"chain-shot"}`)
	if b := g.st.Fight.Battle; b.Ships[1].Masts != 1 || b.Stage != "declare" {
		t.Fatalf("chain-shot: both success faces hit the masts: %+v", b.Ships[1])
	}
	g.st.Fight.Battle.Ships[1].Hull = 1
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", "skull", "1")
	do(t, g, `{"type":"choose-hits","seat":1,"locations":["hull"]}`)
	if p := g.st.Players[0]; g.st.Fight != nil || len(p.Weapons) != 1 || p.Weapons[0] != Grapeshot {
		t.Fatalf("after the battle the spent chain-shot is gone: %v", p.Weapons)
	}
}

func TestReinforcedHullInBattleAndRefresh(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	g.st.Players[1].Ship.Mods = []string{ReinforcedHull}
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", "4", "4")
	refuse(t, g, `{"type":"absorb","seat":0,"location":"cannons"}`, "weapon-timing")
	do(t, g, `{"type":"absorb","seat":1,"location":"cannons"}`)
	if b := g.st.Fight.Battle; b.Ships[1].Cannons != 1 {
		t.Fatalf("one of two cannon hits absorbed: %d", b.Ships[1].Cannons)
	}
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"flee"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	bob := g.st.Players[1]
	if g.st.Fight != nil || !bob.Ship.HullFlipped || bob.Ship.Cannons != 1 {
		t.Fatalf("Bob escapes with his token used: %+v", bob.Ship)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"move","seat":1,"to":"tz-brig"}`)
	do(t, g, `{"type":"enter-port","seat":1}`)
	do(t, g, `{"type":"port","seat":1}`)
	do(t, g, `{"type":"shipyard","seat":1,"refresh":true}`)
	if bob := g.st.Players[1]; bob.Ship.HullFlipped || bob.Gold != 7 {
		t.Fatalf("3 gold refreshes the token: %+v gold %d", bob.Ship, bob.Gold)
	}
}

// TestStashOnePoint: 10 gold stashed is 1 glory point, and the secret
// sentence the player reads says so in the singular ("1 glory point").
func TestStashOnePoint(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Players[0].Gold = 10
	inPortAction(t, g)
	evs := do(t, g, `{"type":"stash","seat":0,"amount":10}`)
	var said string
	for _, e := range evs {
		if e.Secret != nil {
			said = e.Secret.Text
		}
	}
	if said != "Your stash is now 10 gold (1 glory point)" {
		t.Errorf("the stash says %q, want \"Your stash is now 10 gold (1 glory point)\"", said)
	}
}

// TestAdjustSaysWhoAndWhy: a change entered by hand reads, in the log,
// for whom and for which card ("Entered by hand for Ann: Test Mission");
// it read "By hand for Test Mission: Ann", the player's name last, as if
// it were what the card gave.
func TestAdjustSaysWhoAndWhy(t *testing.T) {
	g := newTestGame(t, 2)
	evs := do(t, g, `{"type":"adjust","seat":-1,"target":0,"gold":2,"reason":"Test Mission"}`)
	want := "Entered by hand for " + g.st.Players[0].Name + ": Test Mission"
	for _, e := range evs {
		if e.Type == "adjusted" {
			if e.Text != want {
				t.Errorf("the log says %q, want %q", e.Text, want)
			}
			return
		}
	}
	t.Fatal("no adjusted event")
}

// Bounties and rewards (l. 414-470): the bounty for attacking a non-pirate
// is taken at once, so the aggressor fights on as a pirate; the defender
// who sinks them claims the reward, 5 gold for the one English bounty.
func TestRewardForSinkingAnAggressorWhoBecameAPirate(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	ann := g.st.Players[0]
	ann.Ship.Cargo, ann.Ship.Hull = 1, 1
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	if g.st.Players[0].Bounties[English] != 1 {
		t.Fatal("attacking a non-pirate earns a bounty of their captain's nation")
	}
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.Hits[1])...)
	if g.st.Fight != nil || !g.st.Players[0].NeedCaptain {
		t.Fatal("cargo 1 then a second cargo hit to the hull sinks Ann")
	}
	if bob := g.st.Players[1]; bob.Glory != 1 || bob.Gold != 15 {
		t.Fatalf("Bob beats a pirate with 1 English bounty: a glory point and 5 gold: glory %d gold %d", bob.Glory, bob.Gold)
	}
}

// Visit shipyard, the price table (l. 919-931): a special weapon token
// sells back for 1 gold; only a token held is sold.
func TestShipyardBuysBackSpecialWeapons(t *testing.T) {
	g := newTestGame(t, 2)
	p := g.st.Players[0]
	p.Weapons = []string{ChainShot, Grapeshot}
	inPortAction(t, g)
	refuse(t, g, `{"type":"shipyard","seat":0,"sellWeapons":["grappling-hooks"]}`, "weapon-not-held")
	refuse(t, g, `{"type":"shipyard","seat":0,"sellWeapons":["chain-shot","chain-shot"]}`, "weapon-not-held")
	do(t, g, `{"type":"shipyard","seat":0,"sellWeapons":["chain-shot","grapeshot"]}`)
	if p := g.st.Players[0]; p.Gold != 12 || len(p.Weapons) != 0 {
		t.Fatalf("two tokens sold for 1 gold each: gold %d weapons %v", p.Gold, p.Weapons)
	}
}

// Plundering player captains (l. 784-795, 1618-1635): the winner of a crew
// combat takes the loser's glory cards and rumor card too.
func TestCrewCombatPlundersGloryCardsAndRumor(t *testing.T) {
	g := newNPCGame(t, 2) // its catalog has rumors
	atSeaTogether(g)
	bob := g.st.Players[1]
	bobCard := bob.GloryCards[0]
	bob.Rumor = g.st.RumorDeck[0]
	g.st.RumorDeck = g.st.RumorDeck[1:]
	rumor := bob.Rumor
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	ann := g.st.Players[0]
	if !in(ann.GloryCards, bobCard) || len(ann.GloryCards) != 3 || ann.Rumor != rumor {
		t.Fatalf("Ann takes Bob's glory card and rumor (her own card, the one for winning, Bob's): cards %v rumor %q", ann.GloryCards, ann.Rumor)
	}
	if in(g.st.GloryDiscard, bobCard) || in(g.st.RumorDiscard, rumor) {
		t.Fatal("the plundered cards are not discarded with Bob's captain")
	}
}

// Ports, Havana (l. 1691-1694): raiding a Spanish merchant there draws a
// fourth card, which stays in the raid only if it shows a hit icon.
func TestHavanaRaidDrawsAFourthCard(t *testing.T) {
	for _, c := range []struct {
		fourth string
		want   int
	}{{"test-cargo-01", 4}, {"test-cargo-06", 3}} {
		g := newTestGame(t, 2)
		g.cat.Zones[0].Ability = AbilityHavana
		g.st.Zones["tz-anchor"].Merchant = Spanish
		do(t, g, `{"type":"leave-port","seat":0}`)
		do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
		roll(t, g, "skull", "2")
		deckTop(g, "test-cargo-02", "test-cargo-03", "test-cargo-05", c.fourth)
		do(t, g, `{"type":"merchant","seat":0,"nation":"spanish","raid":true}`)
		r := g.st.Pending.Raid
		if len(r.Cards) != c.want || (c.want == 4) != in(r.Cards, c.fourth) {
			t.Fatalf("fourth card %s: want %d cards in the raid, got %v", c.fourth, c.want, r.Cards)
		}
		if c.want == 3 && !in(g.st.CargoDiscard, c.fourth) {
			t.Fatal("a fourth card without a hit is discarded")
		}
	}
}

// Ports, Cartagena (l. 1680-1684): a Spanish merchant in its sea zone is
// found without a SCOUTING roll; anywhere else the roll is needed.
func TestCartagenaFindsASpanishMerchantWithoutARoll(t *testing.T) {
	g := newTestGame(t, 2)
	g.st.Zones["tz-anchor"].Merchant = French
	do(t, g, `{"type":"leave-port","seat":0}`)
	refuse(t, g, `{"type":"scout","seat":0,"target":"merchant","spanish":true}`, "scout-spanish")
	g.cat.Zones[0].Ability = AbilityCartagena
	do(t, g, `{"type":"scout","seat":0,"target":"merchant","spanish":true}`)
	if pd := g.st.Pending; len(g.st.Dice.Open) != 0 || pd == nil || pd.Kind != "merchant" || !pd.Spanish || g.st.T.Actions != 2 {
		t.Fatalf("found at once for one action, no roll: %+v open %d", pd, len(g.st.Dice.Open))
	}
	refuse(t, g, `{"type":"merchant","seat":0,"nation":"french","raid":true}`, "merchant-nation")
	do(t, g, `{"type":"merchant","seat":0,"nation":"spanish","raid":true}`)
	if g.st.Players[0].Bounties[Spanish] != 1 {
		t.Fatal("raiding the Spanish merchant earns a Spanish bounty")
	}
}

// Plundering player captains (l. 784-795) takes the rumor card; Acquire a
// rumor (l. 297-298): "You may only have 1 rumor card at a time; if you get
// another, choose which to keep and shuffle the other back into the deck".
// Ann holds a rumor and beats Bob, who holds one too: after the claim of his
// ship she keeps one of the two, the other goes back into the deck.
func TestPlunderedRumorIsChosenByAWinnerHoldingOne(t *testing.T) {
	g := newNPCGame(t, 2)
	atSeaTogether(g)
	ann, bob := g.st.Players[0], g.st.Players[1]
	ann.Rumor, bob.Rumor = g.st.RumorDeck[0], g.st.RumorDeck[1]
	g.st.RumorDeck = g.st.RumorDeck[2:]
	mine, his := ann.Rumor, bob.Rumor
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	if in(g.st.RumorDiscard, his) {
		t.Fatal("Bob's rumor is Ann's to choose, not discarded")
	}
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false}`)
	pd := g.st.Pending
	if pd == nil || pd.Kind != "rumor-keep" || pd.Seat != 0 || pd.Token != his {
		t.Fatalf("Ann chooses between her rumor and Bob's: %+v", pd)
	}
	own, _ := g.View(engine.PlayerViewer(0)).(View)
	if own.Pending == nil || len(own.Pending.Rumors) != 2 {
		t.Fatalf("Ann's own view shows the two rumors: %+v", own.Pending)
	}
	do(t, g, `{"type":"rumor-keep","seat":0,"rumor":"`+his+`"}`)
	if g.st.Players[0].Rumor != his || !in(g.st.RumorDeck, mine) || in(g.st.RumorDiscard, mine) {
		t.Fatalf("Ann keeps Bob's rumor, hers goes back into the deck: held %q", g.st.Players[0].Rumor)
	}
}

// Specialists (l. 504-514): a specialist glory card is hired for what it
// asks (read at the table: its gold) and placed faceup, out of the hand;
// only one of each type. Plundering player captains (l. 784-792): the
// winner of a crew combat takes the loser's specialists free, discarding
// those of a type already employed.
func TestSpecialistsHiredAndPlundered(t *testing.T) {
	g := newNPCGame(t, 2)
	ann, bob := g.st.Players[0], g.st.Players[1]
	surgeon, lookout, surgeon2 := g.cat.Glory[7].ID, g.cat.Glory[8].ID, g.cat.Glory[9].ID
	plain := g.cat.Glory[0].ID
	for _, id := range []string{surgeon, lookout, surgeon2, plain} {
		g.st.GloryDeck = remove(g.st.GloryDeck, id)
		for _, p := range g.st.Players {
			p.GloryCards = remove(p.GloryCards, id)
		}
	}
	ann.GloryCards = append(ann.GloryCards, surgeon, surgeon2, plain)
	bob.Specialists = []string{lookout}
	refuse(t, g, `{"type":"hire-specialist","seat":0,"card":"`+plain+`"}`, "not-specialist")
	refuse(t, g, `{"type":"hire-specialist","seat":0,"card":"`+surgeon+`","gold":11}`, "not-enough-gold")
	do(t, g, `{"type":"hire-specialist","seat":0,"card":"`+surgeon+`","gold":3}`)
	if ann = g.st.Players[0]; ann.Gold != 7 || !in(ann.Specialists, surgeon) || in(ann.GloryCards, surgeon) {
		t.Fatalf("the surgeon is hired for 3 gold and leaves the hand: gold %d specialists %v", ann.Gold, ann.Specialists)
	}
	refuse(t, g, `{"type":"hire-specialist","seat":0,"card":"`+surgeon2+`"}`, "specialist-type")
	pub, _ := g.View(engine.Public).(View)
	if len(pub.Players[0].Specialists) != 1 || pub.Players[0].Specialists[0].ID != surgeon {
		t.Fatalf("employed specialists are faceup: %+v", pub.Players[0].Specialists)
	}

	// Bob, beaten in crew combat, employs a lookout and a surgeon: Ann
	// takes the lookout; her own surgeon stays, his is discarded.
	g.st.Players[1].Specialists = []string{lookout, surgeon2}
	g.st.Players[0].GloryCards = remove(g.st.Players[0].GloryCards, surgeon2)
	g.st.T = Turn{}
	atSeaTogether(g)
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false}`)
	ann, bob = g.st.Players[0], g.st.Players[1]
	if len(ann.Specialists) != 2 || !in(ann.Specialists, surgeon) || !in(ann.Specialists, lookout) {
		t.Fatalf("Ann employs her surgeon and Bob's lookout: %v", ann.Specialists)
	}
	if len(bob.Specialists) != 0 || !in(g.st.GloryDiscard, surgeon2) {
		t.Fatalf("Bob's second surgeon is discarded: bob %v", bob.Specialists)
	}
}

// Plundering player captains (l. 784-792): "Any employed specialists can
// be transferred to your ship at no cost. Discard any specialists you can't
// (or don't want to) employ." Ann beats Bob, who employs a lookout and a
// surgeon, in crew combat: both are offered with his ship, faceup; she
// dismisses the surgeon (discarded) and takes the lookout.
func TestPlunderedSpecialistsChosen(t *testing.T) {
	g := newNPCGame(t, 2)
	lookout, surgeon := g.cat.Glory[8].ID, g.cat.Glory[9].ID
	for _, id := range []string{lookout, surgeon} {
		g.st.GloryDeck = remove(g.st.GloryDeck, id)
		for _, p := range g.st.Players {
			p.GloryCards = remove(p.GloryCards, id)
		}
	}
	g.st.Players[1].Specialists = []string{lookout, surgeon}
	atSeaTogether(g)
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	pub, _ := g.View(engine.Public).(View)
	if pub.Pending == nil || pub.Pending.Kind != "claim-ship" || len(pub.Pending.Specialists) != 2 {
		t.Fatalf("Bob's two specialists are offered with his ship, faceup: %+v", pub.Pending)
	}
	refuse(t, g, `{"type":"claim-ship","seat":0,"claim":false,"dismiss":["`+g.cat.Glory[0].ID+`"]}`, "not-offered")
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false,"dismiss":["`+surgeon+`"]}`)
	ann, bob := g.st.Players[0], g.st.Players[1]
	if len(ann.Specialists) != 1 || ann.Specialists[0] != lookout {
		t.Fatalf("Ann employs Bob's lookout only: %v", ann.Specialists)
	}
	if len(bob.Specialists) != 0 || !in(g.st.GloryDiscard, surgeon) || in(g.st.GloryDiscard, lookout) {
		t.Fatalf("the surgeon Ann did not want is discarded: bob %v discard %v", bob.Specialists, g.st.GloryDiscard)
	}
}

// Plundering player captains (l. 784-792): the winner "may take the
// player's ... cargo cards": which ones is theirs to choose. Ann's hold
// carries 2 and holds her own card; Bob holds two. Ann sees the card her
// hold could not take (pending.cargo, hers alone) and keeps both of Bob's,
// discarding her own (as when buying, l. 222).
func TestPlunderedCargoChosen(t *testing.T) {
	g := newNPCGame(t, 2)
	ann, bob := g.st.Players[0], g.st.Players[1]
	mine, his1, his2 := g.st.CargoDeck[0], g.st.CargoDeck[1], g.st.CargoDeck[2]
	g.st.CargoDeck = g.st.CargoDeck[3:]
	ann.Cargo, bob.Cargo = []string{mine}, []string{his1, his2}
	ann.Ship.Cargo = 2
	atSeaTogether(g)
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	if got := g.st.Players[0].Cargo; len(got) != 2 || got[0] != mine || got[1] != his1 {
		t.Fatalf("Ann's hold is filled with Bob's first card: %v", got)
	}
	own, _ := g.View(engine.PlayerViewer(0)).(View)
	if own.Pending == nil || len(own.Pending.Cargo) != 1 || own.Pending.Cargo[0].ID != his2 {
		t.Fatalf("Ann sees Bob's card her hold could not take: %+v", own.Pending)
	}
	if pub, _ := g.View(engine.Public).(View); pub.Pending == nil || len(pub.Pending.Cargo) != 0 {
		t.Fatalf("the cargo left is secret: %+v", pub.Pending)
	}
	// The beaten ship's hold, which a claim's keep is counted against, is
	// in every view (the dashboard counts the ticked cards against it).
	if pub, _ := g.View(engine.Public).(View); pub.Pending.Offer == nil || pub.Pending.Offer.Locations["cargo"] != g.st.Pending.Ship.Cargo {
		t.Fatalf("the ship offered has no hold in the view: %+v", pub.Pending.Offer)
	}
	refuse(t, g, `{"type":"claim-ship","seat":0,"claim":false,"keep":["`+mine+`","`+his1+`","`+his2+`"]}`, "cargo-full")
	refuse(t, g, `{"type":"claim-ship","seat":0,"claim":false,"keep":["`+g.st.CargoDeck[0]+`"]}`, "not-offered")
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false,"keep":["`+his2+`","`+his1+`"]}`)
	ann = g.st.Players[0]
	if len(ann.Cargo) != 2 || !in(ann.Cargo, his1) || !in(ann.Cargo, his2) || !in(g.st.CargoDiscard, mine) {
		t.Fatalf("Ann keeps Bob's two cards and discards hers: hold %v", ann.Cargo)
	}
}

// Glory Cards (l. 492-502, 749-756): cards are played on one's own turn
// outside combat "unless stated otherwise on the card"; in a battle "only
// cards meant for combat"; a card for another player's turn is played when
// it says. The timing is the owner's entry from each card (test data here).
func TestGloryCardTimings(t *testing.T) {
	g := newNPCGame(t, 2)
	plain, battle, any := g.cat.Glory[0].ID, g.cat.Glory[1].ID, g.cat.Glory[2].ID
	g.cat.Glory[1].Timing, g.cat.Glory[2].Timing = TimingCombat, TimingAny
	for _, id := range []string{plain, battle, any} {
		g.st.GloryDeck = remove(g.st.GloryDeck, id)
		for _, p := range g.st.Players {
			p.GloryCards = remove(p.GloryCards, id)
		}
	}
	g.st.Players[0].GloryCards = append(g.st.Players[0].GloryCards, plain)
	g.st.Players[1].GloryCards = append(g.st.Players[1].GloryCards, battle, any)
	// Bob, on Ann's turn: his "any" card is played; his combat card waits for
	// a battle.
	do(t, g, `{"type":"play-glory","seat":1,"card":"`+any+`"}`)
	refuse(t, g, `{"type":"play-glory","seat":1,"card":"`+battle+`"}`, "glory-timing")
	atSeaTogether(g)
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	refuse(t, g, `{"type":"play-glory","seat":0,"card":"`+plain+`"}`, "glory-in-combat")
	do(t, g, `{"type":"play-glory","seat":1,"card":"`+battle+`"}`)
	if bob := g.st.Players[1]; in(bob.GloryCards, battle) || in(bob.GloryCards, any) || !in(g.st.GloryDiscard, battle) {
		t.Fatalf("both of Bob's cards are played: %v", bob.GloryCards)
	}
}

// Plundering player captains (l. 784-792) and Claiming ships (l. 817-822):
// the winner may take the loser's cargo cards and ship, and "may transfer
// crew, cargo, ... freely to the new ship". Ann's sloop (hold 2) is full;
// Bob's flute (hold 4) carries 3 cards. Claiming the flute, Ann keeps her 2
// and 2 of Bob's; declining, she gets none of his.
func TestClaimedShipKeepsTheCargoItsHoldHasRoomFor(t *testing.T) {
	for _, claim := range []bool{true, false} {
		g := newNPCGame(t, 2)
		atSeaTogether(g)
		ann, bob := g.st.Players[0], g.st.Players[1]
		bob.Ship = (&ctx{cat: g.cat, s: g.st}).newShip(Flute)
		mine := []string{"test-cargo-01", "test-cargo-02"}
		his := []string{"test-cargo-03", "test-cargo-04", "test-cargo-05"}
		for _, id := range append(append([]string{}, mine...), his...) {
			g.st.CargoDeck = remove(g.st.CargoDeck, id)
		}
		ann.Cargo, bob.Cargo = mine, his
		do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
		roll(t, g, "skull", "1")
		do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
		do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
		rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
		rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
		do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
		do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
		rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
		rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
		rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
		rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
		do(t, g, `{"type":"claim-ship","seat":0,"claim":`+strconv.FormatBool(claim)+`}`)
		ann = g.st.Players[0]
		want := 2
		if claim {
			want = 4
		}
		if len(ann.Cargo) != want || !in(ann.Cargo, mine[0]) || !in(ann.Cargo, mine[1]) {
			t.Fatalf("claim %v: Ann holds %v, want her 2 cards and %d of Bob's", claim, ann.Cargo, want-2)
		}
		left := 0
		for _, id := range his {
			if in(g.st.CargoDiscard, id) {
				left++
			}
		}
		if left != 5-want {
			t.Fatalf("claim %v: %d of Bob's cards discarded, want %d", claim, left, 5-want)
		}
	}
}

// Glory Cards (l. 492-494): "you can play glory cards freely during your
// turn, except during combat": also amid a merchant raid, which is no
// battle; never on another player's turn unless the card says so.
func TestGloryCardPlayedAmidARaid(t *testing.T) {
	g := newTestGame(t, 2)
	card := g.st.Players[0].GloryCards[0]
	refuse(t, g, `{"type":"play-glory","seat":1,"card":"`+g.st.Players[1].GloryCards[0]+`"}`, engine.CodeNotYourTurn)
	g.st.Zones["tz-anchor"].Merchant = English
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	roll(t, g, "skull", "2")
	do(t, g, `{"type":"merchant","seat":0,"nation":"english","raid":true}`)
	roll(t, g, "skull", "4")
	if pd := g.st.Pending; pd == nil || pd.Kind != "raid" {
		t.Fatalf("a raid under way: %+v", pd)
	}
	do(t, g, `{"type":"play-glory","seat":0,"card":"`+card+`"}`)
	if in(g.st.Players[0].GloryCards, card) {
		t.Fatal("the card is played")
	}
}

// Stash gold (l. 336-351): "When you are in your home port you may freely
// spend gold from your stash or move it onto your ship." Ann, at home with
// 30 stashed, takes 20 out before her port action, buys with it, takes 5
// more, then stashes once (the port activity).
func TestStashedGoldLeavesTheChestFreelyAtHome(t *testing.T) {
	g := newTestGame(t, 2)
	ann := g.st.Players[0]
	ann.Stash, ann.Gold = 30, 0
	do(t, g, `{"type":"stash","seat":0,"amount":-20}`)
	inPortAction(t, g)
	do(t, g, `{"type":"shipyard","seat":0,"weapons":["chain-shot"]}`)
	do(t, g, `{"type":"stash","seat":0,"amount":-5}`)
	do(t, g, `{"type":"stash","seat":0,"amount":4}`)
	refuse(t, g, `{"type":"stash","seat":0,"amount":1}`, "activity-done")
	refuse(t, g, `{"type":"stash","seat":0,"amount":-10}`, "stash-amount")
	if p := g.st.Players[0]; p.Gold != 18 || p.Stash != 9 {
		t.Fatalf("20 and 5 out, 3 spent, 4 back in: gold %d stash %d", p.Gold, p.Stash)
	}
	g.st.Players[0].Zone = "tz-brig"
	refuse(t, g, `{"type":"stash","seat":0,"amount":-1}`, "stash-home")
}
