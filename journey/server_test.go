package journey

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The binary is built once per test process, into a directory removed at
// the end of TestMain.
var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// binary builds cmd/quartermaster as `make build` does (with the camera).
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("journeys build and run the whole program: skipped with -short")
	}
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "qm-journey-bin")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "quartermaster")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/quartermaster")
		cmd.Dir = ".."
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out.String())
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// server is one running `quartermaster serve --sim`.
type server struct {
	URL  string
	Data string
	log  *bytes.Buffer
}

// startServer starts the program as `make run` does, on a free port with
// its own data directory, and stops it when the test ends. extra are more
// serve flags (e.g. --test-games).
func startServer(t *testing.T, extra ...string) *server {
	t.Helper()
	bin := binary(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	data := t.TempDir()
	// A fixed seed: the simulated tower drops the same cubes every run, so
	// a scripted game's battles (and the plunder that fills the holds, and
	// so the sails) come out the same; a run with a clock seed once left
	// Ann's holds full and her sails at 0, and the journey could not sail.
	args := append([]string{"serve", "--addr", addr, "--data", data, "--sim", "--sim-seed", "1"}, extra...)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	log := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &server{URL: "http://" + addr, Data: data, log: &log.b}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("server log:\n%s", tail(log.String(), 4000))
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		r, err := http.Get(s.URL + "/api/health")
		if err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == 200 {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not start in 60 s: %v\n%s", err, tail(log.String(), 4000))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// syncBuffer is a bytes.Buffer the server's two output streams share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[strings.LastIndexByte(s[:len(s)-n], '\n')+1:]
}
