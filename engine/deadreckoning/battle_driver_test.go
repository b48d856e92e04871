package deadreckoning

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// battleProposals are the random driver's battle-step actions for what the
// current battle waits for: random cannons and defence cards, the drop,
// random reads of the default board (exploding shots and re-drops
// included), abilities or passes, and plunder placed in the holds, on the
// island or back to the supply.
func (d *driver) battleProposals(pb *PendingBattle) []engine.Action {
	s := d.g.st
	r := d.rng
	b, need, err := s.battleNeed(pb)
	if err != nil {
		return nil
	}
	cfg := b.Config()
	step := func(seat engine.Seat, st battle.Step) *BattleStep {
		return &BattleStep{ActionHeader: hdr("battle-step", seat), Step: st}
	}
	var out []engine.Action
	switch need.Phase {
	case battle.PhaseCannons:
		use := map[string]int{battle.ShipSource: r.IntN(cfg.Attacker.ShipCannons + 1)}
		for _, c := range cfg.Attacker.Cards {
			if !c.InHand && c.Cannons > 0 {
				use[c.ID] = r.IntN(c.Cannons + 1)
			}
		}
		out = append(out, step(pb.Attacker, battle.Step{Step: battle.StepCannons, Cannons: use}),
			step(engine.NoSeat, battle.Step{Step: battle.StepCannons, Cannons: map[string]int{battle.ShipSource: 1}}))
	case battle.PhaseDefence:
		var play []string
		for _, c := range cfg.Defender.Cards {
			if c.InHand && r.IntN(2) == 0 {
				play = append(play, c.ID)
			}
		}
		out = append(out, step(pb.Defender, battle.Step{Step: battle.StepDefend, Role: battle.Defender, Play: play}),
			step(pb.Defender, battle.Step{Step: battle.StepDefend, Role: battle.Defender}))
	case battle.PhaseReady:
		out = append(out, step(engine.NoSeat, battle.Step{Step: battle.StepDrop}))
		if g := s.Players[pb.Attacker].ShipGoods(); g.Cargo > 0 {
			for i, sp := range spaceNames {
				if h := s.Players[pb.Attacker].Ship.Spaces[i].Hold; h.Cargo > 0 {
					out = append(out, &BattleStep{ActionHeader: hdr("battle-step", pb.Attacker),
						Step:  battle.Step{Step: battle.StepJettison, Goods: &battle.Goods{Cargo: 1}},
						Holds: Goods{sp: {Cargo: 1}}})
					break
				}
			}
		}
	case battle.PhaseRead:
		zones := battle.DefaultLayout().ZoneIDs()
		rd := battle.Read{Cubes: map[string]map[string]int{}, Redrop: map[string]int{}}
		for colour, n := range need.InShip {
			m := map[string]int{}
			for k := 0; k < n; k++ {
				if r.IntN(20) == 0 {
					rd.Redrop[colour]++
					continue
				}
				m[zones[r.IntN(len(zones))]]++
			}
			rd.Cubes[colour] = m
		}
		out = append(out, step(engine.NoSeat, battle.Step{Step: battle.StepRead, Read: &rd}))
	case battle.PhaseAbilities:
		role := battle.Attacker
		if need.Who == "defender" {
			role = battle.Defender
		}
		for _, id := range need.Usable {
			out = append(out, step(engine.NoSeat, battle.Step{Step: battle.StepAbility, Role: role, Ability: id, Zone: "damage-left"}))
		}
		out = append(out, step(engine.NoSeat, battle.Step{Step: battle.StepPass, Role: role}))
	case battle.PhasePlunder:
		for _, role := range []battle.Role{battle.Attacker, battle.Defender} {
			due, ok := need.Plunder[role.String()]
			if !ok {
				continue
			}
			choiceCoins := r.IntN(due.Choice + 1)
			coins := due.Coins + choiceCoins + due.Gains.Coins
			cargo := due.Cargo + due.Choice - choiceCoins + due.Gains.Cargo
			ship := battle.Goods{Coins: min(coins, due.HoldFree)}
			ship.Cargo = min(cargo, due.HoldFree-ship.Coins)
			var island battle.Goods
			if due.Island {
				island = battle.Goods{Cargo: cargo - ship.Cargo, Coins: coins - ship.Coins}
			}
			out = append(out,
				step(engine.NoSeat, battle.Step{Step: battle.StepPlunder, Role: role, Plunder: &battle.PlunderChoice{ChoiceCoins: choiceCoins, Ship: ship, Island: island}}),
				step(engine.NoSeat, battle.Step{Step: battle.StepPlunder, Role: role, Plunder: &battle.PlunderChoice{}}))
		}
	}
	return out
}
