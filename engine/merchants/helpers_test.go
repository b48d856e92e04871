package merchants

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// testCatalog is made-up test data: a five-zone "Test" sea, four test
// goods, test captains, ships and cards. None of it is the printed game.
func testCatalog() *Catalog {
	c := &Catalog{
		Dice: DiceLayout{ID: "test", Faces: []string{"skull", "skull", "1", "2", "3", "4"}, Success: "skull",
			Numbers: map[string]string{"1": "cargo", "2": "masts", "3": "crew", "4": "cannons"}},
		Zones: []Zone{
			{ID: "tz-anchor", Name: "Test Anchorage", Port: "Anchor Test Port", Nation: English, Adjacent: []string{"tz-open", "tz-brig"}},
			{ID: "tz-brig", Name: "Test Brigantine Bay", Port: "Brig Test Port", Nation: Spanish, Adjacent: []string{"tz-anchor", "tz-open", "tz-cove"}},
			{ID: "tz-cove", Name: "Test Cove", Port: "Cove Test Port", Nation: French, Adjacent: []string{"tz-brig", "tz-open", "tz-dune"}},
			{ID: "tz-dune", Name: "Test Dunes", Port: "Dune Test Port", Nation: Dutch, Adjacent: []string{"tz-cove", "tz-open"}},
			{ID: "tz-open", Name: "Test Open Sea", Adjacent: []string{"tz-anchor", "tz-brig", "tz-cove", "tz-dune"}},
		},
		Goods: []string{"test-rum", "test-silk", "test-salt", "test-tea", "test-wax", "test-ink"},
		Ships: []ShipType{
			{ID: Sloop, Name: "Test Sloop", Toughness: 3, Cargo: 2, Crew: 2, Cannons: 2, Maneuverability: 3},
			{ID: Flute, Name: "Test Flute", Toughness: 3, Cargo: 4, Crew: 2, Cannons: 1, Maneuverability: 1},
			{ID: Frigate, Name: "Test Frigate", Toughness: 4, Cargo: 3, Crew: 4, Cannons: 4, Maneuverability: 2},
			{ID: Galleon, Name: "Test Galleon", Toughness: 5, Cargo: 5, Crew: 3, Cannons: 3, Maneuverability: 1},
		},
		DemandTokens:   []string{"test-rum", "test-silk", "test-salt", "test-tea", "test-wax", "test-ink", "test-rum", "test-silk"},
		ModTokens:      []string{CargoHold, CannonPort, AdvancedRigs, ExtraHammocks},
		MerchantTokens: []string{English, Spanish, French, Dutch, Spanish, Dutch},
	}
	homes := []string{"tz-anchor", "tz-brig", "tz-cove", "tz-dune"}
	for i := 0; i < 8; i++ {
		c.Captains = append(c.Captains, Captain{ID: fmt.Sprintf("test-cap-%d", i+1), Name: fmt.Sprintf("Test Captain %d", i+1),
			Nation: Nations[i%4], Home: homes[i%4], Seamanship: 2 + i%2, Scouting: 2, Leadership: 2 + (i+1)%2, Influence: 1 + i%3})
	}
	for i := 0; i < 30; i++ {
		cc := CargoCard{ID: fmt.Sprintf("test-cargo-%02d", i+1), Good: c.Goods[i%6], Plunder: 1 + i%5, Escapes: i % 2}
		if i%3 == 0 {
			cc.Hits = []string{[]string{"hull", "cargo", "masts", "crew", "cannons"}[i%5]}
		}
		c.Cargo = append(c.Cargo, cc)
	}
	for i := 0; i < 10; i++ {
		c.Glory = append(c.Glory, Card{ID: fmt.Sprintf("test-glory-%d", i+1), Name: fmt.Sprintf("Test Glory %d", i+1)})
	}
	for i := 0; i < 12; i++ {
		c.Events = append(c.Events, Card{ID: fmt.Sprintf("test-event-%d", i+1), Name: fmt.Sprintf("Test Event %d", i+1)})
	}
	return c
}

// testCatalogWithNPCs adds made-up NPC test data: compass borders, NPC
// captain cards and move icons among the event cards.
func testCatalogWithNPCs() *Catalog {
	c := testCatalog()
	dirs := map[string]map[string]string{
		"tz-anchor": {"E": "tz-brig", "S": "tz-open"},
		"tz-brig":   {"W": "tz-anchor", "S": "tz-open", "E": "tz-cove"},
		"tz-cove":   {"W": "tz-brig", "S": "tz-open", "E": "tz-dune"},
		"tz-dune":   {"W": "tz-cove", "S": "tz-open"},
		"tz-open":   {"N": "tz-brig", "W": "tz-anchor", "E": "tz-dune"},
	}
	for i := range c.Zones {
		c.Zones[i].Directions = dirs[c.Zones[i].ID]
	}
	for i := 0; i < 6; i++ {
		c.Missions = append(c.Missions, Mission{ID: fmt.Sprintf("test-mission-%d", i+1), Name: fmt.Sprintf("Test Mission %d", i+1),
			Zone: c.Zones[i%4].ID, Gold: 2 * i})
		c.Rumors = append(c.Rumors, Rumor{ID: fmt.Sprintf("test-rumor-%d", i+1), Name: fmt.Sprintf("Test Rumor %d", i+1), Skill: Skills[i%4]})
	}
	c.ModTokens = []string{LongGuns, SwivelGuns, Chasers, ReinforcedHull}
	// Test data: three specialist glory cards, two of one type.
	c.Glory[7].Specialist, c.Glory[8].Specialist, c.Glory[9].Specialist = "surgeon", "lookout", "surgeon"
	// Test data: three port abilities on test zones, for the random games.
	c.Zones[1].Ability, c.Zones[2].Ability, c.Zones[3].Ability = AbilityNassau, AbilityCuracao, AbilityPetiteGoave
	npc := func(kind, home string, scouting, cannons int) *NPCCard {
		return &NPCCard{Kind: kind, Seamanship: 2, Scouting: scouting, Leadership: 2, Toughness: 3, Cargo: 2, Crew: 2, Cannons: cannons, Maneuverability: 2, Home: home}
	}
	c.Events[1].NPC = npc("french-navy", "tz-cove", 2, 2)
	c.Events[2].Moves = []NPCMove{{NPC: "french-navy", Direction: "E"}, {NPC: PirateSloop, Direction: "N"}}
	c.Events[3].NPC = npc(PirateSloop, "tz-open", 2, 1)
	c.Events[4].Moves = []NPCMove{{NPC: PirateSloop, Direction: "W"}, {NPC: "french-navy", Direction: "S"}}
	c.Events[6].NPC = npc(PirateFrigate, "tz-dune", 3, 3)
	c.Events[7].Moves = []NPCMove{{NPC: PirateFrigate, Direction: "N"}, {NPC: "spanish-navy", Direction: "E"}}
	c.Events[8].NPC = npc("spanish-navy", "tz-brig", 2, 2)
	c.Events[9].NPC = npc(PirateSloop, "tz-anchor", 1, 1)
	c.Events[10].Moves = []NPCMove{{NPC: "spanish-navy", Direction: "W"}, {NPC: PirateSloop, Direction: "S"}}
	c.Events[11].NPC = npc("dutch-navy", "tz-dune", 2, 1)
	c.Events[5].War = []string{English, Spanish}
	c.Events[0].Peace = []string{Spanish, English}
	return c
}

// setupJSON builds a setup for n players, all with a sloop, seat 0 first.
func setupJSON(t testing.TB, cat *Catalog, n int) json.RawMessage {
	t.Helper()
	cb, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	first := 0
	su := Setup{Catalog: cb, First: &first}
	for i := 0; i < n; i++ {
		su.Players = append(su.Players, SetupPlayer{Name: []string{"Ann", "Bob", "Cat", "Dan"}[i], Colour: fmt.Sprintf("test-colour-%d", i),
			Captain: fmt.Sprintf("test-cap-%d", i+1), Ship: Sloop})
	}
	b, err := json.Marshal(su)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newTestGame(t testing.TB, n int) *Game {
	t.Helper()
	g, err := Rules().New(setupJSON(t, testCatalog(), n), 7)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

func decode(t testing.TB, js string) engine.Action {
	t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	return a
}

// do applies an action given as JSON and fails the test on a refusal.
func do(t testing.TB, g *Game, js string) []engine.Event {
	t.Helper()
	evs, err := g.Apply(decode(t, js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	inPlayersWords(t, evs)
	return evs
}

// refuse applies an action that must be refused with code, citing a
// section, and leave the state exactly as it was.
func refuse(t testing.TB, g *Game, js, code string) {
	t.Helper()
	before, _ := g.Snapshot()
	v := g.Version()
	_, err := g.Apply(decode(t, js))
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != code {
		t.Fatalf("%s: want refusal %q, got %v", js, code, err)
	}
	if re.Section == "" || re.Detail == "" {
		t.Fatalf("%s: refusal %v cites no section", js, err)
	}
	refusalInPlayersWords(t, re)
	after, _ := g.Snapshot()
	if !bytes.Equal(before, after) || g.Version() != v {
		t.Fatalf("%s: a refusal changed the state", js)
	}
}

// roll answers the oldest open request with faces.
func roll(t testing.TB, g *Game, faces ...string) {
	t.Helper()
	if len(g.st.Dice.Open) == 0 {
		t.Fatal("no roll is asked for")
	}
	fb, _ := json.Marshal(faces)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, g.st.Dice.Open[0].ID, fb))
}

// rollFor answers the open request of a battle side ("aggressor" or
// "defender").
func rollFor(t testing.TB, g *Game, side string, faces ...string) {
	t.Helper()
	for _, r := range g.st.Dice.Open {
		if r.Side == side {
			fb, _ := json.Marshal(faces)
			do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, r.ID, fb))
			return
		}
	}
	t.Fatalf("no roll is asked of the %s", side)
}

func fails(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "1"
	}
	return out
}

func skulls(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "skull"
	}
	return out
}
