package merchants

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// randomAction proposes an action that may or may not be legal now, leaning
// towards what the game waits for, so that random games get everywhere.
func randomAction(g *Game, r *rand.Rand) string {
	s := g.st
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	if s.Stage == StageSetup {
		for i, p := range s.Players {
			if p.Ship == nil {
				return fmt.Sprintf(`{"type":"choose-ship","seat":%d,"ship":%q}`, i, pick([]string{Sloop, Flute}))
			}
		}
	}
	for i, p := range s.Players {
		if len(p.GloryCards) > gloryHand && r.IntN(10) > 0 {
			return fmt.Sprintf(`{"type":"discard-glory","seat":%d,"card":%q}`, i, pick(p.GloryCards))
		}
	}
	if len(s.Dice.Open) > 0 && r.IntN(10) > 0 {
		req := s.Dice.Open[r.IntN(len(s.Dice.Open))]
		return fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"digital":true}`, req.ID)
	}
	if f := s.Fight; f != nil {
		for _, n := range f.Battle.Need() {
			seat := f.Seats[n.Side]
			if seat < 0 {
				seat = f.Controller
			}
			switch n.Kind {
			case combat.StageDeclare:
				return fmt.Sprintf(`{"type":"declare","seat":%d,"choice":%q}`, seat, pick([]string{combat.Shoot, combat.Shoot, combat.Board, combat.Flee}))
			case combat.StageChasers:
				return fmt.Sprintf(`{"type":"chase","seat":%d,"fire":%v}`, seat, r.IntN(3) > 0)
			case combat.StageAbsorb:
				return fmt.Sprintf(`{"type":"absorb","seat":%d,"location":%q}`, seat, pick(append([]string{""}, combat.Locations...)))
			case combat.StageHooks:
				dice := "[]"
				if r.IntN(2) == 0 {
					dice = "[0]"
				}
				return fmt.Sprintf(`{"type":"grapple","seat":%d,"dice":%s}`, seat, dice)
			case combat.StageChoose:
				if shooter := f.Seats[1-n.Side]; shooter >= 0 && len(s.Players[shooter].Weapons) > 0 && r.IntN(2) == 0 {
					return fmt.Sprintf(`{"type":"use-weapon","seat":%d,"weapon":%q}`, shooter, pick(s.Players[shooter].Weapons))
				}
				var locs []string
				for i := 0; i < n.Choose; i++ {
					locs = append(locs, pick(combat.Locations))
				}
				b, _ := json.Marshal(locs)
				return fmt.Sprintf(`{"type":"choose-hits","seat":%d,"locations":%s}`, seat, b)
			}
		}
	}
	seat := s.Active
	if pd := s.Pending; pd != nil {
		seat = pd.Seat
		switch pd.Kind {
		case "merchant":
			return fmt.Sprintf(`{"type":"merchant","seat":%d,"nation":%q,"raid":%v}`, seat, pick([]string{pd.Token, pd.ZoneNation}), r.IntN(3) > 0)
		case "raid":
			p := s.Players[seat]
			switch r.IntN(5) {
			case 0:
				return fmt.Sprintf(`{"type":"raid","seat":%d,"op":"weapon","weapon":%q}`, seat, pick(Weapons))
			case 1:
				return fmt.Sprintf(`{"type":"raid","seat":%d,"op":"draw"}`, seat)
			case 2:
				return fmt.Sprintf(`{"type":"raid","seat":%d,"op":%q,"card":%q}`, seat, pick([]string{"discard", "exchange"}), pick(append(pd.Raid.Cards, "x")))
			default:
				var keep []string
				room := max(p.Ship.Cargo, 0) - len(p.Cargo)
				for _, id := range pd.Raid.Cards {
					if len(keep) < room && r.IntN(2) == 0 {
						keep = append(keep, id)
					}
				}
				b, _ := json.Marshal(keep)
				return fmt.Sprintf(`{"type":"raid","seat":%d,"op":"end","keep":%s}`, seat, b)
			}
		case "recruit-pay":
			return fmt.Sprintf(`{"type":"recruit-pay","seat":%d,"crew":%d}`, seat, r.IntN(3))
		case "claim-ship":
			if r.IntN(2) == 0 {
				// A chosen cargo (sometimes too much) and a dismissed specialist.
				var keep []string
				for _, id := range append(cloneStrings(s.Players[seat].Cargo), pd.Cargo...) {
					if r.IntN(2) == 0 {
						keep = append(keep, id)
					}
				}
				k, _ := json.Marshal(keep)
				if keep == nil {
					k = []byte("[]")
				}
				d, _ := json.Marshal(pd.Specialists)
				return fmt.Sprintf(`{"type":"claim-ship","seat":%d,"claim":%v,"keep":%s,"dismiss":%s}`, seat, r.IntN(2) == 0, k, d)
			}
			return fmt.Sprintf(`{"type":"claim-ship","seat":%d,"claim":%v}`, seat, r.IntN(2) == 0)
		case "rumor-keep":
			return fmt.Sprintf(`{"type":"rumor-keep","seat":%d,"rumor":%q}`, seat, pick([]string{pd.Token, s.Players[seat].Rumor, "x"}))
		case "new-captain":
			return fmt.Sprintf(`{"type":"new-captain","seat":%d,"ship":%q,"redraw":%v}`, seat, pick([]string{Sloop, Flute}), r.IntN(2) == 0)
		}
	}
	p := s.Players[seat]
	if s.T.BuyDraw != nil {
		var buy []string
		for _, id := range s.T.BuyDraw {
			if r.IntN(3) == 0 {
				buy = append(buy, id)
			}
		}
		b, _ := json.Marshal(buy)
		return fmt.Sprintf(`{"type":"buy","seat":%d,"cards":%s}`, seat, b)
	}
	if (s.T.Actions < 3 || s.T.PortOpen) && r.IntN(8) > 0 {
		// Rather use the actions left than end the turn at once.
		return randomTurnAction(g, r, seat, p)
	}
	return fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat)
}

func randomTurnAction(g *Game, r *rand.Rand, seat int, p *Player) string {
	s := g.st
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	if p.Mission != "" && r.IntN(6) == 0 {
		return fmt.Sprintf(`{"type":"mission-complete","seat":%d}`, seat)
	}
	if p.Rumor != "" && r.IntN(6) == 0 {
		return fmt.Sprintf(`{"type":"rumor-attempt","seat":%d}`, seat)
	}
	if r.IntN(12) == 0 {
		switch r.IntN(5) {
		case 3:
			return fmt.Sprintf(`{"type":"mission-complete","seat":%d}`, seat)
		case 4:
			return fmt.Sprintf(`{"type":"rumor-attempt","seat":%d}`, seat)
		case 0:
			if len(p.GloryCards) > 0 && r.IntN(2) == 0 {
				return fmt.Sprintf(`{"type":"hire-specialist","seat":%d,"card":%q,"gold":%d}`, seat, pick(p.GloryCards), r.IntN(4))
			}
			if len(p.GloryCards) > 0 {
				return fmt.Sprintf(`{"type":"play-glory","seat":%d,"card":%q}`, seat, pick(p.GloryCards))
			}
		case 1:
			return fmt.Sprintf(`{"type":"retire","seat":%d}`, seat)
		default:
			return fmt.Sprintf(`{"type":"adjust","seat":-1,"target":%d,"gold":%d,"glory":%d,"damage":{%q:1},"reason":"test card"}`, r.IntN(len(s.Players)), r.IntN(10), r.IntN(2), pick(combat.Locations))
		}
	}
	switch {
	case s.T.PortOpen && len(s.T.Activities) == 0 && len(p.Cargo) > 0 && r.IntN(2) == 0:
		b, _ := json.Marshal(p.Cargo)
		return fmt.Sprintf(`{"type":"sell","seat":%d,"cards":%s}`, seat, b)
	case s.T.PortOpen:
		switch r.IntN(9) {
		case 7:
			if len(s.Missions) > 0 {
				return fmt.Sprintf(`{"type":"mission-claim","seat":%d,"mission":%q,"met":%v}`, seat, pick(s.Missions), r.IntN(3) > 0)
			}
		case 8:
			return fmt.Sprintf(`{"type":"rumor","seat":%d}`, seat)
		case 0:
			var sell []string
			for _, id := range p.Cargo {
				if r.IntN(2) == 0 {
					sell = append(sell, id)
				}
			}
			b, _ := json.Marshal(sell)
			return fmt.Sprintf(`{"type":"sell","seat":%d,"cards":%s}`, seat, b)
		case 1:
			return fmt.Sprintf(`{"type":"buy-draw","seat":%d}`, seat)
		case 2:
			switch r.IntN(4) {
			case 0:
				return fmt.Sprintf(`{"type":"shipyard","seat":%d,"ship":%q}`, seat, pick([]string{Frigate, Galleon, Sloop, Flute}))
			case 1:
				return fmt.Sprintf(`{"type":"shipyard","seat":%d,"mod":true}`, seat)
			case 2:
				return fmt.Sprintf(`{"type":"shipyard","seat":%d,"weapons":[%q]}`, seat, pick(Weapons))
			default:
				return fmt.Sprintf(`{"type":"shipyard","seat":%d,"repair":{%q:1}}`, seat, pick(combat.Locations))
			}
		case 3:
			return fmt.Sprintf(`{"type":"recruit","seat":%d}`, seat)
		case 4:
			return fmt.Sprintf(`{"type":"stash","seat":%d,"amount":%d}`, seat, r.IntN(21)-5)
		default:
			return fmt.Sprintf(`{"type":"end-port","seat":%d}`, seat)
		}
	case p.InPort:
		if !s.T.PortUsed && r.IntN(2) == 0 {
			return fmt.Sprintf(`{"type":"port","seat":%d}`, seat)
		}
		return fmt.Sprintf(`{"type":"leave-port","seat":%d}`, seat)
	}
	switch r.IntN(5) {
	case 0:
		return fmt.Sprintf(`{"type":"enter-port","seat":%d}`, seat)
	case 1:
		return fmt.Sprintf(`{"type":"scout","seat":%d,"target":"merchant"}`, seat)
	case 2:
		for _, kind := range NPCKinds {
			if n := s.NPCs[kind]; n != nil && n.Zone == p.Zone && r.IntN(2) == 0 {
				return fmt.Sprintf(`{"type":"scout","seat":%d,"target":"npc","npc":%q}`, seat, kind)
			}
		}
		for i, o := range s.Players {
			if i != seat && o.Zone == p.Zone && !o.InPort && o.Ship != nil {
				return fmt.Sprintf(`{"type":"scout","seat":%d,"target":"player","targetSeat":%d}`, seat, i)
			}
		}
	}
	if z := g.cat.zone(p.Zone); z != nil {
		return fmt.Sprintf(`{"type":"move","seat":%d,"to":%q}`, seat, pick(z.Adjacent))
	}
	return fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat)
}

// checkInvariants fails the test when the state breaks a rule that holds
// after every action.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s, cat := g.st, g.cat
	cargo := map[string]int{}
	count := func(ids []string) {
		for _, id := range ids {
			cargo[id]++
		}
	}
	count(s.CargoDeck)
	count(s.CargoDiscard)
	count(s.T.BuyDraw)
	if s.Pending != nil && s.Pending.Raid != nil {
		count(s.Pending.Raid.Cards)
	}
	if s.Pending != nil {
		count(s.Pending.Cargo)
	}
	glory := len(s.GloryDeck) + len(s.GloryDiscard)
	if s.Pending != nil {
		glory += len(s.Pending.Specialists)
	}
	for i, p := range s.Players {
		count(p.Cargo)
		glory += len(p.GloryCards) + len(p.Specialists)
		if p.Gold < 0 || p.Stash < 0 || p.Glory < 0 {
			t.Fatalf("seat %d: gold %d stash %d glory %d", i, p.Gold, p.Stash, p.Glory)
		}
		for n, b := range p.Bounties {
			if b < 1 || b > 5 || !in(Nations, n) {
				t.Fatalf("seat %d: %d %s bounties", i, b, n)
			}
		}
		if p.Ship == nil {
			if !p.NeedCaptain && s.Stage == StagePlay {
				t.Fatalf("seat %d has no ship and waits for no captain", i)
			}
			continue
		}
		c := &ctx{cat: cat, s: s}
		for _, l := range combat.Locations {
			if v := *p.Ship.loc(l); v < 0 || v > c.maxOf(p.Ship, l) {
				t.Fatalf("seat %d: %s at %d of %d", i, l, v, c.maxOf(p.Ship, l))
			}
		}
		if len(p.Cargo) > max(p.Ship.Cargo, 0) && s.Fight == nil {
			t.Fatalf("seat %d carries %d cards in a hold of %d", i, len(p.Cargo), p.Ship.Cargo)
		}
	}
	for _, cc := range cat.Cargo {
		if cargo[cc.ID] != 1 {
			t.Fatalf("cargo card %s is in %d places", cc.ID, cargo[cc.ID])
		}
	}
	events := len(s.EventDeck) + len(s.EventDiscard)
	for _, n := range s.NPCs {
		events += len(n.Cards)
		if n.Next != "" {
			events++
		}
	}
	if events != len(cat.Events) {
		t.Fatalf("%d event cards in play, the deck has %d", events, len(cat.Events))
	}
	missions := len(s.MissionDeck) + len(s.MissionDiscard) + len(s.Missions)
	rumors := len(s.RumorDeck) + len(s.RumorDiscard)
	if s.Pending != nil && (s.Pending.Kind == "rumor-keep" || s.Pending.Kind == "claim-ship") && s.Pending.Token != "" {
		rumors++
	}
	for _, p := range s.Players {
		if p.Mission != "" {
			missions++
		}
		if p.Rumor != "" {
			rumors++
		}
	}
	if missions != len(cat.Missions) || rumors != len(cat.Rumors) {
		t.Fatalf("%d missions and %d rumors in play, the decks have %d and %d", missions, rumors, len(cat.Missions), len(cat.Rumors))
	}
	mods := 0
	for _, zs := range s.Zones {
		if zs.Mod != "" {
			mods++
		}
	}
	for _, p := range s.Players {
		if p.Ship != nil {
			mods += len(p.Ship.Mods)
		}
	}
	if s.Pending != nil && s.Pending.Ship != nil {
		mods += len(s.Pending.Ship.Mods)
	}
	if mods != len(cat.ModTokens) {
		t.Fatalf("%d ship modifications in play, the catalog has %d", mods, len(cat.ModTokens))
	}
	if glory != len(cat.Glory) {
		t.Fatalf("%d glory cards in play, the deck has %d", glory, len(cat.Glory))
	}
	if s.T.Actions > 3 {
		t.Fatalf("%d actions taken", s.T.Actions)
	}
	pub := g.View(engine.Public).(View)
	for i, pv := range pub.Players {
		revealed := s.Stage == StageOver || containsInt(s.Declared, i)
		if pv.Cargo != nil || pv.GloryCards != nil || pv.Rumor != nil || (pv.Stash != nil && !revealed) {
			t.Fatalf("the public view shows seat %d's secrets", i)
		}
	}
	if pub.Pending != nil && pub.Pending.Kind == "rumor-keep" && pub.Pending.Token != "" {
		t.Fatal("the public view shows a rumor waiting to be kept")
	}
	if pub.BuyDraw != nil {
		t.Fatal("the public view shows the cards drawn to buy")
	}
}

// seen counts the event types of the random games, to show what they reach.
var seen = map[string]int{}

// playout plays a random game and returns the accepted actions.
func playout(t testing.TB, n int, seed uint64, maxActions int) (*Game, json.RawMessage, [][]byte) {
	setup := setupJSON(t, testCatalogWithNPCs(), n)
	var su Setup
	_ = json.Unmarshal(setup, &su)
	if seed%2 == 0 {
		// Half the games start with the secret ship picks and a drawn start player.
		for i := range su.Players {
			su.Players[i].Ship = ""
		}
		su.First = nil
	}
	if seed%3 == 0 {
		su.Variants = []string{VariantFlexibleTurns, VariantGiveMeGlory, VariantHardLife}
	}
	setup, _ = json.Marshal(su)
	eg, err := Rules().New(setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := eg.(*Game)
	r := rand.New(rand.NewPCG(seed, 99))
	var accepted [][]byte
	for tries := 0; len(accepted) < maxActions && !g.Over() && tries < maxActions*20; tries++ {
		js := randomAction(g, r)
		a, err := Rules().DecodeAction([]byte(js))
		if err != nil {
			t.Fatalf("decode %s: %v", js, err)
		}
		evs, err := g.Apply(a)
		if err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("%s: not a rule error: %v", js, err)
			}
			continue
		}
		for _, e := range engine.EventsFor(evs, engine.Public) {
			seen[e.Type]++
			if e.Secret != nil {
				t.Fatal("a secret reached the public log")
			}
		}
		accepted = append(accepted, []byte(js))
		if _, ok := t.(*testing.T); ok {
			checkInvariants(t, g)
		}
	}
	return g, setup, accepted
}

func TestRandomPlayouts(t *testing.T) {
	seen = map[string]int{}
	games, over := 0, 0
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 6; seed++ {
			g, setup, actions := playout(t, n, seed*31+uint64(n), 1500)
			games++
			if g.Over() {
				over++
			}
			// Replaying the accepted actions gives the same game.
			var as []engine.Action
			for _, js := range actions {
				a, _ := Rules().DecodeAction(js)
				as = append(as, a)
			}
			rg, err := engine.Replay(Rules(), setup, seed*31+uint64(n), as)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := g.Snapshot()
			got, _ := rg.Snapshot()
			if !bytes.Equal(want, got) {
				t.Fatalf("%d players, seed %d: the replay differs", n, seed)
			}
		}
	}
	if over < games/2 {
		t.Fatalf("only %d of %d random games reached the end", over, games)
	}
	t.Logf("%d random games, %d finished; events: %v", games, over, seen)
	for _, e := range []string{"battle-ended", "raid-ended", "sold", "bought", "shipyard", "recruited", "captain-drawn", "glory-gained", "reward", "plundered", "npc-moved", "npc-entered", "npc-scouting", "mission-claimed", "mission-completed", "rumor-drawn", "rumor-true", "rumor-false", "weapon-used", "ship-claimed", "specialist-hired"} {
		if seen[e] == 0 {
			t.Errorf("no random game reached %q", e)
		}
	}
}
