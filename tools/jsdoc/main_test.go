package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFileUpToDate fails when a Go struct the dashboard reads
// changed and web/ui/js/types.gen.js was not generated again.
func TestGeneratedFileUpToDate(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", Out))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: run go run ./tools/jsdoc from the repository's root", Out)
	}
}

// TestTypedefsSayWhatTheServerSends: a few fields the dashboard relies on,
// with their JSON names and optional marks.
func TestTypedefsSayWhatTheServerSends(t *testing.T) {
	src, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
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
