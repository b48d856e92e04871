// Package dice is the game-independent part of rolling dice at the table:
// a game asks for a roll with a Request in its view, and a Roll action
// answers it with the faces that came up, read by the camera from the tray,
// typed by a player, or rolled by the engine's own seeded digital dice.
//
// A roll is a fact of the table, like a battle read: undo never takes it
// back, and a misread is corrected by a later roll that names the one it
// corrects. The game decides what a correction changes; Book keeps the
// requests and the rolls and checks every answer against its request.
//
// The package uses only the standard library and engine; it does no I/O,
// reads no clock and draws randomness only from the game's engine.RNG.
package dice

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Codes of the refusals of a roll.
const (
	CodeNoRequest = "roll-no-request"
	CodeCount     = "roll-count"
	CodeFace      = "roll-face"
	CodeCorrects  = "roll-corrects"
)

// Die is one kind of die: the id of the dice set the table uses (a colour
// such as "red", or "mm" for Merchants & Marauders' dice) and its six faces
// as printed (labels may repeat: a success icon on two faces).
type Die struct {
	ID    string   `json:"id"`
	Faces []string `json:"faces"`
}

// D6 is a standard pip die of the given id: faces "1" to "6".
func D6(id string) Die {
	return Die{ID: id, Faces: []string{"1", "2", "3", "4", "5", "6"}}
}

// HasFace reports whether the die shows label on one of its faces.
func (d Die) HasFace(label string) bool {
	for _, f := range d.Faces {
		if f == label {
			return true
		}
	}
	return false
}

// Request is a roll a game asks the table for.
type Request struct {
	// ID is unique within the game ("r7"); a Roll names it.
	ID string `json:"id"`
	// Purpose says why, in players' words: "Ann attacks the merchant ship".
	Purpose string `json:"purpose"`
	// Seat is the player who rolls (engine.NoSeat for the table or an NPC).
	Seat engine.Seat `json:"seat"`
	// Side is the tray zone the dice go in when two sides roll together
	// ("attacker", "defender"); "" for anywhere in the tray.
	Side string `json:"side,omitempty"`
	// Dice are the dice to roll, one entry per die.
	Dice []Die `json:"dice"`
	// Rerolls, for a re-roll, is the id of the roll whose dice are rolled
	// again, and Indexes which of its dice (0-based, in its order).
	Rerolls string `json:"rerolls,omitempty"`
	Indexes []int  `json:"indexes,omitempty"`
}

// Say is the request in players' words: "roll 3 red dice in the attacker side".
// A die is named only by a plain word (its colour, "red"): an id such as
// "d6" or "test-d6" is left out ("roll 2 dice"), as the dashboard's roll
// panel does, so no code reaches the log.
func (r Request) Say() string {
	counts := map[string]int{}
	var order []string
	for _, d := range r.Dice {
		if counts[d.ID] == 0 {
			order = append(order, d.ID)
		}
		counts[d.ID]++
	}
	parts := make([]string, 0, len(order))
	for _, id := range order {
		n := counts[id]
		word := "dice"
		if n == 1 {
			word = "die"
		}
		if plainWord(id) {
			word = id + " " + word
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, word))
	}
	verb := "roll "
	if r.Rerolls != "" {
		verb = "roll again "
	}
	s := verb + strings.Join(parts, " and ")
	if r.Side != "" {
		s += " on the " + r.Side + " side of the tray"
	}
	return s
}

// Expect is the request as the kit's engine.Expect, for the camera and the
// dashboard.
func (r Request) Expect() engine.Expect {
	e := engine.Expect{Kind: "dice", ID: r.ID, Say: r.Say(), Why: r.Purpose}
	idx := map[string]int{}
	for _, d := range r.Dice {
		if i, ok := idx[d.ID]; ok {
			e.Dice[i].Count++
			continue
		}
		idx[d.ID] = len(e.Dice)
		e.Dice = append(e.Dice, engine.ExpectDie{Die: d.ID, Count: 1, Zone: r.Side, Faces: append([]string(nil), d.Faces...)})
	}
	return e
}

// Source says how a roll's faces were found.
const (
	SourceTable   = "table"   // the camera read the tray, or a player typed the faces
	SourceDigital = "digital" // the engine rolled with the game's seeded RNG
)

// RollAction answers a Request with the faces that came up, one per die in
// the request's order. Games register it in their codec as "roll".
type RollAction struct {
	engine.ActionHeader
	// Request is the id of the request answered.
	Request string `json:"request"`
	// Faces are the labels on top, in the request's dice order. Empty with
	// Digital: the engine rolls.
	Faces []string `json:"faces,omitempty"`
	// Digital asks the engine to roll with the game's seeded dice.
	Digital bool `json:"digital,omitempty"`
	// Corrects is the id of an earlier roll this one corrects (a misread);
	// Request is then that roll's request.
	Corrects string `json:"corrects,omitempty"`
	// Reason says why a correction was made (kept in the audit trail).
	Reason string `json:"reason,omitempty"`
}

// IsTableFact marks a roll as a record of the table: undo never removes it.
func (*RollAction) IsTableFact() bool { return true }

// Roll is one roll that was accepted.
type Roll struct {
	// ID is unique within the game ("roll3").
	ID      string   `json:"id"`
	Request Request  `json:"request"`
	Faces   []string `json:"faces"`
	Source  string   `json:"source"`
	// Corrects is the id of the roll this one corrected ("" if none);
	// CorrectedBy is set on a roll a later one corrected.
	Corrects    string `json:"corrects,omitempty"`
	CorrectedBy string `json:"correctedBy,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// Count returns how many of the roll's faces are label.
func (r Roll) Count(label string) int {
	n := 0
	for _, f := range r.Faces {
		if f == label {
			n++
		}
	}
	return n
}

// Sum adds the faces as numbers (a face that is not a number counts 0).
func (r Roll) Sum() int {
	s := 0
	for _, f := range r.Faces {
		n, err := strconv.Atoi(f)
		if err == nil {
			s += n
		}
	}
	return s
}

// Book keeps a game's open roll requests and the rolls made. It is a plain
// value inside the game's state: copying the state copies it (Clone for a
// deep copy), and it encodes as JSON for snapshots.
type Book struct {
	// Open are the requests waiting for a roll, oldest first. Two may be
	// open at once (two sides rolling together).
	Open []Request `json:"open,omitempty"`
	// Rolls are every roll made, oldest first.
	Rolls []Roll `json:"rolls,omitempty"`
	// Next numbers requests and rolls.
	Next int `json:"next"`
}

// Clone returns a deep copy.
func (b Book) Clone() Book {
	c := Book{Next: b.Next}
	for _, r := range b.Open {
		c.Open = append(c.Open, cloneRequest(r))
	}
	for _, r := range b.Rolls {
		r.Request = cloneRequest(r.Request)
		r.Faces = append([]string(nil), r.Faces...)
		c.Rolls = append(c.Rolls, r)
	}
	return c
}

func cloneRequest(r Request) Request {
	r.Dice = append([]Die(nil), r.Dice...)
	for i := range r.Dice {
		r.Dice[i].Faces = append([]string(nil), r.Dice[i].Faces...)
	}
	r.Indexes = append([]int(nil), r.Indexes...)
	return r
}

// Ask opens a request and returns it with its id filled in.
func (b *Book) Ask(r Request) Request {
	b.Next++
	r.ID = "r" + strconv.Itoa(b.Next)
	r = cloneRequest(r)
	b.Open = append(b.Open, r)
	return r
}

// Reroll opens a request to roll again the dice at indexes of roll id, with
// the given purpose. It returns false when there is no such roll or an
// index is out of range.
func (b *Book) Reroll(rollID string, indexes []int, purpose string) (Request, bool) {
	old, ok := b.Roll(rollID)
	if !ok || len(indexes) == 0 {
		return Request{}, false
	}
	r := Request{Purpose: purpose, Seat: old.Request.Seat, Side: old.Request.Side, Rerolls: rollID}
	seen := map[int]bool{}
	for _, i := range indexes {
		if i < 0 || i >= len(old.Request.Dice) || seen[i] {
			return Request{}, false
		}
		seen[i] = true
		r.Dice = append(r.Dice, old.Request.Dice[i])
		r.Indexes = append(r.Indexes, i)
	}
	return b.Ask(r), true
}

// Cancel closes an open request without a roll (the game no longer needs
// it). It reports whether the request was open.
func (b *Book) Cancel(id string) bool {
	for i, r := range b.Open {
		if r.ID == id {
			b.Open = append(b.Open[:i:i], b.Open[i+1:]...)
			return true
		}
	}
	return false
}

// Request returns the open request id.
func (b *Book) Request(id string) (Request, bool) {
	for _, r := range b.Open {
		if r.ID == id {
			return r, true
		}
	}
	return Request{}, false
}

// Roll returns the roll id.
func (b *Book) Roll(id string) (Roll, bool) {
	for _, r := range b.Rolls {
		if r.ID == id {
			return r, true
		}
	}
	return Roll{}, false
}

// Last returns the latest roll made, if any.
func (b *Book) Last() (Roll, bool) {
	if len(b.Rolls) == 0 {
		return Roll{}, false
	}
	return b.Rolls[len(b.Rolls)-1], true
}

// Expects lists the open requests as the kit's engine.Expect.
func (b *Book) Expects() []engine.Expect {
	out := make([]engine.Expect, 0, len(b.Open))
	for _, r := range b.Open {
		out = append(out, r.Expect())
	}
	return out
}

// CheckFaces refuses faces that do not answer r: a wrong count or a face
// one of its dice does not have. The refusal cites no page: a game wraps it
// with its own citation if its rulebook says how many dice are rolled.
func CheckFaces(r Request, faces []string) error {
	if len(faces) != len(r.Dice) {
		return engine.Refuse(CodeCount, 0, "%s asks for %d %s, but %d %s given", r.Purpose,
			len(r.Dice), plural(len(r.Dice), "die", "dice"), len(faces), plural(len(faces), "face was", "faces were"))
	}
	for i, f := range faces {
		if !r.Dice[i].HasFace(f) {
			if len(faces) == 1 {
				return engine.Refuse(CodeFace, 0, "Choose the face that came up: %s", faceList(r.Dice[i]))
			}
			return engine.Refuse(CodeFace, 0, "Choose the face die %d shows: %s", i+1, faceList(r.Dice[i]))
		}
	}
	return nil
}

// Answer checks a roll action against the book without changing it. For a
// correction it returns the request of the corrected roll. Digital rolls
// pass; their faces come from Digital.
func (b *Book) Answer(a *RollAction) (Request, error) {
	if a.Corrects != "" {
		old, ok := b.Roll(a.Corrects)
		if !ok {
			return Request{}, engine.Refuse(CodeCorrects, 0, "Choose a roll made in this game to correct")
		}
		if old.CorrectedBy != "" {
			return Request{}, engine.Refuse(CodeCorrects, 0, "That roll was already corrected; correct the later one")
		}
		if a.Digital {
			return Request{}, engine.Refuse(CodeCorrects, 0, "A correction gives the faces that really came up; digital dice cannot correct a roll")
		}
		if err := CheckFaces(old.Request, a.Faces); err != nil {
			return Request{}, err
		}
		return old.Request, nil
	}
	r, ok := b.Request(a.Request)
	if !ok {
		if a.Request == "" {
			return Request{}, engine.Refuse(CodeNoRequest, 0, "No roll is asked for now")
		}
		return Request{}, engine.Refuse(CodeNoRequest, 0, "That roll is no longer waiting; it may have been answered already")
	}
	if a.Digital {
		if len(a.Faces) > 0 {
			return Request{}, engine.Refuse(CodeCount, 0, "Digital dice roll themselves; give no faces")
		}
		return r, nil
	}
	return r, CheckFaces(r, a.Faces)
}

// Digital rolls r's dice with the game's seeded rng: each face of each die
// is equally likely.
func Digital(rng *engine.RNG, r Request) []string {
	out := make([]string, len(r.Dice))
	for i, d := range r.Dice {
		if len(d.Faces) == 0 {
			continue
		}
		out[i] = d.Faces[rng.IntN(len(d.Faces))]
	}
	return out
}

// Record accepts an answer checked by Answer: it closes the request (or
// marks the corrected roll), appends the roll and returns it. faces are the
// action's faces, or Digital's for a digital roll.
func (b *Book) Record(a *RollAction, r Request, faces []string) Roll {
	b.Next++
	roll := Roll{ID: "roll" + strconv.Itoa(b.Next), Request: cloneRequest(r), Faces: append([]string(nil), faces...),
		Source: SourceTable, Corrects: a.Corrects, Reason: a.Reason}
	if a.Digital {
		roll.Source = SourceDigital
	}
	if a.Corrects != "" {
		for i := range b.Rolls {
			if b.Rolls[i].ID == a.Corrects {
				b.Rolls[i].CorrectedBy = roll.ID
			}
		}
	} else {
		b.Cancel(r.ID)
	}
	b.Rolls = append(b.Rolls, roll)
	return roll
}

// Tally counts faces: label -> how many.
func Tally(faces []string) map[string]int {
	m := map[string]int{}
	for _, f := range faces {
		m[f]++
	}
	return m
}

// Sorted returns the faces sorted, for stable display.
func Sorted(faces []string) []string {
	out := append([]string(nil), faces...)
	sort.Strings(out)
	return out
}

// faceList names a die's faces as a player chooses among them: "1, 2, 3,
// 4, 5 or 6".
func faceList(d Die) string {
	seen := map[string]bool{}
	var out []string
	for _, f := range d.Faces {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// plainWord says whether a die's id is a word players say (letters only,
// such as a colour) rather than a code.
func plainWord(id string) bool {
	if id == "" {
		return false
	}
	for _, c := range id {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}
