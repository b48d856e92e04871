package battle

import (
	"bytes"
	"encoding/json"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Step is one step of a battle as JSON, for the tablet, the camera and the
// game's action log: {"step": "read", "read": {...}}. The role is
// "attacker" or "defender" where the step is a side's.
type Step struct {
	// Step is cannons, defend, jettison, drop, read, ability, pass or plunder.
	Step    string         `json:"step"`
	Role    Role           `json:"role"`
	Cannons map[string]int `json:"cannons,omitempty"`
	Play    []string       `json:"play,omitempty"`
	Goods   *Goods         `json:"goods,omitempty"`
	Read    *Read          `json:"read,omitempty"`
	Ability string         `json:"ability,omitempty"`
	Zone    string         `json:"zone,omitempty"`
	Plunder *PlunderChoice `json:"plunder,omitempty"`
}

// Step names.
const (
	StepCannons  = "cannons"
	StepDefend   = "defend"
	StepJettison = "jettison"
	StepDrop     = "drop"
	StepRead     = "read"
	StepAbility  = "ability"
	StepPass     = "pass"
	StepPlunder  = "plunder"
)

// DecodeStep reads one step. Unknown fields, unknown steps and a step
// without the part it needs are errors wrapping engine.ErrMalformed.
func DecodeStep(data []byte) (Step, error) {
	var s Step
	dec := json.NewDecoder(bytes.NewReader(OldKeys.Rewrite(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Step{}, engine.Malformed("battle step: %v", err)
	}
	if dec.More() {
		return Step{}, engine.Malformed("battle step: unexpected data after the object")
	}
	need := func(ok bool, field string) error {
		if !ok {
			return engine.Malformed("battle step %q: %q is missing", s.Step, field)
		}
		return nil
	}
	var err error
	switch s.Step {
	case StepCannons, StepDefend, StepDrop, StepPass:
	case StepJettison:
		err = need(s.Goods != nil, "goods")
	case StepRead:
		err = need(s.Read != nil, "read")
	case StepAbility:
		err = need(s.Ability != "", "ability")
	case StepPlunder:
		err = need(s.Plunder != nil, "plunder")
	case "":
		err = engine.Malformed(`battle step: "step" is missing`)
	default:
		err = engine.Malformed("battle step: unknown step %q", s.Step)
	}
	return s, err
}

// Apply takes one step; like the methods it calls, it either changes the
// battle or refuses the step with an *engine.RuleError and changes nothing.
func (b *Battle) Apply(s Step) error {
	switch s.Step {
	case StepCannons:
		return b.ChooseCannons(s.Cannons)
	case StepDefend:
		return b.Defend(s.Play)
	case StepJettison:
		if s.Goods == nil {
			return engine.Refuse(CodeJettison, 17, "Say how many cargo and coins to jettison")
		}
		return b.Jettison(s.Role, *s.Goods)
	case StepDrop:
		return b.Drop()
	case StepRead:
		if s.Read == nil {
			return engine.Refuse(CodeReadCount, 19, "The step carries no read")
		}
		// A re-drop read by hand (or by a camera) may give only the cubes
		// dropped again: the others stay where they lie.
		rd, _ := b.CompleteRead(*s.Read)
		return b.Read(rd)
	case StepAbility:
		return b.UseAbility(s.Role, s.Ability, s.Zone)
	case StepPass:
		return b.Pass(s.Role)
	case StepPlunder:
		if s.Plunder == nil {
			return engine.Refuse(CodePlunder, 19, "The step carries no plunder choice")
		}
		return b.Plunder(s.Role, *s.Plunder)
	}
	return engine.Refuse(CodeWrongPhase, 17, "Choose a step of the battle: choosing cannons, defending, jettisoning, the drop, the read, a battle ability, passing or plunder")
}
