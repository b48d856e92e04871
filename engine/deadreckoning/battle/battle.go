package battle

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Phase is where a battle stands.
type Phase string

// The phases of a battle, in order (pp. 17-19).
const (
	// PhaseCannons: the attacker chooses which cannons to use.
	PhaseCannons Phase = "cannons"
	// PhaseDefence: the defending player may play cards from hand.
	PhaseDefence Phase = "defence"
	// PhaseReady: the last moment to jettison; Drop starts the drop.
	PhaseReady Phase = "ready"
	// PhaseRead: cubes are being dropped; the battle waits for the read.
	PhaseRead Phase = "read"
	// PhaseAbilities: battle abilities are used or passed.
	PhaseAbilities Phase = "abilities"
	// PhasePlunder: the sides say where their plunder goes.
	PhasePlunder Phase = "plunder"
	// PhaseDone: the Outcome is known.
	PhaseDone Phase = "done"
)

// Drop kinds: what the cubes being dropped are.
const (
	DropFirst   = "drop"    // the battle's cubes, all at once
	DropAbility = "ability" // cubes of a battle ability
	DropRedrop  = "redrop"  // cubes balanced on a border
	DropExplode = "explode" // exploding shots, each with one extra cube
)

// Refusal codes of the battle's steps.
const (
	CodeWrongPhase     = "battle-wrong-phase"
	CodeUnknownCannon  = "battle-unknown-cannon"
	CodeCannonUsed     = "cannon-used-this-turn"
	CodeNotInHand      = "battle-card-not-in-hand"
	CodeNoBattleUse    = "battle-card-no-cannon-or-ability"
	CodeJettison       = "jettison-too-much"
	CodeNotYourAbility = "ability-not-your-turn"
	CodeUnknownAbility = "ability-unknown"
	CodeAbilityUsed    = "ability-used-this-turn"
	CodeVsBuildings    = "ability-not-vs-buildings"
	CodeNoCubeThere    = "ability-no-cube-there"
	CodePlunder        = "plunder-placement"
)

// Reason is one contribution to a side's battle cubes.
type Reason struct {
	Source string `json:"source"`
	Cubes  int    `json:"cubes"`
	Why    string `json:"why"`
}

type sideState struct {
	Cubes        int            `json:"cubes"`
	Reasons      []Reason       `json:"reasons"`
	Cannons      map[string]int `json:"cannons,omitempty"`
	Played       []string       `json:"played,omitempty"`
	Abilities    []string       `json:"abilities,omitempty"`
	Strength     int            `json:"strengthBonus,omitempty"`
	DamageDealt  int            `json:"damageDealt,omitempty"`
	Gains        Goods          `json:"gains"`
	IfWin        Goods          `json:"ifWin"`
	Jettisoned   Goods          `json:"jettisoned"`
	Peak         int            `json:"peak"`
	PlunderDue   *PlunderDue    `json:"plunderDue,omitempty"`
	PlunderTaken *PlunderChoice `json:"plunderTaken,omitempty"`
}

type state struct {
	Config  Config         `json:"config"`
	Phase   Phase          `json:"phase"`
	Sides   [2]sideState   `json:"sides"`
	Pending map[string]int `json:"pending,omitempty"`
	Kind    string         `json:"dropKind,omitempty"`
	InShip  map[string]int `json:"inShip,omitempty"`
	Board   Read           `json:"board"`
	Turn    Role           `json:"turn"`
	Passes  int            `json:"passes"`
	Winner  Role           `json:"winner"`
	Outcome *Outcome       `json:"outcome,omitempty"`
}

// Battle is one battle, a deterministic state machine. Each method either
// accepts a step and changes the battle, or refuses it with an
// *engine.RuleError and changes nothing. Need says what the battle waits for.
type Battle struct {
	layout *Layout
	st     state
}

// New declares a battle on the given board layout (nil for the default;
// the battle only reads it, so one layout may serve many battles). The config is checked
// against the rules of declaring (never the same opponent twice a turn, no
// building battle while a pirate-mode ship guards the island, ...).
func New(layout *Layout, cfg Config) (*Battle, error) {
	if layout == nil {
		layout = defaultLayout()
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	b := &Battle{layout: layout}
	b.st.Config = cfg
	b.st.Phase = PhaseCannons
	return b, nil
}

// Config returns the battle's declaration.
func (b *Battle) Config() Config { return b.st.Config }

// Phase returns where the battle stands.
func (b *Battle) Phase() Phase { return b.st.Phase }

func (b *Battle) side(r Role) *Side {
	if r == Attacker {
		return &b.st.Config.Attacker
	}
	return &b.st.Config.Defender
}

func (b *Battle) phaseIs(ps ...Phase) error {
	if slices.Contains(ps, b.st.Phase) {
		return nil
	}
	if b.st.Phase == PhaseDone {
		return engine.Refuse(CodeWrongPhase, 17, "This battle is over")
	}
	return engine.Refuse(CodeWrongPhase, 17, "The battle waits for %s, not %s", phaseWords[b.st.Phase], phaseWords[ps[0]])
}

// phaseWords names a battle's steps as players say them, in a refusal.
var phaseWords = map[Phase]string{
	PhaseCannons:   "the attacker's cannons",
	PhaseDefence:   "the defender's cannons",
	PhaseReady:     "the drop",
	PhaseRead:      "the read of the board",
	PhaseAbilities: "battle abilities",
	PhasePlunder:   "the plunder",
	PhaseDone:      "the end of the battle",
}

// capacity is how many cubes of its colour a side can have in the Battle
// ship at once: its supply plus the island cubes it may take (p. 17), or
// the black cubes in the box.
func (b *Battle) capacity(r Role) int {
	s := b.side(r)
	if s.Kind != SideShip {
		return BlackCubes
	}
	return s.Cubes + s.SpareIslandCubes
}

func (b *Battle) available(r Role, source string) (int, bool) {
	s := b.side(r)
	if source == ShipSource {
		return max(0, s.ShipCannons-s.UsedCannons[ShipSource]), true
	}
	for _, c := range s.Cards {
		if c.ID == source {
			if c.InHand && !(r == Defender && slices.Contains(b.st.Sides[r].Played, c.ID)) {
				return 0, false
			}
			return max(0, c.Cannons-s.UsedCannons[c.ID]), true
		}
	}
	return 0, false
}

// sourceName names a source of cannons as players see it: "Your ship" or
// the card's printed name.
func (b *Battle) sourceName(r Role, source string) string {
	if source == ShipSource {
		return "Your ship"
	}
	for _, c := range b.side(r).Cards {
		if c.ID == source {
			return capital(cardName(c))
		}
	}
	return "That card"
}

// capital is s with its first letter in capitals, for a name that begins a
// sentence.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// count is a number with its noun, "1 cannon", "2 cannons".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ChooseCannons is the attacker taking battle cubes (p. 17): how many
// cannons of each source to use (ShipSource for the ship board, else a
// played card's id). Each cannon is used at most once per turn.
func (b *Battle) ChooseCannons(use map[string]int) error {
	if err := b.phaseIs(PhaseCannons); err != nil {
		return err
	}
	total := 0
	var reasons []Reason
	for _, id := range sortedKeys(use) {
		n := use[id]
		avail, ok := b.available(Attacker, id)
		if !ok {
			return engine.Refuse(CodeUnknownCannon, 17, "That is neither your ship nor a card you have played: only they give cannons")
		}
		if n < 0 {
			return engine.Refuse(CodeUnknownCannon, 17, "%s cannot give a negative number of cannons", b.sourceName(Attacker, id))
		}
		if n > avail {
			return engine.Refuse(CodeCannonUsed, 17, "%s has %s not yet used this turn, not %d", b.sourceName(Attacker, id), count(avail, "cannon"), n)
		}
		if n > 0 {
			reasons = append(reasons, Reason{Source: id, Cubes: n, Why: "cannons chosen"})
			total += n
		}
	}
	reasons, total = b.bonuses(Attacker, reasons, total)
	if total > b.capacity(Attacker) {
		return engine.Refuse(CodeOutOfCubes, 17, "You need %d cubes but have only %d, counting the island cubes you may take", total, b.capacity(Attacker))
	}
	a := &b.st.Sides[Attacker]
	a.Cubes, a.Reasons, a.Cannons = total, reasons, map[string]int{}
	for id, n := range use {
		if n > 0 {
			a.Cannons[id] = n
		}
	}
	switch b.st.Config.Kind {
	case KindShip:
		b.st.Phase = PhaseDefence
	case KindMerchant:
		d := &b.st.Sides[Defender]
		n := b.st.Config.Defender.MerchantCubes
		d.Cubes, d.Reasons = n, []Reason{{Source: "merchant", Cubes: n, Why: "printed on the Merchant's back"}}
		b.st.Phase = PhaseReady
	case KindBuilding:
		d := &b.st.Sides[Defender]
		s := b.st.Config.Defender
		switch {
		case s.Fort && s.Garrison:
			d.Reasons = []Reason{{Source: "buildings", Cubes: 7, Why: "a Fort and a Garrison"}}
		case s.Fort:
			d.Reasons = []Reason{{Source: "buildings", Cubes: 5, Why: "a Fort"}}
		default:
			d.Reasons = []Reason{{Source: "buildings", Cubes: 2, Why: "a Garrison"}}
		}
		d.Cubes = d.Reasons[0].Cubes
		if s.FinalTurnTaken {
			d.Reasons = append(d.Reasons, Reason{Source: "final-turn", Cubes: 2, Why: "its controller has taken their final turn"})
			d.Cubes += 2
		}
		b.st.Phase = PhaseReady
	}
	return nil
}

// bonuses adds the cubes a player's side gets besides cannons (pp. 18, 22).
func (b *Battle) bonuses(r Role, reasons []Reason, total int) ([]Reason, int) {
	s := b.side(r)
	if b.st.Config.Kind == KindShip && s.BuildingsHere > 0 {
		reasons = append(reasons, Reason{Source: "buildings", Cubes: s.BuildingsHere, Why: "1 per building at the island this side controls"})
		total += s.BuildingsHere
	}
	if r == Defender && s.InHarbor {
		reasons = append(reasons, Reason{Source: "harbor", Cubes: 4, Why: "attacked in Harbor"})
		total += 4
	}
	if s.FinalTurnTaken {
		reasons = append(reasons, Reason{Source: "final-turn", Cubes: 2, Why: "has taken their final turn"})
		total += 2
	}
	return reasons, total
}

// Defend is the defending player playing cards from hand (p. 18): their
// cannons and abilities join those of the cards already in play, and the
// defender always uses every cannon not yet used this turn. Cards played
// stay in play until the defender's next cleanup (Outcome lists them).
func (b *Battle) Defend(play []string) error {
	if err := b.phaseIs(PhaseDefence); err != nil {
		return err
	}
	s := b.side(Defender)
	seen := map[string]bool{}
	for _, id := range play {
		i := slices.IndexFunc(s.Cards, func(c Card) bool { return c.ID == id })
		if i < 0 || !s.Cards[i].InHand || seen[id] {
			return engine.Refuse(CodeNotInHand, 18, "That card is not in the defender's hand")
		}
		if s.Cards[i].Cannons == 0 && len(s.Cards[i].Abilities) == 0 {
			return engine.Refuse(CodeNoBattleUse, 18, "%s has no cannon or battle ability: only such cards are played in defence", capital(cardName(s.Cards[i])))
		}
		seen[id] = true
	}
	d := &b.st.Sides[Defender]
	d.Played = append([]string(nil), play...)
	d.Cannons = map[string]int{}
	total := 0
	var reasons []Reason
	for _, id := range append([]string{ShipSource}, cardIDs(s.Cards)...) {
		if n, ok := b.available(Defender, id); ok && n > 0 {
			d.Cannons[id] = n
			reasons = append(reasons, Reason{Source: id, Cubes: n, Why: "cannons (the defender uses them all)"})
			total += n
		}
	}
	reasons, total = b.bonuses(Defender, reasons, total)
	if c := b.capacity(Defender); total > c {
		reasons = append(reasons, Reason{Source: "out-of-cubes", Cubes: c - total, Why: "no more cubes, even from islands"})
		total = c
	}
	d.Cubes, d.Reasons = total, reasons
	b.st.Phase = PhaseReady
	return nil
}

// UpdateHandCard replaces the description of a card still in the
// defender's hand: a card levelled up in response to the attack, before the
// battle is resolved, fights at its new level (pp. 13, 18). It is accepted
// until the defender has chosen the cards to play.
func (b *Battle) UpdateHandCard(c Card) error {
	if err := b.phaseIs(PhaseCannons, PhaseDefence); err != nil {
		return err
	}
	s := b.side(Defender)
	i := slices.IndexFunc(s.Cards, func(x Card) bool { return x.ID == c.ID })
	if i < 0 || !s.Cards[i].InHand || !c.InHand {
		return engine.Refuse(CodeNotInHand, 18, "That card is not in the defender's hand")
	}
	s.Cards[i] = c
	return nil
}

func cardName(c Card) string {
	if c.Name != "" {
		return c.Name
	}
	return fmt.Sprintf("the card %q", c.ID)
}

func cardIDs(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

// Jettison records cargo and coins a ship throws overboard before the drop
// (p. 17): allowed from the declaration until Drop.
func (b *Battle) Jettison(r Role, g Goods) error {
	if err := b.phaseIs(PhaseCannons, PhaseDefence, PhaseReady); err != nil {
		return engine.Refuse(CodeWrongPhase, 17, "Jettisoning is allowed only before the cubes are dropped")
	}
	s := b.side(r)
	if s.Kind != SideShip {
		return engine.Refuse(CodeJettison, 17, "Only a player's ship can jettison")
	}
	j := b.st.Sides[r].Jettisoned
	if g.Cargo < 0 || g.Coins < 0 || g.Cargo+g.Coins == 0 {
		return engine.Refuse(CodeJettison, 17, "Say how many cargo and coins to jettison")
	}
	if j.Cargo+g.Cargo > s.Hold.Cargo || j.Coins+g.Coins > s.Hold.Coins {
		return engine.Refuse(CodeJettison, 17, "The ship carries %d cargo and %s", s.Hold.Cargo-j.Cargo, count(s.Hold.Coins-j.Coins, "coin"))
	}
	b.st.Sides[r].Jettisoned = Goods{Cargo: j.Cargo + g.Cargo, Coins: j.Coins + g.Coins}
	return nil
}

// Drop closes the jettison window and starts the drop of every battle cube
// at once (p. 17); the battle then waits for the read.
func (b *Battle) Drop() error {
	if err := b.phaseIs(PhaseReady); err != nil {
		return err
	}
	b.st.InShip = map[string]int{}
	b.st.Pending = map[string]int{}
	for _, r := range []Role{Attacker, Defender} {
		c := b.side(r).Colour
		n := b.st.Sides[r].Cubes
		b.st.InShip[c] = n
		b.st.Pending[c] = n
		b.st.Sides[r].Peak = n
	}
	b.st.Kind = DropFirst
	b.st.Turn = Attacker
	b.st.Phase = PhaseRead
	return nil
}

func (b *Battle) roleOf(colour string) Role {
	if b.st.Config.Attacker.Colour == colour {
		return Attacker
	}
	return Defender
}

// Read takes the read of the whole board after the drop Need asked for.
// Cubes balanced on a border are dropped again; cubes in the exploding zone
// come out with one extra cube each (as many as the side still has) and are
// dropped again (p. 19); when neither is left, the battle moves on to
// battle abilities. A read that does not account for exactly the cubes in
// the Battle ship is refused.
func (b *Battle) Read(r Read) error {
	if err := b.phaseIs(PhaseRead); err != nil {
		return err
	}
	if err := b.layout.CheckRead(r, b.st.InShip); err != nil {
		return err
	}
	b.st.Board = copyRead(r)
	redrop := map[string]int{}
	for c, n := range r.Redrop {
		if n > 0 {
			redrop[c] = n
		}
	}
	if len(redrop) > 0 {
		b.st.Pending, b.st.Kind = redrop, DropRedrop
		return nil
	}
	explode := map[string]int{}
	for _, c := range sortedKeys(b.st.InShip) {
		n := b.layout.InExplode(r, c)
		if n == 0 {
			continue
		}
		role := b.roleOf(c)
		extra := min(n, b.capacity(role)-b.st.InShip[c])
		explode[c] = n + extra
		b.st.InShip[c] += extra
		b.st.Sides[role].Peak = max(b.st.Sides[role].Peak, b.st.InShip[c])
	}
	if len(explode) > 0 {
		b.st.Pending, b.st.Kind = explode, DropExplode
		return nil
	}
	b.st.Pending, b.st.Kind = nil, ""
	b.st.Phase = PhaseAbilities
	return nil
}

func copyRead(r Read) Read {
	out := Read{Cubes: map[string]map[string]int{}}
	for c, zs := range r.Cubes {
		m := map[string]int{}
		for z, n := range zs {
			if n > 0 {
				m[z] = n
			}
		}
		out.Cubes[c] = m
	}
	return out
}

// usable returns the ability with that id if role may use it now.
func (b *Battle) ability(r Role, id string) (Ability, bool) {
	s := b.side(r)
	for _, c := range s.Cards {
		if c.InHand && !(r == Defender && slices.Contains(b.st.Sides[r].Played, c.ID)) {
			continue
		}
		for _, a := range c.Abilities {
			if a.ID == id {
				return a, true
			}
		}
	}
	return Ability{}, false
}

func (b *Battle) abilityUsed(r Role, id string) bool {
	return slices.Contains(b.side(r).UsedAbilities, id) || slices.Contains(b.st.Sides[r].Abilities, id)
}

// Usable lists the ids of the abilities role may still use in this battle.
func (b *Battle) Usable(r Role) []string {
	var out []string
	if b.st.Config.Kind != KindShip && r == Defender {
		return nil
	}
	s := b.side(r)
	for _, c := range s.Cards {
		for _, a := range c.Abilities {
			if _, ok := b.ability(r, a.ID); !ok || b.abilityUsed(r, a.ID) {
				continue
			}
			if a.NotVsBuildings && b.st.Config.Kind == KindBuilding {
				continue
			}
			out = append(out, a.ID)
		}
	}
	return out
}

// UseAbility uses one battle ability (p. 19). Against a Merchant or
// buildings only the attacker uses abilities, in any order; between ships
// the players take turns, the attacker first. zone names the zone of the
// cube a RemoveCube ability takes away. An ability that drops cubes makes
// the battle wait for the read (and any exploding shots) before the next.
func (b *Battle) UseAbility(r Role, id, zone string) error {
	if err := b.phaseIs(PhaseAbilities); err != nil {
		return err
	}
	cfg := &b.st.Config
	if cfg.Kind != KindShip && r == Defender {
		return engine.Refuse(CodeNotYourAbility, 20, "Only the attacker uses battle abilities against a %s", cfg.Defender.Kind)
	}
	if cfg.Kind == KindShip && r != b.st.Turn {
		return engine.Refuse(CodeNotYourAbility, 18, "It is the %s's turn to use a battle ability or pass", b.st.Turn)
	}
	a, ok := b.ability(r, id)
	if !ok {
		return engine.Refuse(CodeUnknownAbility, 15, "No card in play has that battle ability")
	}
	if b.abilityUsed(r, id) {
		return engine.Refuse(CodeAbilityUsed, 17, "%s has already been used this turn", capital(nameOr(a)))
	}
	if a.NotVsBuildings && cfg.Kind == KindBuilding {
		return engine.Refuse(CodeVsBuildings, 20, "%s cannot be used in a battle against buildings", capital(nameOr(a)))
	}
	s := &b.st.Sides[r]
	colour := b.side(r).Colour
	switch a.Kind {
	case DropCubes:
		if b.st.InShip[colour]+a.N > b.capacity(r) {
			return engine.Refuse(CodeOutOfCubes, 17, "You do not have %s more, even from islands", count(a.N, "cube"))
		}
	case RemoveCube:
		if zone == "" || b.st.Board.Cubes[colour][zone] < 1 {
			return engine.Refuse(CodeNoCubeThere, 28, "You have no cube in that zone of the Battle board to remove")
		}
	}
	// Accepted: apply.
	s.Abilities = append(s.Abilities, id)
	switch a.Kind {
	case DropCubes:
		b.st.InShip[colour] += a.N
		s.Peak = max(s.Peak, b.st.InShip[colour])
		b.st.Pending, b.st.Kind = map[string]int{colour: a.N}, DropAbility
		b.st.Phase = PhaseRead
	case GainStrength:
		s.Strength += a.N
	case RemoveCube:
		b.st.Board.Cubes[colour][zone]--
		b.st.InShip[colour]--
		s.DamageDealt += a.N
		s.Gains.Coins += a.Coins
		s.Gains.Cargo += a.Cargo
	case DealDamage:
		s.DamageDealt += a.N
	case IfWin:
		s.IfWin.Coins += a.Coins
		s.IfWin.Cargo += a.Cargo
	}
	b.st.Passes = 0
	if cfg.Kind == KindShip {
		b.st.Turn = r.other()
	}
	return nil
}

func nameOr(a Ability) string {
	if a.Name != "" {
		return a.Name
	}
	return fmt.Sprintf("the ability %q", a.ID)
}

// Pass ends role's use of battle abilities: against a Merchant or buildings
// the attacker's pass ends the step; between ships the step ends when both
// players pass one after the other (p. 18).
func (b *Battle) Pass(r Role) error {
	if err := b.phaseIs(PhaseAbilities); err != nil {
		return err
	}
	if b.st.Config.Kind != KindShip {
		if r != Attacker {
			return engine.Refuse(CodeNotYourAbility, 20, "Only the attacker uses battle abilities against a %s", b.st.Config.Defender.Kind)
		}
		b.finishAbilities()
		return nil
	}
	if r != b.st.Turn {
		return engine.Refuse(CodeNotYourAbility, 18, "It is the %s's turn to use a battle ability or pass", b.st.Turn)
	}
	b.st.Passes++
	b.st.Turn = r.other()
	if b.st.Passes >= 2 {
		b.finishAbilities()
	}
	return nil
}

// Tally returns role's totals on the board as last read (after abilities
// that removed cubes), and its battle strength including abilities.
func (b *Battle) Tally(r Role) (Tally, int) {
	t := b.layout.TallyOf(b.st.Board, b.side(r).Colour)
	return t, t.Strength + b.st.Sides[r].Strength
}

func (b *Battle) finishAbilities() {
	_, sa := b.Tally(Attacker)
	_, sd := b.Tally(Defender)
	b.st.Winner = Attacker
	if sd > sa {
		b.st.Winner = Defender
	}
	waiting := false
	for _, r := range []Role{Attacker, Defender} {
		if b.side(r).Kind != SideShip {
			continue
		}
		s := &b.st.Sides[r]
		due := PlunderDue{Gains: s.Gains}
		if r == b.st.Winner {
			due.Gains.Cargo += s.IfWin.Cargo
			due.Gains.Coins += s.IfWin.Coins
		}
		if b.st.Config.Kind != KindBuilding { // no plunder against buildings (p. 20)
			t, _ := b.Tally(r)
			due.Cargo, due.Coins, due.Choice = t.Cargo, t.Coin, t.CargoOrCoin
		}
		due.HoldFree = b.side(r).Hold.Free + s.Jettisoned.Cargo + s.Jettisoned.Coins
		due.Island = b.st.Config.AtIsland
		if due.total() > 0 {
			s.PlunderDue = &due
			waiting = true
		}
	}
	if waiting {
		b.st.Phase = PhasePlunder
		return
	}
	b.finish()
}

// PlunderDue is what a side has to place after the battle: plunder from
// the zones, and cargo and coins its abilities gained.
type PlunderDue struct {
	Cargo int `json:"cargo"`
	Coins int `json:"coins"`
	// Choice items are each a cargo or a coin, as the player chooses.
	Choice int `json:"choice"`
	// Gains from battle abilities, placed like plunder.
	Gains Goods `json:"gains"`
	// HoldFree is the ship's free hold capacity; Island says plunder may be
	// put on the island where the battle is.
	HoldFree int  `json:"holdFree"`
	Island   bool `json:"island"`
}

func (d PlunderDue) total() int { return d.Cargo + d.Coins + d.Choice + d.Gains.Cargo + d.Gains.Coins }

// PlunderChoice is where a side puts what it gained (p. 19): on its ship's
// free hold space, on the island where the battle is, the rest back to the
// supply. ChoiceCoins says how many of the cargo-or-coin items are coins.
type PlunderChoice struct {
	ChoiceCoins int   `json:"choiceCoins"`
	Ship        Goods `json:"ship"`
	Island      Goods `json:"island"`
}

// Plunder places role's plunder.
func (b *Battle) Plunder(r Role, c PlunderChoice) error {
	if err := b.phaseIs(PhasePlunder); err != nil {
		return err
	}
	s := &b.st.Sides[r]
	d := s.PlunderDue
	if d == nil || s.PlunderTaken != nil {
		return engine.Refuse(CodePlunder, 19, "The %s has no plunder to place", r)
	}
	if c.ChoiceCoins < 0 || c.ChoiceCoins > d.Choice {
		return engine.Refuse(CodePlunder, 19, "Up to %d of the plunder you choose between cargo and coins can be coins, not %d", d.Choice, c.ChoiceCoins)
	}
	if c.Ship.Cargo < 0 || c.Ship.Coins < 0 || c.Island.Cargo < 0 || c.Island.Coins < 0 {
		return engine.Refuse(CodePlunder, 19, "Negative amounts")
	}
	cargo := d.Cargo + d.Choice - c.ChoiceCoins + d.Gains.Cargo
	coins := d.Coins + c.ChoiceCoins + d.Gains.Coins
	if c.Ship.Cargo+c.Island.Cargo > cargo || c.Ship.Coins+c.Island.Coins > coins {
		return engine.Refuse(CodePlunder, 19, "The side gained %d cargo and %s, not more", cargo, count(coins, "coin"))
	}
	if c.Ship.Cargo+c.Ship.Coins > d.HoldFree {
		return engine.Refuse(CodePlunder, 19, "The ship's holds have room for %d, not %d", d.HoldFree, c.Ship.Cargo+c.Ship.Coins)
	}
	if !d.Island && c.Island.Cargo+c.Island.Coins > 0 {
		return engine.Refuse(CodePlunder, 19, "The battle is not at an island")
	}
	taken := c
	s.PlunderTaken = &taken
	for _, r := range []Role{Attacker, Defender} {
		if x := b.st.Sides[r]; x.PlunderDue != nil && x.PlunderTaken == nil {
			return nil
		}
	}
	b.finish()
	return nil
}

// Outcome returns the battle's result once it is done.
func (b *Battle) Outcome() (*Outcome, bool) {
	if b.st.Outcome == nil {
		return nil, false
	}
	o := *b.st.Outcome
	return &o, true
}

// MarshalJSON saves the battle's whole state (for the game's snapshot).
func (b *Battle) MarshalJSON() ([]byte, error) { return json.Marshal(b.st) }

// Restore rebuilds a battle saved with MarshalJSON, on the given layout.
func Restore(layout *Layout, data []byte) (*Battle, error) {
	if layout == nil {
		layout = defaultLayout()
	}
	b := &Battle{layout: layout}
	if err := json.Unmarshal(data, &b.st); err != nil {
		return nil, engine.Malformed("battle state: %v", err)
	}
	return b, nil
}

// Clone returns an independent copy (the game checks a step on a copy).
func (b *Battle) Clone() *Battle {
	data, err := b.MarshalJSON()
	if err != nil {
		panic("battle: state cannot be encoded: " + err.Error())
	}
	c, err := Restore(b.layout, data)
	if err != nil {
		panic("battle: state cannot be decoded: " + err.Error())
	}
	return c
}
