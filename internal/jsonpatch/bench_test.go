package jsonpatch

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// BenchmarkDiffDeadReckoning: the patch between two public views of a Dead
// Reckoning table (the engine's test setup), before and after Ann moves a
// cargo between her holds, as the fan-out benchmark does (a view of about
// 3.8 kB).
func BenchmarkDiffDeadReckoning(b *testing.B) {
	script, err := os.ReadFile("../../engine/deadreckoning/testdata/script-basic.json")
	if err != nil {
		b.Skip(err)
	}
	var sc struct {
		Setup json.RawMessage `json:"setup"`
	}
	json.Unmarshal(script, &sc)
	r := deadreckoning.Rules()
	g, err := r.New(sc.Setup, 42)
	if err != nil {
		b.Fatal(err)
	}
	apply := func(s string) {
		a, err := r.DecodeAction(json.RawMessage(s))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	apply(`{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}}`)
	before, _ := json.Marshal(g.View(engine.Public))
	apply(`{"type":"rearrange","seat":0,"holds":{"D":{"cargo":1}}}`)
	after, _ := json.Marshal(g.View(engine.Public))
	p, err := Diff(before, after)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		Diff(before, after)
	}
	b.ReportMetric(float64(len(before)), "view-bytes")
	b.ReportMetric(float64(len(p)), "patch-bytes")
}
