package devices

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// SimDevice is one simulated device as a developer panel lists it.
type SimDevice struct {
	// Key names the device in Do: "button-host", "button-1", ...,
	// "drop-sensor", "rfid", "lights", "display".
	Key string `json:"key"`
	// Label is what the panel shows.
	Label string `json:"label"`
	// Commands are the commands Do takes for this device, as a panel would
	// offer them ("drop 5" takes any count, "tap <uid>" any UID).
	Commands []string `json:"commands"`
	// State describes the device now ("unplugged", "LED strip: turn [..]").
	State string `json:"state,omitempty"`
}

// Devices lists the simulated devices, with the commands Do takes.
func (s *Sim) Devices() []SimDevice {
	snap := s.Snapshot()
	s.mu.Lock()
	seats := s.seats
	s.mu.Unlock()
	plug := func(p Part) (string, string) {
		if snap.Plugged[p] {
			return "unplug", ""
		}
		return "plug", "unplugged"
	}
	var d []SimDevice
	cmd, st := plug(PartButtons)
	d = append(d, SimDevice{Key: "button-host", Label: "Host's button", Commands: []string{"press", "long-press", cmd, "test"}, State: st})
	for i := 1; i <= seats; i++ {
		d = append(d, SimDevice{Key: fmt.Sprintf("button-%d", i), Label: fmt.Sprintf("Seat %d's button", i),
			Commands: []string{"press", "long-press", cmd, "test"}, State: st})
	}
	cmd, st = plug(PartDrop)
	d = append(d, SimDevice{Key: "drop-sensor", Label: "Tower drop sensor",
		Commands: []string{fmt.Sprintf("drop %d", snap.DropSize), fmt.Sprintf("drop-stuck %d", snap.DropSize), cmd, "test"}, State: st})
	cmd, st = plug(PartCards)
	d = append(d, SimDevice{Key: "rfid", Label: "Card reader",
		Commands: []string{"tap next", "tap " + string(SimCards[0]), cmd, "test"}, State: st})
	cmd, st = plug(PartLights)
	if st == "" {
		st = "LED strip: " + snap.Lights.String()
	}
	d = append(d, SimDevice{Key: "lights", Label: "LED strip", Commands: []string{cmd, "test"}, State: st})
	cmd, st = plug(PartDisplay)
	if st == "" {
		st = "display: " + strings.Join(snap.Lines, " / ")
	}
	d = append(d, SimDevice{Key: "display", Label: "Tower display", Commands: []string{cmd, "test"}, State: st})
	return d
}

// errUnplugged is what a simulated device that is unplugged answers.
var errUnplugged = errors.New("it is unplugged: the table works without it (the tablet does its job); plug it in to use it")

// Do runs a panel command on the simulated device key (see Devices) and
// says what happened. Every device takes "plug", "unplug" and "test" (does
// it answer: an error when it is unplugged; nothing else happens); buttons take
// "press" and "long-press"; the drop sensor "drop N" and "drop-stuck N"; the
// card reader "tap UID" and "tap next".
func (s *Sim) Do(key, command string) (string, error) {
	verb, arg, _ := strings.Cut(strings.TrimSpace(command), " ")
	arg = strings.TrimSpace(arg)
	part, seat, err := s.partOf(key)
	if err != nil {
		return "", err
	}
	switch verb {
	case "plug":
		s.Plug(part)
		return fmt.Sprintf("%s plugged in", part), nil
	case "unplug":
		s.Unplug(part)
		return fmt.Sprintf("%s unplugged", part), nil
	case "test":
		// What a table owner's "Test" asks: does the device answer? It
		// changes nothing on the table (a press or a drop would act).
		if arg != "" {
			break
		}
		if !s.Plugged(part) {
			return "", errUnplugged
		}
		return "it answers: it works", nil
	}
	// Anything else needs the device plugged in; say so in the owner's words.
	if !s.Plugged(part) {
		return "", errUnplugged
	}
	bad := func() (string, error) {
		return "", fmt.Errorf("%s does not take %q (try: %s)", key, command, strings.Join(s.commandsOf(key), ", "))
	}
	switch part {
	case PartButtons:
		if arg != "" || (verb != "press" && verb != "long-press") {
			return bad()
		}
		long := verb == "long-press"
		if err := s.Press(seat, long); err != nil {
			return "", err
		}
		who := seatName(seat)
		if long {
			return who + ": long press", nil
		}
		return who + ": press", nil
	case PartDrop:
		if verb != "drop" && verb != "drop-stuck" {
			return bad()
		}
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 100 {
			return "", fmt.Errorf("%q: say how many cubes fall, 1-100, e.g. \"drop 5\"", command)
		}
		if verb == "drop-stuck" {
			return fmt.Sprintf("dropped %d cubes, the last one stuck", n), s.DropStuck(n)
		}
		return fmt.Sprintf("dropped %d cubes", n), s.Drop(n)
	case PartCards:
		if verb != "tap" || arg == "" {
			return bad()
		}
		if arg == "next" {
			did, _, err := s.Key('c')
			return did, err
		}
		uid, err := ParseUID(arg)
		if err != nil {
			return "", err
		}
		return "tap card " + string(uid), s.Tap(uid)
	}
	return bad()
}

func (s *Sim) commandsOf(key string) []string {
	for _, d := range s.Devices() {
		if d.Key == key {
			return d.Commands
		}
	}
	return nil
}

// partOf maps a panel key to its part (and seat, for buttons).
func (s *Sim) partOf(key string) (Part, int, error) {
	switch key {
	case "drop-sensor":
		return PartDrop, 0, nil
	case "rfid":
		return PartCards, 0, nil
	case "lights":
		return PartLights, 0, nil
	case "display":
		return PartDisplay, 0, nil
	case "button-host":
		return PartButtons, HostSeat, nil
	}
	if n, ok := strings.CutPrefix(key, "button-"); ok {
		seat, err := strconv.Atoi(n)
		s.mu.Lock()
		seats := s.seats
		s.mu.Unlock()
		if err == nil && seat >= 1 && seat <= seats {
			return PartButtons, seat, nil
		}
	}
	return "", 0, fmt.Errorf("no simulated device %q", key)
}
