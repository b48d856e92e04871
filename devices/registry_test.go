package devices

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseUID(t *testing.T) {
	for in, want := range map[string]UID{
		"04a1b2c3":              "04A1B2C3",
		"04:A1:B2:C3":           "04A1B2C3",
		" 04-11-22-33-44-55-66": "04112233445566",
	} {
		got, err := ParseUID(in)
		if err != nil || got != want {
			t.Errorf("ParseUID(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "zz", "04A1B2", "04A1B2C3D4", "0"} {
		if _, err := ParseUID(bad); err == nil {
			t.Errorf("ParseUID(%q) accepted", bad)
		}
	}
}

// testDeck is made-up test data, not the game's cards.
var testDeck = []DeckCard{
	{ID: "test-isle/gunner", Name: "Test Gunner"},
	{ID: "test-isle/cook", Name: "Test Cook"},
	{ID: "test-isle/lookout", Name: "Test Lookout"},
}

func TestEnrollment(t *testing.T) {
	reg := NewRegistry()
	e := NewEnrollment(reg, testDeck)
	if got, want := e.Prompt(), "Tap card 1 of 3: Test Gunner"; got != want {
		t.Fatalf("prompt %q, want %q", got, want)
	}
	if c, err := e.Tap("04A1B2C3"); err != nil || c.ID != "test-isle/gunner" {
		t.Fatalf("Tap = %v, %v", c, err)
	}
	// The same sticker again (the player tapped the gunner twice) is refused
	// and the cook is asked for again.
	_, err := e.Tap("04A1B2C3")
	if !errors.Is(err, ErrUIDTaken) || !strings.Contains(err.Error(), "Test Cook") {
		t.Fatalf("second tap of the same sticker: %v, want ErrUIDTaken asking for Test Cook", err)
	}
	if got, want := e.Prompt(), "Tap card 2 of 3: Test Cook"; got != want {
		t.Fatalf("prompt %q, want %q", got, want)
	}
	if _, err := e.Tap("04112233445566"); err != nil {
		t.Fatal(err)
	}
	e.Skip() // the lookout has no sticker yet
	if _, ok := e.Next(); ok {
		t.Fatal("enrollment not done after the last card")
	}
	if done, total := e.Progress(); done != 3 || total != 3 {
		t.Errorf("progress %d/%d, want 3/3", done, total)
	}
	if _, err := e.Tap("0A0B0C0D"); err == nil {
		t.Error("a tap after the last card was accepted")
	}
	if c, _ := reg.Card("04112233445566"); c != "test-isle/cook" {
		t.Errorf("cook's sticker maps to %q", c)
	}
	// Re-sleeving the gunner: going back and tapping a new sticker replaces it.
	e2 := NewEnrollment(reg, testDeck[:1])
	if _, err := e2.Tap("0A0B0C0D"); err != nil {
		t.Fatal(err)
	}
	if u := reg.UIDs("test-isle/gunner"); len(u) != 1 || u[0] != "0A0B0C0D" {
		t.Errorf("gunner's stickers %v, want only the new one", u)
	}
	if _, ok := reg.Card("04A1B2C3"); ok {
		t.Error("the gunner's old sticker is still registered")
	}
	e2.Back()
	if c, _ := e2.Next(); c.ID != "test-isle/gunner" {
		t.Errorf("Back went to %v", c)
	}
	if _, err := e2.Tap("nothex"); err == nil {
		t.Error("a malformed UID was recorded")
	}
}

func TestRegistryRoundTrip(t *testing.T) {
	reg := NewRegistry()
	for uid, card := range map[UID]string{"04A1B2C3": "test-isle/gunner", "04112233445566": "test-isle/cook"} {
		if err := reg.Add(uid, card); err != nil {
			t.Fatal(err)
		}
	}
	if err := reg.Add("04A1B2C3", "test-isle/cook"); !errors.Is(err, ErrUIDTaken) {
		t.Errorf("re-registering a sticker to another card: %v", err)
	}
	path := filepath.Join(t.TempDir(), "cards.json")
	if err := reg.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 2 {
		t.Fatalf("loaded %d stickers, want 2", got.Len())
	}
	if c, _ := got.Card("04112233445566"); c != "test-isle/cook" {
		t.Errorf("cook's sticker loaded as %q", c)
	}
	raw, _ := os.ReadFile(path)
	if !strings.Contains(string(raw), `"uid": "04112233445566"`) {
		t.Errorf("file does not read as expected:\n%s", raw)
	}
	empty, err := LoadRegistry(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || empty.Len() != 0 {
		t.Errorf("a missing file should be an empty registry, got %v, %v", empty, err)
	}
}

func TestDecodeRegistryRefuses(t *testing.T) {
	for name, in := range map[string]string{
		"not json":      `cards`,
		"wrong version": `{"version": 2, "cards": []}`,
		"unknown field": `{"version": 1, "cards": [], "extra": 1}`,
		"bad uid":       `{"version": 1, "cards": [{"uid": "xyz", "card": "a"}]}`,
		"empty card":    `{"version": 1, "cards": [{"uid": "04A1B2C3", "card": " "}]}`,
		"twice":         `{"version": 1, "cards": [{"uid": "04A1B2C3", "card": "a"}, {"uid": "04:a1:b2:c3", "card": "b"}]}`,
	} {
		if _, err := DecodeRegistry(strings.NewReader(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func FuzzDecodeRegistry(f *testing.F) {
	f.Add([]byte(`{"version": 1, "cards": [{"uid": "04A1B2C3", "card": "test-isle/gunner"}]}`))
	f.Add([]byte(`{"version": 1, "cards": [{"uid": "04:11:22:33:44:55:66", "card": "x"}, {"uid": "0A0B0C0D0E0F10111213", "card": "y"}]}`))
	f.Add([]byte(`{"version": 1, "cards": null}`))
	f.Add([]byte(`{"version": 1, "cards": [{"uid": "", "card": ""}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		reg, err := DecodeRegistry(bytes.NewReader(in))
		if err != nil {
			return
		}
		// Whatever decodes re-encodes and decodes to the same stickers.
		var buf bytes.Buffer
		if err := reg.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		again, err := DecodeRegistry(&buf)
		if err != nil {
			t.Fatalf("re-decoding our own output: %v\n%s", err, buf.String())
		}
		a, b := reg.Entries(), again.Entries()
		if len(a) != len(b) {
			t.Fatalf("%d entries, then %d", len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("entry %d: %v, then %v", i, a[i], b[i])
			}
		}
	})
}

func TestRegistryNormalisesUIDs(t *testing.T) {
	reg := NewRegistry()
	if err := reg.Add("04:a1:b2:c3", "test-isle/gunner"); err != nil {
		t.Fatal(err)
	}
	if c, ok := reg.Card("04A1B2C3"); !ok || c != "test-isle/gunner" {
		t.Errorf("lookup by canonical UID: %q %v", c, ok)
	}
	if c, ok := reg.Card("04a1b2c3"); !ok || c != "test-isle/gunner" {
		t.Errorf("lookup by lower-case UID: %q %v", c, ok)
	}
	reg.Remove("04-A1-B2-C3")
	if reg.Len() != 0 {
		t.Error("Remove with separators left the sticker")
	}
}
