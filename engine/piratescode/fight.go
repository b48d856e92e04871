package piratescode

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Fight stages.
const (
	stageAttackRoll   = "attack-roll"
	stageAttackAdjust = "attack-adjust"
	stageDefendRoll   = "defend-roll"
	stageDefendAdjust = "defend-adjust"
)

// Roll answers the open roll request (see engine/dice): the faces read in
// the tray, typed, or rolled by the engine's seeded dice with "digital".
type Roll struct {
	dice.RollAction
	TableDraws
}

// Surefire spends a sure-fire token to set rolled die Die (0-based) to Face.
type Surefire struct {
	engine.ActionHeader
	Die  int `json:"die"`
	Face int `json:"face"`
}

// Reroll uses the Reroll bonus of crew card Card to roll Dice (0-based)
// again: each must show one of the card's faces and not have been rolled
// again already.
type Reroll struct {
	engine.ActionHeader
	Card string `json:"card"`
	Dice []int  `json:"dice"`
}

// Resolve ends the rolling side's adjustments: the attacker's total is
// counted (and a pirate defender rolls), or the defender's and the fight is
// settled. Swap names a booty type aboard to throw back for a sunk
// merchant's cube when the hold is full (default: the cube is left); Port
// picks the port (0, 1) a sunk merchant returns to when both are as far.
type Resolve struct {
	engine.ActionHeader
	TableDraws
	Jostles
	Swap string `json:"swap,omitempty"`
	Port *int   `json:"port,omitempty"`
}

// startFight opens an attack on target by p, asking for the attacker's dice.
func (c *ctx) startFight(seat engine.Seat, p *Player, target string, bonus bool) error {
	f := &Fight{Attacker: seat, Merchant: -1, Defender: engine.NoSeat, Bonus: bonus, Stage: stageAttackRoll}
	switch target {
	case "navy":
		return refuse("attack-navy", refAttack, "No one can attack the Navy")
	case "orange", "green":
		m := 0
		if target == "green" {
			m = 1
		}
		if c.s.Merchants[m].Cell != p.Cell {
			return refuse("attack-target", refAttack, "The %s merchant ship is not on your card", target)
		}
		f.Merchant = m
	default:
		n, err := strconv.Atoi(trimPrefix(target, "seat"))
		d := engine.Seat(n - 1)
		if err != nil || c.s.player(d) == nil || d == seat {
			return refuse("attack-target", refAttack, "Attack the orange or the green merchant ship, or another player's ship")
		}
		q := c.s.Players[d]
		if q.Cell != p.Cell {
			return refuse("attack-target", refAttack, "%s's ship is not on your card", q.Name)
		}
		if q.InCove {
			return refuse("attack-hidden", refHide, "%s hides in a cove and cannot be attacked", q.Name)
		}
		f.Defender = d
	}
	r := c.s.Dice.Ask(dice.Request{Purpose: fmt.Sprintf("%s attacks %s", p.Name, c.targetName(f)), Seat: seat, Side: "attacker", Dice: c.diceOf(p)})
	f.Request = r.ID
	c.s.Fight = f
	c.emit("attack-started", seat, map[string]any{"target": target, "request": r.ID}, "%s attacks %s: %s", p.Name, c.targetName(f), r.Say())
	return nil
}

func trimPrefix(s, p string) string {
	if len(s) > len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return ""
}

func (c *ctx) targetName(f *Fight) string {
	if f.Merchant >= 0 {
		return "the " + c.s.Merchants[f.Merchant].Name + " merchant ship"
	}
	return c.s.Players[f.Defender].Name
}

// diceOf is the dice a player rolls: as many as the legend level says.
func (c *ctx) diceOf(p *Player) []dice.Die {
	out := make([]dice.Die, c.s.diceCount(p))
	for i := range out {
		out[i] = attackDie
	}
	return out
}

// Damage totals a roll against cards: each die deals 1 damage per matching
// die symbol on every card (p. 11), plus 1 per Deckhand on Cannons and the
// cards' automatic hits.
func Damage(faces []int, cards []Card, cannons int) int {
	total := cannons
	for _, k := range cards {
		total += k.Hits
		for _, s := range k.Symbols {
			for _, f := range faces {
				if f == s {
					total++
				}
			}
		}
	}
	return total
}

func (a *Roll) apply(c *ctx) error {
	r, err := c.s.Dice.Answer(&a.RollAction)
	if err != nil {
		if re, ok := engine.AsRuleError(err); ok && re.Page == 0 && re.Section == "" {
			re.Page, re.Section = refAttack.page, refAttack.section
		}
		return err
	}
	f := c.s.Fight
	faces := a.Faces
	if a.Digital {
		faces = dice.Digital(&c.s.RNG.RNG, r)
	}
	if a.Corrects != "" {
		if f == nil || f.Roll != a.Corrects || (f.Stage != stageAttackAdjust && f.Stage != stageDefendAdjust) {
			return refuse("roll-too-late", refAttack, "Only the latest roll of the fight still going on can be corrected")
		}
	}
	if a.Corrects == "" && c.s.Auto != nil && c.s.Auto.Stage == "die" && r.ID == c.s.Auto.Request {
		roll := c.s.Dice.Record(&a.RollAction, r, faces)
		c.emit("rolled", a.Seat, map[string]any{"request": r.ID, "roll": roll.ID, "faces": faces, "source": roll.Source}, "%s: %s", r.Purpose, strings.Join(faces, " and "))
		n, _ := strconv.Atoi(faces[0])
		c.automaDie(n)
		return nil
	}
	roll := c.s.Dice.Record(&a.RollAction, r, faces)
	nums := make([]int, len(faces))
	for i, s := range faces {
		nums[i], _ = strconv.Atoi(s)
	}
	if f != nil {
		if r.Rerolls != "" || (a.Corrects != "" && len(r.Indexes) > 0) {
			for j, i := range r.Indexes {
				f.Faces[i] = nums[j]
			}
		} else {
			f.Faces = nums
			f.Rerolled = make([]bool, len(nums))
		}
		f.Roll = roll.ID
		f.Request = ""
		switch f.Stage {
		case stageAttackRoll:
			f.Stage = stageAttackAdjust
		case stageDefendRoll:
			f.Stage = stageDefendAdjust
		}
	}
	c.emit("rolled", a.Seat, map[string]any{"request": r.ID, "roll": roll.ID, "faces": faces, "source": roll.Source, "corrects": a.Corrects},
		"%s: %s", r.Purpose, strings.Join(faces, " and "))
	// The Legendary Pirate uses no sure-fire token: its side is counted at
	// once (Solo: Solo Pirate Attack).
	if f != nil && a.Corrects == "" {
		side := f.Attacker
		if f.Stage == stageDefendAdjust {
			side = f.Defender
		}
		if (f.Stage == stageAttackAdjust || f.Stage == stageDefendAdjust) && c.s.Players[side].Automa {
			return c.resolve(side, "", nil)
		}
	}
	return nil
}

// fightSide refuses an adjustment by anyone but the side rolling now.
func (c *ctx) fightSide(seat engine.Seat) (*Fight, *Player, error) {
	f := c.s.Fight
	if f == nil {
		return nil, nil, refuse("no-fight", refAttack, "No attack is going on")
	}
	switch {
	case f.Stage == stageAttackAdjust && seat == f.Attacker:
	case f.Stage == stageDefendAdjust && seat == f.Defender:
	case f.Stage == stageAttackRoll || f.Stage == stageDefendRoll:
		return nil, nil, refuse("roll-first", refAttack, "Roll the dice first")
	default:
		return nil, nil, engine.RefuseIn(engine.CodeNotYourTurn, refAttack.section, "The other side of the fight acts now")
	}
	return f, c.s.Players[seat], nil
}

func (a *Surefire) apply(c *ctx) error {
	f, p, err := c.fightSide(a.Seat)
	if err != nil {
		return err
	}
	if p.Surefire == 0 {
		return refuse("surefire-none", refAttack, "You have no sure-fire token")
	}
	if a.Die < 0 || a.Die >= len(f.Faces) || a.Face < 1 || a.Face > 6 {
		return refuse("surefire-die", refAttack, "Choose one of the %d dice rolled and a face from 1 to 6", len(f.Faces))
	}
	p.Surefire--
	c.s.Surefires++
	f.Faces[a.Die] = a.Face
	c.emit("surefire-used", a.Seat, map[string]any{"die": a.Die, "face": a.Face}, "%s spent a sure-fire token: die %d now shows %d", p.Name, a.Die+1, a.Face)
	return nil
}

func (a *Reroll) apply(c *ctx) error {
	f, p, err := c.fightSide(a.Seat)
	if err != nil {
		return err
	}
	if f.Stage != stageAttackAdjust || f.Bonus {
		return refuse("reroll-not-allowed", refBonus, "A Reroll works only for the attacker of an Attack order")
	}
	var card *Card
	for _, k := range p.Crew {
		if c.s.Catalog.Crew[k].ID == a.Card {
			card = &c.s.Catalog.Crew[k]
		}
	}
	if card == nil || card.Trigger != p.order() {
		return refuse("reroll-not-allowed", refBonus, "No Reroll of your crew is triggered by this order")
	}
	if f.Cards[a.Card] && f.Rerolling != a.Card {
		return refuse("reroll-not-allowed", refBonus, "%s's Reroll is done: another card rolled dice again after it", card.Name)
	}
	var faces []int
	for _, b := range card.Bonuses {
		if b.Kind == BonusReroll {
			faces = append(faces, b.Faces...)
		}
	}
	if len(faces) == 0 || len(a.Dice) == 0 {
		return refuse("reroll-not-allowed", refBonus, "%s has no Reroll", card.Name)
	}
	// Each die once per card (p. 14, Reroll: "each such die once", said of
	// one card; with several cards one is resolved completely before the
	// next, which then sees the dice as the first left them). Rerolled marks
	// the dice this card rolled again, over one or several reroll actions.
	first := c.firstRoll(f)
	if f.Rerolling != a.Card || len(f.Rerolled) != len(f.Faces) {
		f.Rerolled = make([]bool, len(f.Faces))
		f.Rerolling = a.Card
	}
	for _, i := range a.Dice {
		if i < 0 || i >= len(f.Faces) || f.Rerolled[i] || !containsInt(faces, f.Faces[i]) {
			return refuse("reroll-face", refBonus, "Each die %s rolls again must show %s, and only once", card.Name, orFaces(faces))
		}
		f.Rerolled[i] = true
	}
	r, ok := c.s.Dice.Reroll(first, a.Dice, fmt.Sprintf("%s rolls again with %s", p.Name, card.Name))
	if !ok {
		return refuse("reroll-face", refBonus, "Those dice cannot be rolled again")
	}
	if f.Cards == nil {
		f.Cards = map[string]bool{}
	}
	f.Cards[a.Card] = true
	f.Request = r.ID
	f.Stage = stageAttackRoll
	c.emit("reroll-asked", a.Seat, map[string]any{"request": r.ID, "dice": a.Dice}, "%s: %s", r.Purpose, r.Say())
	return nil
}

// firstRoll is the fight's first roll of the current side: re-rolls index
// its dice.
func (c *ctx) firstRoll(f *Fight) string {
	id := f.Roll
	for {
		r, ok := c.s.Dice.Roll(id)
		if !ok {
			return id
		}
		switch {
		case r.Corrects != "":
			id = r.Corrects
		case r.Request.Rerolls != "":
			id = r.Request.Rerolls
		default:
			return id
		}
	}
}

// orFaces lists die faces in words: "1, 2 or 3".
func orFaces(faces []int) string {
	words := make([]string, len(faces))
	for i, n := range faces {
		words[i] = strconv.Itoa(n)
	}
	return orList(words)
}

// orList lists choices in words: "sugarcane or rum".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

func (a *Resolve) apply(c *ctx) error {
	if _, _, err := c.fightSide(a.Seat); err != nil {
		return err
	}
	return c.resolve(a.Seat, a.Swap, a.Port)
}

// resolve counts the side of seat; the fight is settled after the
// attacker's total against a merchant, or after the defender's.
func (c *ctx) resolve(seat engine.Seat, swap string, port *int) error {
	f, p := c.s.Fight, c.s.Players[seat]
	total := Damage(f.Faces, c.s.cards(p), p.Assign[Cannons])
	if p.Automa {
		total += c.s.Auto.hits()
	}
	if f.Stage == stageAttackAdjust {
		f.AttackTotal = total
		f.AttackerJostle = slices.Clone(c.jostles[seat])
		c.emit("attack-total", seat, map[string]any{"faces": f.Faces, "total": total}, "%s deals %d damage", p.Name, total)
		if f.Merchant >= 0 {
			if err := c.settleMerchant(f, p, swap, port); err != nil {
				return err
			}
			return c.afterFight()
		}
		q := c.s.Players[f.Defender]
		r := c.s.Dice.Ask(dice.Request{Purpose: fmt.Sprintf("%s defends against %s", q.Name, p.Name), Seat: f.Defender, Side: "defender", Dice: c.diceOf(q)})
		f.Request, f.Roll, f.Faces, f.Rerolled, f.Rerolling = r.ID, "", nil, nil, ""
		f.Stage = stageDefendRoll
		return nil
	}
	c.emit("defend-total", seat, map[string]any{"faces": f.Faces, "total": total}, "%s deals %d damage", p.Name, total)
	att := c.s.Players[f.Attacker]
	switch {
	case f.AttackTotal > total:
		c.winPirate(f.Attacker, att, f.Defender, p)
	case f.AttackTotal < total:
		c.winPirate(f.Defender, p, f.Attacker, att)
	default:
		c.gainSurefire(att, 1)
		c.gainSurefire(p, 1)
		c.emit("fight-tied", f.Attacker, nil, "%s and %s tie: %s gains %s, %s gains %s", att.Name, p.Name, att.Name, surefireWords(att), p.Name, surefireWords(p))
	}
	c.s.Fight = nil
	return c.afterFight()
}

// afterFight goes on with the Legendary Pirate's orders when its attack is
// over.
func (c *ctx) afterFight() error {
	if c.s.Fight == nil && c.s.Auto != nil && c.s.Auto.Stage == "fight" && !c.s.Over {
		c.s.Auto.Stage = "orders"
		c.automaContinue()
	}
	return nil
}

// hits are the automatic hits of the Legendary Pirate's legend action.
func (a *AutoTurn) hits() int {
	if a == nil {
		return 0
	}
	return a.Hits
}

// winPirate: the winner gains a legend level, the loser is jostled and gains
// a sure-fire token (p. 12).
func (c *ctx) winPirate(ws engine.Seat, w *Player, ls engine.Seat, l *Player) {
	c.emit("fight-won", ws, map[string]any{"loser": ls}, "%s beat %s", w.Name, l.Name)
	if w.Automa {
		// It gains the lower gold of the two face-up merchant cards (Solo).
		g := min(c.s.Catalog.Merchants[c.s.Merchants[0].Card].Gold, c.s.Catalog.Merchants[c.s.Merchants[1].Card].Gold)
		c.automaGold(ws, w, g)
	} else {
		c.gainLegend(ws, w)
	}
	from := c.jostle(ls, l)
	c.gainSurefire(l, 1)
	c.emit("jostled", ls, map[string]any{"from": from}, "%s was jostled and gains %s", l.Name, surefireWords(l))
	if l.Automa {
		c.nearestCove(ls, l)
	}
}

// settleMerchant compares the attacker's total with the merchant's damage
// (p. 11-12).
func (c *ctx) settleMerchant(f *Fight, p *Player, swap string, portChoice *int) error {
	m := &c.s.Merchants[f.Merchant]
	card := c.s.Catalog.Merchants[m.Card]
	switch {
	case f.AttackTotal > card.Damage:
		if swap != "" && (len(p.Booty) < maxBooty || lastIndex(p.Booty, swap) < 0 || m.Booty == "") {
			return refuse("ship-full-choice", refAttack, "Swap only a type you carry, and only when your hold is full")
		}
		// The port farther from the attacker; equal: the attacker picks.
		port := 0
		d0, d1 := dist(p.Cell, c.s.Ports[0]), dist(p.Cell, c.s.Ports[1])
		switch {
		case d1 > d0:
			port = 1
		case d0 == d1 && portChoice != nil:
			if *portChoice != 0 && *portChoice != 1 {
				return refuse("merchant-port", refAttack, "Choose one of the two ports")
			}
			port = *portChoice
		}
		if p.Automa {
			c.emit("merchant-sunk", f.Attacker, map[string]any{"merchant": m.Name, "booty": m.Booty}, "The Legendary Pirate sank the %s merchant ship", m.Name)
			booty := m.Booty
			c.resetMerchant(f.Merchant, card, port)
			c.automaGold(f.Attacker, p, card.Gold)
			if booty != "" && !c.s.Over {
				c.automaLoad(f.Attacker, p, booty)
			}
			break
		}
		if m.Booty != "" {
			got := []string{m.Booty}
			var drop []string
			if len(p.Booty) >= maxBooty && swap != "" {
				drop = []string{swap}
			}
			if err := c.load(f.Attacker, p, got, drop, refAttack); err != nil {
				return err
			}
		}
		gold := p.gainGold(card.Gold)
		c.emit("merchant-sunk", f.Attacker, map[string]any{"merchant": m.Name, "gold": gold, "booty": m.Booty}, "%s sank the %s merchant ship and gains %d gold", p.Name, m.Name, gold)
		c.resetMerchant(f.Merchant, card, port)
		// A solo game is a 1-player game for the legend icon.
		humans := len(c.s.Players)
		if c.s.automa() >= 0 {
			humans--
		}
		if card.LegendUpTo >= humans {
			c.gainLegend(f.Attacker, p)
		}
	case f.AttackTotal < card.Damage:
		from := c.jostle(f.Attacker, p)
		c.gainSurefire(p, 1)
		c.emit("jostled", f.Attacker, map[string]any{"from": from}, "The %s merchant ship beat %s, who is jostled and gains %s", m.Name, p.Name, surefireWords(p))
		if p.Automa {
			c.nearestCove(f.Attacker, p)
		}
	default:
		c.gainSurefire(p, 1)
		c.emit("fight-tied", f.Attacker, nil, "%s tied the %s merchant ship and gains a sure-fire token", p.Name, m.Name)
	}
	c.s.Fight = nil
	return nil
}

// resetMerchant replaces a sunk merchant's card (an 8 stays), moves the ship
// to port heading for the other one and gives it a new cube.
func (c *ctx) resetMerchant(i int, card MerchantCard, port int) {
	m := &c.s.Merchants[i]
	if card.Value < 8 {
		if k := c.drawMerchant(); k >= 0 {
			m.Card = k
		}
	}
	m.Cell, m.Target = c.s.Ports[port], 1-port
	m.Booty = c.drawBooty()
}

// gainLegend raises the legend level by one with its one-time bonuses; at the
// top nothing more (p. 16).
func (c *ctx) gainLegend(seat engine.Seat, p *Player) {
	if p.Legend+1 >= len(c.s.Catalog.Legend) {
		return
	}
	p.Legend++
	l := c.s.Catalog.Legend[p.Legend]
	p.gainGold(l.Gold)
	c.gainSurefire(p, l.Surefire)
	if l.Deckhand && p.Reserve > 0 {
		// The 4th Deckhand joins Rigging (docs: where it goes is our reading).
		p.Reserve--
		p.Assign[Rigging]++
	}
	c.emit("legend-gained", seat, map[string]any{"level": p.Legend, "name": l.Name}, "%s reached the legend level %s", p.Name, l.Name)
}

// surefireWords is what a sure-fire token gained is for p, in players'
// words: the Legendary Pirate gains 1 gold instead (Solo). The sentences
// once said both in every game ("a sure-fire token (the Legendary Pirate
// gains 1 gold instead)"), naming a pirate a game without it does not have.
func surefireWords(p *Player) string {
	if p.Automa {
		return "1 gold instead of a sure-fire token"
	}
	return "a sure-fire token"
}
