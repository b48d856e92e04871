package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// counter is a tiny game used to test the core: players add to a shared
// total on their turn, and each has a secret tally.
type counter struct {
	seats   int
	turn    Seat
	total   int
	secret  []int
	version uint64
	rng     RNG
}

type add struct {
	ActionHeader
	N int `json:"n"`
}

type counterRules struct{ codec *Codec }

func newCounterRules() counterRules {
	c := NewCodec(1)
	c.Register("add", func() Action { return &add{} })
	return counterRules{codec: c}
}

func (counterRules) Name() string { return "counter" }

func (counterRules) New(setup json.RawMessage, seed uint64) (Game, error) {
	var s struct {
		Seats int `json:"seats"`
	}
	if err := json.Unmarshal(setup, &s); err != nil || s.Seats < 1 {
		return nil, Malformed("setup: want {\"seats\": N} with N >= 1")
	}
	g := &counter{seats: s.Seats, secret: make([]int, s.Seats), rng: NewRNG(seed)}
	g.turn = Seat(g.rng.IntN(s.Seats))
	return g, nil
}

func (r counterRules) DecodeAction(b []byte) (Action, error) { return r.codec.Decode(b) }

func (g *counter) Apply(a Action) ([]Event, error) {
	ad, ok := a.(*add)
	if !ok {
		return nil, Malformed("unknown action %T", a)
	}
	if ad.Seat != g.turn {
		return nil, Refuse(CodeNotYourTurn, 7, "it is %s's turn", g.turn)
	}
	if ad.N < 1 || ad.N > 3 {
		return nil, Refuse("add-range", 8, "you may add 1 to 3, not %d", ad.N)
	}
	g.total += ad.N
	g.secret[ad.Seat] += ad.N
	g.turn = (g.turn + 1) % Seat(g.seats)
	g.version++
	ev := NewEvent("added", ad.Seat, "a player added to the total", map[string]int{"total": g.total}).
		WithSecret("you added", map[string]int{"n": ad.N})
	return []Event{ev}, nil
}

func (g *counter) View(v Viewer) any {
	out := map[string]any{"total": g.total, "turn": g.turn}
	if !v.IsPublic() {
		out["mine"] = g.secret[v.Seat]
	}
	return out
}
func (g *counter) Version() uint64 { return g.version }
func (g *counter) Over() bool      { return g.total >= 21 }
func (g *counter) Snapshot() ([]byte, error) {
	return json.Marshal(map[string]any{"total": g.total, "turn": g.turn, "secret": g.secret, "v": g.version})
}

func TestRuleErrorReadsLikeARule(t *testing.T) {
	err := error(Refuse("explore-limit", 9, "you have already explored an Ocean board this turn"))
	want := "explore-limit (rulebook p. 9): you have already explored an Ocean board this turn"
	if err.Error() != want {
		t.Fatalf("Error() = %q, want %q", err.Error(), want)
	}
	if !errors.Is(err, ErrIllegal) {
		t.Error("a rule error must match ErrIllegal")
	}
	if errors.Is(err, ErrNotYourTurn) {
		t.Error("explore-limit must not match ErrNotYourTurn")
	}
	if !errors.Is(Refuse(CodeNotYourTurn, 7, "x"), ErrNotYourTurn) {
		t.Error("not-your-turn must match ErrNotYourTurn")
	}
	b, _ := json.Marshal(err)
	if string(b) != `{"code":"explore-limit","page":9,"message":"you have already explored an Ocean board this turn"}` {
		t.Errorf("JSON = %s", b)
	}
	if re, ok := AsRuleError(errors.Join(errors.New("ctx"), err)); !ok || re.Code != "explore-limit" {
		t.Error("AsRuleError must find a wrapped rule error")
	}
}

func TestCodecRoundTripAndRefusals(t *testing.T) {
	r := newCounterRules()
	a, err := r.DecodeAction([]byte(`{"type":"add","seat":1,"n":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Head().Seat != 1 || a.(*add).N != 2 {
		t.Fatalf("decoded %+v", a)
	}
	b, err := r.codec.Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"v":1,"type":"add","seat":1,"n":2}` {
		t.Errorf("encoded %s", b)
	}
	for _, tc := range []struct{ in, want string }{
		{`nope`, "not a JSON object"},
		{`{"seat":0}`, `no "type"`},
		{`{"type":"fly","seat":0}`, `unknown action type "fly"`},
		{`{"type":"add","n":1}`, `no "seat"`},
		{`{"type":"add","seat":0,"n":1,"extra":true}`, `unknown field "extra"`},
		{`{"type":"add","seat":0,"n":"two"}`, `add`},
		{`{"v":2,"type":"add","seat":0,"n":1}`, "format version 2"},
	} {
		_, err := r.DecodeAction([]byte(tc.in))
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s) = %v, want ErrMalformed containing %q", tc.in, err, tc.want)
		}
	}
	if _, ok := r.codec.New("add", 2); !ok {
		t.Error("New(add) failed")
	}
	if got := r.codec.Types(); len(got) != 1 || got[0] != "add" {
		t.Errorf("Types() = %v", got)
	}
}

func TestEventSecretsReachOnlyTheirOwner(t *testing.T) {
	ev := NewEvent("added", 1, "a player added", nil).WithSecret("you added 3", map[string]int{"n": 3})
	if ev.For(Public).Secret != nil {
		t.Error("the public view saw a secret")
	}
	if ev.For(PlayerViewer(0)).Secret != nil {
		t.Error("another player saw a secret")
	}
	if s := ev.For(PlayerViewer(1)).Secret; s == nil || s.Text != "you added 3" {
		t.Error("the owner lost their secret")
	}
	if ev.Secret == nil {
		t.Error("For must not change the original event")
	}
	for _, e := range EventsFor([]Event{ev, ev}, Public) {
		if e.Secret != nil {
			t.Error("EventsFor leaked a secret")
		}
	}
}

func TestRNGIsDeterministicAndUniform(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed gave different numbers")
		}
	}
	c, d := NewRNG(43), NewRNG(42)
	if d.Uint64() == c.Uint64() {
		t.Error("different seeds gave the same first number")
	}
	r := NewRNG(7)
	counts := make([]int, 6)
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for face, k := range counts {
		if k < n/6-600 || k > n/6+600 {
			t.Errorf("face %d came up %d times of %d", face, k, n)
		}
	}
	// A copy continues exactly like the original.
	cp := r
	if cp.IntN(1000) != r.IntN(1000) {
		t.Error("a copied RNG diverged")
	}
	st, _ := r.MarshalBinary()
	var back RNG
	if err := back.UnmarshalBinary(st); err != nil || back.Uint64() != r.Uint64() {
		t.Error("MarshalBinary/UnmarshalBinary lost the state")
	}
	deck := []int{1, 2, 3, 4, 5, 6, 7, 8}
	s1, s2 := NewRNG(9), NewRNG(9)
	d1, d2 := append([]int(nil), deck...), append([]int(nil), deck...)
	s1.Shuffle(len(d1), func(i, j int) { d1[i], d1[j] = d1[j], d1[i] })
	s2.Shuffle(len(d2), func(i, j int) { d2[i], d2[j] = d2[j], d2[i] })
	for i := range d1 {
		if d1[i] != d2[i] {
			t.Fatal("same seed shuffled differently")
		}
	}
}

func TestReplayRebuildsTheSameState(t *testing.T) {
	r := newCounterRules()
	setup := json.RawMessage(`{"seats":3}`)
	g, err := r.New(setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	var log []Action
	for i := 0; i < 6; i++ {
		turn := g.(*counter).turn
		a, _ := r.codec.New("add", turn)
		a.(*add).N = 1 + i%3
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		log = append(log, a)
	}
	before, _ := g.Snapshot()
	// An illegal action changes nothing.
	bad, _ := r.codec.New("add", g.(*counter).turn)
	bad.(*add).N = 9
	if _, err := g.Apply(bad); !errors.Is(err, ErrIllegal) {
		t.Fatalf("want a refusal, got %v", err)
	}
	if after, _ := g.Snapshot(); string(after) != string(before) {
		t.Fatal("a refused action changed the state")
	}
	again, err := Replay(r, setup, 5, log)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := again.Snapshot(); string(s) != string(before) {
		t.Fatalf("replay gave %s, want %s", s, before)
	}
	// Undo is a replay without the last action.
	undone, err := Replay(r, setup, 5, log[:len(log)-1])
	if err != nil || undone.Version() != 5 {
		t.Fatalf("undo replay: %v, version %d", err, undone.Version())
	}
	// A log that no longer replays says where.
	_, err = Replay(r, setup, 5, append([]Action{bad}, log...))
	if err == nil || !strings.Contains(err.Error(), "replaying action 1 (add)") {
		t.Errorf("replay error = %v", err)
	}
}

func FuzzDecodeAction(f *testing.F) {
	r := newCounterRules()
	for _, s := range []string{`{"type":"add","seat":0,"n":1}`, `{}`, `[]`, `{"type":"add","seat":"x"}`, `{"v":9}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := r.DecodeAction(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("decode error %v does not wrap ErrMalformed", err)
			}
			return
		}
		g, _ := r.New(json.RawMessage(`{"seats":2}`), 1)
		before, _ := g.Snapshot()
		if _, err := g.Apply(a); err != nil {
			if after, _ := g.Snapshot(); string(after) != string(before) {
				t.Fatal("refused action changed the state")
			}
		}
	})
}

func TestDecodeRefusesANullSeat(t *testing.T) {
	c := NewCodec(1)
	c.Register("noop", func() Action { return &struct{ ActionHeader }{} })
	for _, in := range []string{`{"type":"noop","seat":null}`, `{"type":"noop","seat": null }`, `{"type":"noop"}`, `{"type":"noop","seat":"0"}`} {
		if _, err := c.Decode([]byte(in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed (a null seat would act for seat 0)", in, err)
		}
	}
	if a, err := c.Decode([]byte(`{"type":"noop","seat":-1}`)); err != nil || a.Head().Seat != NoSeat {
		t.Errorf("the table's seat: %v %v", a, err)
	}
}
