package deadreckoning

import (
	"encoding/json"
	"testing"
)

// merchantSetup is the setup of docs/api.md's Merchant example: the owner
// enters an Encounter card with "encounter": true (its Merchant back is
// entered only when it is attacked). Names and values are test data.
const merchantSetup = `{
  "players": [{"name": "Ann", "color": "purple"}, {"name": "Ben", "color": "green"}],
  "start": 0,
  "catalog": {
    "islands": [{"id": "test-isle-1", "name": "Test Isle 1", "slots": 4, "values": [6, 5, 4], "cargo": 2, "coins": 0}],
    "advancements": [
      {"id": "test-merchant", "name": "Test Merchant", "row": 1, "slot": "top", "cost": 2, "encounter": true,
       "abilities": [{"options": [{"effects": [{"kind": "sails", "n": 1}]}]}]},
      {"id": "test-adv", "name": "Test Advancement", "row": 1, "slot": "middle", "cost": 1,
       "abilities": [{"options": [{"effects": [{"kind": "gain-cargo", "n": 1, "to": "dock"}]}]}]}
    ]
  },
  "row1": [
    {"at": "R1C1", "island": "test-isle-1", "card": "test-merchant"},
    {"at": "R1C2", "openSea": {"arrows": ["left"]}, "card": "test-adv"},
    {"at": "R1C3", "openSea": {"arrows": ["up"]}, "newCard": {"id": "test-merchant-2", "name": "Test Merchant Two", "row": 1, "slot": "bottom", "cost": 1, "encounter": true,
       "abilities": [{"options": [{"effects": [{"kind": "sails", "n": 1}]}]}]}}
  ]
}`

func merchantGame(t *testing.T) *Game {
	t.Helper()
	g, err := Rules().New(json.RawMessage(merchantSetup), 3)
	if err != nil {
		t.Fatalf("the documented setup: %v", err)
	}
	s := st(g.(*Game))
	stow(s, pur, 0, 4)
	return g.(*Game)
}

// Encounters entered through the catalog's "encounter" field (p. 11): traded
// for like an Advancement (kept with its Merchant back), attacked (a battle,
// no Attack flag), buried under its Row's box when the battle is lost, and
// counted in the two buys or Encounters of a turn (p. 10).
func TestMerchantThroughTheCatalogField(t *testing.T) {
	t.Run("trade", func(t *testing.T) {
		g := merchantGame(t)
		place(st(g), pur, Pos{1, 1})
		do(t, g, `{"type":"buy","seat":0,"pay":{"A":2}}`)
		p := st(g).Players[pur]
		if len(p.SetAside) != 1 || p.SetAside[0].ID != "test-merchant" || !p.SetAside[0].Merchant || st(g).Board(Pos{1, 1}).Card != nil {
			t.Fatalf("traded Merchant: set aside %+v", p.SetAside)
		}
		if p.Ship.Spaces[0].Hold.Cargo != 2 || st(g).CurrentBattle() != nil {
			t.Fatalf("trading costs 2 cargo and starts no battle: hold %d", p.Ship.Spaces[0].Hold.Cargo)
		}
		conserved(t, st(g))
	})
	t.Run("attack lost: buried", func(t *testing.T) {
		g := merchantGame(t)
		place(st(g), pur, Pos{1, 1})
		do(t, g, `{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":3,"winAbility":true}}`)
		pb := st(g).CurrentBattle()
		if pb == nil || pb.Kind != BattleMerchant || pb.Card.ID != "test-merchant" {
			t.Fatalf("attacking the Merchant starts a battle against it: %+v", pb)
		}
		do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":false,"damageToAttacker":1}`)
		s := st(g)
		if s.Boxes[0].Buried != 1 || len(s.Players[pur].SetAside) != 0 || s.Board(Pos{1, 1}).Card != nil {
			t.Fatalf("a lost Merchant is buried under the Row 1 box: %+v, set aside %+v", s.Boxes[0], s.Players[pur].SetAside)
		}
		if s.Players[pur].Ship.Damage != 1 {
			t.Fatalf("damage %d: the Merchant's zones only", s.Players[pur].Ship.Damage)
		}
	})
	t.Run("attack won: kept", func(t *testing.T) {
		g := merchantGame(t)
		place(st(g), pur, Pos{1, 1})
		do(t, g, `{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":3,"winAbility":true}}`)
		do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"merchantKept":true}`)
		if sa := st(g).Players[pur].SetAside; len(sa) != 1 || !sa[0].Merchant || st(g).Boxes[0].Buried != 0 {
			t.Fatalf("a won Merchant is kept: %+v", sa)
		}
	})
	t.Run("two a turn", func(t *testing.T) {
		g := merchantGame(t)
		place(st(g), pur, Pos{1, 1})
		do(t, g, `{"type":"buy","seat":0,"pay":{"A":2}}`)
		place(st(g), pur, Pos{1, 2})
		do(t, g, `{"type":"buy","seat":0,"pay":{"A":1}}`)
		place(st(g), pur, Pos{1, 3})
		refused(t, g, `{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":2}}`, "buy-limit")
		refused(t, g, `{"type":"buy","seat":0,"pay":{"A":1}}`, "buy-limit")
		// A new turn allows two again.
		do(t, g, `{"type":"end-turn","seat":0}`)
		do(t, g, `{"type":"end-turn","seat":1}`)
		do(t, g, `{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":2}}`)
	})
	t.Run("an advancement cannot be attacked", func(t *testing.T) {
		g := merchantGame(t)
		place(st(g), pur, Pos{1, 2})
		refused(t, g, `{"type":"attack-merchant","seat":0,"back":{"cubes":2}}`, "not-encounter")
	})
}
