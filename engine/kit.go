package engine

import (
	"encoding/json"
	"strconv"
)

// The game kit: what a rules package offers to the companion, the web server
// and the dashboard's shell so that none of them needs to know the game.
//
// Every interface here is optional and small; a rules value (the one its
// package's Rules() returns) implements those it can. companion, web and cmd
// ask for them with a type assertion and fall back to a plain behaviour
// (no form options, no help, no calculator...) when one is missing. None of
// them does I/O: the caller reads files and the network, the kit only decodes,
// checks and computes.

// Describer gives the facts about a game that every screen needs. Every rules
// package served by cmd implements it.
type Describer interface {
	Describe() GameInfo
}

// GameInfo describes one game for the shell: its name as players know it, how
// many may play, the colours they may take and how its rules are cited.
type GameInfo struct {
	// Rules is the rules' stable name (Rules.Name), e.g. "dead-reckoning".
	Rules string `json:"rules"`
	// Title is the game's name as players know it, e.g. "Dead Reckoning".
	Title string `json:"title"`
	// Blurb is one sentence saying what the companion does for this game.
	Blurb string `json:"blurb,omitempty"`
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers int `json:"minPlayers"`
	MaxPlayers int `json:"maxPlayers"`
	// Colours are the player colours in the box, in the order offered.
	Colours []Colour `json:"colours,omitempty"`
	// Citation is "page" when refusals cite rulebook pages, "section" when
	// the rulebook has no page numbers and refusals cite its sections.
	Citation string `json:"citation"`
	// BGGID is the game's BoardGameGeek id (0: unknown), for BG Stats.
	BGGID int `json:"bggId,omitempty"`
	// HighestWins: the highest final score wins (BG Stats needs it).
	HighestWins bool `json:"highestWins"`
	// Inputs lists the table's physical inputs the game uses: "cubes"
	// (the cube tower and the battle board), "dice" (the dice tray),
	// "buttons", "cards" (RFID taps).
	Inputs []string `json:"inputs,omitempty"`
	// Start, when set, is the label of a button on the start page that
	// opens the new-game form with this game chosen: a helper a group
	// reaches for without starting a whole game (e.g. "Quick battle").
	Start string `json:"start,omitempty"`
}

// Colour is one player colour: an id the setup uses, a label players read
// and the colour to paint it with on screen.
type Colour struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// CSS is a CSS colour, e.g. "#6a3d9a".
	CSS string `json:"css"`
}

// NewGameForm is implemented by games whose new-game form the shell builds:
// the options a group picks before the first turn, and how the answers become
// the rules' setup JSON.
type NewGameForm interface {
	// NewGameOptions lists the options of the new-game form, in order.
	NewGameOptions() []Option
	// SetupFromForm turns the form's answers into the setup JSON that
	// Rules.New takes. catalog is the owner's catalog for this game (nil
	// when none was entered). An answer the rules cannot take is an error
	// wrapping ErrMalformed that names the option.
	SetupFromForm(form FormAnswers, catalog json.RawMessage) (json.RawMessage, error)
}

// OptionTableBoard is the option id under which the web server gives
// SetupFromForm the table's calibrated battle-board layout JSON, when the
// camera has one. It is never in a game's NewGameOptions (no player picks
// it); a game that plays on the board reads it, the others ignore it.
const OptionTableBoard = "tableBoard"

// Option is one question of the new-game form.
type Option struct {
	// ID is the key of the answer in FormAnswers.Options.
	ID string `json:"id"`
	// Label is the question as players read it.
	Label string `json:"label"`
	// Help is a sentence saying what the option changes (may be "").
	Help string `json:"help,omitempty"`
	// Kind is "bool", "number", "choice" or "text".
	Kind string `json:"kind"`
	// Default is the answer when the group changes nothing.
	Default json.RawMessage `json:"default,omitempty"`
	// Min and Max bound a "number".
	Min *int `json:"min,omitempty"`
	Max *int `json:"max,omitempty"`
	// Choices are the answers of a "choice".
	Choices []Choice `json:"choices,omitempty"`
	// Players, when set, are the player counts the option applies to; the
	// form hides it for the others.
	Players []int `json:"players,omitempty"`
	// Disabled, when set, says why the option cannot be chosen now (e.g.
	// "enter the bonus tokens in the catalog first"); the form shows it.
	Disabled string `json:"disabled,omitempty"`
}

// Choice is one answer of a "choice" option.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
	// Seat, when set, says the answer is the player in that seat (0 is the
	// first): the form shows the name typed for the seat in place of Label
	// ("Ann", not "Seat 1") and offers the answer only while the seat is
	// filled.
	Seat *int `json:"seat,omitempty"`
}

// SeatChoices are the answers "the player in seat 1" to "the player in
// seat max", valued "1" to "max", for an option choosing a player (the
// form shows their names).
func SeatChoices(max int) []Choice {
	cs := make([]Choice, max)
	for i := range cs {
		seat := i
		cs[i] = Choice{Value: strconv.Itoa(i + 1), Label: "The player in seat " + strconv.Itoa(i+1), Seat: &seat}
	}
	return cs
}

// FormAnswers are what a group filled in on the new-game form.
type FormAnswers struct {
	// Players in seat order.
	Players []FormPlayer `json:"players"`
	// Options by Option.ID; a missing one takes its Default.
	Options map[string]json.RawMessage `json:"options,omitempty"`
}

// FormPlayer is one seat of the new-game form.
type FormPlayer struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// HelpNotes is implemented by games with rules-help notes: short answers to
// the questions a table asks, each citing the rulebook.
type HelpNotes interface {
	HelpNotes() []HelpNote
}

// HelpNote is one rules-help note, in our own words.
type HelpNote struct {
	// ID is stable; a refusal's code links to the note with the same ID.
	ID    string `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
	// Page or Section cites the rulebook.
	Page int `json:"page,omitempty"`
	// Pages lists every page the note cites (Page is the first); a note
	// may give only Page.
	Pages   []int  `json:"pages,omitempty"`
	Section string `json:"section,omitempty"`
	// Keywords help the search find the note.
	Keywords []string `json:"keywords,omitempty"`
}

// EndStateCalculator is implemented by games whose final score a group can
// count at the table without tracking the game: an end state in, the scores
// out.
type EndStateCalculator interface {
	// ScoreEndState decodes and checks input (refusing missing or
	// impossible counts with an error wrapping ErrMalformed that names the
	// field as a JSON path) and returns the breakdown as JSON. catalog is
	// the owner's catalog (nil when none was entered).
	ScoreEndState(input []byte, catalog json.RawMessage) (json.RawMessage, error)
}

// OwnerCatalog is implemented by games that need printed values their
// rulebook does not give (island boards, card texts, track values). The
// owner enters them once; the program never invents them.
type OwnerCatalog interface {
	// CatalogKinds describes the kinds of entries and their fields, so the
	// shell can build the entry forms.
	CatalogKinds() []CatalogKind
	// CheckCatalog decodes and checks a whole catalog (as exported and
	// imported as a file), returning it in canonical form.
	CheckCatalog(data []byte) (json.RawMessage, error)
}

// CatalogKind is one kind of catalog entry, e.g. "island".
type CatalogKind struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	// Help says where the values are printed.
	Help string `json:"help,omitempty"`
	// List is the key of the catalog file that holds this kind's entries,
	// so the shell's catalog page need not guess it from the entries'
	// fields ("mapCards", "glory"). Empty only with Shape "fields".
	List string `json:"list"`
	// Shape says how the entries sit under List: "list" (or empty) a list
	// of entry objects; "one" a single entry object; "map" an object from
	// the first field's value to the second field's value (e.g.
	// achievement -> coins); "fields" the kind's fields are keys of the
	// catalog itself (List is empty).
	Shape  string         `json:"shape,omitempty"`
	Fields []CatalogField `json:"fields"`
}

// Shapes of CatalogKind.Shape.
const (
	CatalogList   = "list"
	CatalogOne    = "one"
	CatalogMap    = "map"
	CatalogFields = "fields"
)

// CatalogField is one field of a catalog entry's form.
type CatalogField struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Help  string `json:"help,omitempty"`
	// Kind is "text", "number", "bool", "choice", "list" (of text; with
	// Fields, a list of groups of those fields, each added or removed on
	// its own: a card's abilities) or "object" (a nested group of Fields).
	Kind     string         `json:"kind"`
	Required bool           `json:"required,omitempty"`
	Choices  []Choice       `json:"choices,omitempty"`
	Fields   []CatalogField `json:"fields,omitempty"`
	// When, if set, shows the field only when another field of the same
	// entry has one of these values: {"field":"type","values":["encounter"]}.
	When *FieldCondition `json:"when,omitempty"`
	// From, on a "choice" or a "list", is the ID of another kind (of shape
	// list) whose entries the field refers to by their "id": the shell
	// offers those entries by name to tap, so the owner never types an id
	// (a sea zone's bordering zones, a captain's home port).
	From string `json:"from,omitempty"`
}

// FieldCondition makes a catalog field depend on another field's value.
type FieldCondition struct {
	Field  string   `json:"field"`
	Values []string `json:"values"`
}

// TableInput is something the physical table reported, in no game's terms:
// cubes read on the battle board, dice read in the tray, a button press or a
// card tap. The game's InputMapper turns it into one of its actions.
type TableInput struct {
	// Kind is "cubes", "dice", "button", "card", or "drop" (the tower's
	// drop sensor saw cubes start falling).
	Kind string `json:"kind"`
	// Seat is the player whose button or reader it was (NoSeat otherwise).
	Seat Seat `json:"seat"`
	// Cubes: cubes counted per zone id, then per colour id.
	Cubes map[string]map[string]int `json:"cubes,omitempty"`
	// Redrop counts cubes the reader could not place (balanced on a border,
	// cocked): the players drop them again.
	Redrop int `json:"redrop,omitempty"`
	// RedropCubes counts those cubes per colour id, when the reader saw
	// their colour (the rules then ask for exactly those again).
	RedropCubes map[string]int `json:"redropCubes,omitempty"`
	// Dice: the dice read, each with its die id, face label and tray zone.
	Dice []DieRead `json:"dice,omitempty"`
	// Unreadable counts dice the reader could not read (cocked, outside).
	Unreadable int `json:"unreadable,omitempty"`
	// Dropped is the drop sensor's count of cubes for this drop, -1 unknown.
	Dropped int `json:"dropped,omitempty"`
	// Long and Host describe a button press.
	Long bool `json:"long,omitempty"`
	Host bool `json:"host,omitempty"`
	// Card is the tapped card's id.
	Card string `json:"card,omitempty"`
}

// DieRead is one die the camera read.
type DieRead struct {
	Die  string `json:"die"`
	Face string `json:"face"`
	Zone string `json:"zone"`
}

// InputMapper is implemented by games that take the table's physical
// inputs. It runs with the table's lock held: it may read g but must not
// keep it or change it.
type InputMapper interface {
	// MapInput returns the action the input answers now and a sentence
	// saying what was seen, in players' words ("2 purple cubes and 3 green cubes
	// hit, 1 to drop again"). ok is false when the game waits for no such
	// input now; the input is then only a notice.
	MapInput(g Game, in TableInput) (action json.RawMessage, said string, ok bool)
}

// Waiting is implemented by games that can say which physical input they
// wait for now, so the camera and the dashboard know what to ask the table
// for (the cubes a battle drops, the dice a roll request names).
type Waiting interface {
	// WaitingFor returns the inputs the game waits for now; empty when none.
	WaitingFor() []Expect
}

// Expect is one physical input a game waits for.
type Expect struct {
	// Kind is "cubes" or "dice" (a read of them is awaited), or "drop"
	// (cubes to drop through the tower, which starts the step; no read is
	// awaited yet).
	Kind string `json:"kind"`
	// ID identifies the step or roll request that waits.
	ID string `json:"id"`
	// Say is what to do, in players' words ("drop 3 purple and 2 black
	// cubes into the tower").
	Say string `json:"say"`
	// Why says what the input is for, in players' words ("Ann attacks the
	// merchant ship"); "" when Say says it all.
	Why string `json:"why,omitempty"`
	// Cubes: colour id -> how many to drop.
	Cubes map[string]int `json:"cubes,omitempty"`
	// Dice: the dice to roll, by die id, with the tray zone to roll them in.
	Dice []ExpectDie `json:"dice,omitempty"`
}

// ExpectDie is a group of identical dice a roll request asks for.
type ExpectDie struct {
	Die   string `json:"die"`
	Count int    `json:"count"`
	Zone  string `json:"zone,omitempty"`
	// Faces are the labels of the die's six faces as printed (a label may
	// repeat), so a screen can offer them to tap and a simulated camera can
	// roll and paint the die.
	Faces []string `json:"faces,omitempty"`
}

// ScreenFacts is implemented by games whose screen module needs printed
// facts that are the same in every game of the rules (the cards' texts, the
// achievements' names): the web server serves them once, with the game's
// description (GET /api/rules/{rules}), instead of in every view.
type ScreenFacts interface {
	// ScreenFacts returns a value that encodes as JSON; it is never
	// modified by the caller.
	ScreenFacts() any
}

// CheckCatalogKinds reports the first kind whose List and Shape do not
// match catalog (a whole catalog file, as CheckCatalog returns it): List
// must be a key of the file holding the Shape, or for "fields" every field
// must be a key of the file. Games test their CatalogKinds with it against
// a full test catalog, so the shell's catalog page never looks for entries
// where there are none.
func CheckCatalogKinds(kinds []CatalogKind, catalog []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(catalog, &top); err != nil {
		return Malformed("catalog: %v", err)
	}
	for _, k := range kinds {
		if k.Shape == CatalogFields {
			if k.List != "" {
				return Malformed("kind %q: a kind of shape fields has no list key", k.ID)
			}
			for _, f := range k.Fields {
				if _, ok := top[f.ID]; !ok {
					return Malformed("kind %q: field %q is not a key of the catalog", k.ID, f.ID)
				}
			}
			continue
		}
		raw, ok := top[k.List]
		if !ok {
			return Malformed("kind %q: list %q is not a key of the catalog", k.ID, k.List)
		}
		var err error
		switch k.Shape {
		case "", CatalogList:
			var v []map[string]json.RawMessage
			err = json.Unmarshal(raw, &v)
		case CatalogOne:
			var v map[string]json.RawMessage
			err = json.Unmarshal(raw, &v)
		case CatalogMap:
			var v map[string]any
			if err = json.Unmarshal(raw, &v); err == nil && len(k.Fields) != 2 {
				err = Malformed("a map kind has two fields, the key and the value")
			}
		default:
			err = Malformed("unknown shape %q", k.Shape)
		}
		if err != nil {
			return Malformed("kind %q: %q is not of shape %q: %v", k.ID, k.List, k.Shape, err)
		}
	}
	return nil
}
