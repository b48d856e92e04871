package companion

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// crashChild is the program the crash test kills: it opens the table in dir
// (creating it the first time), then submits actions as fast as it can and
// prints "ACK <version>" the moment each Submit returns. It never ends by
// itself.
func crashChild(dir string) {
	st, err := openStoreDir(dir)
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	m, _ := NewManager(nil, st, []engine.Rules{newToyRules()}, ManagerOpts{})
	var s *Session
	if id, err := os.ReadFile(dir + "/table-id"); err == nil {
		s, err = m.Get(bg, string(id))
		if err != nil {
			fmt.Println("ERR", err)
			os.Exit(1)
		}
	} else {
		seed := uint64(7)
		s, _, err = m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":1}`), Seed: &seed,
			Players: []PlayerInfo{{Name: "Ann", Seat: 0}}})
		if err != nil {
			fmt.Println("ERR", err)
			os.Exit(1)
		}
		os.WriteFile(dir+"/table-id", []byte(s.ID()), 0o644)
	}
	out := bufio.NewWriter(os.Stdout)
	for {
		r, err := s.Submit(bg, Submission{Access: tablet, Action: add(0, 1), BaseVersion: s.Version(), Key: fmt.Sprintf("k%d", s.Version())})
		if err != nil {
			fmt.Fprintln(out, "ERR", err)
			out.Flush()
			os.Exit(1)
		}
		fmt.Fprintln(out, "ACK", r.Version)
		out.Flush() // the parent must not hear of an action before Submit returned
	}
}

func TestMain(m *testing.M) {
	if dir := os.Getenv("QM_CRASH_CHILD"); dir != "" {
		crashChild(dir)
		return
	}
	os.Exit(m.Run())
}

// TestCrashLosesNothingAcknowledged kills a process writing to the table
// with SIGKILL in the middle of its work, three times over, and checks that
// every action it acknowledged is there after each restart and that the
// table replays to exactly those actions.
func TestCrashLosesNothingAcknowledged(t *testing.T) {
	dir := t.TempDir()
	acks := 25
	if testing.Short() {
		acks = 10
	}
	var lastAck uint64
	for round := 1; round <= 3; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "QM_CRASH_CHILD="+dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		seen := 0
		deadline := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
		for sc.Scan() {
			line := sc.Text()
			v, ok := strings.CutPrefix(line, "ACK ")
			if !ok {
				t.Fatalf("round %d: child said %q", round, line)
			}
			n, _ := strconv.ParseUint(v, 10, 64)
			if n != lastAck+1 {
				t.Fatalf("round %d: child acknowledged version %d after %d", round, n, lastAck)
			}
			lastAck = n
			if seen++; seen == acks {
				cmd.Process.Kill() // in the middle of the next Submit, most likely
				break
			}
		}
		// The child may have acknowledged more before it died than the
		// parent had read (the pipe holds them; a loaded machine reads
		// late): those count as acknowledged too.
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "ACK "); ok {
				if n, err := strconv.ParseUint(v, 10, 64); err == nil && n == lastAck+1 {
					lastAck = n
				}
			}
		}
		deadline.Stop()
		cmd.Wait()
		if seen < acks {
			t.Fatalf("round %d: child stopped after %d acknowledgements", round, seen)
		}

		st, err := openStoreDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := NewManager(nil, st, []engine.Rules{newToyRules()}, ManagerOpts{})
		id, _ := os.ReadFile(dir + "/table-id")
		s, err := m.Get(bg, string(id))
		if err != nil {
			t.Fatalf("round %d: the table does not load after the crash: %v", round, err)
		}
		ver := s.Version()
		if ver < lastAck {
			t.Errorf("round %d: %d actions were acknowledged but only %d are in the log", round, lastAck, ver)
		}
		if ver > lastAck+1 {
			t.Errorf("round %d: the log has %d entries, more than the %d acknowledged plus the one in flight", round, ver, lastAck)
		}
		var v toyView
		json.Unmarshal(s.View(engine.Public).View, &v)
		if uint64(v.Counter) != ver {
			t.Errorf("round %d: counter %d after replaying %d actions", round, v.Counter, ver)
		}
		lastAck = ver // the one in flight may have made it: the child goes on from there
		m.Close()
		st.Close()
	}
}

func openStoreDir(dir string) (*store.SQLite, error) {
	return store.OpenSQLite(filepath.Join(dir, "quartermaster.db"))
}

// TestStoreClosedMidwayLosesNothingAcknowledged closes the store under a
// table that is busy taking actions: the actions after the close are
// refused, and every one acknowledged before is there after reopening.
func TestStoreClosedMidwayLosesNothingAcknowledged(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{})
	acked := make(chan uint64, 1000)
	stopped := make(chan error, 1)
	go func() {
		for {
			r, err := tt.s.Submit(bg, Submission{Access: tablet, Action: add(0, 1), BaseVersion: tt.s.Version()})
			if err != nil {
				stopped <- err
				return
			}
			acked <- r.Version
		}
	}()
	for len(acked) < 20 {
		time.Sleep(time.Millisecond)
	}
	tt.st.Close()
	if err := <-stopped; err == nil {
		t.Fatal("actions were still acknowledged after the store closed")
	}
	close(acked)
	var last uint64
	for v := range acked {
		last = v
	}
	if v := tt.s.Version(); v != last {
		t.Errorf("the table says version %d but %d was the last acknowledged", v, last)
	}
	tt.restart()
	if v := tt.s.Version(); v != last {
		t.Errorf("after reopening: version %d, want the %d acknowledged", v, last)
	}
	if c := tt.counter(); uint64(c) != last {
		t.Errorf("after reopening: counter %d, want %d", c, last)
	}
}
