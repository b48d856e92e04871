package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesUpToDate fails when a Go struct the dashboard reads
// changed and its types.gen.js was not generated again.
func TestGeneratedFilesUpToDate(t *testing.T) {
	for _, o := range Outputs {
		want, err := Generate(o.Roots...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", "..", o.File))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run go run ./tools/jsdoc from the repository's root", o.File)
		}
	}
}

// TestTypedefsSayWhatTheServerSends: a few fields the dashboard relies on,
// with their JSON names and optional marks.
func TestTypedefsSayWhatTheServerSends(t *testing.T) {
	var all []byte
	for _, o := range Outputs {
		src, err := Generate(o.Roots...)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, src...)
	}
	s := string(all)
	for _, want := range []string{
		"@typedef {Object} RulesInfo",
		"@property {string} rules",
		"@property {Array<Option>} options",
		"@property {Array<Colour>} [colours]",
		"@typedef {Object} Snapshot",
		"@property {Array<Expect>} expects",
		"@typedef {Object} RaceToTenView",
		"@property {number} counter",
		"@typedef {Object} DRView",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the typedefs lack %q", want)
		}
	}
}
