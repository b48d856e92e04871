package deadreckoning

import (
	"encoding/json"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

func battleTestState(t *testing.T) *State {
	t.Helper()
	setup := map[string]any{
		"players": []map[string]any{{"name": "Ann", "color": "purple"}, {"name": "Ben", "color": "green"}},
		"start":   0,
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(raw, 3)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game).State()
}

func mustStep(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestBattleThroughTheGame fights a ship battle from a State: the config
// is built from the state, the machine resolves it, and the game applies
// the outcome.
func TestBattleThroughTheGame(t *testing.T) {
	s := battleTestState(t)
	ann, ben := &s.Players[0], &s.Players[1]
	at := Pos{1, 2}
	ann.Ship.At, ben.Ship.At = at, at
	ben.Ship.Pirate = true
	ben.Ship.Damage = 1
	// Ann plays her first card (whatever it is: level 1 cards have no cannon).
	ann.Played = []string{ann.Hand[0]}
	ann.Hand = ann.Hand[1:]
	s.Turn.Seat = 0
	s.Turn.Battles = []PendingBattle{{ID: 1, Kind: BattleShip, Cause: CausePirateStop, Attacker: 0, Defender: 1, At: at}}

	cfg, err := BattleConfig(s)
	mustStep(t, err)
	if cfg.Attacker.ShipCannons != 1 || cfg.Defender.ShipCannons != 1 || !cfg.Defender.Pirate || cfg.Defender.Damage != 1 {
		t.Fatalf("config %+v", cfg)
	}
	if cfg.Attacker.Hold.Free != 7 || cfg.Attacker.Cubes != ann.Cubes || cfg.OpponentKey != "ship:1" {
		t.Fatalf("attacker %+v key %q", cfg.Attacker, cfg.OpponentKey)
	}
	if len(cfg.Attacker.Cards) != 1 || len(cfg.Defender.Cards) != len(ben.Hand) || !cfg.Defender.Cards[0].InHand {
		t.Fatalf("cards %+v / %+v", cfg.Attacker.Cards, cfg.Defender.Cards)
	}
	b, err := battle.New(nil, cfg)
	mustStep(t, err)
	mustStep(t, b.ChooseCannons(map[string]int{battle.ShipSource: 1}))
	mustStep(t, b.Defend(nil))
	mustStep(t, b.Drop())
	mustStep(t, b.Read(battle.Read{Cubes: map[string]map[string]int{
		"purple": {"strength-2-top": 1},
		"green":  {"damage-left": 1},
	}}))
	mustStep(t, b.Pass(battle.Attacker))
	mustStep(t, b.Pass(battle.Defender))
	o, ok := b.Outcome()
	if !ok {
		t.Fatal("no outcome")
	}
	bo, err := BattleOutcomeOf(s, o)
	mustStep(t, err)
	if !bo.AttackerWon || bo.DamageToAttacker != 1 || bo.DamageToDefender != 0 {
		t.Fatalf("battle outcome %+v", bo)
	}
	if _, err := s.ApplyBattleOutcome(bo); err != nil {
		t.Fatal(err)
	}
	if ann.Ship.Damage != 1 || ben.Ship.Damage != 2 || ben.Ship.Pirate {
		t.Errorf("damage %d/%d, Ben pirate %v", ann.Ship.Damage, ben.Ship.Damage, ben.Ship.Pirate)
	}
	if ann.Progress[AchLegendary] != 1 {
		t.Errorf("Legendary progress %v", ann.Progress)
	}
}

func TestBattleOutcomePlunderIntoHolds(t *testing.T) {
	s := battleTestState(t)
	ann := &s.Players[0]
	ann.Ship.Spaces[0].Hold = Hold{Cargo: 3}
	s.Turn.Battles = []PendingBattle{{ID: 1, Kind: BattleMerchant, Cause: CauseMerchant, Attacker: 0, Defender: engine.NoSeat, At: Pos{1, 1},
		Merchant: &MerchantBack{Name: "Test Merchant", Cubes: 2, WinAbility: true}, Card: &Adv{Inst: 5}, CardRow: 1}}
	cfg, err := BattleConfig(s)
	mustStep(t, err)
	if cfg.Defender.MerchantCubes != 2 || cfg.Defender.Name != "Test Merchant" || cfg.Attacker.Hold.Free != 4 || cfg.OpponentKey != "merchant:5" {
		t.Fatalf("config %+v", cfg)
	}
	o := &battle.Outcome{Kind: battle.KindMerchant, Winner: battle.Attacker}
	o.Sides[battle.Attacker].Ship = battle.Goods{Cargo: 2, Coins: 2}
	bo, err := BattleOutcomeOf(s, o)
	mustStep(t, err)
	h := bo.AttackerPlunder.Holds
	if h["A"] != (Hold{Cargo: 1}) || h["D"] != (Hold{Cargo: 1, Coins: 2}) || !bo.MerchantKept {
		t.Fatalf("holds %+v kept %v", h, bo.MerchantKept)
	}
	o.Sides[battle.Attacker].Ship = battle.Goods{Cargo: 5}
	if _, err := BattleOutcomeOf(s, o); err == nil {
		t.Fatal("plunder beyond the holds was accepted")
	}
}

func TestSpareIslandCubes(t *testing.T) {
	s := battleTestState(t)
	b := &s.Boards[0]
	// Ann 3 in slots + 1 permanent, Ben 1, 1 empty: Ann controls. She can
	// give back 1 slot cube (3 vs 1 with 2 empty), not 2 (2 vs 1 with 3 empty).
	b.Island = &IslandState{ID: "test", Slots: []engine.Seat{0, 0, 0, 1, engine.NoSeat}, Permanent: []int{1, 0}, Controller: 0}
	if n := spareIslandCubes(s, 0); n != 1 {
		t.Errorf("spare %d, want 1", n)
	}
}

// TestApplyBattleWithSailorCards fights with printed sailor levels: Ann's
// level 4 Captain (if she wins: 2 cargo plus 1 per wheel, not against
// buildings) and Ben's level 3 Gunner played from hand in defence (1
// cannon, drop 2 cubes). ApplyBattle puts the Gunner in play, marks its
// cannon and ability used this turn and applies the outcome.
func TestApplyBattleWithSailorCards(t *testing.T) {
	s := battleTestState(t)
	ann, ben := &s.Players[0], &s.Players[1]
	at := Pos{2, 2}
	ann.Ship.At, ben.Ship.At = at, at
	ann.Card("captain").Level = 4
	ann.Played = []string{"captain"}
	ben.Card("gunner-1").Level = 3
	ben.Hand = []string{"gunner-1", "crew-1"}
	s.Turn.Seat = 0
	s.Turn.Battles = []PendingBattle{{ID: 1, Kind: BattleShip, Cause: CauseAttackFlag, Attacker: 0, Defender: 1, At: at}}

	cfg, err := BattleConfig(s)
	mustStep(t, err)
	capt := cfg.Attacker.Cards[0]
	if capt.Cannons != 1 || len(capt.Abilities) != 1 || capt.Abilities[0].Kind != battle.IfWin || capt.Abilities[0].Cargo != 3 || !capt.Abilities[0].NotVsBuildings {
		t.Fatalf("Captain level 4: %+v", capt)
	}
	gun := cfg.Defender.Cards[0]
	dropKey := AbilityKey(1, "gunner-1", SourceLevel, 2)
	if gun.ID != "gunner-1" || !gun.InHand || gun.Cannons != 1 || len(gun.Abilities) != 1 || gun.Abilities[0].ID != dropKey || gun.Abilities[0].N != 2 {
		t.Fatalf("Gunner level 3: %+v", gun)
	}
	b, err := battle.New(nil, cfg)
	mustStep(t, err)
	mustStep(t, b.ChooseCannons(map[string]int{battle.ShipSource: 1, "captain": 1}))
	mustStep(t, b.Defend([]string{"gunner-1"}))
	if n := b.Need(); n.Cubes != [2]int{2, 2} {
		t.Fatalf("cubes %v", n.Cubes)
	}
	mustStep(t, b.Drop())
	mustStep(t, b.Read(battle.Read{Cubes: map[string]map[string]int{"purple": {"strength-2-top": 1, "plunder-cargo": 1}, "green": {"strength-1-left": 2}}}))
	mustStep(t, b.UseAbility(battle.Attacker, capt.Abilities[0].ID, ""))
	mustStep(t, b.UseAbility(battle.Defender, dropKey, ""))
	mustStep(t, b.Read(battle.Read{Cubes: map[string]map[string]int{"purple": {"strength-2-top": 1, "plunder-cargo": 1}, "green": {"strength-1-left": 2, "damage-left": 2}}}))
	mustStep(t, b.Pass(battle.Attacker))
	mustStep(t, b.Pass(battle.Defender))
	// Ann wins 2 to 2 and places 1 plundered cargo and the Captain's 3.
	mustStep(t, b.Plunder(battle.Attacker, battle.PlunderChoice{Ship: battle.Goods{Cargo: 4}}))
	o, _ := b.Outcome()
	if _, err := ApplyBattle(s, o); err != nil {
		t.Fatal(err)
	}
	if got := ann.ShipGoods(); got.Cargo != 4 {
		t.Errorf("Ann's ship carries %+v, want 4 cargo", got)
	}
	if ann.Ship.Damage != 2 || ben.Ship.Damage != 1 {
		t.Errorf("damage Ann %d Ben %d, want 2 and 1", ann.Ship.Damage, ben.Ship.Damage)
	}
	if len(ben.PlayedOffTurn) != 1 || ben.PlayedOffTurn[0] != "gunner-1" || len(ben.Hand) != 1 {
		t.Errorf("Ben's Gunner: in play %v, hand %v", ben.PlayedOffTurn, ben.Hand)
	}
	if !s.Used(dropKey) || !s.Used(AbilityKey(1, "gunner-1", SourceLevel, -1)) || !s.Used(capt.Abilities[0].ID) {
		t.Errorf("used this turn: %v", s.Turn.Used)
	}
	if s.CurrentBattle() != nil {
		t.Error("the battle is still pending")
	}
	// A second battle this turn sees the Captain's ability as used.
	s.Turn.Battles = []PendingBattle{{ID: 2, Kind: BattleMerchant, Cause: CauseMerchant, Attacker: 0, Defender: engine.NoSeat, At: at,
		Merchant: &MerchantBack{Cubes: 1}, Card: &Adv{Inst: 9}, CardRow: 2}}
	cfg, err = BattleConfig(s)
	mustStep(t, err)
	if len(cfg.Attacker.UsedAbilities) != 1 || cfg.Attacker.UsedCannons["captain"] != 1 {
		t.Errorf("used %v cannons %v", cfg.Attacker.UsedAbilities, cfg.Attacker.UsedCannons)
	}
}
