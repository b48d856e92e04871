package companion

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// ManagerOpts tunes a Manager; the zero value is fine.
type ManagerOpts struct {
	// Now is the clock (time.Now if nil); tests pass a fake one.
	Now func() time.Time
	// SubscriberBuffer is how many updates a subscriber may fall behind
	// before it is dropped (DefaultSubscriberBuffer if 0).
	SubscriberBuffer int
	// Games names each rules' game for exports, by rules name.
	Games map[string]GameInfo
	// Location is the place name put in BG Stats exports ("" for none).
	Location string
	// IdleAfter is how long a table nobody watches stays in memory after
	// its last use (DefaultIdleAfter if 0); a finished one leaves after
	// FinishedAfter. It is loaded again from the store when asked for.
	IdleAfter     time.Duration
	FinishedAfter time.Duration
}

// Defaults of ManagerOpts.IdleAfter and FinishedAfter.
const (
	DefaultIdleAfter     = 30 * time.Minute
	DefaultFinishedAfter = 2 * time.Minute
)

// DefaultSubscriberBuffer is the default of ManagerOpts.SubscriberBuffer.
const DefaultSubscriberBuffer = 64

// Limits on a new table's players.
const (
	MaxPlayers    = 8
	MaxNameLength = 40
)

// Manager runs every table of one server (a Pi has one; a venue many).
type Manager struct {
	lg    *slog.Logger
	st    store.Store
	rules map[string]engine.Rules
	// list is the rules in the order given, for Rules.
	list []engine.Rules
	opts ManagerOpts

	mu       sync.Mutex
	sessions map[string]*Session
	// used is when each session in memory was last asked for (Get, Create).
	used   map[string]time.Time
	closed bool
}

// NewManager makes a manager over a store and the rules it can play. The
// caller keeps ownership of st (Close does not close it).
func NewManager(lg *slog.Logger, st store.Store, rules []engine.Rules, opts ManagerOpts) (*Manager, error) {
	if lg == nil {
		lg = slog.New(slog.DiscardHandler)
	}
	if st == nil {
		return nil, errors.New("companion: no store given")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.SubscriberBuffer <= 0 {
		opts.SubscriberBuffer = DefaultSubscriberBuffer
	}
	if opts.IdleAfter <= 0 {
		opts.IdleAfter = DefaultIdleAfter
	}
	if opts.FinishedAfter <= 0 {
		opts.FinishedAfter = DefaultFinishedAfter
	}
	m := &Manager{lg: lg, st: st, rules: map[string]engine.Rules{}, opts: opts, sessions: map[string]*Session{}, used: map[string]time.Time{}}
	for _, r := range rules {
		if r == nil {
			return nil, errors.New("companion: nil rules given")
		}
		if _, dup := m.rules[r.Name()]; dup {
			return nil, fmt.Errorf("companion: rules %q given twice", r.Name())
		}
		m.rules[r.Name()] = r
		m.list = append(m.list, r)
	}
	return m, nil
}

// Create starts a new table, records it in the store and returns its
// session and the secrets to show the host once.
func (m *Manager) Create(ctx context.Context, req CreateRequest) (*Session, Credentials, error) {
	var cred Credentials
	r, ok := m.rules[req.Rules]
	if !ok {
		return nil, cred, engine.Malformed("unknown rules %q (this server plays %s)", req.Rules, strings.Join(m.ruleNames(), ", "))
	}
	if err := checkPlayers(req.Players); err != nil {
		return nil, cred, err
	}
	var seed uint64
	if req.Seed != nil {
		seed = *req.Seed
	} else {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, cred, fmt.Errorf("companion: drawing a seed: %w", err)
		}
		seed = binary.LittleEndian.Uint64(b[:])
	}
	setup := req.Setup
	if len(setup) == 0 {
		setup = json.RawMessage("{}")
	}
	g, err := r.New(setup, seed)
	if err != nil {
		if !errors.Is(err, engine.ErrMalformed) && !errors.Is(err, engine.ErrIllegal) {
			err = engine.Malformed("setup: %v", err)
		}
		return nil, cred, err
	}
	if err := checkSetupPlayers(g, req.Players); err != nil {
		return nil, cred, err
	}
	players, err := json.Marshal(req.Players)
	if err != nil {
		return nil, cred, fmt.Errorf("companion: encoding players: %w", err)
	}
	host := randomToken(32)
	salt := []byte(randomToken(16))
	cred = Credentials{HostToken: host, PINs: map[engine.Seat]string{}}
	rec := store.TableRecord{
		ID: randomID(), Rules: r.Name(), Setup: setup, Seed: seed, Players: players,
		HostTokenHash: hashToken(host), PINSalt: salt, Created: m.opts.Now().UTC(),
	}
	used := map[string]bool{}
	for _, p := range req.Players {
		pin := randomPIN()
		for used[pin] {
			pin = randomPIN()
		}
		used[pin] = true
		cred.PINs[p.Seat] = pin
		rec.PINHashes = append(rec.PINHashes, hashPIN(salt, p.Seat, pin))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, Credentials{}, ErrClosed
	}
	if err := m.st.CreateTable(ctx, rec); err != nil {
		return nil, Credentials{}, fmt.Errorf("companion: recording the new table: %w", err)
	}
	s := newSession(m, r, rec, req.Players, g)
	m.sessions[rec.ID] = s
	m.used[rec.ID] = m.opts.Now()
	m.sweep()
	m.lg.Info("table created", "table", rec.ID, "rules", rec.Rules, "players", len(req.Players))
	return s, cred, nil
}

func checkPlayers(ps []PlayerInfo) error {
	if len(ps) == 0 {
		return engine.Malformed("a table needs at least one player")
	}
	if len(ps) > MaxPlayers {
		return engine.Malformed("a table has at most %d players, not %d", MaxPlayers, len(ps))
	}
	for i, p := range ps {
		if p.Seat != engine.Seat(i) {
			return engine.Malformed("player %d (%q) has seat %d; players must be listed in seat order from 0", i+1, p.Name, p.Seat)
		}
		if strings.TrimSpace(p.Name) == "" {
			return engine.Malformed("player in %s has no name", p.Seat)
		}
		if len(p.Name) > MaxNameLength || len(p.Colour) > MaxNameLength {
			return engine.Malformed("player %d: name and colour are at most %d characters", i+1, MaxNameLength)
		}
		if err := checkPlayerText(i, p); err != nil {
			return err
		}
	}
	return nil
}

// Rules returns the rules the manager plays, in the order given to
// NewManager.
func (m *Manager) Rules() []engine.Rules { return append([]engine.Rules(nil), m.list...) }

func (m *Manager) ruleNames() []string {
	var out []string
	for n := range m.rules {
		out = append(out, n)
	}
	return out
}

// Get returns a table's session, loading it from the store and replaying its
// log if it is not running.
func (m *Manager) Get(ctx context.Context, id string) (*Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, ErrClosed
	}
	m.sweep()
	if s, ok := m.sessions[id]; ok {
		m.used[id] = m.opts.Now()
		return s, nil
	}
	rec, err := m.st.Table(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: no table %q", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("companion: loading table %s: %w", id, err)
	}
	s, err := m.load(ctx, rec)
	if err != nil {
		return nil, err
	}
	m.sessions[id] = s
	m.used[id] = m.opts.Now()
	return s, nil
}

// sweep closes the sessions that may leave memory: nobody watches them, no
// hardware is attached, and they were last asked for longer ago than
// IdleAfter (FinishedAfter for a finished game). Their state is all in the
// store; Get loads them again. With m.mu held.
func (m *Manager) sweep() {
	now := m.opts.Now()
	for id, s := range m.sessions {
		after := m.opts.IdleAfter
		if s.dormant(&after, m.opts.FinishedAfter) && now.Sub(m.used[id]) >= after {
			s.close()
			delete(m.sessions, id)
			delete(m.used, id)
			m.lg.Info("table left memory", "table", id)
		}
	}
}

// Loaded reports how many tables are in memory now (for tests and health).
func (m *Manager) Loaded() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.sessions)
}

// load rebuilds a session from its stored log.
func (m *Manager) load(ctx context.Context, rec store.TableRecord) (*Session, error) {
	r, ok := m.rules[rec.Rules]
	if !ok {
		return nil, damaged(rec.ID, fmt.Errorf("it plays %q, which this server does not have", rec.Rules))
	}
	var players []PlayerInfo
	if err := json.Unmarshal(rec.Players, &players); err != nil {
		return nil, damaged(rec.ID, fmt.Errorf("reading players: %w", err))
	}
	entries, err := m.st.Entries(ctx, rec.ID)
	if err != nil {
		return nil, fmt.Errorf("companion: loading the log of table %s: %w", rec.ID, err)
	}
	g, err := r.New(rec.Setup, rec.Seed)
	if err != nil {
		return nil, damaged(rec.ID, fmt.Errorf("starting from its setup: %w", err))
	}
	s := newSession(m, r, rec, players, g)
	for _, e := range entries {
		if err := s.remember(e); err != nil {
			return nil, damaged(rec.ID, err)
		}
	}
	g, _, err = s.replay(s.liveAt(len(s.log)), 0)
	if err != nil {
		return nil, damaged(rec.ID, fmt.Errorf("replaying its log: %w", err))
	}
	s.game = g
	m.lg.Info("table loaded", "table", rec.ID, "version", len(entries))
	return s, nil
}

// List returns every table, running or finished (the history), oldest first.
// It reads each table's summary from the store and replays nothing, except
// once for a table written before summaries were kept.
func (m *Manager) List(ctx context.Context) ([]TableSummary, error) {
	recs, err := m.st.Tables(ctx)
	if err != nil {
		return nil, fmt.Errorf("companion: listing tables: %w", err)
	}
	out := make([]TableSummary, 0, len(recs))
	for _, rec := range recs {
		if !rec.Summary.Known {
			sum, err := m.summarise(ctx, rec.ID)
			if err != nil {
				m.lg.Warn("table cannot be loaded", "table", rec.ID, "err", err)
				continue
			}
			out = append(out, sum)
			continue
		}
		var players []PlayerInfo
		if err := json.Unmarshal(rec.Players, &players); err != nil {
			m.lg.Warn("table's players cannot be read", "table", rec.ID, "err", err)
			continue
		}
		out = append(out, TableSummary{ID: rec.ID, Rules: rec.Rules, Players: players, Created: rec.Created,
			Updated: rec.Summary.Updated, Version: rec.Summary.Version, Over: rec.Summary.Over})
	}
	return out, nil
}

// summarise loads a table written before summaries were kept, once, and
// records its summary so the next list reads it.
func (m *Manager) summarise(ctx context.Context, id string) (TableSummary, error) {
	s, err := m.Get(ctx, id)
	if err != nil {
		return TableSummary{}, err
	}
	sum := s.Summary()
	err = m.st.SetSummary(ctx, id, store.Summary{Version: sum.Version, Updated: sum.Updated, Over: sum.Over, Known: true})
	if err != nil {
		m.lg.Warn("table's summary not recorded", "table", id, "err", err)
	}
	return sum, nil
}

// Close closes every session (subscribers' channels are closed, device loops
// stopped). It does not close the store.
func (m *Manager) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	for _, s := range m.sessions {
		s.close()
	}
	m.sessions = map[string]*Session{}
	m.used = map[string]time.Time{}
	return nil
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		// crypto/rand never fails on Linux; if it does nothing is safe.
		panic("companion: crypto/rand failed: " + err.Error())
	}
	return b
}

func randomToken(n int) string { return hex.EncodeToString(randomBytes(n)) }

func randomID() string { return hex.EncodeToString(randomBytes(6)) }

// PINDigits is the length of a player's PIN.
const PINDigits = 4

func randomPIN() string {
	b := randomBytes(8)
	n := binary.LittleEndian.Uint64(b) % 10000
	return fmt.Sprintf("%0*d", PINDigits, n)
}

func hashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

func hashPIN(salt []byte, seat engine.Seat, pin string) []byte {
	h := sha256.New()
	h.Write(salt)
	fmt.Fprintf(h, "|%d|%s", seat, pin)
	return h.Sum(nil)
}
