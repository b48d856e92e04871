package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// Achievement names one of the nine achievements on the Harbor board
// (rulebook pp. 21-22).
type Achievement string

// The nine achievements, as written in the input JSON.
const (
	Legendary      Achievement = "legendary"
	ExpertSailors  Achievement = "expert-sailors"
	TerrorOfTheSea Achievement = "terror-of-the-sea"
	Builder        Achievement = "builder"
	Capitalist     Achievement = "capitalist"
	Settler        Achievement = "settler"
	EliteVessel    Achievement = "elite-vessel"
	Explorer       Achievement = "explorer"
	MasterMerchant Achievement = "master-merchant"
)

// Achievements lists the nine achievements in the Harbor board's order of
// the rulebook's description.
var Achievements = []Achievement{Legendary, ExpertSailors, TerrorOfTheSea, Builder, Capitalist, Settler, EliteVessel, Explorer, MasterMerchant}

var achievementTitles = map[Achievement]string{
	Legendary: "Legendary", ExpertSailors: "Expert Sailors", TerrorOfTheSea: "Terror of the Sea",
	Builder: "Builder", Capitalist: "Capitalist", Settler: "Settler", EliteVessel: "Elite Vessel",
	Explorer: "Explorer", MasterMerchant: "Master Merchant",
}

// Title is the achievement's name as printed, e.g. "Terror of the Sea".
func (a Achievement) Title() string {
	if t, ok := achievementTitles[a]; ok {
		return t
	}
	return string(a)
}

// Valid reports whether a is one of the nine achievements.
func (a Achievement) Valid() bool { _, ok := achievementTitles[a]; return ok }

// Effect kinds of end-of-game advancements (rulebook p. 23).
const (
	// PerThreeCargo scores 1 coin per 3 cargo owned (Dock, ship, controlled islands).
	PerThreeCargo = "per_3_cargo"
	// PerIslandWithoutCubes scores 1 coin per island with none of the player's cubes.
	PerIslandWithoutCubes = "per_island_without_cubes"
	// PerWheel scores 2 coins per wheel on the advancement's card.
	PerWheel = "per_wheel"
	// FixedCoins scores a fixed number of coins (N, possibly negative), for an
	// advancement the rulebook does not describe, entered by the owner.
	FixedCoins = "coins"
	// Unscored is an end-of-game effect the program cannot compute (a card
	// whose data does not describe it): its line is missing, naming Label.
	Unscored = "unscored"
)

// Component limits (rulebook p. 3) used to refuse impossible counts.
const (
	CubesPerPlayer = 35
	MaxPlayers     = 4
	BuildingsInBox = 30
	UpgradesInBox  = 32
	CardsInBoxes   = 98
)

// Input is the end state as the players count it at the table: the owner's
// achievement values, every player's counts, and every island.
type Input struct {
	// Note is free text for the people who wrote the file (ignored).
	Note string `json:"note,omitempty"`
	// AchievementValues is the coin value of each achievement, as printed on
	// the owner's Harbor board. A null or absent value is missing: totals
	// that need it are reported incomplete.
	AchievementValues map[Achievement]*int `json:"achievementValues"`
	// AchievementValuesField is where a missing achievement value is
	// entered, for the messages: "achievementValues" (this input's own
	// field) when empty; a tracked game names its setup's catalog field.
	AchievementValuesField string   `json:"-"`
	Players                []Player `json:"players"`
	// Islands lists every face-up island, with or without cubes: the
	// per-island-without-cubes effect counts them.
	Islands []Island `json:"islands"`
	// TieBreak, when players tie for the most coins, gives their cannons
	// and the reads of the tie-break battle's drops so far (p. 23).
	TieBreak *TieBreakInput `json:"tieBreak,omitempty"`
}

// TieBreakInput is the tie-break battle as played so far: each tied
// player's cannons (on the ship and every card of the deck) by name, and the
// read of every drop in order (docs/battles.md gives the read format).
type TieBreakInput struct {
	Cannons map[string]int `json:"cannons"`
	Reads   []battle.Read  `json:"reads,omitempty"`
}

// Player is one player's count.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	// Achievements the player has a marker on.
	Achievements []Achievement `json:"achievements"`
	// BonusToken lists the achievements shown on the player's revealed bonus
	// token; absent when bonus tokens are not used.
	BonusToken []Achievement `json:"bonusToken,omitempty"`
	// BonusTokenMissing is set instead when the player has a token whose
	// contents are not known: the bonus line is then missing, with this text.
	BonusTokenMissing string `json:"bonusTokenMissing,omitempty"`
	Coins             Coins  `json:"coins"`
	// Cargo owned, for the per-3-cargo effect.
	Cargo Cargo `json:"cargo"`
	// Buildings on islands the player controls.
	Buildings int `json:"buildings"`
	// Advancements sleeved on the player's cards or set aside.
	Advancements int      `json:"advancements"`
	Upgrades     Upgrades `json:"upgrades"`
	// EndGame lists the player's end-of-game advancement effects.
	EndGame []EndGameEffect `json:"endGame,omitempty"`
}

// Coins counts coins where they score: Treasure chest, ship, controlled islands.
type Coins struct {
	Chest   int `json:"chest"`
	Ship    int `json:"ship"`
	Islands int `json:"islands"`
}

// Cargo counts cargo owned: on the Dock tile, the ship, controlled islands.
type Cargo struct {
	Dock    int `json:"dock"`
	Ship    int `json:"ship"`
	Islands int `json:"islands"`
}

// Upgrades counts ship upgrade tiles, covered ones included.
type Upgrades struct {
	Basic    int `json:"basic"`
	Advanced int `json:"advanced"`
}

// EndGameEffect is one end-of-game advancement.
type EndGameEffect struct {
	// Effect is one of per_3_cargo, per_island_without_cubes, per_wheel, coins.
	Effect string `json:"effect"`
	// Label names the card for the breakdown (optional).
	Label string `json:"label,omitempty"`
	// Wheels on the card, for per_wheel.
	Wheels int `json:"wheels,omitempty"`
	// N is the coins of a "coins" effect (negative for a loss).
	N int `json:"n,omitempty"`
}

// Island is one island's end state.
type Island struct {
	Name string `json:"name"`
	// Values are the coins for 1st, 2nd and (on some islands) 3rd most cubes,
	// as printed; absent or null when not known, which leaves the scores
	// depending on them incomplete.
	Values []int `json:"values"`
	// Cubes per player colour, slots and permanent area together.
	Cubes map[string]int `json:"cubes"`
	// Empty is the number of empty cube slots (required in the input: the
	// empty slots compete for places, p. 23).
	Empty int `json:"empty"`
	// ValuesField is where the island's missing values are entered, for
	// the messages: "islands[k].values" when empty; a tracked game names
	// its catalog's island.
	ValuesField string `json:"-"`
}

// Decode reads and checks an Input. Every error wraps engine.ErrMalformed
// and names the field at fault as a JSON path, e.g. players[1].coins.chest,
// in the players' words (never a Go type). Beyond Check it refuses a count
// the rules need left out (a player's coins, an island's empty slots, a
// per-wheel card's wheels) and, when islands are listed, buildings, coins
// or cargo on islands for a player who controls none of them.
func Decode(data []byte) (*Input, error) {
	data = OldKeys.Rewrite(data)
	var top struct {
		Note              string                     `json:"note"`
		AchievementValues map[string]json.RawMessage `json:"achievementValues"`
		Players           []json.RawMessage          `json:"players"`
		Islands           []json.RawMessage          `json:"islands"`
		TieBreak          json.RawMessage            `json:"tieBreak"`
	}
	if err := checkFields(data, reflect.TypeFor[Input](), ""); err != nil {
		return nil, err
	}
	if err := strictDecode(data, &top); err != nil {
		return nil, fieldError("", err)
	}
	in := &Input{Note: top.Note, AchievementValues: map[Achievement]*int{}}
	for _, k := range sortedKeys(top.AchievementValues) {
		a := Achievement(k)
		path := "achievementValues." + k
		if !a.Valid() {
			return nil, engine.Malformed("%s: unknown achievement %q (known: %s)", path, k, knownList())
		}
		var v *int
		if err := strictDecode(top.AchievementValues[k], &v); err != nil {
			return nil, fieldError(path, err)
		}
		in.AchievementValues[a] = v
	}
	in.Players = make([]Player, len(top.Players))
	for i, raw := range top.Players {
		p := &in.Players[i]
		path := fmt.Sprintf("players[%d]", i)
		var pj struct {
			Player
			EndGame []json.RawMessage `json:"endGame"`
		}
		if err := strictDecode(raw, &pj); err != nil {
			return nil, fieldError(path, err)
		}
		*p = pj.Player
		p.EndGame = nil
		for j, er := range pj.EndGame {
			var e EndGameEffect
			if err := strictDecode(er, &e); err != nil {
				return nil, fieldError(fmt.Sprintf("%s.endGame[%d]", path, j), err)
			}
			p.EndGame = append(p.EndGame, e)
		}
	}
	in.Islands = make([]Island, len(top.Islands))
	for i, raw := range top.Islands {
		if err := strictDecode(raw, &in.Islands[i]); err != nil {
			return nil, fieldError(fmt.Sprintf("islands[%d]", i), err)
		}
	}
	if len(top.TieBreak) > 0 && string(top.TieBreak) != "null" {
		var tb TieBreakInput
		if err := strictDecode(top.TieBreak, &tb); err != nil {
			return nil, fieldError("tieBreak", err)
		}
		in.TieBreak = &tb
	}
	if err := in.Check(); err != nil {
		return nil, err
	}
	if err := checkPresent(top.Players, top.Islands); err != nil {
		return nil, err
	}
	// Counted at the table, control is worked out from the cubes; a
	// tracked game keeps its own (ScoreInput), so Check leaves this out.
	if err := in.checkControl(); err != nil {
		return nil, err
	}
	return in, nil
}

// checkPresent refuses a count the rules need that the input leaves out
// (or gives as null): taking it as 0 would score a wrong total without a
// word. A player's coins, an island's empty slots (they compete for places,
// p. 23) and the wheels of a per-wheel card.
func checkPresent(players, islands []json.RawMessage) error {
	for i, raw := range players {
		var p struct {
			Coins   json.RawMessage   `json:"coins"`
			EndGame []json.RawMessage `json:"endGame"`
		}
		_ = json.Unmarshal(raw, &p) // already decoded strictly
		path := fmt.Sprintf("players[%d]", i)
		if isMissing(p.Coins) {
			return engine.Malformed("%s.coins: missing: give the coins in the Treasure chest, on the ship and on controlled islands (0 where there are none)", path)
		}
		for j, raw := range p.EndGame {
			var e struct {
				Effect string          `json:"effect"`
				Wheels json.RawMessage `json:"wheels"`
			}
			_ = json.Unmarshal(raw, &e)
			if e.Effect == PerWheel && isMissing(e.Wheels) {
				return engine.Malformed("%s.endGame[%d].wheels: missing: give the wheels on the card (it scores 2 per wheel)", path, j)
			}
		}
	}
	for k, raw := range islands {
		var is struct {
			Empty json.RawMessage `json:"empty"`
		}
		_ = json.Unmarshal(raw, &is)
		if isMissing(is.Empty) {
			return engine.Malformed("islands[%d].empty: missing: give the empty cube slots (0 when every slot is taken); they compete for places like a player", k)
		}
	}
	return nil
}

func isMissing(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// checkFields refuses a field the input's types do not have, naming it as
// a JSON path (players[0].upgrades.advance) with the fields known there.
// encoding/json only says a field is unknown, not where. Names match as
// encoding/json matches them, ignoring case. Type errors are left to the
// decoder.
func checkFields(data []byte, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[json.RawMessage]() || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		fields := jsonFields(t)
		for _, k := range sortedKeys(obj) {
			var ft reflect.Type
			for _, f := range fields {
				if strings.EqualFold(f.name, k) {
					ft = f.typ
					break
				}
			}
			here := joinPath(path, k)
			if ft == nil {
				names := make([]string, len(fields))
				for i, f := range fields {
					names[i] = f.name
				}
				return engine.Malformed("%s: unknown field %q (%s; known here: %s)", nonEmpty(path, "the input"), k, here, strings.Join(names, ", "))
			}
			if err := checkFields(obj[k], ft, here); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		var list []json.RawMessage
		if json.Unmarshal(data, &list) != nil {
			return nil
		}
		for i, raw := range list {
			if err := checkFields(raw, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil
		}
		for _, k := range sortedKeys(obj) {
			if err := checkFields(obj[k], t.Elem(), joinPath(path, k)); err != nil {
				return err
			}
		}
	}
	return nil
}

type jsonField struct {
	name string
	typ  reflect.Type
}

// jsonFields lists the JSON fields of a struct type, embedded structs'
// fields included, in declaration order.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{name, f.Type})
	}
	return out
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// kindName says what a JSON value of a Go type looks like, in the players'
// words: never the Go type itself.
func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}

func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the value")
	}
	return nil
}

// fieldError turns a JSON decoding error into a Malformed error naming the
// field under path.
func fieldError(path string, err error) error {
	join := func(a, b string) string {
		switch {
		case a == "":
			return b
		case b == "":
			return a
		}
		return a + "." + b
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// The player is decoded through an embedding struct: hide its name.
		where := join(path, strings.ReplaceAll(te.Field, "Player.", ""))
		if where == "" {
			where = "the input"
		}
		return engine.Malformed("%s: want %s, got %s", where, kindName(te.Type), jsonValueName(te.Value))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return engine.Malformed("not valid JSON: %s ends too early", nonEmpty(path, "the input"))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return engine.Malformed("not valid JSON at byte %d: %v", se.Offset, se)
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return engine.Malformed("%s: unknown field %s", nonEmpty(path, "the input"), f)
	}
	return engine.Malformed("%s: %s", nonEmpty(path, "the input"), strings.TrimPrefix(msg, "json: "))
}

// jsonValueName says what the decoder found ("number 1.5", "string",
// "array"...) in the players' words.
func jsonValueName(v string) string {
	kind, rest, _ := strings.Cut(v, " ")
	switch kind {
	case "number":
		if rest != "" {
			return "the number " + rest
		}
		return "a number"
	case "string":
		return "text"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	return "a JSON " + v
}

func nonEmpty(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func knownList() string {
	s := make([]string, len(Achievements))
	for i, a := range Achievements {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

// Check refuses an impossible end state, naming the field. Decode calls it;
// call it yourself on an Input built in code.
func (in *Input) Check() error {
	bad := func(path, format string, a ...any) error {
		return engine.Malformed("%s: %s", path, fmt.Sprintf(format, a...))
	}
	for a, v := range in.AchievementValues {
		if !a.Valid() {
			return bad("achievementValues."+string(a), "unknown achievement %q (known: %s)", a, knownList())
		}
		if v != nil && *v < 0 {
			return bad("achievementValues."+string(a), "a coin value cannot be negative (%d)", *v)
		}
	}
	if len(in.Players) == 0 {
		return bad("players", "no players")
	}
	if len(in.Players) > MaxPlayers {
		return bad("players", "%d players; the game is for 1 to %d", len(in.Players), MaxPlayers)
	}
	colours := map[string]int{}
	names := map[string]int{}
	buildings, upgrades, advancements := 0, 0, 0
	for i, p := range in.Players {
		path := fmt.Sprintf("players[%d]", i)
		if strings.TrimSpace(p.Name) == "" {
			return bad(path+".name", "empty")
		}
		if j, dup := names[p.Name]; dup {
			return bad(path+".name", "%q is also players[%d]'s name", p.Name, j)
		}
		names[p.Name] = i
		if strings.TrimSpace(p.Colour) == "" {
			return bad(path+".colour", "empty")
		}
		if p.Colour == "black" {
			return bad(path+".colour", "black cubes are the non-players'; give the player's own colour")
		}
		if j, dup := colours[p.Colour]; dup {
			return bad(path+".colour", "%q is also players[%d]'s colour", p.Colour, j)
		}
		colours[p.Colour] = i
		if err := checkAchievements(path+".achievements", p.Achievements); err != nil {
			return err
		}
		if p.BonusToken != nil && p.BonusTokenMissing != "" {
			return bad(path+".bonusTokenMissing", "give either the token's achievements or what is missing, not both")
		}
		if p.BonusToken != nil {
			if len(p.BonusToken) == 0 {
				return bad(path+".bonusToken", "empty; leave it out when bonus tokens are not used")
			}
			if err := checkAchievements(path+".bonusToken", p.BonusToken); err != nil {
				return err
			}
		}
		for _, c := range []struct {
			field string
			n     int
		}{
			{"coins.chest", p.Coins.Chest}, {"coins.ship", p.Coins.Ship}, {"coins.islands", p.Coins.Islands},
			{"cargo.dock", p.Cargo.Dock}, {"cargo.ship", p.Cargo.Ship}, {"cargo.islands", p.Cargo.Islands},
			{"buildings", p.Buildings}, {"advancements", p.Advancements},
			{"upgrades.basic", p.Upgrades.Basic}, {"upgrades.advanced", p.Upgrades.Advanced},
		} {
			if c.n < 0 {
				return bad(path+"."+c.field, "a count cannot be negative (%d)", c.n)
			}
		}
		buildings += p.Buildings
		upgrades += p.Upgrades.Basic + p.Upgrades.Advanced
		advancements += p.Advancements
		if p.Buildings > BuildingsInBox || buildings > BuildingsInBox {
			return bad(path+".buildings", "more buildings than the %d in the box", BuildingsInBox)
		}
		if upgrades > UpgradesInBox {
			return bad(path+".upgrades", "more upgrade tiles than the %d in the box", UpgradesInBox)
		}
		if advancements > CardsInBoxes {
			return bad(path+".advancements", "more advancements than the %d cards in the four decks", CardsInBoxes)
		}
		for j, e := range p.EndGame {
			ep := fmt.Sprintf("%s.endGame[%d]", path, j)
			switch e.Effect {
			case PerThreeCargo, PerIslandWithoutCubes, Unscored:
				if e.Wheels != 0 || e.N != 0 {
					return bad(ep, "effect %q takes no wheels or n", e.Effect)
				}
			case PerWheel:
				if e.Wheels < 0 {
					return bad(ep+".wheels", "a count cannot be negative (%d)", e.Wheels)
				}
				if e.N != 0 {
					return bad(ep+".n", "effect %q takes wheels, not n", e.Effect)
				}
			case FixedCoins:
				if e.Wheels != 0 {
					return bad(ep+".wheels", "effect %q takes n, not wheels", e.Effect)
				}
			case "":
				return bad(ep+".effect", "missing (one of %s, %s, %s, %s)", PerThreeCargo, PerIslandWithoutCubes, PerWheel, FixedCoins)
			default:
				return bad(ep+".effect", "unknown effect %q (one of %s, %s, %s, %s, %s)", e.Effect, PerThreeCargo, PerIslandWithoutCubes, PerWheel, FixedCoins, Unscored)
			}
		}
	}
	if tb := in.TieBreak; tb != nil {
		for _, name := range sortedKeys(tb.Cannons) {
			if _, ok := names[name]; !ok {
				return bad("tieBreak.cannons."+name, "no player is called %q", name)
			}
			if tb.Cannons[name] < 0 {
				return bad("tieBreak.cannons."+name, "a count cannot be negative (%d)", tb.Cannons[name])
			}
		}
	}
	cubes := map[string]int{}
	islandNames := map[string]int{}
	for i, is := range in.Islands {
		path := fmt.Sprintf("islands[%d]", i)
		if strings.TrimSpace(is.Name) == "" {
			return bad(path+".name", "empty")
		}
		// The breakdown has one line per island name: two islands called
		// the same would be scored as one row.
		if j, dup := islandNames[is.Name]; dup {
			return bad(path+".name", "%q is also islands[%d]'s name: give each island its own name", is.Name, j)
		}
		islandNames[is.Name] = i
		if is.Values != nil {
			if len(is.Values) < 2 || len(is.Values) > 3 {
				return bad(path+".values", "an island prints 2 or 3 values (1st, 2nd and maybe 3rd), not %d", len(is.Values))
			}
			for j, v := range is.Values {
				if v < 0 {
					return bad(fmt.Sprintf("%s.values[%d]", path, j), "a coin value cannot be negative (%d)", v)
				}
			}
		}
		if is.Empty < 0 {
			return bad(path+".empty", "a count cannot be negative (%d)", is.Empty)
		}
		for _, c := range sortedKeys(is.Cubes) {
			n := is.Cubes[c]
			cp := path + ".cubes." + c
			if _, ok := colours[c]; !ok {
				return bad(cp, "unknown colour %q: no player has it", c)
			}
			if n < 0 {
				return bad(cp, "a count cannot be negative (%d)", n)
			}
			cubes[c] += n
			if cubes[c] > CubesPerPlayer {
				return bad(cp, "%s has %d cubes on islands up to here, more than the %d a player owns", c, cubes[c], CubesPerPlayer)
			}
		}
	}
	return nil
}

// checkControl refuses what only a player who controls an island can have
// (p. 16: more cubes there than any other player and than the empty
// slots): buildings, coins and cargo on controlled islands. An input that
// lists no island at all leaves the islands out (a quick sum of the other
// lines): control cannot be told, so nothing is refused.
func (in *Input) checkControl() error {
	if len(in.Islands) == 0 {
		return nil
	}
	controls := map[string]bool{}
	for _, is := range in.Islands {
		if c := controller(&is); c != "" {
			controls[c] = true
		}
	}
	for i, p := range in.Players {
		if controls[p.Colour] {
			continue
		}
		path := fmt.Sprintf("players[%d]", i)
		why := fmt.Sprintf("%s controls no island (no listed island has more %s cubes than any other colour and than its empty slots)", p.Name, p.Colour)
		switch {
		case p.Buildings > 0:
			return engine.Malformed("%s.buildings: %s: %s", path, why, "buildings count only on controlled islands")
		case p.Coins.Islands > 0:
			return engine.Malformed("%s.coins.islands: %s: %s", path, why, "island coins count only on controlled islands")
		case p.Cargo.Islands > 0:
			return engine.Malformed("%s.cargo.islands: %s: %s", path, why, "island cargo counts only on controlled islands")
		}
	}
	return nil
}

// controller is the colour that controls an island (p. 16), "" for none.
func controller(is *Island) string {
	best, second, who := 0, 0, ""
	for c, n := range is.Cubes {
		switch {
		case n > best:
			best, second, who = n, best, c
		case n > second:
			second = n
		}
	}
	if best > second && best > is.Empty {
		return who
	}
	return ""
}

func checkAchievements(path string, as []Achievement) error {
	seen := map[Achievement]bool{}
	for j, a := range as {
		if !a.Valid() {
			return engine.Malformed("%s[%d]: unknown achievement %q (known: %s)", path, j, a, knownList())
		}
		if seen[a] {
			return engine.Malformed("%s[%d]: %q is listed twice", path, j, a)
		}
		seen[a] = true
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
