package combat

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The five hit locations of a ship.
const (
	Hull    = "hull"
	Cargo   = "cargo"
	Masts   = "masts"
	Crew    = "crew"
	Cannons = "cannons"
)

// Locations lists the hit locations in the order of the player board.
var Locations = []string{Hull, Cargo, Masts, Crew, Cannons}

// The combat actions a side declares each naval round.
const (
	Shoot = "shoot"
	Board = "board"
	Flee  = "flee"
)

// The stages of a battle: what it waits for.
const (
	StageDeclare  = "declare"   // a side declares its action
	StageContest  = "contest"   // both sides roll SEAMANSHIP
	StageHits     = "hits"      // the shooters roll one die per hit
	StageChoose   = "choose"    // a target picks where its success-face hits land
	StageHooks    = "hooks"     // a boarder may spend grappling hooks to re-roll contest dice
	StageReroll   = "reroll"    // the dice chosen for the grappling hooks are rolled again
	StageLongGuns = "long-guns" // before round 1: long guns roll a die per cannon
	StageSwivel   = "swivel"    // before crew combat: swivel guns roll 2 dice
	StageChasers  = "chasers"   // after a Flee declaration, chasers may fire one hit
	StageAbsorb   = "absorb"    // a ship with a ready reinforced hull may absorb one hit
	StageCrew     = "crew"      // crew combat: both roll LEADERSHIP
	StageOver     = "over"
)

// How a battle ended.
const (
	ResultSunk     = "sunk"      // one ship sank; the other side won
	ResultBothSunk = "both-sunk" // both ships sank in the same round
	ResultCrew     = "crew"      // one side lost crew combat
	ResultFled     = "fled"      // one side escaped; no winner
	ResultNoWinner = "no-winner" // both crews fell together and every tie-break was equal
)

// Sections of the rules summary the refusals cite.
const (
	secDeclare = "Combat > Naval Combat > Declaration"
	secContest = "Combat > Naval Combat > Seamanship contest"
	secHits    = "Combat > Hit Locations and damage"
	secCrew    = "Combat > Crew Combat"
	secWeapons = "Combat > Special weapons > Chain-shots and grapeshots"
	secHooks   = "Combat > Special weapons > Grappling hooks"
	secMods    = "Combat > Ship modifications"
)

// Codes of the combat refusals.
const (
	CodeStage       = "battle-stage"
	CodeDeclareTurn = "declare-order"
	CodeFirstRound  = "declare-first-round"
	CodeMasts       = "declare-masts"
	CodeCrew        = "declare-crew"
	CodeAction      = "declare-action"
	CodeRollCount   = "roll-count"
	CodeRollFace    = "roll-face"
	CodeHitChoice   = "hit-choice"
	CodeSide        = "battle-side"
	CodeAmmo        = "weapon-timing"
)

// Faces is the owner's die layout as combat needs it: which face label is
// the success icon and which numbered face hits which location (the hull has
// no number). Both are printed on the components, never invented here.
type Faces struct {
	Success string            `json:"success"`
	Numbers map[string]string `json:"numbers"`
}

// Ship is one side of a battle: its captain's skills and its ship's values,
// the hit locations at their current (damaged) values.
type Ship struct {
	Name            string `json:"name"`
	Seamanship      int    `json:"seamanship"`
	Leadership      int    `json:"leadership"`
	Maneuverability int    `json:"maneuverability"`
	Hull            int    `json:"hull"`
	Cargo           int    `json:"cargo"`
	Masts           int    `json:"masts"`
	Crew            int    `json:"crew"`
	Cannons         int    `json:"cannons"`
	// Weapons are the special weapon tokens the side may spend
	// ("chain-shot", "grapeshot"); spent ones leave the list.
	Weapons []string `json:"weapons,omitempty"`
	// Mods are the ship's modifications; long guns and swivel guns act here.
	Mods []string `json:"mods,omitempty"`
	// Reinforced: the ship's reinforced-hull token is ready to absorb a hit.
	Reinforced bool `json:"reinforced,omitempty"`
}

// The ship modifications that act in combat here.
const (
	LongGuns   = "long-guns"
	SwivelGuns = "swivel-guns"
	Chasers    = "chasers"
)

// The special ammunition a shooter may spend on its hit-location roll.
const (
	ChainShot      = "chain-shot"
	Grapeshot      = "grapeshot"
	GrapplingHooks = "grappling-hooks"
)

// Value returns the current value of a hit location (0 for an unknown name).
func (s Ship) Value(loc string) int {
	if p := s.loc(loc); p != nil {
		return *p
	}
	return 0
}

func (s *Ship) loc(name string) *int {
	switch name {
	case Hull:
		return &s.Hull
	case Cargo:
		return &s.Cargo
	case Masts:
		return &s.Masts
	case Crew:
		return &s.Crew
	case Cannons:
		return &s.Cannons
	}
	return nil
}

// hit moves one location down a step; a destroyed location passes the hit
// to the hull.
func (s *Ship) hit(name string) {
	p := s.loc(name)
	if p == nil || *p <= 0 {
		p = &s.Hull
	}
	if *p > 0 {
		*p--
	}
}

// Battle is one fight between two ships. Side 0 is the aggressor.
type Battle struct {
	Faces Faces   `json:"faces"`
	Ships [2]Ship `json:"ships"`
	Stage string  `json:"stage"`
	// Round counts naval rounds from 1, then crew rounds from 1.
	Round int `json:"round"`
	// Declared holds this round's actions ("" until declared).
	Declared [2]string `json:"declared"`
	// ContestFaces holds this round's SEAMANSHIP faces (nil until rolled).
	ContestFaces [2][]string `json:"contestFaces"`
	// ContestWinner is the side that won this round's contest, -1 if none.
	ContestWinner int `json:"contestWinner"`
	// Hits is how many hits each side deals this round.
	Hits [2]int `json:"hits"`
	// HitFaces are the hit-location dice each side rolled against the other.
	HitFaces [2][]string `json:"hitFaces"`
	// Free counts the success faces among HitFaces[s]: hits whose location
	// side 1-s chooses; Chosen are those choices.
	Free   [2]int      `json:"free"`
	Chosen [2][]string `json:"chosen"`
	// Ammo is the special ammunition each side spent this round: its
	// success faces hit masts (chain-shot) or crew (grapeshot), never the
	// hull.
	Ammo [2]string `json:"ammo"`
	// HookWait marks the sides that may still spend grappling hooks this
	// round; Reroll holds the contest dice (indexes) they roll again.
	HookWait [2]bool  `json:"hookWait"`
	Reroll   [2][]int `json:"reroll"`
	// PreWait marks the sides whose long guns or swivel guns still roll;
	// Opening is true while the long guns' hits are settled before round 1.
	PreWait [2]bool `json:"preWait"`
	Opening bool    `json:"opening,omitempty"`
	// AbsorbWait marks the sides asked whether their reinforced hull
	// absorbs a hit this round; Absorbed is the location it saved.
	AbsorbWait [2]bool   `json:"absorbWait"`
	Absorbed   [2]string `json:"absorbed"`
	// ChaseWait marks the sides asked whether their chasers fire after a
	// Flee declaration; Chased the sides that fired (once a battle), and
	// ChaseHit the extra hit each deals this round.
	ChaseWait [2]bool `json:"chaseWait"`
	Chased    [2]bool `json:"chased"`
	ChaseHit  [2]int  `json:"chaseHit"`
	// Boarder is the side boarding this round, -1 if none.
	Boarder int `json:"boarder"`
	// CrewFaces hold this crew round's LEADERSHIP faces (nil until rolled).
	CrewFaces [2][]string `json:"crewFaces"`
	// InCrewCombat is true once a boarding succeeded.
	InCrewCombat bool `json:"inCrewCombat"`
	// Winner is the winning side once over, -1 for none.
	Winner int    `json:"winner"`
	Result string `json:"result,omitempty"`
	// Sunk and Dead say which ships sank and which captains died.
	Sunk [2]bool `json:"sunk"`
	Dead [2]bool `json:"dead"`
	// Fled is the side that escaped, -1 if none.
	Fled int `json:"fled"`
	// Log says what happened, one line per step, in players' words.
	Log []string `json:"log,omitempty"`
}

// New starts a naval battle between the aggressor (side 0) and the
// defender (side 1), at the first declaration.
func New(faces Faces, aggressor, defender Ship) *Battle {
	b := &Battle{Faces: faces, Ships: [2]Ship{aggressor, defender}, Stage: StageDeclare, Round: 1,
		ContestWinner: -1, Boarder: -1, Winner: -1, Fled: -1}
	for s := 0; s < 2; s++ {
		b.PreWait[s] = hasWeapon(b.Ships[s].Mods, LongGuns) && b.Ships[s].Cannons > 0
	}
	if b.PreWait[0] || b.PreWait[1] {
		b.Stage, b.Opening = StageLongGuns, true
	}
	return b
}

// NewCrew starts a battle directly at crew combat (rumors and missions may).
func NewCrew(faces Faces, aggressor, defender Ship) *Battle {
	b := New(faces, aggressor, defender)
	b.PreWait, b.Opening = [2]bool{}, false
	b.InCrewCombat = true
	b.startCrew(false)
	return b
}

// Clone returns a deep copy.
func (b *Battle) Clone() *Battle {
	if b == nil {
		return nil
	}
	c := *b
	c.Faces.Numbers = make(map[string]string, len(b.Faces.Numbers))
	for k, v := range b.Faces.Numbers {
		c.Faces.Numbers[k] = v
	}
	for s := 0; s < 2; s++ {
		c.ContestFaces[s] = clone(b.ContestFaces[s])
		c.HitFaces[s] = clone(b.HitFaces[s])
		c.Chosen[s] = clone(b.Chosen[s])
		c.CrewFaces[s] = clone(b.CrewFaces[s])
	}
	c.Log = clone(b.Log)
	for s := 0; s < 2; s++ {
		c.Ships[s].Weapons = clone(b.Ships[s].Weapons)
		if b.Reroll[s] != nil {
			c.Reroll[s] = append([]int{}, b.Reroll[s]...)
		}
	}
	return &c
}

func clone(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string{}, s...)
}

// Over reports whether the battle has ended.
func (b *Battle) Over() bool { return b.Stage == StageOver }

// Need is one thing the battle waits for.
type Need struct {
	// Side is who must act: declare, roll, or choose hit locations.
	Side int `json:"side"`
	// Kind is the stage: "declare", "contest", "hits", "choose" or "crew".
	Kind string `json:"kind"`
	// Dice is how many dice to roll (roll stages).
	Dice int `json:"dice,omitempty"`
	// Choose is how many hit locations to pick ("choose").
	Choose int `json:"choose,omitempty"`
}

// Need lists what the battle waits for now, side 0 first; empty when over.
func (b *Battle) Need() []Need {
	var out []Need
	switch b.Stage {
	case StageDeclare:
		if b.Declared[0] == "" {
			return []Need{{Side: 0, Kind: StageDeclare}}
		}
		return []Need{{Side: 1, Kind: StageDeclare}}
	case StageContest:
		for s := 0; s < 2; s++ {
			if b.ContestFaces[s] == nil {
				out = append(out, Need{Side: s, Kind: StageContest, Dice: b.ContestDice(s)})
			}
		}
	case StageHooks:
		for s := 0; s < 2; s++ {
			switch {
			case b.HookWait[s] && b.Reroll[s] == nil:
				out = append(out, Need{Side: s, Kind: StageHooks})
			case b.HookWait[s]:
				out = append(out, Need{Side: s, Kind: StageReroll, Dice: len(b.Reroll[s])})
			}
		}
	case StageHits:
		for s := 0; s < 2; s++ {
			if b.Hits[s] > 0 && b.HitFaces[s] == nil {
				out = append(out, Need{Side: s, Kind: StageHits, Dice: b.Hits[s]})
			}
		}
	case StageChoose:
		for s := 0; s < 2; s++ {
			if b.Free[s] > 0 && b.Chosen[s] == nil {
				out = append(out, Need{Side: 1 - s, Kind: StageChoose, Choose: b.Free[s]})
			}
		}
	case StageChasers:
		for s := 0; s < 2; s++ {
			if b.ChaseWait[s] {
				out = append(out, Need{Side: s, Kind: StageChasers})
			}
		}
	case StageAbsorb:
		for s := 0; s < 2; s++ {
			if b.AbsorbWait[s] {
				out = append(out, Need{Side: s, Kind: StageAbsorb})
			}
		}
	case StageLongGuns, StageSwivel:
		for s := 0; s < 2; s++ {
			if b.PreWait[s] {
				n := 2
				if b.Stage == StageLongGuns {
					n = b.Ships[s].Cannons
				}
				out = append(out, Need{Side: s, Kind: b.Stage, Dice: n})
			}
		}
	case StageCrew:
		for s := 0; s < 2; s++ {
			if b.CrewFaces[s] == nil {
				out = append(out, Need{Side: s, Kind: StageCrew, Dice: b.CrewDice(s)})
			}
		}
	}
	return out
}

// ContestDice is how many dice side s rolls in the SEAMANSHIP contest: its
// SEAMANSHIP, one more when its MANEUVERABILITY is at least 2 above the
// enemy's, and exactly one die with destroyed masts (our reading: no bonus
// die then either).
func (b *Battle) ContestDice(s int) int {
	me, them := b.Ships[s], b.Ships[1-s]
	if me.Masts <= 0 {
		return 1
	}
	n := me.Seamanship
	if me.Maneuverability >= them.Maneuverability+2 {
		n++
	}
	return max(n, 1)
}

// CrewDice is how many dice side s rolls in a crew combat round.
func (b *Battle) CrewDice(s int) int { return max(b.Ships[s].Leadership, 1) }

func checkSide(side int) error {
	if side != 0 && side != 1 {
		return engine.RefuseIn(CodeSide, secDeclare, "A battle has two sides: the aggressor and the defender")
	}
	return nil
}

// stageWords says what the battle waits for at each stage.
var stageWords = map[string]string{
	StageDeclare: "the sides' declarations", StageContest: "the Seamanship contest roll", StageHits: "the hit-location roll",
	StageChoose: "a choice of where the hits land", StageHooks: "a choice about grappling hooks", StageReroll: "the grappling hooks' re-roll", StageLongGuns: "the long guns' roll",
	StageSwivel: "the swivel guns' roll", StageChasers: "a choice about firing the chasers", StageAbsorb: "a choice about the reinforced hull",
	StageCrew: "the crew combat roll", StageOver: "nothing: it is over",
}

// Now says, in players' words, where the battle stands: what it waits for
// ("Round 2: waiting for the sides' declarations"), or how it ended ("Over:
// Bob's ship sank"). Screens show it rather than the stage's id.
func (b *Battle) Now() string {
	if b.Stage != StageOver {
		return fmt.Sprintf("Round %d: waiting for %s", b.Round, stageWords[b.Stage])
	}
	name := func(side int) string { return b.Ships[side].Name }
	switch b.Result {
	case ResultSunk:
		return fmt.Sprintf("Over: %s's ship sank", name(1-b.Winner))
	case ResultBothSunk:
		return "Over: both ships sank"
	case ResultCrew:
		return fmt.Sprintf("Over: %s won the crew combat", name(b.Winner))
	case ResultFled:
		return "Over: a ship fled"
	case ResultNoWinner:
		return "Over: both crews fell, no winner"
	}
	return "Over"
}

func (b *Battle) wrongStage(want string) error {
	if b.Stage == StageOver {
		return engine.RefuseIn(CodeStage, secDeclare, "This battle is over")
	}
	return engine.RefuseIn(CodeStage, secDeclare, "The battle waits for %s, not %s", stageWords[b.Stage], want)
}

// Declare records side's action for this round. The aggressor declares
// first; the first round allows only shooting, destroyed masts only
// shooting, and a destroyed crew cannot board.
func (b *Battle) Declare(side int, action string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageDeclare {
		return b.wrongStage("a declaration")
	}
	if b.Declared[0] == "" && side == 1 {
		return engine.RefuseIn(CodeDeclareTurn, secDeclare, "The aggressor declares first")
	}
	if b.Declared[side] != "" {
		return engine.RefuseIn(CodeDeclareTurn, secDeclare, "This side has already declared this round")
	}
	switch action {
	case Shoot, Board, Flee:
	default:
		return engine.RefuseIn(CodeAction, secDeclare, "Declare shoot, board or flee")
	}
	if action != Shoot && b.Round == 1 {
		return engine.RefuseIn(CodeFirstRound, secDeclare, "In the first round of a naval battle the only action is to shoot")
	}
	if action != Shoot && b.Ships[side].Masts <= 0 {
		return engine.RefuseIn(CodeMasts, secHits, "A ship with destroyed masts can only shoot")
	}
	if action == Board && b.Ships[side].Crew <= 0 {
		return engine.RefuseIn(CodeCrew, secHits, "A ship with no crew left cannot board")
	}
	b.Declared[side] = action
	b.logf("%s chooses to %s", b.Ships[side].Name, action)
	if b.Declared[0] != "" && b.Declared[1] != "" {
		b.Stage = StageContest
		if b.Declared[0] == Flee || b.Declared[1] == Flee {
			for s := 0; s < 2; s++ {
				b.ChaseWait[s] = hasWeapon(b.Ships[s].Mods, Chasers) && !b.Chased[s]
			}
			if b.ChaseWait[0] || b.ChaseWait[1] {
				b.Stage = StageChasers
			}
		}
	}
	return nil
}

func (b *Battle) checkFaces(section string, faces []string, want int) error {
	if len(faces) != want {
		return engine.RefuseIn(CodeRollCount, section, "This roll is %d %s, but %d %s given", want, plural(want, "die", "dice"), len(faces), plural(len(faces), "face was", "faces were"))
	}
	for _, f := range faces {
		if f == b.Faces.Success {
			continue
		}
		if _, ok := b.Faces.Numbers[f]; ok {
			continue
		}
		return engine.RefuseIn(CodeRollFace, section, "Choose the faces that came up: %s", orList(b.Faces.labels()))
	}
	return nil
}

// successes counts the success faces; sum adds the numbers on the others.
func (b *Battle) successes(faces []string) (int, int) {
	n, sum := 0, 0
	for _, f := range faces {
		if f == b.Faces.Success {
			n++
			continue
		}
		if v, err := strconv.Atoi(f); err == nil {
			sum += v
		}
	}
	return n, sum
}

// compare returns the winning side of two simultaneous rolls: most
// successes, then (with equal successes) the higher sum of the numbers on
// the other dice (our reading: the summary does not say higher or lower).
// -1 is a tie; none reports that neither side rolled a success.
func (b *Battle) compare(r [2][]string) (winner int, none bool) {
	s0, sum0 := b.successes(r[0])
	s1, sum1 := b.successes(r[1])
	switch {
	case s0 == 0 && s1 == 0:
		return -1, true
	case s0 != s1:
		if s0 > s1 {
			return 0, false
		}
		return 1, false
	case sum0 != sum1:
		if sum0 > sum1 {
			return 0, false
		}
		return 1, false
	}
	return -1, false
}

// Contest records side's SEAMANSHIP faces; when both sides have rolled the
// round is resolved.
func (b *Battle) Contest(side int, faces []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageContest || b.ContestFaces[side] != nil {
		return b.wrongStage("a Seamanship roll")
	}
	if err := b.checkFaces(secContest, faces, b.ContestDice(side)); err != nil {
		return err
	}
	b.ContestFaces[side] = clone(faces)
	if b.ContestFaces[1-side] == nil {
		return nil
	}
	for s := 0; s < 2; s++ {
		b.HookWait[s] = b.Declared[s] == Board && hasWeapon(b.Ships[s].Weapons, GrapplingHooks)
	}
	if b.HookWait[0] || b.HookWait[1] {
		b.Stage = StageHooks
		return nil
	}
	b.resolveContest()
	return nil
}

func hasWeapon(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// Hooks is a boarder's answer after the contest: spend the grappling hooks
// to roll again the contest dice at indexes (0-based), or, with none, keep
// the roll and the hooks.
func (b *Battle) Hooks(side int, indexes []int) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageHooks || !b.HookWait[side] || b.Reroll[side] != nil {
		return engine.RefuseIn(CodeAmmo, secHooks, "Grappling hooks are used after a contest in which this side chose to board")
	}
	seen := map[int]bool{}
	for _, i := range indexes {
		if i < 0 || i >= len(b.ContestFaces[side]) || seen[i] {
			return engine.RefuseIn(CodeAmmo, secHooks, "Name each die of your contest roll once, from 0 to %d", len(b.ContestFaces[side])-1)
		}
		seen[i] = true
	}
	if len(indexes) == 0 {
		b.HookWait[side] = false
		b.afterHooks()
		return nil
	}
	ws := b.Ships[side].Weapons
	for k, w := range ws {
		if w == GrapplingHooks {
			b.Ships[side].Weapons = append(ws[:k:k], ws[k+1:]...)
			break
		}
	}
	b.Reroll[side] = append([]int{}, indexes...)
	b.logf("%s throws grappling hooks", b.Ships[side].Name)
	return nil
}

// Reroll records the faces of the dice rolled again with grappling hooks,
// in the order of the indexes given to Hooks.
func (b *Battle) RerollDice(side int, faces []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageHooks || !b.HookWait[side] || b.Reroll[side] == nil {
		return b.wrongStage("dice rolled again with grappling hooks")
	}
	if err := b.checkFaces(secHooks, faces, len(b.Reroll[side])); err != nil {
		return err
	}
	for k, i := range b.Reroll[side] {
		b.ContestFaces[side][i] = faces[k]
	}
	b.HookWait[side] = false
	b.afterHooks()
	return nil
}

func (b *Battle) afterHooks() {
	if !b.HookWait[0] && !b.HookWait[1] {
		b.Reroll = [2][]int{}
		b.resolveContest()
	}
}

func (b *Battle) resolveContest() {
	w, none := b.compare(b.ContestFaces)
	b.ContestWinner = w
	succ := [2]int{}
	succ[0], _ = b.successes(b.ContestFaces[0])
	succ[1], _ = b.successes(b.ContestFaces[1])
	switch {
	case none:
		b.logf("Round %d: nobody rolled a success", b.Round)
	case w < 0:
		b.logf("Round %d: the contest is a tie", b.Round)
	default:
		b.logf("Round %d: %s wins the contest", b.Round, b.Ships[w].Name)
	}
	for s := 0; s < 2; s++ {
		b.Hits[s] = 0
		if b.Declared[s] != Shoot {
			continue
		}
		cannons := max(b.Ships[s].Cannons, 0)
		if s == w {
			b.Hits[s] = cannons
		} else {
			b.Hits[s] = min(succ[s], cannons)
		}
	}
	for s := 0; s < 2; s++ {
		b.Hits[s] += b.ChaseHit[s]
	}
	if w >= 0 && b.Declared[w] == Flee && succ[1-w] == 0 {
		b.Fled = w
		b.logf("%s escapes", b.Ships[w].Name)
		if b.Hits[0] == 0 && b.Hits[1] == 0 {
			b.end(-1, ResultFled)
			return
		}
		// The chasers' hits land before the escape.
		b.Stage = StageHits
		return
	}
	if w >= 0 && b.Declared[w] == Board {
		b.Boarder = w
	}
	if b.Hits[0] == 0 && b.Hits[1] == 0 {
		b.afterHits()
		return
	}
	b.Stage = StageHits
}

// HitRoll records the hit-location dice side rolled against the other ship:
// one die per hit it deals this round.
func (b *Battle) HitRoll(side int, faces []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageHits || b.Hits[side] == 0 || b.HitFaces[side] != nil {
		return b.wrongStage("hit-location dice from this side")
	}
	if err := b.checkFaces(secHits, faces, b.Hits[side]); err != nil {
		return err
	}
	b.HitFaces[side] = clone(faces)
	b.Free[side], _ = b.successes(faces)
	for s := 0; s < 2; s++ {
		if b.Hits[s] > 0 && b.HitFaces[s] == nil {
			return nil
		}
	}
	if b.Free[0] > 0 || b.Free[1] > 0 {
		b.Stage = StageChoose
		return nil
	}
	b.applyHits()
	return nil
}

// Choose records where the hits of success faces land on side's own ship:
// one location per success face the enemy rolled.
func (b *Battle) Choose(side int, locations []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	from := 1 - side
	if b.Stage != StageChoose || b.Free[from] == 0 || b.Chosen[from] != nil {
		return b.wrongStage("a choice of hit locations by this side")
	}
	if len(locations) != b.Free[from] {
		return engine.RefuseIn(CodeHitChoice, secHits, "Pick %d hit %s, one per success face rolled against you", b.Free[from], plural(b.Free[from], "location", "locations"))
	}
	for _, l := range locations {
		if (&Ship{}).loc(l) == nil {
			return engine.RefuseIn(CodeHitChoice, secHits, "Choose a hit location: hull, cargo, masts, crew or cannons")
		}
	}
	b.Chosen[from] = clone(locations)
	for s := 0; s < 2; s++ {
		if b.Free[s] > 0 && b.Chosen[s] == nil {
			return nil
		}
	}
	b.applyHits()
	return nil
}

// UseAmmo spends side's chain-shot or grapeshot on the success faces of
// its hit-location roll, before the target places them: each hits the masts
// (chain-shot) or the crew (grapeshot), and none passes to the hull.
func (b *Battle) UseAmmo(side int, weapon string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if weapon != ChainShot && weapon != Grapeshot {
		return engine.RefuseIn(CodeAmmo, secWeapons, "Chain-shot or grapeshot is spent on a hit-location roll")
	}
	if b.Stage != StageChoose || b.Free[side] == 0 || b.Chosen[side] != nil || b.Opening {
		return engine.RefuseIn(CodeAmmo, secWeapons, "Special ammunition is spent after rolling hit locations with a success face, before the enemy places them")
	}
	i := -1
	for k, w := range b.Ships[side].Weapons {
		if w == weapon {
			i = k
		}
	}
	if i < 0 {
		return engine.RefuseIn(CodeAmmo, secWeapons, "This side has no %s token", strings.ReplaceAll(weapon, "-", " "))
	}
	b.Ships[side].Weapons = append(b.Ships[side].Weapons[:i:i], b.Ships[side].Weapons[i+1:]...)
	b.Ammo[side] = weapon
	b.Free[side] = 0
	b.logf("%s fires %s", b.Ships[side].Name, weapon)
	for s := 0; s < 2; s++ {
		if b.Free[s] > 0 && b.Chosen[s] == nil {
			return nil
		}
	}
	b.applyHits()
	return nil
}

// hitOn is one hit landing on a location; noPass hits (special
// ammunition) are lost on a destroyed location instead of reaching the hull.
type hitOn struct {
	loc    string
	noPass bool
}

// incoming lists the hits side t takes this round, in the order they land:
// numbered faces, then the locations chosen, then special ammunition.
func (b *Battle) incoming(t int) []hitOn {
	s := 1 - t
	// In a round of chain-shot (grapeshot) no hit on destroyed masts (crew)
	// passes to the hull, numbered hits included.
	ammoLoc := ""
	switch b.Ammo[s] {
	case ChainShot:
		ammoLoc = Masts
	case Grapeshot:
		ammoLoc = Crew
	}
	var out []hitOn
	for _, f := range b.HitFaces[s] {
		if loc, ok := b.Faces.Numbers[f]; ok {
			out = append(out, hitOn{loc: loc, noPass: loc == ammoLoc})
		}
	}
	for _, loc := range b.Chosen[s] {
		out = append(out, hitOn{loc: loc})
	}
	if b.Ammo[s] != "" {
		loc := Masts
		if b.Ammo[s] == Grapeshot {
			loc = Crew
		}
		for _, f := range b.HitFaces[s] {
			if f == b.Faces.Success {
				out = append(out, hitOn{loc: loc, noPass: true})
			}
		}
	}
	return out
}

// applyHits asks a ship with a ready reinforced hull whether it absorbs one
// of the hits coming, then lands them.
func (b *Battle) applyHits() {
	for t := 0; t < 2; t++ {
		b.AbsorbWait[t] = b.Ships[t].Reinforced && len(b.incoming(t)) > 0
	}
	if b.AbsorbWait[0] || b.AbsorbWait[1] {
		b.Stage = StageAbsorb
		return
	}
	b.landHits()
}

// Absorb flips side's reinforced hull to absorb one hit on location this
// round ("" keeps the token for later).
func (b *Battle) Absorb(side int, location string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageAbsorb || !b.AbsorbWait[side] {
		return engine.RefuseIn(CodeAmmo, secMods, "The reinforced hull absorbs a hit when hits are about to land on its ship")
	}
	if location != "" {
		found := false
		var where []string
		for _, h := range b.incoming(side) {
			found = found || h.loc == location
			if !slices.Contains(where, h.loc) {
				where = append(where, h.loc)
			}
		}
		if !found {
			return engine.RefuseIn(CodeHitChoice, secMods, "Choose where a hit lands this round: %s", orList(where))
		}
		b.Absorbed[side] = location
		b.Ships[side].Reinforced = false
		b.logf("%s's reinforced hull absorbs a hit", b.Ships[side].Name)
	}
	b.AbsorbWait[side] = false
	if !b.AbsorbWait[1-side] {
		b.landHits()
	}
	return nil
}

// landHits lands every hit of the round at once.
func (b *Battle) landHits() {
	for t := 0; t < 2; t++ {
		hits := b.incoming(t)
		if loc := b.Absorbed[t]; loc != "" {
			for i, h := range hits {
				if h.loc == loc {
					hits = append(hits[:i:i], hits[i+1:]...)
					break
				}
			}
		}
		ship := &b.Ships[t]
		for _, h := range hits {
			if h.noPass {
				if ship.Value(h.loc) > 0 {
					*ship.loc(h.loc)--
				}
				continue
			}
			ship.hit(h.loc)
		}
		if n := b.Hits[1-t]; n > 0 {
			b.logf("%s hits %s %d %s", b.Ships[1-t].Name, ship.Name, n, plural(n, "time", "times"))
		}
	}
	b.afterHits()
}

// Chase answers whether side's chasers fire their one hit after a Flee
// declaration (once a battle; the token is turned back when it ends).
func (b *Battle) Chase(side int, fire bool) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageChasers || !b.ChaseWait[side] {
		return engine.RefuseIn(CodeAmmo, secMods, "Chasers fire right after a Flee declaration, once a battle")
	}
	b.ChaseWait[side] = false
	if fire {
		b.Chased[side] = true
		b.ChaseHit[side] = 1
		b.logf("%s's chasers fire", b.Ships[side].Name)
	}
	if !b.ChaseWait[1-side] {
		b.Stage = StageContest
	}
	return nil
}

func (b *Battle) afterHits() {
	sunk0, sunk1 := b.Ships[0].Hull <= 0, b.Ships[1].Hull <= 0
	if sunk0 || sunk1 {
		b.Sunk = [2]bool{sunk0, sunk1}
		b.Dead = b.Sunk
		switch {
		case sunk0 && sunk1:
			b.end(-1, ResultBothSunk)
			b.logf("Both ships sink")
		case sunk0:
			b.end(1, ResultSunk)
			b.logf("%s sinks", b.Ships[0].Name)
		default:
			b.end(0, ResultSunk)
			b.logf("%s sinks", b.Ships[1].Name)
		}
		return
	}
	if b.Fled >= 0 {
		b.end(-1, ResultFled)
		return
	}
	if b.Boarder >= 0 && b.Ships[b.Boarder].Crew > 0 {
		b.logf("%s boards", b.Ships[b.Boarder].Name)
		b.InCrewCombat = true
		b.startCrew(true)
		return
	}
	if !b.Opening {
		b.Round++
	}
	b.Opening = false
	b.Declared = [2]string{}
	b.ContestFaces = [2][]string{}
	b.HitFaces = [2][]string{}
	b.Chosen = [2][]string{}
	b.Ammo = [2]string{}
	b.Absorbed = [2]string{}
	b.ChaseHit = [2]int{}
	b.Hits, b.Free = [2]int{}, [2]int{}
	b.ContestWinner, b.Boarder = -1, -1
	b.Stage = StageDeclare
}

// startCrew begins crew combat, after the swivel guns of a boarding at
// sea; a side without crew loses it at once.
func (b *Battle) startCrew(atSea bool) {
	b.Round = 1
	b.CrewFaces = [2][]string{}
	for s := 0; s < 2; s++ {
		b.PreWait[s] = atSea && hasWeapon(b.Ships[s].Mods, SwivelGuns) && b.Ships[s].Crew > 0
	}
	if b.PreWait[0] || b.PreWait[1] {
		b.Stage = StageSwivel
		return
	}
	b.Stage = StageCrew
	b.checkCrew(nil)
}

// PreRoll records the dice of side's long guns (before round 1: one hit per
// success, placed by a hit-location roll as usual) or swivel guns (before
// crew combat: one hit to the enemy crew with at least one success).
func (b *Battle) PreRoll(side int, faces []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if (b.Stage != StageLongGuns && b.Stage != StageSwivel) || !b.PreWait[side] {
		return b.wrongStage("long-gun or swivel-gun dice from this side")
	}
	want := 2
	if b.Stage == StageLongGuns {
		want = b.Ships[side].Cannons
	}
	if err := b.checkFaces(secMods, faces, want); err != nil {
		return err
	}
	b.PreWait[side] = false
	n, _ := b.successes(faces)
	if b.Stage == StageLongGuns {
		b.Hits[side] = n
		b.logf("%s's long guns score %d %s", b.Ships[side].Name, n, plural(n, "hit", "hits"))
	} else if n > 0 {
		b.Ships[1-side].Crew = max(b.Ships[1-side].Crew-1, 0)
		b.logf("%s's swivel guns hit a crew", b.Ships[side].Name)
	}
	if b.PreWait[1-side] {
		return nil
	}
	if b.Stage == StageSwivel {
		b.Stage = StageCrew
		b.checkCrew(nil)
		return nil
	}
	if b.Hits[0] == 0 && b.Hits[1] == 0 {
		b.afterHits()
		return nil
	}
	b.Stage = StageHits
	return nil
}

// CrewRoll records side's LEADERSHIP faces for this crew round; when both
// have rolled, each success hits the enemy crew, at most as many hits as
// the roller had crew before the roll.
func (b *Battle) CrewRoll(side int, faces []string) error {
	if err := checkSide(side); err != nil {
		return err
	}
	if b.Stage != StageCrew || b.CrewFaces[side] != nil {
		return b.wrongStage("a Leadership roll from this side")
	}
	if err := b.checkFaces(secCrew, faces, b.CrewDice(side)); err != nil {
		return err
	}
	b.CrewFaces[side] = clone(faces)
	if b.CrewFaces[1-side] == nil {
		return nil
	}
	var hits [2]int
	for s := 0; s < 2; s++ {
		n, _ := b.successes(b.CrewFaces[s])
		hits[s] = min(n, b.Ships[s].Crew)
	}
	for s := 0; s < 2; s++ {
		b.Ships[1-s].Crew = max(b.Ships[1-s].Crew-hits[s], 0)
		if hits[s] > 0 {
			b.logf("%s's crew hits %d of %s's crew", b.Ships[s].Name, hits[s], b.Ships[1-s].Name)
		}
	}
	rolled := b.CrewFaces
	b.checkCrew(&rolled)
	if b.Stage == StageCrew {
		b.Round++
		b.CrewFaces = [2][]string{}
	}
	return nil
}

// checkCrew ends crew combat when a crew is gone. rolled is the round just
// rolled, for the tie-break when both crews fall together.
func (b *Battle) checkCrew(rolled *[2][]string) {
	out0, out1 := b.Ships[0].Crew <= 0, b.Ships[1].Crew <= 0
	switch {
	case out0 && out1:
		w := -1
		if rolled != nil {
			w, _ = b.compare(*rolled)
		}
		if w < 0 {
			b.end(-1, ResultNoWinner)
			b.logf("Both crews fall together: no winner")
			return
		}
		b.Dead[1-w] = true
		b.end(w, ResultCrew)
	case out0:
		b.Dead[0] = true
		b.end(1, ResultCrew)
	case out1:
		b.Dead[1] = true
		b.end(0, ResultCrew)
	default:
		return
	}
	b.logf("%s wins the crew combat", b.Ships[b.Winner].Name)
}

func (b *Battle) end(winner int, result string) {
	b.Winner, b.Result, b.Stage = winner, result, StageOver
}

func (b *Battle) logf(format string, args ...any) {
	b.Log = append(b.Log, fmt.Sprintf(format, args...))
}

// labels are the dice's faces as printed: the success face, then the
// numbered faces in order.
func (f Faces) labels() []string {
	nums := make([]string, 0, len(f.Numbers))
	for k := range f.Numbers {
		nums = append(nums, k)
	}
	sort.Strings(nums)
	return append([]string{f.Success}, nums...)
}

// orList names choices as a player reads them: "hull, cargo or masts".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
