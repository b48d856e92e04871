package racetoten

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// The game kit: every optional interface of engine/kit.go, so tests of the
// companion, the web server and the shell can exercise each one on a game
// they do not know.
var (
	_ engine.Describer          = rulesImpl{}
	_ engine.NewGameForm        = rulesImpl{}
	_ engine.HelpNotes          = rulesImpl{}
	_ engine.EndStateCalculator = rulesImpl{}
	_ engine.OwnerCatalog       = rulesImpl{}
	_ engine.InputMapper        = rulesImpl{}
	_ engine.Waiting            = (*Game)(nil)
)

var colours = []engine.Colour{
	{ID: "red", Label: "Red", CSS: "#c0392b"},
	{ID: "blue", Label: "Blue", CSS: "#2e6db4"},
	{ID: "green", Label: "Green", CSS: "#2e8b57"},
	{ID: "yellow", Label: "Yellow", CSS: "#d4a017"},
}

// Describe names the game for the shell.
func (rulesImpl) Describe() engine.GameInfo {
	return engine.GameInfo{
		Rules: Name, Title: "Race to Ten (test game)",
		Blurb:      "A made-up game for tests: take turns adding 1 to 3, reach the target exactly to win.",
		MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Colours: colours,
		Citation: "section", HighestWins: true, Inputs: []string{"dice", "buttons"},
	}
}

func intp(n int) *int { return &n }

// Option ids of the new-game form.
const (
	OptionTarget = "target"
	OptionBoard  = "board"
)

// NewGameOptions: the target, or a board from the owner's catalog.
func (rulesImpl) NewGameOptions() []engine.Option {
	return []engine.Option{
		{ID: OptionTarget, Label: "Number to reach", Help: "Whoever brings the counter exactly to this number wins.",
			Kind: "number", Default: json.RawMessage(fmt.Sprint(DefaultTarget)), Min: intp(MinTarget), Max: intp(MaxTarget)},
		{ID: OptionBoard, Label: "Board from the catalog", Help: "Play the target printed on one of your catalog's boards (its id); empty: the number above.",
			Kind: "text", Default: json.RawMessage(`""`)},
	}
}

// SetupFromForm builds the setup: the players, and the target from the
// form or from the catalog's board.
func (rulesImpl) SetupFromForm(form engine.FormAnswers, catalog json.RawMessage) (json.RawMessage, error) {
	s := Setup{Target: DefaultTarget}
	for i, p := range form.Players {
		if !slices.ContainsFunc(colours, func(c engine.Colour) bool { return c.ID == p.Colour }) {
			return nil, engine.Malformed("players[%d].colour: %q is not a colour of the game", i, p.Colour)
		}
		s.Players = append(s.Players, Player{Name: p.Name, Colour: p.Colour})
	}
	if raw, ok := form.Options[OptionTarget]; ok {
		if err := json.Unmarshal(raw, &s.Target); err != nil {
			return nil, engine.Malformed("option %q: want a whole number: %v", OptionTarget, err)
		}
		if s.Target < MinTarget || s.Target > MaxTarget {
			return nil, engine.Malformed("option %q: %d, want %d to %d", OptionTarget, s.Target, MinTarget, MaxTarget)
		}
	}
	for id := range form.Options {
		if id != OptionTarget && id != OptionBoard && id != engine.OptionTableBoard {
			return nil, engine.Malformed("option %q: the game has no such option", id)
		}
	}
	if raw, ok := form.Options[OptionBoard]; ok {
		var id string
		if err := json.Unmarshal(raw, &id); err != nil {
			return nil, engine.Malformed("option %q: want a board id: %v", OptionBoard, err)
		}
		if id != "" {
			c, err := decodeCatalog(catalog)
			if err != nil {
				return nil, err
			}
			b, ok := c.board(id)
			if !ok {
				return nil, engine.Malformed("option %q: the catalog has no board %q; enter it in the catalog first", OptionBoard, id)
			}
			s.Target, s.Board = b.Target, b.Name
		}
	}
	return json.Marshal(s)
}

// HelpNotes are the made-up rulebook's three sections.
func (rulesImpl) HelpNotes() []engine.HelpNote {
	return []engine.HelpNote{
		{ID: CodeRollFirst, Title: "Who starts", Section: SectionStart, Keywords: []string{"start", "die", "roll"},
			Text: "Roll the white die once: a 1 gives the first turn to the first seat, a 2 to the second, and so on round the table."},
		{ID: CodeAddRange, Title: "Taking a turn", Section: SectionTurn, Keywords: []string{"turn", "add"},
			Text: "On your turn add 1, 2 or 3 to the counter. Then the next player round the table takes a turn."},
		{ID: CodeOvershoot, Title: "Winning", Section: SectionWin, Keywords: []string{"win", "target", "ten"},
			Text: "Whoever brings the counter exactly to the target wins; an addition that would pass the target is not allowed."},
	}
}

// EndState is the calculator's input: a counter and a target.
type EndState struct {
	Counter int `json:"counter"`
	Target  int `json:"target"`
}

// EndResult says how far the counter is from the target and whether the
// player to move can win at once.
type EndResult struct {
	ToGo      int  `json:"toGo"`
	WinsNow   bool `json:"winsNow"`
	Reached   bool `json:"reached"`
	BestToAdd int  `json:"bestToAdd,omitempty"`
}

// ScoreEndState computes EndResult; the best addition leaves the next
// player a multiple of 4 to go (the game's known strategy), 0 when none does.
func (rulesImpl) ScoreEndState(input []byte, _ json.RawMessage) (json.RawMessage, error) {
	var in EndState
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, engine.Malformed("end state: %v", err)
	}
	if in.Target == 0 {
		in.Target = DefaultTarget
	}
	if in.Target < MinTarget || in.Target > MaxTarget {
		return nil, engine.Malformed("target: %d, want %d to %d", in.Target, MinTarget, MaxTarget)
	}
	if in.Counter < 0 || in.Counter > in.Target {
		return nil, engine.Malformed("counter: %d, want 0 to %d", in.Counter, in.Target)
	}
	r := EndResult{ToGo: in.Target - in.Counter}
	r.Reached = r.ToGo == 0
	r.WinsNow = r.ToGo >= 1 && r.ToGo <= 3
	if r.ToGo%4 != 0 {
		r.BestToAdd = r.ToGo % 4
	}
	return json.Marshal(r)
}

// Catalog is the owner's catalog: boards with printed targets.
type Catalog struct {
	Boards []CatalogBoard `json:"boards"`
}

// CatalogBoard is one board: an id, its name and the target printed on it.
type CatalogBoard struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Target int    `json:"target"`
}

func (c Catalog) board(id string) (CatalogBoard, bool) {
	for _, b := range c.Boards {
		if b.ID == id {
			return b, true
		}
	}
	return CatalogBoard{}, false
}

// CatalogKinds: one kind, "board".
func (rulesImpl) CatalogKinds() []engine.CatalogKind {
	return []engine.CatalogKind{{ID: "board", List: "boards", Label: "Board", Help: "The target is printed in the board's corner.",
		Fields: []engine.CatalogField{
			{ID: "id", Label: "Id", Kind: "text", Required: true},
			{ID: "name", Label: "Name", Kind: "text", Required: true},
			{ID: "target", Label: "Target", Kind: "number", Required: true},
		}}}
}

func decodeCatalog(data []byte) (Catalog, error) {
	var c Catalog
	if len(bytes.TrimSpace(data)) == 0 || bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return c, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, engine.Malformed("catalog: %v", err)
	}
	seen := map[string]bool{}
	for i, b := range c.Boards {
		switch {
		case strings.TrimSpace(b.ID) == "":
			return c, engine.Malformed("catalog: boards[%d].id: empty", i)
		case seen[b.ID]:
			return c, engine.Malformed("catalog: boards[%d].id: %q given twice", i, b.ID)
		case strings.TrimSpace(b.Name) == "":
			return c, engine.Malformed("catalog: boards[%d].name: empty", i)
		case b.Target < MinTarget || b.Target > MaxTarget:
			return c, engine.Malformed("catalog: boards[%d].target: %d, want %d to %d", i, b.Target, MinTarget, MaxTarget)
		}
		seen[b.ID] = true
	}
	return c, nil
}

// CheckCatalog checks a catalog and returns it sorted by id.
func (rulesImpl) CheckCatalog(data []byte) (json.RawMessage, error) {
	c, err := decodeCatalog(data)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(c.Boards, func(a, b CatalogBoard) int { return strings.Compare(a.ID, b.ID) })
	if c.Boards == nil {
		c.Boards = []CatalogBoard{}
	}
	return json.Marshal(c)
}

// MapInput: dice read in the tray answer the open start roll; a player's
// short button press adds 1 for them on their turn, a long one 3.
func (rulesImpl) MapInput(g engine.Game, in engine.TableInput) (json.RawMessage, string, bool) {
	rg, ok := g.(*Game)
	if !ok {
		return nil, "", false
	}
	switch in.Kind {
	case "dice":
		if len(rg.st.Dice.Open) == 0 || len(in.Dice) == 0 {
			return nil, "", false
		}
		req := rg.st.Dice.Open[0]
		var faces []string
		for _, d := range in.Dice {
			if d.Die == StartDie.ID {
				faces = append(faces, d.Face)
			}
		}
		a := dice.RollAction{ActionHeader: engine.ActionHeader{Type: "roll", Seat: engine.NoSeat}, Request: req.ID, Faces: faces}
		b, err := json.Marshal(&a)
		if err != nil {
			return nil, "", false
		}
		said := fmt.Sprintf("the white die shows %s", strings.Join(faces, ", "))
		if len(faces) == 0 {
			said = "no white die was seen in the tray"
		}
		if in.Unreadable > 0 {
			said += fmt.Sprintf("; %d die could not be read", in.Unreadable)
		}
		return b, said, true
	case "button":
		if in.Host || in.Seat < 0 || len(rg.st.Dice.Open) > 0 || rg.Over() || in.Seat != rg.st.Turn {
			return nil, "", false
		}
		n := 1
		if in.Long {
			n = 3
		}
		b, err := json.Marshal(&Add{ActionHeader: engine.ActionHeader{Type: "add", Seat: in.Seat}, N: n})
		if err != nil {
			return nil, "", false
		}
		return b, fmt.Sprintf("%s pressed their button: add %d", rg.name(in.Seat), n), true
	}
	return nil, "", false
}
