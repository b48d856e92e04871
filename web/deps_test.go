package web

import (
	"os/exec"
	"strings"
	"testing"
)

// TestServesNoParticularGame: the web server and the companion learn about
// games only through the kit (engine/kit.go), so neither depends on a
// rules package; cmd lists the games served.
func TestServesNoParticularGame(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to list the dependencies:", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", "./web/...", "./companion/...")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list gave %d packages: %s", len(deps), out)
	}
	for _, p := range deps {
		for _, game := range []string{"/engine/deadreckoning", "/engine/racetoten"} {
			if strings.Contains(p, game) {
				t.Errorf("web or companion depends on %s", p)
			}
		}
	}
}
