package merchants

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func TestDescribe(t *testing.T) {
	info := Rules().(engine.Describer).Describe()
	if info.Rules != Name || info.MinPlayers != 2 || info.MaxPlayers != 4 || info.Citation != "section" || len(info.Inputs) != 1 || info.Inputs[0] != "dice" {
		t.Fatalf("%+v", info)
	}
}

func TestHelpNotesCiteSections(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range Rules().(engine.HelpNotes).HelpNotes() {
		if n.ID == "" || seen[n.ID] || n.Section == "" || n.Text == "" {
			t.Errorf("note %+v", n)
		}
		seen[n.ID] = true
	}
}

func TestSetupFromFormRefusals(t *testing.T) {
	form := Rules().(engine.NewGameForm)
	players := []engine.FormPlayer{{Name: "Ann"}, {Name: "Bob"}}
	if _, err := form.SetupFromForm(engine.FormAnswers{Players: players}, nil); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("no catalog: %v", err)
	}
	cb, _ := json.Marshal(testCatalog())
	if _, err := form.SetupFromForm(engine.FormAnswers{Players: players, Options: map[string]json.RawMessage{"first": json.RawMessage(`"3"`)}}, cb); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("seat 3 of 2: %v", err)
	}
}

// The camera's dice read answers the roll the game waits for.
func TestDiceInputAnswersTheRoll(t *testing.T) {
	g := newTestGame(t, 2)
	mapper := Rules().(engine.InputMapper)
	if _, _, ok := mapper.MapInput(g, engine.TableInput{Kind: "dice"}); ok {
		t.Fatal("no roll is waited for yet")
	}
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	exp := g.WaitingFor()
	if len(exp) != 1 || exp[0].Kind != "dice" || exp[0].Dice[0].Count != g.cat.captain("test-cap-1").Scouting {
		t.Fatalf("waiting for %+v", exp)
	}
	act, said, ok := mapper.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Die: "test", Face: "skull"}, {Die: "test", Face: "3"}}})
	if !ok || said == "" {
		t.Fatal("the dice read maps to no action")
	}
	a, err := Rules().DecodeAction(act)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	if g.st.Pending == nil || g.st.Pending.Kind != "merchant" {
		t.Fatal("the read skull found the merchant")
	}
}

// Both sides of a battle roll at once, each in its half of the tray.
func TestDiceInputPicksTheSide(t *testing.T) {
	g := newTestGame(t, 2)
	atSeaTogether(g)
	do(t, g, `{"type":"scout","seat":0,"target":"player","targetSeat":1}`)
	roll(t, g, "skull", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	n := g.st.Fight.Battle.ContestDice(1)
	var read []engine.DieRead
	for i := 0; i < n; i++ {
		read = append(read, engine.DieRead{Die: "test", Face: "skull", Zone: "defender"})
	}
	act, _, ok := Rules().(engine.InputMapper).MapInput(g, engine.TableInput{Kind: "dice", Dice: read})
	if !ok {
		t.Fatal("not mapped")
	}
	a, _ := Rules().DecodeAction(act)
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	if g.st.Fight.Battle.ContestFaces[1] == nil || g.st.Fight.Battle.ContestFaces[0] != nil {
		t.Fatal("the defender's dice answered the aggressor's roll")
	}
}

func TestDigitalRollsReplay(t *testing.T) {
	g := newTestGame(t, 2)
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	do(t, g, `{"type":"roll","seat":-1,"request":"`+g.st.Dice.Open[0].ID+`","digital":true}`)
	if g.st.Pending == nil {
		t.Skip("the seeded dice found nothing; the rest needs a found merchant")
	}
	refuse(t, g, `{"type":"roll","seat":-1,"request":"r1","corrects":"roll2","faces":["skull","skull"]}`, "roll-corrects")
	refuse(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["skull","skull"]}`, "roll-no-request")
	do(t, g, `{"type":"merchant","seat":0,"raid":false}`)
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	g.st.T.Actions = 0
	do(t, g, `{"type":"scout","seat":0,"target":"merchant"}`)
	refuse(t, g, `{"type":"roll","seat":-1,"request":"`+g.st.Dice.Open[0].ID+`","faces":["skull"]}`, "roll-count")
	refuse(t, g, `{"type":"roll","seat":-1,"request":"`+g.st.Dice.Open[0].ID+`","faces":["skull","7"]}`, "roll-face")
}

// TestCatalogKindsNameTheirLists: every kind of the owner's catalog names
// the key of the file where its entries are, so the catalog page finds
// them (glory and event cards under their own keys, missions and rumors
// with forms of their own).
func TestCatalogKindsNameTheirLists(t *testing.T) {
	c := testCatalog()
	if len(c.Missions) == 0 {
		c.Missions = []Mission{{ID: "test-mission", Name: "Test Mission", Zone: c.Zones[0].ID, Gold: 3}}
	}
	if len(c.Rumors) == 0 {
		c.Rumors = []Rumor{{ID: "test-rumor", Name: "Test Rumor", Skill: "influence"}}
	}
	raw, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	kinds := Rules().(engine.OwnerCatalog).CatalogKinds()
	if err := engine.CheckCatalogKinds(kinds, raw); err != nil {
		t.Fatal(err)
	}
	lists := map[string]string{}
	for _, k := range kinds {
		lists[k.ID] = k.List
	}
	for id, want := range map[string]string{"glory": "glory", "event": "events", "mission": "missions", "rumor": "rumors", "zone": "zones"} {
		if lists[id] != want {
			t.Errorf("kind %q: list %q, want %q", id, lists[id], want)
		}
	}
	if err := engine.CheckCatalogKinds(append(kinds, engine.CatalogKind{ID: "x", List: "nowhere"}), raw); err == nil {
		t.Error("a kind naming a key the catalog lacks was accepted")
	}
}
