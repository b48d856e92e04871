package deadreckoning

import (
	"reflect"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// The catalog form's effect fields cover every key of an effect and every
// effect kind the printed sailor cards use, so an owner's card entered
// through the form can say all a card can: a key the form lacked would be
// dropped when the card is saved.
func TestAbilitiesFormCoversEffects(t *testing.T) {
	fields := map[string]bool{}
	kinds := map[string]bool{}
	for _, f := range effectFields() {
		fields[f.ID] = true
		for _, c := range f.Choices {
			if f.ID == "kind" {
				kinds[c.Value] = true
			}
			if c.Label == "" || c.Label == c.Value {
				t.Errorf("effect field %q offers %q without words", f.ID, c.Value)
			}
		}
	}
	et := reflect.TypeFor[data.Effect]()
	for i := range et.NumField() {
		key, _, _ := strings.Cut(et.Field(i).Tag.Get("json"), ",")
		if !fields[key] {
			t.Errorf("the form has no field for an effect's %q", key)
		}
	}
	for _, s := range sailors {
		for _, lv := range s.Level {
			for _, a := range lv.Abilities {
				for _, o := range a.Options {
					for _, e := range o.Effects {
						if !kinds[e.Kind] {
							t.Errorf("%s: the form offers no effect %q", s.Name, e.Kind)
						}
					}
				}
			}
		}
	}
	ab := abilitiesField()
	if ab.Kind != "list" || len(ab.Fields) != 2 || ab.Fields[1].ID != "options" || ab.Fields[1].Fields[0].ID != "effects" {
		t.Errorf("abilities field: %+v", ab)
	}
}
