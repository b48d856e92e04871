package companion

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Export kinds.
const (
	ExportJSON    = "json"
	ExportBGStats = "bgstats"
)

// LogExport is the "json" export: the table and its whole log.
type LogExport struct {
	Format  string          `json:"format"` // "quartermaster-log"
	Table   string          `json:"table"`
	Rules   string          `json:"rules"`
	Setup   json.RawMessage `json:"setup"`
	Seed    uint64          `json:"seed"`
	Players []PlayerInfo    `json:"players"`
	Created time.Time       `json:"created"`
	Version uint64          `json:"version"`
	Over    bool            `json:"over"`
	// Redacted is true when the log was cut for the viewer (the game is not
	// over: secrets stay secret).
	Redacted bool       `json:"redacted"`
	Entries  []LogEntry `json:"entries"`
}

// Export writes the table out. "json": the full log; while the game runs it
// is redacted for the caller's viewer (even the host's: the host is often a
// player too), once it is over it holds every secret. "bgstats": the play in
// BG Stats' createPlay JSON, only for a finished game whose rules report
// their scores (Scorer).
func (s *Session) Export(a Access, kind string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	over := s.game.Over()
	switch kind {
	case ExportJSON:
		x := LogExport{Format: "quartermaster-log", Table: s.rec.ID, Rules: s.rec.Rules, Players: s.players,
			Created: s.rec.Created, Version: uint64(len(s.log)), Over: over, Redacted: !over,
			Entries: s.history(a.Viewer, over)}
		if over {
			x.Setup, x.Seed = s.rec.Setup, s.rec.Seed
		}
		return json.MarshalIndent(x, "", "  ")
	case ExportBGStats:
		if !over {
			return nil, ErrNotOver
		}
		return s.bgStats()
	}
	return nil, engine.Malformed("unknown export %q (want %q or %q)", kind, ExportJSON, ExportBGStats)
}

// BGStatsPlay is BG Stats' createPlay JSON, as documented at
// https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
// (sent url-encoded as ?data= to app.bgstatsapp.com/createPlay.html).
type BGStatsPlay struct {
	// SourceName and SourcePlayID name the app and the play, so BG Stats
	// recognises a play it has already imported.
	SourceName   string          `json:"sourceName"`
	SourcePlayID string          `json:"sourcePlayId"`
	Board        string          `json:"board"`
	DurationMin  int             `json:"durationMin"`
	Comments     string          `json:"comments"`
	Game         BGStatsGame     `json:"game"`
	Location     string          `json:"location,omitempty"`
	PlayDate     string          `json:"playDate"` // "2006-01-02 15:04:05"
	Players      []BGStatsPlayer `json:"players"`
}

// BGStatsGame is the game of a BG Stats play.
type BGStatsGame struct {
	BGGID        int    `json:"bggId,omitempty"`
	HighestWins  bool   `json:"highestWins"`
	Name         string `json:"name"`
	NoPoints     bool   `json:"noPoints"`
	SourceGameID string `json:"sourceGameId"`
}

// BGStatsPlayer is one player of a BG Stats play.
type BGStatsPlayer struct {
	StartPlayer    bool    `json:"startPlayer"`
	Name           string  `json:"name"`
	Rank           int     `json:"rank"`
	Role           string  `json:"role"`
	Score          float64 `json:"score"`
	SourcePlayerID string  `json:"sourcePlayerId"`
	Winner         bool    `json:"winner"`
}

// StartPlayer is implemented by games that know who played first.
type StartPlayer interface {
	StartPlayer() engine.Seat
}

// bgStats builds the play; with s.mu held.
func (s *Session) bgStats() ([]byte, error) {
	sc, ok := s.game.(Scorer)
	if !ok {
		return nil, fmt.Errorf("the %s rules do not report final scores, so there is nothing to send to BG Stats", s.rec.Rules)
	}
	scores, winners := sc.FinalScores()
	info := s.m.opts.Games[s.rec.Rules]
	if info.Name == "" {
		info.Name, info.HighestWins = s.rec.Rules, true
	}
	end := s.rec.Created
	if n := len(s.log); n > 0 {
		end = s.log[n-1].Time
	}
	play := BGStatsPlay{
		SourceName:   "quartermaster",
		SourcePlayID: s.rec.ID,
		DurationMin:  int(math.Round(end.Sub(s.rec.Created).Minutes())),
		Comments:     "Recorded by quartermaster, table " + s.rec.ID + ".",
		Game:         BGStatsGame{BGGID: info.BGGID, HighestWins: info.HighestWins, Name: info.Name, SourceGameID: s.rec.Rules},
		Location:     s.m.opts.Location,
		PlayDate:     s.rec.Created.In(time.Local).Format("2006-01-02 15:04:05"),
	}
	start := engine.NoSeat
	if sp, ok := s.game.(StartPlayer); ok {
		start = sp.StartPlayer()
	}
	won := map[engine.Seat]bool{}
	for _, w := range winners {
		won[w] = true
	}
	for _, p := range s.players {
		var score float64
		if int(p.Seat) < len(scores) {
			score = scores[p.Seat]
		}
		play.Players = append(play.Players, BGStatsPlayer{StartPlayer: p.Seat == start, Name: p.Name, Role: p.Colour,
			Score: score, SourcePlayerID: fmt.Sprintf("%s-seat-%d", s.rec.ID, int(p.Seat)+1), Winner: won[p.Seat]})
	}
	rankPlayers(play.Players, info.HighestWins)
	return json.MarshalIndent(play, "", "  ")
}

// rankPlayers sets Rank: winners first, then by score; equal scores share a
// rank (1, 2, 2, 4).
func rankPlayers(ps []BGStatsPlayer, highestWins bool) {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	better := func(a, b BGStatsPlayer) bool {
		if a.Winner != b.Winner {
			return a.Winner
		}
		if highestWins {
			return a.Score > b.Score
		}
		return a.Score < b.Score
	}
	sort.SliceStable(idx, func(i, j int) bool { return better(ps[idx[i]], ps[idx[j]]) })
	for pos, i := range idx {
		rank := pos + 1
		if pos > 0 {
			prev := ps[idx[pos-1]]
			if !better(prev, ps[i]) && !better(ps[i], prev) {
				rank = prev.Rank
			}
		}
		ps[i].Rank = rank
	}
}
