package companion

import (
	"os"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// BenchmarkSubmitSQLite: accepted actions per second through Session.Submit
// on the SQLite store (each one committed with synchronous=FULL before
// Submit returns).
func BenchmarkSubmitSQLite(b *testing.B) {
	tt := newTestTable(b, 1, ManagerOpts{})
	benchSubmit(b, tt.s)
}

// BenchmarkSubmitPostgres is the same on the PostgreSQL store at
// DATABASE_URL (skipped without one).
func BenchmarkSubmitPostgres(b *testing.B) {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		b.Skip("DATABASE_URL is not set")
	}
	st, err := store.OpenPostgres(bg, dsn)
	if err != nil {
		b.Skipf("PostgreSQL at DATABASE_URL cannot be reached: %v", err)
	}
	defer st.Close()
	m, _ := NewManager(nil, st, []engine.Rules{newToyRules()}, ManagerOpts{})
	defer m.Close()
	s, _, err := m.Create(bg, CreateRequest{Rules: "test-counter", Setup: []byte(`{"players":1}`), Players: []PlayerInfo{{Name: "Ann"}}})
	if err != nil {
		b.Fatal(err)
	}
	benchSubmit(b, s)
}

func benchSubmit(b *testing.B, s *Session) {
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := s.Submit(bg, Submission{Access: tablet, Action: add(0, 1), BaseVersion: uint64(i), Key: "k" + itoa(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}

// BenchmarkFanout50: from the call of Submit to all 50 subscribers (46 on
// the public view, 4 on players' private views) holding their update, on
// SQLite. p50 and p99 of that latency are reported.
func BenchmarkFanout50(b *testing.B) {
	const subscribers = 50
	tt := newTestTable(b, 4, ManagerOpts{SubscriberBuffer: 256})
	var remaining atomic.Int32
	done := make(chan time.Time, 1)
	for i := 0; i < subscribers; i++ {
		v := engine.Public
		if i < 4 {
			v = engine.PlayerViewer(engine.Seat(i))
		}
		ch, cancel := tt.s.Subscribe(v, 0)
		defer cancel()
		go func() {
			for range ch {
				if remaining.Add(-1) == 0 {
					done <- time.Now()
				}
			}
		}()
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		remaining.Store(subscribers)
		t0 := time.Now()
		if _, err := tt.s.Submit(bg, Submission{Access: tablet, Action: add(i%4, 1), BaseVersion: uint64(i)}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, (<-done).Sub(t0))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

func itoa(i int) string {
	var buf [20]byte
	n := len(buf)
	for {
		n--
		buf[n] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			return string(buf[n:])
		}
	}
}
