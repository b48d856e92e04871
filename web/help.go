package web

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"
)

// RuleNote is one short note of rules help, in our own words, with the page
// of the printed rulebook where the rule is.
type RuleNote struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Text  string   `json:"text"`
	Pages []int    `json:"pages"`
	Tags  []string `json:"tags,omitempty"`
}

//go:embed rulenotes.json
var ruleNotesJSON []byte

// ruleNotes are decoded once; a broken file is a build defect that the tests
// catch, so it panics at start rather than serving half the help.
var ruleNotes = mustNotes(ruleNotesJSON)

func mustNotes(b []byte) []RuleNote {
	var ns []RuleNote
	if err := json.Unmarshal(b, &ns); err != nil {
		panic(fmt.Sprintf("web: rulenotes.json: %v", err))
	}
	return ns
}

// words splits text into lower-case words for matching.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// searchNotes returns the notes matching every word of q, best first: a word
// in the title or a tag counts more than one in the text. Words match by
// prefix, so "explor" finds "explore" and "explorer"; exact words count
// double. An empty query returns
// every note in order.
func searchNotes(notes []RuleNote, q string) []RuleNote {
	qs := words(q)
	if len(qs) == 0 {
		return notes
	}
	type hit struct {
		n     RuleNote
		score int
		pos   int
	}
	var hits []hit
	for i, n := range notes {
		title, tags, text := words(n.Title), words(strings.Join(n.Tags, " ")), words(n.Text)
		score := 0
		for _, w := range qs {
			s := 3*countPrefix(title, w) + 3*countPrefix(tags, w) + countPrefix(text, w)
			if s > 0 && n.ID == w {
				s += 10 // the note named after the word is the one asked for
			}
			if s == 0 {
				score = 0
				break
			}
			score += s
		}
		if score > 0 {
			hits = append(hits, hit{n, score, i})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	out := make([]RuleNote, len(hits))
	for i, h := range hits {
		out[i] = h.n
	}
	return out
}

func countPrefix(ws []string, w string) int {
	n := 0
	for _, x := range ws {
		if x == w {
			n += 2
		} else if strings.HasPrefix(x, w) {
			n++
		}
	}
	return n
}

func (s *Server) searchHelp(c echo.Context) error {
	q := c.QueryParam("q")
	if len(q) > 200 {
		return fail(errBadRequest, "the search is too long; try a few words")
	}
	res := searchNotes(ruleNotes, q)
	if res == nil {
		res = []RuleNote{}
	}
	return c.JSON(http.StatusOK, res)
}
