package web

import (
	"net"
	"net/url"
	"strings"
)

// lanLink rewrites a link to this server that names the loopback address
// ("http://localhost:8080/#/p/..." when the tablet is the Pi's own screen)
// so it names the Pi's address on the local network instead: a phone that
// scans the QR code cannot reach "localhost". addrs lists the machine's
// interface addresses (net.InterfaceAddrs); the first private IPv4 one that
// is up and not loopback is used. Any other link, or no such address, is
// returned unchanged.
func lanLink(text string, addrs func() ([]net.Addr, error)) string {
	u, err := url.Parse(text)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return text
	}
	host := u.Hostname()
	if !isLoopback(host) {
		return text
	}
	lan := lanIPv4(addrs)
	if lan == "" {
		return text
	}
	h := lan
	if p := u.Port(); p != "" {
		h = net.JoinHostPort(lan, p)
	}
	// Only the host changes: the fragment (#/p/ID?pin=...) stays byte for byte.
	prefix := u.Scheme + "://" + u.Host
	if !strings.HasPrefix(text, prefix) {
		return text
	}
	return u.Scheme + "://" + h + text[len(prefix):]
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// lanIPv4 is the first private IPv4 address among addrs ("" when none).
func lanIPv4(addrs func() ([]net.Addr, error)) string {
	if addrs == nil {
		return ""
	}
	list, err := addrs()
	if err != nil {
		return ""
	}
	for _, a := range list {
		var ip net.IP
		switch v := a.(type) {
		case *net.IPNet:
			ip = v.IP
		case *net.IPAddr:
			ip = v.IP
		}
		if ip4 := ip.To4(); ip4 != nil && !ip4.IsLoopback() && ip4.IsPrivate() {
			return ip4.String()
		}
	}
	return ""
}
