package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// TestJourneyCatalogAbilities: a table owner enters a Dead Reckoning
// Advancement's abilities with pickers and numbers (the form asked for
// them as lines of JSON, {"options": [...]}) on a 1024x768 tablet: the
// imported card's ability reads "Gain cargo", 1, "Your dock"; the owner
// adds a battle ability (drop 2 more cubes), is refused a coin effect
// saved without where the coins go (the reason names the ability, the
// choice and the effect, beside Save), picks it, and the file saved has
// the abilities as the engine reads them. On a 390x844 phone the same form
// fits the screen and its buttons are big enough to tap.
func TestJourneyCatalogAbilities(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(t.TempDir())}, deadreckoning.Rules())
	file := filepath.Join(t.TempDir(), "catalog-dead-reckoning.json")
	cat := `{"islands":[{"id":"test-isle-1","name":"Test Isle 1","slots":4,"values":[6,5,4],"cargo":2,"coins":1}],
		"advancements":[{"id":"test-card-1","name":"Test Card","row":1,"slot":"top","cost":1,
		  "abilities":[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]}]}],
		"achievementValues":{"master-merchant":4}}`
	if err := os.WriteFile(file, []byte(cat), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "the catalog page", chromedp.Navigate(e.http.URL+"/#/catalog/"+deadreckoning.Name), chromedp.WaitVisible(`#catalog-file`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#catalog-file`, []string{file}, chromedp.ByQuery))
	b.waitText(tablet, "#sec-advancements", "Test Card")
	b.Tap(tablet, "#sec-advancements", "Test Card")
	form := "#sec-advancements .entryform"
	b.waitText(tablet, form, "Ability 1")

	// The imported ability in words: no JSON, no effect id.
	var shown struct {
		Kind, N, To string
		JSONBox     bool
	}
	b.Eval(tablet, "the imported ability", `(() => { const g = document.querySelector('[data-group="abilities-1"] [data-group="effects-1"]');
	  const sel = (id) => { const s = g.querySelector('[data-field="' + id + '"]'); return s && s.tagName === 'SELECT' ? (s.options[s.selectedIndex] || {}).text : s ? s.value : ''; };
	  return {Kind: sel('kind'), N: sel('n'), To: sel('to'),
	    JSONBox: [...document.querySelectorAll('.entryform textarea')].some((x) => x.value.includes('{') || x.offsetParent && /abilit/i.test((x.closest('.field') || {}).innerText || ''))}; })()`, &shown)
	if shown.Kind != "Gain cargo" || shown.N != "1" || shown.To != "Your dock" || shown.JSONBox {
		t.Errorf("the imported ability shows as %+v, want Gain cargo, 1, Your dock and no JSON box", shown)
	}
	if txt := b.Text(tablet, form); strings.Contains(txt, "gain-cargo") || strings.Contains(txt, "{") {
		t.Errorf("the card's form shows the file's notation:\n%s", txt)
	}

	// A second ability: a battle one, drop 2 more cubes, then a coin effect
	// with the first choice, where the coins go left out.
	b.Tap(tablet, form, "+ Add an ability")
	second := `[data-group="abilities-2"]`
	b.waitText(tablet, second, "Effect 1")
	b.Check(tablet, second, "Used only in a battle", true)
	b.Fill(tablet, second, "Effect", "Battle: drop more cubes")
	b.Fill(tablet, second, "How many", "2")
	b.Tap(tablet, second+` [data-group="options-1"]`, "+ Add an effect")
	b.Fill(tablet, second+` [data-group="effects-2"]`, "Effect", "Gain coins")
	b.Fill(tablet, second+` [data-group="effects-2"]`, "How many", "3")
	b.Tap(tablet, form, "Save")
	b.waitText(tablet, form+" [role=alert]", "Ability 2 › Choice 1 › Effect 2 › Where it goes: is needed")
	var inView bool
	b.Eval(tablet, "the refusal in view", `(() => { const r = document.querySelector('#sec-advancements .entryform [role=alert]').getBoundingClientRect();
	  return r.top >= 0 && r.bottom <= innerHeight; })()`, &inView)
	if !inView {
		t.Error("the refusal is not on screen after Save")
	}
	b.Fill(tablet, second+` [data-group="effects-2"]`, "Where it goes", "Your ship")
	b.shot(tablet, "catalog-abilities-tablet.png")
	b.Tap(tablet, form, "Save")
	b.run(tablet, "the form closes", gsGone(form))

	saved, err := e.srv.opts.Catalogs.Load(deadreckoning.Name)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Advancements []struct {
			Name      string
			Abilities []any
		}
	}
	if err := json.Unmarshal(saved, &got); err != nil {
		t.Fatal(err)
	}
	var want []any
	_ = json.Unmarshal([]byte(`[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]},
		{"battle":true,"options":[{"effects":[{"kind":"battle-drop","n":2},{"kind":"gain-coins","n":3,"to":"ship"}]}]}]`), &want)
	if len(got.Advancements) != 1 || !reflect.DeepEqual(got.Advancements[0].Abilities, want) {
		t.Errorf("saved abilities: %s", saved)
	}

	// On a phone: the same form fits, every button a finger's size.
	phone := b.device(390, 844)
	b.run(phone, "the catalog page", chromedp.Navigate(e.http.URL+"/#/catalog/"+deadreckoning.Name))
	b.waitText(phone, "#sec-advancements", "Test Card")
	b.Tap(phone, "#sec-advancements", "Test Card")
	b.waitText(phone, form, "Ability 2")
	var res struct {
		Wide  bool
		Past  []string
		Small []string
	}
	b.Eval(phone, "the form's layout", `(() => ({Wide: document.documentElement.scrollWidth > innerWidth + 1,
	  Past: [...document.querySelectorAll('body *')].filter((x) => x.getBoundingClientRect().right > innerWidth + 1).slice(0, 5)
	    .map((x) => x.tagName + '.' + x.className + ' ' + Math.round(x.getBoundingClientRect().right)),
	  Small: [...document.querySelectorAll('#sec-advancements .entryform button, #sec-advancements .entryform select, #sec-advancements .entryform input:not([type=checkbox])')]
	    .filter((x) => x.offsetParent).map((x) => [x, x.getBoundingClientRect()]).filter(([, r]) => r.height < 48 || r.width < 48)
	    .map(([x, r]) => (x.innerText || x.dataset.field || x.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))}))()`, &res)
	if res.Wide || len(res.Small) > 0 {
		t.Errorf("on a phone the abilities form is wider than the screen (%v: %q) or has small controls: %q", res.Wide, res.Past, res.Small)
	}
	b.shot(phone, "catalog-abilities-phone.png")
}
