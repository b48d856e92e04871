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

// TestViewSellPrices: in port, the player's own view prices each cargo
// card as selling it pays (6 for the good in demand, 3 otherwise); no
// other viewer gets the prices, which would tell the cargo.
func TestViewSellPrices(t *testing.T) {
	g := newTestGame(t, 2)
	p := g.st.Players[0]
	demand := g.st.Zones[p.Zone].Demand
	var want, other string
	for _, k := range g.cat.Cargo {
		if k.Good == demand && want == "" {
			want = k.ID
		}
		if k.Good != demand && other == "" {
			other = k.ID
		}
	}
	p.Cargo = []string{want, other}
	own := g.View(engine.Viewer{Seat: 0}).(View)
	if own.SellPrices[want] != 6 || own.SellPrices[other] != 3 {
		t.Fatalf("sell prices: %v", own.SellPrices)
	}
	if pub := g.View(engine.Public).(View); pub.SellPrices != nil {
		t.Fatal("the public view prices Ann's cargo")
	}
	inPortAction(t, g)
	evs := do(t, g, `{"type":"sell","seat":0,"cards":["`+want+`","`+other+`"]}`)
	if got := g.st.Players[0].Gold - 10; got != 9 {
		t.Fatalf("sold for %d, priced 6 and 3: %v", got, evs[0].Text)
	}
}
