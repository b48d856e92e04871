package devices

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
)

// read is one scripted ReadUID result.
type read struct {
	uid []byte
	err error
	at  time.Duration // the clock when it returns
}

// scriptReader plays reads in order at the interface boundary of the MFRC522
// driver, then blocks until the test ends.
type scriptReader struct {
	mu    sync.Mutex
	reads []read
	clk   *fakeClock
	done  chan struct{}
}

func (s *scriptReader) ReadUID(time.Duration) ([]byte, error) {
	s.mu.Lock()
	if len(s.reads) == 0 {
		s.mu.Unlock()
		<-s.done
		return nil, errors.New("mfrc522: timeout waiting for IRQ edge: 1s")
	}
	r := s.reads[0]
	s.reads = s.reads[1:]
	s.mu.Unlock()
	s.clk.set(r.at)
	return r.uid, r.err
}
func (s *scriptReader) String() string { return "script" }
func (s *scriptReader) Halt() error    { return nil }

var errNoCard = errors.New("mfrc522: timeout waiting for IRQ edge: 500ms")

func TestRFIDWatch(t *testing.T) {
	clk := newFakeClock()
	a, b := []byte{0x04, 0xA1, 0xB2, 0xC3}, []byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}
	s := &scriptReader{clk: clk, done: make(chan struct{}), reads: []read{
		{err: errNoCard, at: 0},
		{uid: a, at: 100 * ms},                                 // tap A
		{uid: a, at: 200 * ms},                                 // A rests on the reader
		{uid: a, at: 1000 * ms},                                // still resting
		{err: errors.New("mfrc522: CRC error"), at: 1100 * ms}, // slid away mid-read
		{uid: b, at: 1200 * ms},                                // tap B
		{err: errNoCard, at: 2000 * ms},                        //
		{uid: a, at: 4000 * ms},                                // A tapped again, long after
	}}
	defer close(s.done)
	r := newRFID(s, &CardOpts{Clock: clk})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan Event, 8)
	go r.Watch(ctx, out)
	for i, want := range []UID{"04A1B2C3", "04112233445566", "04A1B2C3"} {
		e := next(t, out)
		if e.Kind != CardTapped || e.UID != want || e.Part != PartCards {
			t.Fatalf("tap %d = %v, want card %s", i+1, e, want)
		}
	}
}

func TestRFIDGivesUpAfterErrors(t *testing.T) {
	clk := newFakeClock()
	s := &scriptReader{clk: clk, done: make(chan struct{})}
	for range 3 {
		s.reads = append(s.reads, read{err: errors.New("spi: transfer failed")})
	}
	defer close(s.done)
	r := newRFID(s, &CardOpts{Clock: clk, MaxErrors: 3})
	err := r.Watch(context.Background(), make(chan Event))
	if err == nil {
		t.Fatal("Watch kept going on a reader that only fails")
	}
}

// chipPort is an SPI port with a minimal MFRC522 behind it: every register
// reads 0 (the antenna is off after reset) but the version register, which
// reads version. Version 0 is an empty bus.
type chipPort struct{ version byte }

func (chipPort) String() string                    { return "chip" }
func (chipPort) Close() error                      { return nil }
func (chipPort) LimitSpeed(physic.Frequency) error { return nil }
func (p chipPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) {
	return chipConn(p), nil
}

type chipConn chipPort

func (chipConn) String() string { return "chip" }
func (c chipConn) Tx(w, r []byte) error {
	clear(r)
	// A read is [0x80 | register<<1, 0]; the answer comes in the second byte.
	if len(w) == 2 && len(r) == 2 && w[0] == 0x80|0x37<<1 {
		r[1] = c.version
	}
	return nil
}
func (c chipConn) TxPackets(p []spi.Packet) error {
	for _, q := range p {
		if err := c.Tx(q.W, q.R); err != nil {
			return err
		}
	}
	return nil
}
func (chipConn) Duplex() conn.Duplex { return conn.Full }

// TestNewCardReaderInit records the SPI conversation of the MFRC522's start:
// the reset pin is raised, the first command is a soft reset, and the
// antenna is switched on. (Replaying a whole card read through spitest is
// impractical: periph's driver polls with real 100 ms timers from a second
// goroutine, so the reads are tested above at the ReadUID boundary.)
func TestNewCardReaderInit(t *testing.T) {
	rec := &spitest.Record{Port: chipPort{version: 0x92}}
	reset := newFakePin("GPIO25", 25, nil)
	irq := newFakePin("GPIO24", 24, nil)
	r, err := NewCardReader(rec, reset, irq, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reset.Read() != gpio.High {
		t.Error("the reset pin is low: the chip is held in reset")
	}
	if irq.P != gpio.PullUp {
		t.Errorf("IRQ pull = %s, want PullUp (the IRQ line is active low)", irq.P)
	}
	if len(rec.Ops) == 0 {
		t.Fatal("no SPI traffic")
	}
	// Register writes are [address<<1, value]: CommandReg (0x01) <- SoftReset (0x0F).
	if w := rec.Ops[0].W; len(w) != 2 || w[0] != 0x01<<1 || w[1] != 0x0F {
		t.Errorf("first SPI write % X, want the soft reset 02 0F", w)
	}
	// TxControlReg (0x14): the antenna bits (0x03) are set last, before
	// the version is read.
	last := rec.Ops[len(rec.Ops)-2].W
	if len(last) != 2 || last[0] != 0x14<<1 || last[1]&0x03 != 0x03 {
		t.Errorf("last SPI write % X, want the antenna on (28 03)", last)
	}
	if r.String() == "" {
		t.Error("empty String()")
	}
	if v := rec.Ops[len(rec.Ops)-1].W; v[0] != 0xEE {
		t.Errorf("last SPI write % X, want the version read EE 00", v)
	}
	if _, err := NewCardReader(rec, nil, irq, nil); err == nil {
		t.Error("a reader without a reset pin was accepted")
	}
	// Nothing on the bus: every read is zero, and the reader is missing.
	_, err = NewCardReader(&spitest.Record{Port: chipPort{}}, reset, irq, nil)
	if err == nil || !strings.Contains(err.Error(), "no MFRC522") {
		t.Errorf("an empty bus gave %v, want no MFRC522", err)
	}
}
