package web

import (
	"errors"
	"net"
	"testing"
)

// A QR code made on the Pi's own screen (opened as localhost) carries the
// Pi's LAN address, so a phone can open it; other links stay as they are.
func TestLANLink(t *testing.T) {
	ipnet := func(s string) *net.IPNet {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		return n
	}
	pi := func() ([]net.Addr, error) {
		return []net.Addr{ipnet("127.0.0.1/8"), ipnet("::1/128"), ipnet("fe80::1/64"), ipnet("192.168.1.23/24")}, nil
	}
	none := func() ([]net.Addr, error) { return []net.Addr{ipnet("127.0.0.1/8")}, nil }
	broken := func() ([]net.Addr, error) { return nil, errors.New("no interfaces") }
	for _, c := range []struct {
		text  string
		addrs func() ([]net.Addr, error)
		want  string
	}{
		{"http://localhost:8080/#/p/t1?pin=1234", pi, "http://192.168.1.23:8080/#/p/t1?pin=1234"},
		{"http://127.0.0.1:8080/#/p/t1?pin=1234", pi, "http://192.168.1.23:8080/#/p/t1?pin=1234"},
		{"http://[::1]:8080/#/p/t1?pin=1234", pi, "http://192.168.1.23:8080/#/p/t1?pin=1234"},
		{"http://localhost/#/p/t1?pin=1234", pi, "http://192.168.1.23/#/p/t1?pin=1234"},
		{"http://192.168.1.50:8080/#/p/t1?pin=1234", pi, "http://192.168.1.50:8080/#/p/t1?pin=1234"},
		{"http://quartermaster.local:8080/#/p/t1", pi, "http://quartermaster.local:8080/#/p/t1"},
		{"http://localhost:8080/#/p/t1?pin=1234", none, "http://localhost:8080/#/p/t1?pin=1234"},
		{"http://localhost:8080/#/p/t1?pin=1234", broken, "http://localhost:8080/#/p/t1?pin=1234"},
		{"just some text", pi, "just some text"},
	} {
		if got := lanLink(c.text, c.addrs); got != c.want {
			t.Errorf("lanLink(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
