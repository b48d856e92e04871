package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Postgres is the store for a venue running many tables from one server.
// It keeps a few connections of its own (pgx.Conn is not safe for
// concurrent use) and hands one to each call.
type Postgres struct {
	cfg   *pgx.ConnConfig
	conns chan *pgx.Conn // idle connections
	slots chan struct{}  // one token per connection allowed open

	mu     sync.Mutex
	closed bool
}

// PostgresConns is how many connections a Postgres store opens at most.
const PostgresConns = 4

// pgV1 is the schema of version 1 (see migrate.go).
const pgV1 = `
CREATE TABLE IF NOT EXISTS qm_tables (
	id         TEXT PRIMARY KEY,
	rules      TEXT NOT NULL,
	setup      TEXT NOT NULL,
	seed       BIGINT NOT NULL,
	players    TEXT NOT NULL,
	host_hash  BYTEA NOT NULL,
	pin_salt   BYTEA NOT NULL,
	pin_hashes TEXT NOT NULL,
	created_ns BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS qm_entries (
	table_id  TEXT NOT NULL REFERENCES qm_tables(id),
	version   BIGINT NOT NULL,
	kind      TEXT NOT NULL,
	key       TEXT NOT NULL,
	source    TEXT NOT NULL,
	actor     TEXT NOT NULL,
	action    TEXT,
	events    TEXT,
	target    BIGINT NOT NULL,
	reason    TEXT NOT NULL,
	proposed  TEXT,
	time_ns   BIGINT NOT NULL,
	PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS qm_entries_key ON qm_entries(table_id, key) WHERE key <> '';
`

// OpenPostgres connects to the database named by dsn (a postgres:// URL or
// key=value string) and creates the tables it needs if they are missing.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: reading the PostgreSQL DSN: %w", err)
	}
	p := &Postgres{cfg: cfg, conns: make(chan *pgx.Conn, PostgresConns), slots: make(chan struct{}, PostgresConns)}
	c, err := p.get(ctx)
	if err != nil {
		return nil, err
	}
	// Two servers starting at once must not race creating the schema.
	err = pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7160861)`); err != nil {
			return err
		}
		_, err := migrate(pgTx{ctx, tx}, true)
		return err
	})
	p.put(c)
	if err != nil {
		p.Close()
		return nil, fmt.Errorf("store: preparing the PostgreSQL schema: %w", err)
	}
	return p, nil
}

// get returns an idle connection, or opens one if fewer than PostgresConns
// are open, or waits for one.
func (p *Postgres) get(ctx context.Context) (*pgx.Conn, error) {
	for {
		p.mu.Lock()
		closed := p.closed
		p.mu.Unlock()
		if closed {
			return nil, errors.New("store: the PostgreSQL store is closed")
		}
		select {
		case c := <-p.conns:
			if c.IsClosed() {
				<-p.slots
				continue
			}
			return c, nil
		case p.slots <- struct{}{}:
			c, err := pgx.ConnectConfig(ctx, p.cfg)
			if err != nil {
				<-p.slots
				return nil, fmt.Errorf("store: connecting to PostgreSQL at %s:%d: %w", p.cfg.Host, p.cfg.Port, err)
			}
			return c, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// put returns a connection to the idle set (or closes it if the store was
// closed meanwhile or the connection broke).
func (p *Postgres) put(c *pgx.Conn) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed || c.IsClosed() || c.PgConn().TxStatus() != 'I' {
		c.Close(context.Background())
		<-p.slots
		return
	}
	p.conns <- c
}

func (p *Postgres) with(ctx context.Context, f func(c *pgx.Conn) error) error {
	c, err := p.get(ctx)
	if err != nil {
		return err
	}
	defer p.put(c)
	return f(c)
}

// Close closes the idle connections; connections in use close when returned.
func (p *Postgres) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	for {
		select {
		case c := <-p.conns:
			c.Close(context.Background())
			<-p.slots
		default:
			return nil
		}
	}
}

// CreateTable implements Store.
func (p *Postgres) CreateTable(ctx context.Context, t TableRecord) error {
	pins, err := encodePINs(t.PINHashes)
	if err != nil {
		return err
	}
	err = p.with(ctx, func(c *pgx.Conn) error {
		tag, err := c.Exec(ctx, `INSERT INTO qm_tables (id, rules, setup, seed, players, host_hash, pin_salt, pin_hashes, created_ns, last_version, updated_ns, over)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $9, 0) ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Rules, string(t.Setup), int64(t.Seed), string(t.Players), nonNil(t.HostTokenHash), nonNil(t.PINSalt), string(pins), t.Created.UnixNano())
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: %s", ErrExists, t.ID)
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrExists) {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return err
}

func scanPgTable(r pgx.Row) (TableRecord, error) {
	var t TableRecord
	var setup, players, pins string
	var seed, created, last, updated int64
	var over int16
	if err := r.Scan(&t.ID, &t.Rules, &setup, &seed, &players, &t.HostTokenHash, &t.PINSalt, &pins, &created, &last, &updated, &over); err != nil {
		return t, err
	}
	t.Setup, t.Players = rawOrNil([]byte(setup)), rawOrNil([]byte(players))
	t.Seed = uint64(seed)
	t.Created = time.Unix(0, created).UTC()
	t.Summary = summaryOf(t.Created, last, updated, int64(over))
	var err error
	t.PINHashes, err = decodePINs([]byte(pins))
	return t, err
}

// Table implements Store.
func (p *Postgres) Table(ctx context.Context, id string) (TableRecord, error) {
	var t TableRecord
	err := p.with(ctx, func(c *pgx.Conn) error {
		var err error
		t, err = scanPgTable(c.QueryRow(ctx, `SELECT `+tableCols+` FROM qm_tables WHERE id = $1`, id))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return t, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return t, fmt.Errorf("store: table %s: %w", id, err)
	}
	return t, nil
}

// Tables implements Store.
func (p *Postgres) Tables(ctx context.Context) ([]TableRecord, error) {
	var out []TableRecord
	err := p.with(ctx, func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, `SELECT `+tableCols+` FROM qm_tables ORDER BY created_ns, id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanPgTable(rows)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	return out, nil
}

// Append implements Store. The table's row is locked (SELECT ... FOR UPDATE)
// so two servers appending to one table take turns; the commit returns once
// PostgreSQL has flushed it (synchronous_commit on, the default).
func (p *Postgres) Append(ctx context.Context, tableID string, e Entry) error {
	err := p.with(ctx, func(c *pgx.Conn) error {
		return pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			var id string
			err := tx.QueryRow(ctx, `SELECT id FROM qm_tables WHERE id = $1 FOR UPDATE`, tableID).Scan(&id)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("%w: %s", ErrNotFound, tableID)
			}
			if err != nil {
				return err
			}
			var last int64
			if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM qm_entries WHERE table_id = $1`, tableID).Scan(&last); err != nil {
				return err
			}
			if e.Version != uint64(last)+1 {
				return fmt.Errorf("%w: table %s is at version %d, entry has %d", ErrConflict, tableID, last, e.Version)
			}
			if e.Key != "" {
				var n int
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM qm_entries WHERE table_id = $1 AND key = $2 AND key <> ''`, tableID, e.Key).Scan(&n); err != nil {
					return err
				}
				if n > 0 {
					return fmt.Errorf("%w: %q in table %s", ErrDuplicateKey, e.Key, tableID)
				}
			}
			_, err = tx.Exec(ctx, `INSERT INTO qm_entries (table_id, version, kind, key, source, actor, action, events, target, reason, proposed, time_ns)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
				tableID, int64(e.Version), string(e.Kind), e.Key, e.Source, e.Actor, pgText(e.Action), pgText(e.Events),
				int64(e.Target), e.Reason, pgText(e.Proposed), e.Time.UnixNano())
			if err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `UPDATE qm_tables SET last_version = $1, updated_ns = $2, over = $3 WHERE id = $4`,
				int64(e.Version), e.Time.UnixNano(), overFlag(e.Over), tableID)
			return err
		})
	})
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrConflict) && !errors.Is(err, ErrDuplicateKey) {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	return err
}

// SetSummary implements Store.
func (p *Postgres) SetSummary(ctx context.Context, tableID string, sum Summary) error {
	var n int64
	err := p.with(ctx, func(c *pgx.Conn) error {
		tag, err := c.Exec(ctx, `UPDATE qm_tables SET last_version = $1, updated_ns = $2, over = $3 WHERE id = $4`,
			int64(sum.Version), sum.Updated.UnixNano(), overFlag(sum.Over), tableID)
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return fmt.Errorf("store: summary of %s: %w", tableID, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, tableID)
	}
	return nil
}

func pgText(b []byte) *string {
	if len(b) == 0 {
		return nil
	}
	s := string(b)
	return &s
}

func scanPgEntry(r pgx.Row) (Entry, error) {
	var e Entry
	var version, target, t int64
	var kind string
	var action, events, proposed *string
	if err := r.Scan(&version, &kind, &e.Key, &e.Source, &e.Actor, &action, &events, &target, &e.Reason, &proposed, &t); err != nil {
		return e, err
	}
	e.Version, e.Target, e.Kind = uint64(version), uint64(target), Kind(kind)
	e.Action, e.Events, e.Proposed = pgRaw(action), pgRaw(events), pgRaw(proposed)
	e.Time = time.Unix(0, t).UTC()
	return e, nil
}

func pgRaw(s *string) []byte {
	if s == nil {
		return nil
	}
	return rawOrNil([]byte(*s))
}

// Entries implements Store.
func (p *Postgres) Entries(ctx context.Context, tableID string) ([]Entry, error) {
	var out []Entry
	err := p.with(ctx, func(c *pgx.Conn) error {
		rows, err := c.Query(ctx, `SELECT `+entryCols+` FROM qm_entries WHERE table_id = $1 ORDER BY version`, tableID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanPgEntry(rows)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: entries of %s: %w", tableID, err)
	}
	return out, nil
}

// FindKey implements Store.
func (p *Postgres) FindKey(ctx context.Context, tableID, key string) (Entry, bool, error) {
	if key == "" {
		return Entry{}, false, nil
	}
	var e Entry
	err := p.with(ctx, func(c *pgx.Conn) error {
		var err error
		e, err = scanPgEntry(c.QueryRow(ctx, `SELECT `+entryCols+` FROM qm_entries WHERE table_id = $1 AND key = $2 AND key <> ''`, tableID, key))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Entry{}, false, nil
	}
	if err != nil {
		return Entry{}, false, fmt.Errorf("store: key %q of %s: %w", key, tableID, err)
	}
	return e, true, nil
}
