package combat

import (
	"errors"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/wording"
)

// testFaces is made-up test data: a die with a "skull" success face and
// numbers 1-4 for cargo, masts, crew and cannons. The real layout is the
// owner's.
var testFaces = Faces{Success: "skull", Numbers: map[string]string{"1": Cargo, "2": Masts, "3": Crew, "4": Cannons}}

const sk = "skull"

func ship(name string, seam, lead, man, tough, crew, cannons int) Ship {
	return Ship{Name: name, Seamanship: seam, Leadership: lead, Maneuverability: man,
		Hull: tough, Masts: tough, Cargo: 3, Crew: crew, Cannons: cannons}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func refused(t *testing.T, err error, code string) *engine.RuleError {
	t.Helper()
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != code {
		t.Fatalf("want refusal %q, got %v", code, err)
	}
	if !errors.Is(err, engine.ErrIllegal) || re.Section == "" {
		t.Fatalf("refusal %v has no section or is not illegal", err)
	}
	if err := wording.Check(re.Detail); err != nil {
		t.Errorf("refusal %s: %v", re.Code, err)
	}
	return re
}

// says checks a refusal's sentence: what the player can choose, not what
// was sent.
func says(t *testing.T, re *engine.RuleError, want string) {
	t.Helper()
	if re.Detail != want {
		t.Errorf("refusal %s says %q, want %q", re.Code, re.Detail, want)
	}
}

// toRound2 plays a first round in which nobody rolls a success.
func toRound2(t *testing.T, b *Battle) {
	t.Helper()
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, ones(b.ContestDice(0))))
	must(t, b.Contest(1, ones(b.ContestDice(1))))
	if b.Stage != StageDeclare || b.Round != 2 {
		t.Fatalf("after a 0-0 round want declare round 2, got %s round %d", b.Stage, b.Round)
	}
}

func ones(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "1"
	}
	return out
}

func TestDeclarations(t *testing.T) {
	b := New(testFaces, ship("Ann", 2, 2, 2, 3, 2, 2), ship("Bob", 2, 2, 2, 3, 2, 2))
	refused(t, b.Declare(1, Shoot), CodeDeclareTurn)
	refused(t, b.Declare(0, Board), CodeFirstRound)
	refused(t, b.Declare(0, Flee), CodeFirstRound)
	says(t, refused(t, b.Declare(0, "ram"), CodeAction), "Declare shoot, board or flee")
	refused(t, b.Contest(0, ones(2)), CodeStage)
	toRound2(t, b)
	must(t, b.Declare(0, Board))
	refused(t, b.Declare(0, Shoot), CodeDeclareTurn)

	b = New(testFaces, ship("Ann", 2, 2, 2, 3, 2, 2), ship("Bob", 2, 2, 2, 3, 0, 2))
	b.Ships[0].Masts = 0
	toRound2(t, b)
	refused(t, b.Declare(0, Flee), CodeMasts)
	must(t, b.Declare(0, Shoot))
	refused(t, b.Declare(1, Board), CodeCrew)
	must(t, b.Declare(1, Flee))
}

// Test vector 8 of the spec: the SEAMANSHIP contest.
func TestContest(t *testing.T) {
	cases := []struct {
		name   string
		a, d   Ship
		fa, fd []string
		winner int
	}{
		{"more successes", ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2), []string{sk, sk}, []string{sk, "4"}, 0},
		{"equal successes, higher sum of the others wins", ship("A", 4, 1, 2, 3, 2, 2), ship("D", 4, 1, 2, 3, 2, 2),
			[]string{sk, sk, "3", "4"}, []string{sk, sk, "1", "1"}, 0},
		{"defender higher sum", ship("A", 3, 1, 2, 3, 2, 2), ship("D", 3, 1, 2, 3, 2, 2), []string{sk, "1", "1"}, []string{sk, "2", "1"}, 1},
		{"full tie", ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2), []string{sk, "2"}, []string{sk, "2"}, -1},
		{"nobody", ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2), []string{"4", "4"}, []string{"1", "1"}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := New(testFaces, c.a, c.d)
			must(t, b.Declare(0, Shoot))
			must(t, b.Declare(1, Shoot))
			must(t, b.Contest(0, c.fa))
			must(t, b.Contest(1, c.fd))
			if b.ContestWinner != c.winner {
				t.Fatalf("winner %d, want %d", b.ContestWinner, c.winner)
			}
		})
	}
}

func TestContestDice(t *testing.T) {
	b := New(testFaces, ship("A", 2, 1, 4, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2))
	if b.ContestDice(0) != 3 || b.ContestDice(1) != 2 {
		t.Fatalf("MANEUVERABILITY 4 vs 2: dice %d and %d, want 3 and 2", b.ContestDice(0), b.ContestDice(1))
	}
	b.Ships[0].Maneuverability = 3
	if b.ContestDice(0) != 2 {
		t.Fatalf("MANEUVERABILITY 3 vs 2 gives no bonus, got %d dice", b.ContestDice(0))
	}
	b.Ships[0].Maneuverability, b.Ships[0].Masts = 4, 0
	if b.ContestDice(0) != 1 {
		t.Fatalf("destroyed masts roll exactly 1 die, got %d", b.ContestDice(0))
	}
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	refused(t, b.Contest(0, []string{sk, sk}), CodeRollCount)
	says(t, refused(t, b.Contest(0, []string{"9"}), CodeRollFace), "Choose the faces that came up: skull, 1, 2, 3 or 4")
}

// Test vector 9 of the spec: both shooters hit, simultaneously, and a sunk
// ship still deals its hits.
func TestShootSimultaneous(t *testing.T) {
	a := ship("Winner", 2, 1, 2, 3, 2, 3)
	a.Cannons = 2 // CANNONS 3 with 1 damage
	d := ship("Loser", 2, 1, 2, 1, 2, 1)
	d.Seamanship = 2
	b := New(testFaces, a, d)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	must(t, b.Contest(1, []string{sk, "1"}))
	// Loser has 1 success and 1 cannon: 1 hit; Winner hits with its 2 cannons.
	if b.Hits != [2]int{2, 1} || b.Stage != StageHits {
		t.Fatalf("hits %v stage %s, want [2 1] hits", b.Hits, b.Stage)
	}
	refused(t, b.HitRoll(0, []string{"1"}), CodeRollCount)
	must(t, b.HitRoll(0, []string{sk, "1"}))
	must(t, b.HitRoll(1, []string{"4"}))
	if b.Stage != StageChoose {
		t.Fatalf("a success face lets the target choose; stage %s", b.Stage)
	}
	if n := b.Need(); len(n) != 1 || n[0].Side != 1 || n[0].Choose != 1 {
		t.Fatalf("need %+v, want side 1 to choose 1 location", n)
	}
	refused(t, b.Choose(0, []string{Hull}), CodeStage)
	says(t, refused(t, b.Choose(1, []string{"deck"}), CodeHitChoice), "Choose a hit location: hull, cargo, masts, crew or cannons")
	must(t, b.Choose(1, []string{Hull}))
	if !b.Over() || b.Result != ResultSunk || b.Winner != 0 || !b.Dead[1] || b.Dead[0] {
		t.Fatalf("the defender's hull 1 took a hit and sank: %+v", b)
	}
	if b.Ships[0].Cannons != 1 || b.Ships[1].Cargo != 2 {
		t.Fatalf("the sinking ship still hit the winner's cannons (got %d), cargo hit %d", b.Ships[0].Cannons, b.Ships[1].Cargo)
	}
	// The screens say how it ended in words, never the result's id.
	if now, want := b.Now(), "Over: "+b.Ships[1].Name+"'s ship sank"; now != want {
		t.Errorf("the battle's end reads %q, want %q", now, want)
	}
}

func TestDestroyedLocationPassesToHull(t *testing.T) {
	a := ship("A", 2, 1, 2, 3, 2, 3)
	d := ship("D", 1, 1, 2, 3, 2, 2)
	d.Cargo = 1
	b := New(testFaces, a, d)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	must(t, b.Contest(1, []string{"2"}))
	must(t, b.HitRoll(0, []string{"1", "1", "1"}))
	if b.Ships[1].Cargo != 0 || b.Ships[1].Hull != 1 {
		t.Fatalf("cargo 1 then two more cargo hits: cargo %d hull %d, want 0 and 1", b.Ships[1].Cargo, b.Ships[1].Hull)
	}
	if b.Stage != StageDeclare || b.Round != 2 {
		t.Fatalf("want round 2, got %s %d", b.Stage, b.Round)
	}
}

func TestFlee(t *testing.T) {
	b := New(testFaces, ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2))
	toRound2(t, b)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Flee))
	must(t, b.Contest(0, []string{sk, "1"}))
	must(t, b.Contest(1, []string{sk, sk}))
	// The fleeing side won, but the shooter had a success: no escape, and
	// the shooter's success hits.
	if b.Over() || b.Hits != [2]int{1, 0} {
		t.Fatalf("flee with an enemy success must fail: over %v hits %v", b.Over(), b.Hits)
	}
	must(t, b.HitRoll(0, []string{"2"}))
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Flee))
	must(t, b.Contest(0, []string{"1", "2"}))
	must(t, b.Contest(1, []string{sk, "1"}))
	if !b.Over() || b.Result != ResultFled || b.Fled != 1 || b.Winner != -1 {
		t.Fatalf("flee against 0 successes escapes: %+v", b)
	}
}

// Test vector 10 of the spec: crew combat.
func TestBoardAndCrewCombat(t *testing.T) {
	b := New(testFaces, ship("A", 2, 3, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 3, 2))
	toRound2(t, b)
	must(t, b.Declare(0, Board))
	must(t, b.Declare(1, Board))
	must(t, b.Contest(0, []string{sk, "1"}))
	must(t, b.Contest(1, []string{"1", "1"}))
	if b.Stage != StageCrew || !b.InCrewCombat {
		t.Fatalf("a won boarding starts crew combat, stage %s", b.Stage)
	}
	// Crew 2 vs 3; 3 successes vs 1: the aggressor hits only 2 (its crew).
	must(t, b.CrewRoll(0, []string{sk, sk, sk}))
	must(t, b.CrewRoll(1, []string{sk}))
	if b.Ships[1].Crew != 1 || b.Ships[0].Crew != 1 || b.Over() {
		t.Fatalf("crews %d and %d, want 1 and 1", b.Ships[0].Crew, b.Ships[1].Crew)
	}
	// Both fall to 0 in the same round: more successes wins.
	must(t, b.CrewRoll(0, []string{sk, sk, "1"}))
	must(t, b.CrewRoll(1, []string{sk}))
	if !b.Over() || b.Winner != 0 || b.Result != ResultCrew || !b.Dead[1] || b.Dead[0] {
		t.Fatalf("both crews at 0, more successes wins: %+v", b)
	}
}

func TestCrewTieBreaks(t *testing.T) {
	cases := []struct {
		fa, fd []string
		winner int
		result string
	}{
		{[]string{sk, "4"}, []string{sk, "1"}, 0, ResultCrew},
		{[]string{sk, "1"}, []string{sk, "3"}, 1, ResultCrew},
		{[]string{sk, "2"}, []string{sk, "2"}, -1, ResultNoWinner},
	}
	for _, c := range cases {
		b := NewCrew(testFaces, ship("A", 1, 2, 2, 3, 1, 2), ship("D", 1, 2, 2, 3, 1, 2))
		must(t, b.CrewRoll(0, c.fa))
		must(t, b.CrewRoll(1, c.fd))
		if b.Winner != c.winner || b.Result != c.result {
			t.Errorf("%v vs %v: winner %d %s, want %d %s", c.fa, c.fd, b.Winner, b.Result, c.winner, c.result)
		}
	}
}

func TestBoardingWithoutEnemyCrewWinsAtOnce(t *testing.T) {
	b := New(testFaces, ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 1, 2))
	toRound2(t, b)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	must(t, b.Contest(1, []string{"1", "1"}))
	must(t, b.HitRoll(0, []string{"3", "1"}))
	if b.Ships[1].Crew != 0 {
		t.Fatal("crew hit should destroy the crew")
	}
	must(t, b.Declare(0, Board))
	refused(t, b.Declare(1, Board), CodeCrew)
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, "1"}))
	must(t, b.Contest(1, []string{"1", "1"}))
	if !b.Over() || b.Winner != 0 || b.Result != ResultCrew || !b.Dead[1] {
		t.Fatalf("a ship with no crew loses crew combat at once: %+v", b)
	}
}

func TestCloneIsDeep(t *testing.T) {
	b := New(testFaces, ship("A", 2, 1, 2, 3, 2, 2), ship("D", 2, 1, 2, 3, 2, 2))
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	c := b.Clone()
	must(t, c.Contest(1, []string{"1", "1"}))
	if b.ContestFaces[1] != nil || b.Stage != StageContest {
		t.Fatal("changing a clone changed the original")
	}
}

func TestChainShotAndGrapeshot(t *testing.T) {
	for _, c := range []struct {
		weapon, loc string
	}{{ChainShot, Masts}, {Grapeshot, Crew}} {
		a := ship("A", 2, 1, 2, 3, 2, 3)
		a.Weapons = []string{c.weapon}
		d := ship("D", 1, 1, 2, 3, 1, 2)
		d.Masts = 1
		b := New(testFaces, a, d)
		must(t, b.Declare(0, Shoot))
		must(t, b.Declare(1, Shoot))
		must(t, b.Contest(0, []string{sk, sk}))
		must(t, b.Contest(1, []string{"1"}))
		refused(t, b.UseAmmo(0, c.weapon), CodeAmmo)
		must(t, b.HitRoll(0, []string{sk, sk, "1"}))
		refused(t, b.UseAmmo(1, c.weapon), CodeAmmo)
		must(t, b.UseAmmo(0, c.weapon))
		if b.Stage != StageDeclare || len(b.Ships[0].Weapons) != 0 {
			t.Fatalf("%s: spent, the hits land: stage %s", c.weapon, b.Stage)
		}
		if b.Ships[1].Value(c.loc) != 0 || b.Ships[1].Hull != 3 || b.Ships[1].Cargo != 2 {
			t.Fatalf("%s: both successes hit %s, the surplus is lost, not passed to the hull: %+v", c.weapon, c.loc, b.Ships[1])
		}
	}
}

func TestGrapplingHooks(t *testing.T) {
	a := ship("A", 2, 1, 2, 3, 2, 2)
	a.Weapons = []string{GrapplingHooks}
	b := New(testFaces, a, ship("D", 2, 1, 2, 3, 2, 2))
	toRound2(t, b)
	must(t, b.Declare(0, Board))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{"1", "2"}))
	must(t, b.Contest(1, []string{sk, "1"}))
	if b.Stage != StageHooks || len(b.Need()) != 1 || b.Need()[0].Kind != StageHooks {
		t.Fatalf("the boarder may throw grappling hooks: %s %+v", b.Stage, b.Need())
	}
	refused(t, b.Hooks(1, []int{0}), CodeAmmo)
	refused(t, b.Hooks(0, []int{2}), CodeAmmo)
	must(t, b.Hooks(0, []int{0, 1}))
	if n := b.Need(); len(n) != 1 || n[0].Kind != StageReroll || n[0].Dice != 2 {
		t.Fatalf("two dice to roll again: %+v", n)
	}
	must(t, b.RerollDice(0, []string{sk, sk}))
	// The defender's one success still hits before the boarding.
	must(t, b.HitRoll(1, []string{"1"}))
	if b.ContestWinner != 0 || b.Stage != StageCrew || len(b.Ships[0].Weapons) != 0 || b.Ships[0].Cargo != 2 {
		t.Fatalf("the re-rolled contest is won and the boarding succeeds: winner %d stage %s", b.ContestWinner, b.Stage)
	}
}

func TestLongGunsBeforeRoundOne(t *testing.T) {
	a := ship("A", 2, 1, 2, 3, 2, 3)
	a.Mods = []string{LongGuns}
	b := New(testFaces, a, ship("D", 2, 1, 2, 3, 2, 2))
	if n := b.Need(); b.Stage != StageLongGuns || len(n) != 1 || n[0].Dice != 3 {
		t.Fatalf("long guns roll a die per cannon first: %s %+v", b.Stage, n)
	}
	refused(t, b.Declare(0, Shoot), CodeStage)
	must(t, b.PreRoll(0, []string{sk, sk, "1"}))
	if b.Stage != StageHits || b.Hits[0] != 2 {
		t.Fatalf("2 successes, 2 hits: %s %v", b.Stage, b.Hits)
	}
	must(t, b.HitRoll(0, []string{"4", "skull"}))
	refused(t, b.UseAmmo(0, ChainShot), CodeAmmo)
	must(t, b.Choose(1, []string{Hull}))
	if b.Stage != StageDeclare || b.Round != 1 || b.Ships[1].Cannons != 1 || b.Ships[1].Hull != 2 {
		t.Fatalf("then round 1 begins: %s round %d %+v", b.Stage, b.Round, b.Ships[1])
	}
}

func TestSwivelGunsBeforeCrewCombat(t *testing.T) {
	d := ship("D", 2, 1, 2, 3, 2, 2)
	d.Mods = []string{SwivelGuns}
	b := New(testFaces, ship("A", 2, 1, 2, 3, 2, 2), d)
	toRound2(t, b)
	must(t, b.Declare(0, Board))
	must(t, b.Declare(1, Board))
	must(t, b.Contest(0, []string{sk, "1"}))
	must(t, b.Contest(1, []string{"1", "1"}))
	if n := b.Need(); b.Stage != StageSwivel || len(n) != 1 || n[0].Side != 1 || n[0].Dice != 2 {
		t.Fatalf("the defender's swivel guns fire before crew combat: %s %+v", b.Stage, n)
	}
	must(t, b.PreRoll(1, []string{"2", sk}))
	if b.Stage != StageCrew || b.Ships[0].Crew != 1 {
		t.Fatalf("one success, one crew lost: %s crew %d", b.Stage, b.Ships[0].Crew)
	}
}

func TestReinforcedHullAbsorbsOneHit(t *testing.T) {
	d := ship("D", 1, 1, 2, 3, 2, 2)
	d.Reinforced = true
	b := New(testFaces, ship("A", 2, 1, 2, 3, 2, 2), d)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	must(t, b.Contest(1, []string{"1"}))
	must(t, b.HitRoll(0, []string{"2", "2"}))
	if n := b.Need(); b.Stage != StageAbsorb || len(n) != 1 || n[0].Side != 1 {
		t.Fatalf("the defender may flip its reinforced hull: %s %+v", b.Stage, n)
	}
	says(t, refused(t, b.Absorb(1, Crew), CodeHitChoice), "Choose where a hit lands this round: masts")
	must(t, b.Absorb(1, Masts))
	if b.Ships[1].Masts != 2 || b.Ships[1].Reinforced {
		t.Fatalf("one of two mast hits absorbed: masts %d", b.Ships[1].Masts)
	}
	// The token is spent: the next hits land without asking.
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Shoot))
	must(t, b.Contest(0, []string{sk, sk}))
	must(t, b.Contest(1, []string{"1"}))
	must(t, b.HitRoll(0, []string{"2", "1"}))
	if b.Stage != StageDeclare || b.Ships[1].Masts != 1 || b.Ships[1].Cargo != 2 {
		t.Fatalf("no second absorb: %s %+v", b.Stage, b.Ships[1])
	}
}

func TestChasersHitTheFleeingShip(t *testing.T) {
	a := ship("A", 2, 1, 2, 3, 2, 2)
	a.Mods = []string{Chasers}
	b := New(testFaces, a, ship("D", 2, 1, 2, 3, 2, 2))
	toRound2(t, b)
	must(t, b.Declare(0, Shoot))
	must(t, b.Declare(1, Flee))
	if n := b.Need(); b.Stage != StageChasers || len(n) != 1 || n[0].Side != 0 {
		t.Fatalf("the chasers' owner is asked after the Flee: %s %+v", b.Stage, n)
	}
	refused(t, b.Chase(1, true), CodeAmmo)
	must(t, b.Chase(0, true))
	must(t, b.Contest(0, []string{"1", "1"}))
	must(t, b.Contest(1, []string{sk, "1"}))
	if b.Stage != StageHits || b.Hits[0] != 1 || b.Fled != 1 {
		t.Fatalf("the chasers' hit lands before the escape: %s %v", b.Stage, b.Hits)
	}
	must(t, b.HitRoll(0, []string{"2"}))
	if !b.Over() || b.Result != ResultFled || b.Ships[1].Masts != 2 {
		t.Fatalf("then the defender escapes: %+v", b)
	}
}

// Chain-shots and grapeshots (l. 769-780): in a round where chain-shot is
// used, no hit on destroyed masts passes to the hull, numbered hits on the
// masts included; likewise grapeshot and the crew.
func TestAmmoRoundKeepsNumberedHitsOffTheHull(t *testing.T) {
	for _, c := range []struct {
		weapon, loc, face string
	}{{ChainShot, Masts, "2"}, {Grapeshot, Crew, "3"}} {
		a := ship("A", 2, 1, 2, 3, 2, 3)
		a.Weapons = []string{c.weapon}
		d := ship("D", 1, 1, 2, 3, 1, 2)
		d.Masts, d.Crew = 0, 0
		if c.loc == Masts {
			d.Crew = 1
		} else {
			d.Masts = 3
		}
		b := New(testFaces, a, d)
		must(t, b.Declare(0, Shoot))
		must(t, b.Declare(1, Shoot))
		must(t, b.Contest(0, []string{sk, sk}))
		must(t, b.Contest(1, ones(b.ContestDice(1))))
		must(t, b.HitRoll(0, []string{sk, c.face, "1"}))
		must(t, b.UseAmmo(0, c.weapon))
		if b.Ships[1].Hull != 3 || b.Ships[1].Cargo != 2 {
			t.Fatalf("%s: the %s is destroyed already; neither its numbered hit nor the success passes to the hull: %+v", c.weapon, c.loc, b.Ships[1])
		}
	}
}
