package merchants

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func TestMissions(t *testing.T) {
	g := newNPCGame(t, 2)
	if len(g.st.Missions) != 2 {
		t.Fatalf("two missions are in play at setup, got %v", g.st.Missions)
	}
	// Put test mission 5 (Anchorage, 8 gold) in play.
	g.st.Missions = []string{"test-mission-5", "test-mission-2"}
	g.st.MissionDeck = remove(remove(remove([]string{"test-mission-1", "test-mission-3", "test-mission-4", "test-mission-6"}, "x"), "y"), "z")
	inPortAction(t, g)
	refuse(t, g, `{"type":"mission-claim","seat":0,"mission":"test-mission-2","met":true}`, "mission-port")
	do(t, g, `{"type":"mission-claim","seat":0,"mission":"test-mission-5","met":false}`)
	if g.st.Players[0].Mission != "" || !in(g.st.Missions, "test-mission-5") {
		t.Fatal("a failed claim leaves the mission in play")
	}
	refuse(t, g, `{"type":"mission-claim","seat":0,"mission":"test-mission-5","met":true}`, "activity-done")
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	inPortAction(t, g)
	do(t, g, `{"type":"mission-claim","seat":0,"mission":"test-mission-5","met":true}`)
	if g.st.Players[0].Mission != "test-mission-5" || len(g.st.Missions) != 2 || in(g.st.Missions, "test-mission-5") {
		t.Fatalf("a claimed mission is replaced in play: %v", g.st.Missions)
	}
	do(t, g, `{"type":"end-port","seat":0}`)
	do(t, g, `{"type":"mission-complete","seat":0}`)
	if p := g.st.Players[0]; p.Gold != 18 || p.Glory != 1 || p.Mission != "" {
		t.Fatalf("completing: 8 gold, a glory point: gold %d glory %d", p.Gold, p.Glory)
	}
	refuse(t, g, `{"type":"mission-complete","seat":0}`, "mission-none")
}

func TestRumors(t *testing.T) {
	g := newNPCGame(t, 2)
	g.st.RumorDeck = []string{"test-rumor-1", "test-rumor-2", "test-rumor-3"}
	g.st.RumorDiscard = []string{"test-rumor-4", "test-rumor-5", "test-rumor-6"}
	inPortAction(t, g)
	do(t, g, `{"type":"rumor","seat":0}`)
	if g.st.Players[0].Gold != 8 {
		t.Fatal("a rumor costs 2 gold")
	}
	evs := func() []engine.Event {
		roll(t, g, append([]string{"skull"}, fails(g.cat.captain("test-cap-1").Influence-1)...)...)
		return nil
	}
	evs()
	if g.st.Players[0].Rumor != "test-rumor-1" {
		t.Fatalf("an INFLUENCE success draws a rumor: %q", g.st.Players[0].Rumor)
	}
	pub, _ := json.Marshal(g.View(engine.Public))
	if strings.Contains(string(pub), "test-rumor-1") {
		t.Fatal("the rumor reaches the public view")
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	inPortAction(t, g)
	do(t, g, `{"type":"rumor","seat":0}`)
	evs()
	if pd := g.st.Pending; pd == nil || pd.Kind != "rumor-keep" {
		t.Fatal("a second rumor: keep one")
	}
	pub, _ = json.Marshal(g.View(engine.Public))
	if strings.Contains(string(pub), "test-rumor-2") {
		t.Fatal("the second rumor reaches the public view")
	}
	refuse(t, g, `{"type":"rumor-keep","seat":0,"rumor":"test-rumor-3"}`, "rumor-none")
	do(t, g, `{"type":"rumor-keep","seat":0,"rumor":"test-rumor-2"}`)
	if p := g.st.Players[0]; p.Rumor != "test-rumor-2" || !in(g.st.RumorDeck, "test-rumor-1") {
		t.Fatal("the other rumor goes back into the deck")
	}
	do(t, g, `{"type":"end-port","seat":0}`)
	do(t, g, `{"type":"rumor-attempt","seat":0}`)
	// Test rumor 2 asks for SCOUTING.
	if n := len(g.st.Dice.Open[0].Dice); n != g.cat.captain("test-cap-1").Scouting {
		t.Fatalf("the rumor's skill is rolled: %d dice", n)
	}
	roll(t, g, append([]string{"skull"}, fails(g.cat.captain("test-cap-1").Scouting-1)...)...)
	if p := g.st.Players[0]; p.Rumor != "" || p.Glory != 1 || !in(g.st.RumorDiscard, "test-rumor-2") {
		t.Fatalf("a rumor found true: a glory point, the card discarded: %+v", p)
	}
	refuse(t, g, `{"type":"rumor-attempt","seat":0}`, "rumor-none")
}
