package web

import (
	"net/http"
	"sort"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// words splits text into lower-case words for matching.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// searchNotes returns the notes matching every word of q, best first: a word
// in the title or a tag counts more than one in the text. Words match by
// prefix, so "explor" finds "explore" and "explorer"; exact words count
// double. An empty query returns
// every note in order.
func searchNotes(notes []engine.HelpNote, q string) []engine.HelpNote {
	qs := words(q)
	if len(qs) == 0 {
		return notes
	}
	type hit struct {
		n     engine.HelpNote
		score int
		pos   int
	}
	var hits []hit
	for i, n := range notes {
		title, tags, text := words(n.Title), words(strings.Join(n.Keywords, " ")), words(n.Text)
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
	out := make([]engine.HelpNote, len(hits))
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

// searchHelp serves GET /api/help?q=words, the address of the dashboard
// from before the game kit: the help of the first game served that has
// notes. Screens built on the kit ask /api/rules/{rules}/help.
func (s *Server) searchHelp(c echo.Context) error {
	for _, n := range s.rules.order {
		if _, ok := s.rules.by[n].(engine.HelpNotes); ok {
			c.SetParamNames("rules")
			c.SetParamValues(n)
			return s.rulesHelp(c)
		}
	}
	return c.JSON(http.StatusOK, []engine.HelpNote{})
}
