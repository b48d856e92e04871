package merchants

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func TestSetupDealsTheTable(t *testing.T) {
	g := newTestGame(t, 3)
	s := g.st
	if s.Stage != StagePlay || s.Round != 1 || s.Active != 0 || s.Event == "" {
		t.Fatalf("stage %s round %d active %d event %q", s.Stage, s.Round, s.Active, s.Event)
	}
	for _, z := range g.cat.Zones {
		zs := s.Zones[z.ID]
		if zs.Merchant == "" {
			t.Errorf("%s has no merchant token", z.ID)
		}
		if (z.Port != "") != (zs.Demand != "") || (z.Port != "") != (zs.Mod != "") {
			t.Errorf("%s: a port has a demand and a modification token, the open sea none", z.ID)
		}
	}
	if len(s.DemandPool) != 4 || len(s.EventDeck) != 11 {
		t.Fatalf("demand pool %d, events left %d", len(s.DemandPool), len(s.EventDeck))
	}
	for i, p := range s.Players {
		cp := g.cat.captain(p.Captain)
		if p.Gold != 10 || len(p.GloryCards) != 1 || p.Zone != cp.Home || !p.InPort {
			t.Errorf("seat %d: gold %d glory cards %d zone %s", i, p.Gold, len(p.GloryCards), p.Zone)
		}
		if p.Ship.Hull != 3 || p.Ship.Masts != 3 || p.Ship.Cargo != 2 || p.Ship.Crew != 2 || p.Ship.Cannons != 2 {
			t.Errorf("seat %d: the cubes match the ship card: %+v", i, p.Ship)
		}
	}
}

func TestSetupRefusesBadInput(t *testing.T) {
	cat := testCatalog()
	good := setupJSON(t, cat, 2)
	for name, mutate := range map[string]func(*Setup){
		"one player":   func(s *Setup) { s.Players = s.Players[:1] },
		"five players": func(s *Setup) { s.Players = append(s.Players, s.Players[0], s.Players[0], s.Players[0]) },
		"galleon":      func(s *Setup) { s.Players[0].Ship = Galleon },
		"same captain": func(s *Setup) { s.Players[1].Captain = s.Players[0].Captain },
		"no catalog":   func(s *Setup) { s.Catalog = nil },
		"bad first":    func(s *Setup) { n := 5; s.First = &n },
		"variant":      func(s *Setup) { s.Variants = []string{"test-variant"} },
	} {
		var su Setup
		if err := json.Unmarshal(good, &su); err != nil {
			t.Fatal(err)
		}
		mutate(&su)
		b, _ := json.Marshal(su)
		if _, err := Rules().New(b, 1); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: want a malformed setup, got %v", name, err)
		}
	}
}

func TestCatalogChecks(t *testing.T) {
	for name, mutate := range map[string]func(*Catalog){
		"one-way border":     func(c *Catalog) { c.Zones[0].Adjacent = append(c.Zones[0].Adjacent, "tz-dune") },
		"unknown good":       func(c *Catalog) { c.Cargo[0].Good = "test-gold" },
		"hull number":        func(c *Catalog) { c.Dice.Numbers["1"] = "hull" },
		"no success face":    func(c *Catalog) { c.Dice.Success = "anchor" },
		"no flute":           func(c *Catalog) { c.Ships = c.Ships[:1] },
		"no events":          func(c *Catalog) { c.Events = nil },
		"home at sea":        func(c *Catalog) { c.Captains[0].Home = "tz-open" },
		"few demand":         func(c *Catalog) { c.DemandTokens = c.DemandTokens[:4] },
		"plunder 6":          func(c *Catalog) { c.Cargo[0].Plunder = 6 },
		"unknown mod":        func(c *Catalog) { c.ModTokens[0] = "test-sails" },
		"port with nation":   func(c *Catalog) { c.Zones[0].Nation = "test-nation" },
		"unknown NPC ship":   func(c *Catalog) { *c = *testCatalogWithNPCs(); c.Events[1].NPC.Ship = "test-raft" },
		"unknown specialist": func(c *Catalog) { c.Glory[0].Specialist = "test-cook" },
		"event specialist":   func(c *Catalog) { c.Events[0].Specialist = "surgeon" },
		"unknown timing":     func(c *Catalog) { c.Glory[0].Timing = "test-dawn" },
	} {
		c := testCatalog()
		mutate(c)
		b, _ := json.Marshal(c)
		if _, err := Rules().(engine.OwnerCatalog).CheckCatalog(b); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: want the catalog refused, got %v", name, err)
		}
	}
	b, _ := json.Marshal(testCatalog())
	if _, err := Rules().(engine.OwnerCatalog).CheckCatalog(b); err != nil {
		t.Fatal(err)
	}
}

// A one-way border is refused naming both zones as the owner knows them,
// each in its place, never by id (the catalog page shows names only).
func TestOneWayBorderNamesBothZones(t *testing.T) {
	c := testCatalog()
	c.Zones[0].Adjacent = append(c.Zones[0].Adjacent, "tz-dune")
	from, to := c.Zones[0].Name, c.zone("tz-dune").Name
	b, _ := json.Marshal(c)
	_, err := Rules().(engine.OwnerCatalog).CheckCatalog(b)
	if err == nil {
		t.Fatal("a one-way border was accepted")
	}
	want := from + " borders " + to + ", but " + to + " does not list " + from + " back"
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "tz-") {
		t.Errorf("refusal %q, want it to say %q and show no id", err, want)
	}
}

// At setup each player picks a ship in secret; the captains and ships are
// revealed together once all have picked.
func TestSecretShipChoice(t *testing.T) {
	cb, _ := json.Marshal(testCatalog())
	setup, err := Rules().(engine.NewGameForm).SetupFromForm(engine.FormAnswers{
		Players: []engine.FormPlayer{{Name: "Ann", Colour: "test-a"}, {Name: "Bob", Colour: "test-b"}},
		Options: map[string]json.RawMessage{"first": json.RawMessage(`"2"`), VariantGiveMeGlory: json.RawMessage(`true`)}}, cb)
	if err != nil {
		t.Fatal(err)
	}
	eg, err := Rules().New(setup, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := eg.(*Game)
	if g.st.Stage != StageSetup || g.st.First != 1 || !g.st.Players[0].EscalatingStash {
		t.Fatalf("stage %s first %d", g.st.Stage, g.st.First)
	}
	refuse(t, g, `{"type":"end-turn","seat":1}`, "not-started")
	refuse(t, g, `{"type":"choose-ship","seat":0,"ship":"frigate"}`, "start-ship")
	evs := do(t, g, `{"type":"choose-ship","seat":0,"ship":"flute"}`)
	pub, _ := json.Marshal(engine.EventsFor(evs, engine.Public))
	if strings.Contains(string(pub), "flute") {
		t.Fatalf("the public log shows the secret pick: %s", pub)
	}
	// Ann reads her pick as her catalog names it, not by its type.
	own, _ := json.Marshal(engine.EventsFor(evs, engine.PlayerViewer(0)))
	if !strings.Contains(string(own), "You picked the Test Flute") {
		t.Fatalf("Ann's own log does not name her ship: %s", own)
	}
	view, _ := json.Marshal(g.View(engine.PlayerViewer(1)))
	if strings.Contains(string(view), g.st.Players[0].Captain) {
		t.Fatal("another player sees Ann's captain before the reveal")
	}
	refuse(t, g, `{"type":"choose-ship","seat":0,"ship":"sloop"}`, "ship-chosen")
	do(t, g, `{"type":"choose-ship","seat":1,"ship":"sloop"}`)
	if g.st.Stage != StagePlay || g.st.Active != 1 || g.st.Players[0].Ship.Type != Flute {
		t.Fatalf("after both picks the game starts with seat 2: %s active %d", g.st.Stage, g.st.Active)
	}
}

func variantGame(t *testing.T, n int, seed uint64, vs ...string) *Game {
	t.Helper()
	var su Setup
	if err := json.Unmarshal(setupJSON(t, testCatalogWithNPCs(), n), &su); err != nil {
		t.Fatal(err)
	}
	su.Variants = vs
	b, _ := json.Marshal(su)
	eg, err := Rules().New(b, seed)
	if err != nil {
		t.Fatal(err)
	}
	return eg.(*Game)
}

// Variant 4: two naval ships of different nations and an NPC pirate are at
// sea from the start, none in a player captain's home zone.
func TestHardLife(t *testing.T) {
	g := variantGame(t, 2, 5, VariantHardLife)
	navies, pirates := 0, 0
	entering := 0
	for kind, n := range g.st.NPCs {
		if n.Entering && n.Zone == "" {
			entering++ // drawn as round 1's event
			continue
		}
		for _, p := range g.st.Players {
			if g.cat.captain(p.Captain).Home == n.Zone {
				t.Fatalf("%s starts in a player's home zone", kind)
			}
		}
		if navyNation(kind) != "" {
			navies++
		} else {
			pirates++
		}
	}
	if navies != 2 || pirates != 1 {
		t.Fatalf("%d naval ships and %d pirates at the start, want 2 and 1", navies, pirates)
	}
	if len(g.st.EventDeck)+len(g.st.EventDiscard)+entering != len(g.cat.Events)-3 {
		t.Fatal("the three NPC cards leave the event deck")
	}
}

// Variant 1: each round's turn order is drawn; every player still has one
// turn a round.
func TestFlexibleTurns(t *testing.T) {
	g := variantGame(t, 4, 9, VariantFlexibleTurns)
	orders := map[string]bool{}
	for round := 0; round < 4 && !g.Over(); round++ {
		seen := map[int]bool{}
		for i := 0; i < 4; i++ {
			seat := g.st.Active
			if seen[seat] {
				t.Fatalf("seat %d plays twice in round %d", seat, g.st.Round)
			}
			seen[seat] = true
			if i == 0 {
				b, _ := json.Marshal(g.st.Order)
				orders[string(b)] = true
			}
			g.st.Pending = nil
			do(t, g, fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat))
		}
	}
	if len(orders) < 2 {
		t.Fatalf("four rounds drew the same order: %v", orders)
	}
}
