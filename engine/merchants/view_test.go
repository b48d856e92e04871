package merchants

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// TestViewShipyardOffer: in port, the view prices the shipyard for the
// active player as the shipyard charges: a frigate is 35 gold less what
// the sloop fetches, and buying it costs exactly that.
func TestViewShipyardOffer(t *testing.T) {
	g := newTestGame(t, 2)
	inPortAction(t, g)
	v := g.View(engine.Public).(View)
	sy := v.Shipyard
	if sy == nil || sy.TradeIn != 5 || sy.WeaponPrice != 3 || sy.RepairPrice != 2 || sy.RepairRefused != "" {
		t.Fatalf("shipyard: %+v", sy)
	}
	var frigate *ShipOffer
	for i, o := range sy.Ships {
		if o.Type == Sloop {
			t.Error("the player's own ship type is offered")
		}
		if o.Type == Frigate {
			frigate = &sy.Ships[i]
		}
	}
	if frigate == nil || frigate.Name != "Test Frigate" || frigate.Price != 30 {
		t.Fatalf("frigate offer: %+v", frigate)
	}
	g.st.Players[0].Gold = 30
	do(t, g, `{"type":"shipyard","seat":0,"ship":"frigate"}`)
	if g.st.Players[0].Gold != 0 {
		t.Fatalf("the frigate cost %d, offered at 30", 30-g.st.Players[0].Gold)
	}
	do(t, g, `{"type":"end-port","seat":0}`)
	do(t, g, `{"type":"leave-port","seat":0}`)
	if v := g.View(engine.Public).(View); v.Shipyard != nil {
		t.Error("a ship at sea is offered a shipyard")
	}
}

// TestViewRumorChoice: a player keeping one of two rumors sees both on
// their own view; nobody else sees either.
func TestViewRumorChoice(t *testing.T) {
	g := newNPCGame(t, 2)
	g.st.RumorDeck = []string{"test-rumor-1", "test-rumor-2"}
	g.st.Players[0].Rumor = "test-rumor-3"
	inPortAction(t, g)
	do(t, g, `{"type":"rumor","seat":0}`)
	roll(t, g, append([]string{"skull"}, fails(g.cat.captain("test-cap-1").Influence-1)...)...)
	own := g.View(engine.Viewer{Seat: 0}).(View)
	if own.Pending == nil || len(own.Pending.Rumors) != 2 || own.Pending.Rumors[0].ID != "test-rumor-3" || own.Pending.Rumors[1].ID != "test-rumor-1" {
		t.Fatalf("the keeper's view: %+v", own.Pending)
	}
	for _, v := range []engine.Viewer{engine.Public, {Seat: 1}} {
		b, _ := json.Marshal(g.View(v))
		if strings.Contains(string(b), "test-rumor-1") || strings.Contains(string(b), "test-rumor-3") {
			t.Fatalf("viewer %d sees the rumors", v.Seat)
		}
	}
}
