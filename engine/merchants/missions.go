package merchants

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

func init() {
	registerAction("mission-claim", func() engine.Action { return &MissionClaim{} })
	registerAction("mission-complete", func() engine.Action { return &MissionComplete{} })
	registerAction("rumor", func() engine.Action { return &AcquireRumor{} })
	registerAction("rumor-keep", func() engine.Action { return &RumorKeep{} })
	registerAction("rumor-attempt", func() engine.Action { return &RumorAttempt{} })
}

const (
	secRumor   = "Port > Acquire a rumor"
	secMission = "Port > Claim a mission"
	priceRumor = 2
)

// Mission is a mission card: where it is claimed and the gold it earns
// (other benefits and the requirement are its text, read at the table).
type Mission struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Text string `json:"text,omitempty"`
	Zone string `json:"zone"`
	Gold int    `json:"gold,omitempty"`
}

// Rumor is a rumor card: the skill rolled to find it true, and its text.
type Rumor struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Text  string `json:"text,omitempty"`
	Skill string `json:"skill"`
}

// Skills are the captain skills a rumor may ask for.
var Skills = []string{"seamanship", "scouting", "leadership", "influence"}

func (c *Catalog) mission(id string) *Mission {
	for i := range c.Missions {
		if c.Missions[i].ID == id {
			return &c.Missions[i]
		}
	}
	return nil
}

func (c *Catalog) rumor(id string) *Rumor {
	for i := range c.Rumors {
		if c.Rumors[i].ID == id {
			return &c.Rumors[i]
		}
	}
	return nil
}

func (cp *Captain) skill(name string) int {
	switch name {
	case "seamanship":
		return cp.Seamanship
	case "scouting":
		return cp.Scouting
	case "leadership":
		return cp.Leadership
	}
	return cp.Influence
}

// drawMission puts the next mission card in play, at the zone it names.
func (c *ctx) drawMission() {
	s := c.s
	if len(s.MissionDeck) == 0 {
		return
	}
	id := s.MissionDeck[0]
	s.MissionDeck = s.MissionDeck[1:]
	s.Missions = append(s.Missions, id)
	m := c.cat.mission(id)
	c.emit(engine.NewEvent("mission-placed", engine.NoSeat, fmt.Sprintf("A new mission, %s, waits at %s", m.Name, c.cat.zone(m.Zone).Port), map[string]any{"mission": m}))
}

// MissionClaim tries to take a mission in play at this port (a port
// activity). Met says whether the captain meets the card's requirement,
// which the table reads; a failed attempt leaves it in play.
type MissionClaim struct {
	engine.ActionHeader
	Mission string `json:"mission"`
	Met     bool   `json:"met"`
}

func (a *MissionClaim) apply(c *ctx) error {
	p, err := c.activity(&a.ActionHeader, "mission")
	if err != nil {
		return err
	}
	s := c.s
	m := c.cat.mission(a.Mission)
	if m == nil || !in(s.Missions, a.Mission) || m.Zone != p.Zone {
		return engine.RefuseIn("mission-port", secMission, "That mission is not waiting in this port")
	}
	if !a.Met {
		c.emit(engine.NewEvent("mission-failed", a.Seat, fmt.Sprintf("%s cannot take %s yet", p.Name, m.Name), map[string]string{"mission": m.ID}))
		return nil
	}
	s.Missions = remove(s.Missions, m.ID)
	if p.Mission != "" {
		s.MissionDiscard = append(s.MissionDiscard, p.Mission)
	}
	p.Mission = m.ID
	c.emit(engine.NewEvent("mission-claimed", a.Seat, fmt.Sprintf("%s takes the mission %s", p.Name, m.Name), map[string]any{"mission": m}))
	c.drawMission()
	return nil
}

// MissionComplete completes the held mission: its gold, a glory point and a
// glory card (other benefits are entered with Adjust).
type MissionComplete struct{ engine.ActionHeader }

func (a *MissionComplete) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if p.Mission == "" {
		return engine.RefuseIn("mission-none", secMission, "You hold no mission")
	}
	m := c.cat.mission(p.Mission)
	c.s.MissionDiscard = append(c.s.MissionDiscard, p.Mission)
	p.Mission = ""
	p.Gold += m.Gold
	c.emit(engine.NewEvent("mission-completed", a.Seat, fmt.Sprintf("%s completes %s", p.Name, m.Name), map[string]any{"mission": m, "gold": m.Gold}))
	c.gainGlory(int(a.Seat), "completing a mission")
	return nil
}

// AcquireRumor pays 2 gold (none in Curaçao) and rolls INFLUENCE; a success
// draws a rumor card in secret (a port activity).
type AcquireRumor struct{ engine.ActionHeader }

func (a *AcquireRumor) apply(c *ctx) error {
	p, err := c.activity(&a.ActionHeader, "rumor")
	if err != nil {
		return err
	}
	price := priceRumor
	if c.ability(p.Zone) == AbilityCuracao {
		price = 0
	}
	if len(c.s.RumorDeck) == 0 {
		return engine.RefuseIn("rumor-none", secRumor, "No rumor card is left")
	}
	if p.Gold < price {
		return engine.RefuseIn("not-enough-gold", secRumor, "A rumor costs %d gold", price)
	}
	p.Gold -= price
	req := c.ask(int(a.Seat), "", p.Name+" seeks a rumor (Influence)", c.cat.captain(p.Captain).Influence)
	c.s.Pending = &Pending{Kind: "rumor", Seat: int(a.Seat), Request: req}
	return nil
}

// rumorRolled settles the INFLUENCE roll: a success draws a rumor; a second
// one waits for the player to keep one (RumorKeep).
func (c *ctx) rumorRolled(pd *Pending, n int) {
	s := c.s
	p := s.Players[pd.Seat]
	s.Pending = nil
	if n == 0 || len(s.RumorDeck) == 0 {
		c.emit(engine.NewEvent("rumor-missed", engine.Seat(pd.Seat), p.Name+" hears no rumor", nil))
		return
	}
	id := s.RumorDeck[0]
	s.RumorDeck = s.RumorDeck[1:]
	r := c.cat.rumor(id)
	c.emit(engine.NewEvent("rumor-drawn", engine.Seat(pd.Seat), p.Name+" hears a rumor", nil).WithSecret("You hear: "+r.Name, map[string]any{"rumor": r}))
	if p.Rumor == "" {
		p.Rumor = id
		return
	}
	s.Pending = &Pending{Kind: "rumor-keep", Seat: pd.Seat, Token: id}
}

// RumorKeep keeps one of two rumors; the other goes back into the deck.
type RumorKeep struct {
	engine.ActionHeader
	Rumor string `json:"rumor"`
}

func (a *RumorKeep) apply(c *ctx) error {
	s := c.s
	pd := s.Pending
	if pd == nil || pd.Kind != "rumor-keep" || pd.Seat != int(a.Seat) {
		return engine.RefuseIn("rumor-none", secRumor, "No second rumor waits for your choice")
	}
	p := s.Players[a.Seat]
	if a.Rumor != p.Rumor && a.Rumor != pd.Token {
		return engine.RefuseIn("rumor-none", secRumor, "Keep one of your two rumors")
	}
	back := pd.Token
	if a.Rumor == pd.Token {
		back = p.Rumor
	}
	p.Rumor = a.Rumor
	at := s.rng.IntN(len(s.RumorDeck) + 1)
	s.RumorDeck = append(s.RumorDeck[:at:at], append([]string{back}, s.RumorDeck[at:]...)...)
	s.Pending = nil
	c.emit(engine.NewEvent("rumor-kept", a.Seat, p.Name+" keeps one rumor and shuffles the other back", nil))
	if s.Stage == StagePlay && s.Players[s.Active].NeedCaptain && s.Fight == nil {
		// Kept after a crew combat that killed the captain whose turn it was.
		c.endTurn()
	}
	return nil
}

// RumorAttempt acts on the held rumor: roll the skill it names; a failure
// discards it as false, a success earns a glory point and a glory card
// (what it promised is entered with Adjust).
type RumorAttempt struct{ engine.ActionHeader }

func (a *RumorAttempt) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if p.Rumor == "" {
		return engine.RefuseIn("rumor-none", secRumor, "You hold no rumor")
	}
	r := c.cat.rumor(p.Rumor)
	req := c.ask(int(a.Seat), "", fmt.Sprintf("%s follows a rumor (%s)", p.Name, skillWord(r.Skill)), c.cat.captain(p.Captain).skill(r.Skill))
	c.s.Pending = &Pending{Kind: "rumor-attempt", Seat: int(a.Seat), Request: req}
	return nil
}

func (c *ctx) rumorAttempted(pd *Pending, n int) {
	s := c.s
	p := s.Players[pd.Seat]
	s.Pending = nil
	r := c.cat.rumor(p.Rumor)
	s.RumorDiscard = append(s.RumorDiscard, p.Rumor)
	p.Rumor = ""
	if n == 0 {
		c.emit(engine.NewEvent("rumor-false", engine.Seat(pd.Seat), fmt.Sprintf("%s's rumor, %s, was false", p.Name, r.Name), map[string]any{"rumor": r}))
		return
	}
	c.emit(engine.NewEvent("rumor-true", engine.Seat(pd.Seat), fmt.Sprintf("%s's rumor, %s, was true", p.Name, r.Name), map[string]any{"rumor": r}))
	c.gainGlory(pd.Seat, "a rumor found true")
}
