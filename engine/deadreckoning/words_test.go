package deadreckoning

import (
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// texts joins the players' sentences of the events.
func texts(evs []engine.Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Text)
	}
	return strings.Join(out, "\n")
}

// The log names cards, advancements and boards as players see them at the
// table: "Ann sleeves Test Advancement 1 top into Captain", "Ann uses
// Captain's Test Advancement 1 top", "Ann uses 1 cannon", the board explored by
// where it lies; never a card id (captain, crew-1) or a position (R2C1).
func TestLogSentencesNameWhatPlayersSee(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	stow(s, 0, 0, 4)
	setHand(g, 0, "captain", "crew-1")
	var log []string
	run := func(js string) { log = append(log, texts(do(t, g, js))) }
	run(`{"type":"play-card","seat":0,"card":"captain"}`)
	run(`{"type":"set-sails","seat":0}`)
	run(`{"type":"move","seat":0,"path":["R1C1"]}`)
	run(`{"type":"buy","seat":0,"pay":{"A":1}}`)
	run(`{"type":"move","seat":0,"path":["R2C1"]}`)
	run(`{"type":"explore","seat":0,"island":"test-isle-4"}`)
	inst := st(g).Players[0].SetAside[0].Inst
	run(`{"type":"end-turn","seat":0,"sleeves":[{"adv":` + itoa(inst) + `,"card":"captain"}]}`)
	all := strings.Join(log, "\n")
	for _, want := range []string{
		"Ann sleeves Test Advancement 1 top into Captain",
		"Ann explores the board in row 2, left and finds Test Isle 4",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the log does not say %q:\n%s", want, all)
		}
	}
	// Ben's turn, then Ann plays the Captain again (as if drawn after a
	// reshuffle) and uses the advancement sleeved into it.
	do(t, g, `{"type":"end-turn","seat":1}`)
	p := &st(g).Players[0]
	p.Discard = remove(p.Discard, "captain")
	p.Hand = append(p.Hand, "captain")
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	used := texts(do(t, g, `{"type":"use-ability","seat":0,"card":"captain","source":"top","ability":0}`))
	if !strings.Contains(used, "Ann uses Captain's Test Advancement 1 top") {
		t.Errorf("the ability used is named %q", used)
	}
	for _, bad := range []string{"captain", "crew-1", "R1C1", "R2C1"} {
		if strings.Contains(all+used, bad) {
			t.Errorf("the log shows %q:\n%s\n%s", bad, all, used)
		}
	}
}
