package devices

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Registry maps the NFC stickers' UIDs to the sailor cards they sit on. The
// card names are the caller's (the game's card IDs); the registry only keeps
// them. It is safe for concurrent use.
type Registry struct {
	mu    sync.Mutex
	cards map[UID]string
}

// RegistryEntry is one sticker: its UID and its card.
type RegistryEntry struct {
	UID  UID    `json:"uid"`
	Card string `json:"card"`
}

// registryFile is the JSON form of a Registry.
type registryFile struct {
	Version int             `json:"version"`
	Cards   []RegistryEntry `json:"cards"`
}

const registryVersion = 1

// maxRegistryBytes bounds what DecodeRegistry reads: a few decks of stickers
// take a few kilobytes.
const maxRegistryBytes = 1 << 20

// ErrUIDTaken is returned when a sticker is already registered to another card.
var ErrUIDTaken = errors.New("this card's sticker is already registered to another card")

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{cards: map[UID]string{}} }

// Card returns the card the sticker uid is on.
func (r *Registry) Card(uid UID) (string, bool) {
	uid = uid.norm()
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.cards[uid]
	return c, ok
}

// UIDs returns the stickers registered to card.
func (r *Registry) UIDs(card string) []UID {
	r.mu.Lock()
	defer r.mu.Unlock()
	var u []UID
	for uid, c := range r.cards {
		if c == card {
			u = append(u, uid)
		}
	}
	slices.Sort(u)
	return u
}

// Add registers the sticker uid to card. A sticker already on another card is
// refused with ErrUIDTaken (naming that card); on the same card it is a no-op.
func (r *Registry) Add(uid UID, card string) error {
	uid, err := ParseUID(string(uid))
	if err != nil {
		return err
	}
	if strings.TrimSpace(card) == "" {
		return errors.New("a card sticker must be registered to a card; the card name is empty")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if c, ok := r.cards[uid]; ok && c != card {
		return fmt.Errorf("%w: %s is on %q", ErrUIDTaken, uid, c)
	}
	r.cards[uid] = card
	return nil
}

// Remove forgets the sticker uid.
func (r *Registry) Remove(uid UID) {
	uid = uid.norm()
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.cards, uid)
}

// Len is the number of stickers registered.
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.cards)
}

// Entries lists the stickers, sorted by card then UID.
func (r *Registry) Entries() []RegistryEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := make([]RegistryEntry, 0, len(r.cards))
	for uid, c := range r.cards {
		e = append(e, RegistryEntry{UID: uid, Card: c})
	}
	slices.SortFunc(e, func(a, b RegistryEntry) int {
		return cmp.Or(cmp.Compare(a.Card, b.Card), cmp.Compare(a.UID, b.UID))
	})
	return e
}

// Encode writes the registry as indented JSON.
func (r *Registry) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(registryFile{Version: registryVersion, Cards: r.Entries()})
}

// DecodeRegistry reads a registry written by Encode. It refuses, with the
// reason, a file that is not one: unknown fields, another version, a UID that
// is not hex, an empty card name, or a sticker registered twice.
func DecodeRegistry(rd io.Reader) (*Registry, error) {
	dec := json.NewDecoder(io.LimitReader(rd, maxRegistryBytes))
	dec.DisallowUnknownFields()
	var f registryFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("card registry: %w", err)
	}
	if f.Version != registryVersion {
		return nil, fmt.Errorf("card registry: version %d, this program reads version %d", f.Version, registryVersion)
	}
	r := NewRegistry()
	for i, e := range f.Cards {
		uid, err := ParseUID(string(e.UID))
		if err != nil {
			return nil, fmt.Errorf("card registry: entry %d: %w", i+1, err)
		}
		if strings.TrimSpace(e.Card) == "" {
			return nil, fmt.Errorf("card registry: entry %d (%s): no card name", i+1, uid)
		}
		if c, ok := r.cards[uid]; ok {
			return nil, fmt.Errorf("card registry: entry %d: sticker %s is registered twice (%q and %q)", i+1, uid, c, e.Card)
		}
		r.cards[uid] = e.Card
	}
	return r, nil
}

// LoadRegistry reads the registry at path. A file that does not exist yet is
// an empty registry (a table whose decks are not registered yet).
func LoadRegistry(path string) (*Registry, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return NewRegistry(), nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := DecodeRegistry(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Save writes the registry to path, through a temporary file renamed into
// place, so that a crash never leaves half a registry.
func (r *Registry) Save(path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := r.Encode(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// DeckCard is one card of a deck being registered: the ID the registry keeps
// and the name the prompt shows.
type DeckCard struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Enrollment is the guided registration of a new deck's stickers: it says
// which card to tap next and records the UID read for it. It is not safe for
// concurrent use; the session owns it.
type Enrollment struct {
	reg  *Registry
	deck []DeckCard
	i    int
}

// NewEnrollment starts registering deck into reg, from its first card.
func NewEnrollment(reg *Registry, deck []DeckCard) *Enrollment {
	return &Enrollment{reg: reg, deck: slices.Clone(deck)}
}

// Next returns the card to tap now; false once every card has been done.
func (e *Enrollment) Next() (DeckCard, bool) {
	if e.i >= len(e.deck) {
		return DeckCard{}, false
	}
	return e.deck[e.i], true
}

// Progress returns how many cards are done (registered or skipped) and the
// deck's size.
func (e *Enrollment) Progress() (done, total int) { return e.i, len(e.deck) }

// Prompt tells the player what to do, e.g. "Tap card 3 of 12: Test Gunner".
func (e *Enrollment) Prompt() string {
	c, ok := e.Next()
	if !ok {
		return fmt.Sprintf("All %d cards are registered.", len(e.deck))
	}
	name := c.Name
	if name == "" {
		name = c.ID
	}
	return fmt.Sprintf("Tap card %d of %d: %s", e.i+1, len(e.deck), name)
}

// Tap records uid as the sticker of the card Next names and moves on; the
// card's earlier stickers are forgotten (the new sleeve replaces them). A
// sticker already on another card is refused with ErrUIDTaken, and the same
// card is asked for again.
func (e *Enrollment) Tap(uid UID) (DeckCard, error) {
	c, ok := e.Next()
	if !ok {
		return DeckCard{}, errors.New("every card of this deck is already registered")
	}
	uid, err := ParseUID(string(uid))
	if err != nil {
		return c, err
	}
	if strings.TrimSpace(c.ID) == "" {
		return c, fmt.Errorf("card %d of the deck has no ID", e.i+1)
	}
	if other, ok := e.reg.Card(uid); ok && other != c.ID {
		return c, fmt.Errorf("%w: %s is on %q; tap %s", ErrUIDTaken, uid, other, e.nameOf(c))
	}
	for _, old := range e.reg.UIDs(c.ID) {
		if old != uid {
			e.reg.Remove(old)
		}
	}
	if err := e.reg.Add(uid, c.ID); err != nil {
		return c, err
	}
	e.i++
	return c, nil
}

func (e *Enrollment) nameOf(c DeckCard) string {
	if c.Name != "" {
		return c.Name
	}
	return c.ID
}

// Skip leaves the current card unregistered and moves on.
func (e *Enrollment) Skip() {
	if e.i < len(e.deck) {
		e.i++
	}
}

// Back returns to the previous card, to tap it again.
func (e *Enrollment) Back() {
	if e.i > 0 {
		e.i--
	}
}
