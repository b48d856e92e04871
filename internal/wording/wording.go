// Package wording checks the sentences the engines give players to read (a
// refusal's detail, a log line) against the team's house rules for them: a
// capital letter first, no programmer's ids, no full stop at the end (a
// refusal or a log line is shown alone, as a label), and counts that agree.
//
// It is used by the engines' tests only, twice over: on every sentence a test
// makes the engine say (Check, with the real names filled in) and on every
// sentence written in the engine's source (Scan, with placeholders for the
// values), so that a sentence no test happens to reach is read too.
package wording

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var (
	// hyphenDigit is an id such as "deck-hand-1" or "row-2": a word joined by
	// a hyphen to a number. Printed names never look like that.
	hyphenDigit = regexp.MustCompile(`\b[A-Za-z]+(?:-[A-Za-z0-9]+)*-[0-9]+\b|\b[0-9]+-[A-Za-z]+\b`)
	// gridCell is a board position written as a code, "R1C1".
	gridCell = regexp.MustCompile(`\bR[0-9]+C[0-9]+\b`)
	// goResidue is what fmt leaves behind when given the wrong value, and
	// a list of ids printed with %v ("[plunder attack]").
	goResidue = regexp.MustCompile(`%!|<nil>|map\[|\[\]|&\{|\(MISSING\)|\(s\)|\[[a-z][a-z0-9-]*(?: [a-z0-9-]+)*\]`)
	// oneMany is "1" with a plural noun: "1 bounties", "1 English bounties".
	// A colour between ("1 purple cubes") counts too.
	oneMany = regexp.MustCompile(`(?:^|[^0-9.,])1 (?:[A-Z][a-z]+ |(?:black|blue|green|orange|purple|red|white|yellow) )?(bounties|coins|cubes|cards|ships|points|hits|dice|cargo tokens|turns|actions|spaces|glory points|doubloons|treasures|deckhands|successes|sails|damage tokens)\b`)
	// manyOne is a number other than 1 with a singular noun: "2 bounty",
	// "2 English bounty".
	manyOne = regexp.MustCompile(`\b(?:[02-9]|[1-9][0-9]+) (?:[A-Z][a-z]+ )?(bounty|coin|cube|card|ship|point|die|turn|action|space|glory point|doubloon|treasure|deckhand|success)\b`)
)

// Check returns why s is not a sentence for players, or nil. ids are the
// engine's own lower-case names for things printed with a capital (a
// nation's id "english" for "England", a good's id "rum" for "Rum"): a
// sentence naming one of them as a word shows the id, not the printed name.
func Check(s string, ids ...string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("empty sentence")
	}
	if s != strings.TrimSpace(s) || strings.Contains(s, "  ") {
		return fmt.Errorf("%q: stray spaces", s)
	}
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) {
		return fmt.Errorf("%q: does not start with a capital letter", s)
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if strings.ContainsRune(".,;:", last) {
		return fmt.Errorf("%q: ends with %q (sentences end without a full stop)", s, last)
	}
	if m := hyphenDigit.FindString(s); m != "" {
		return fmt.Errorf("%q: names %q, an id, not a printed name", s, m)
	}
	if m := gridCell.FindString(s); m != "" {
		return fmt.Errorf("%q: names %q, a grid code, not a place", s, m)
	}
	if m := goResidue.FindString(s); m != "" {
		return fmt.Errorf("%q: shows %q, a programmer's notation", s, m)
	}
	if m := oneMany.FindStringSubmatch(s); m != nil {
		return fmt.Errorf("%q: counts 1 %s", s, m[1])
	}
	if m := manyOne.FindString(s); m != "" {
		return fmt.Errorf("%q: counts %q", s, m)
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
		for _, id := range ids {
			if w == id {
				return fmt.Errorf("%q: names %q, an id, not the printed name", s, w)
			}
		}
	}
	return nil
}

// Found is one sentence written in a package's source: where, and its text
// with each formatting verb replaced by a placeholder (a name for %s, %v
// and %q, "2" for %d), so that Check can read it.
type Found struct {
	Pos  string
	Text string
}

// Calls names the functions whose argument is a sentence for players, by
// the called name (a method's or a package function's last part), with the
// index of that argument. A call whose argument is not a string literal, a
// fmt.Sprintf of one or a + of them (a variable, say) is left out: the
// tests' Check reads what it holds.
type Calls map[string]int

// Scan reads the non-test Go files of dir and returns every sentence given
// to one of calls, sorted by position.
func Scan(dir string, calls Calls) ([]Found, error) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var out []Found
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			i, ok := calls[calledName(call)]
			if !ok || i >= len(call.Args) {
				return true
			}
			if text, ok := sentence(call.Args[i]); ok {
				p := fset.Position(call.Args[i].Pos())
				out = append(out, Found{Pos: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), Text: text})
			}
			return true
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out, nil
}

func calledName(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// sentence reads a sentence argument: a literal, fmt.Sprintf(literal, ...)
// or a + of literals and values (a value becomes a placeholder name).
func sentence(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		if err != nil {
			return "", false
		}
		return placeholders(s), true
	case *ast.CallExpr:
		if calledName(x) == "Sprintf" && len(x.Args) > 0 {
			return sentence(x.Args[0])
		}
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		l, lok := sentence(x.X)
		r, rok := sentence(x.Y)
		if !lok && !rok {
			return "", false
		}
		if !lok {
			l = "Ann"
		}
		if !rok {
			r = "Ann"
		}
		return l + r, true
	case *ast.ParenExpr:
		return sentence(x.X)
	}
	return "", false
}

var verb = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z%]`)

// placeholders fills a format's verbs with values that pass Check, so only
// the words around them are judged: a name for a string, 2 for a number.
func placeholders(format string) string {
	return verb.ReplaceAllStringFunc(format, func(v string) string {
		switch v[len(v)-1] {
		case '%':
			return "%"
		case 'd':
			return "2"
		case 'q':
			return `"Ann"`
		}
		return "Ann"
	})
}
