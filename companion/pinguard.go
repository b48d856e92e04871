package companion

import "time"

// pinGuard counts wrong PINs per client (the address a request came from),
// so that guessing is slow and one client's guesses lock only that client.
//
// A correct PIN never clears the count: a player who alternated guesses with
// their own PIN would otherwise never be locked out. Failures are forgotten
// only with time: each lockout doubles the next (up to pinLockoutMax), and a
// client that stays clean for pinForget starts over.
type pinGuard struct {
	clients map[string]*pinClient
}

type pinClient struct {
	fails    int       // wrong PINs since the last lockout
	lockouts int       // lockouts so far, for the doubling
	until    time.Time // refused until then
	last     time.Time // the last wrong PIN
}

// pinForget is how long a client must make no wrong PIN before its record
// is forgotten.
const pinForget = time.Hour

// maxPINClients bounds the memory one table spends on guessers; beyond it
// the clients that are not locked out are forgotten first.
const maxPINClients = 1024

// locked reports until when client is refused, if it is now.
func (g *pinGuard) locked(client string, now time.Time) (time.Time, bool) {
	c := g.clients[client]
	if c == nil || !now.Before(c.until) {
		return time.Time{}, false
	}
	return c.until, true
}

// fail records a wrong PIN from client and returns the lockout it earned
// (zero when none).
func (g *pinGuard) fail(client string, now time.Time) time.Duration {
	if g.clients == nil {
		g.clients = map[string]*pinClient{}
	}
	c := g.clients[client]
	if c != nil && now.Sub(c.last) > pinForget && !now.Before(c.until) {
		c = nil // clean for long enough: start over
	}
	if c == nil {
		g.trim(now)
		c = &pinClient{}
		g.clients[client] = c
	}
	c.last = now
	c.fails++
	if c.fails < pinAttempts {
		return 0
	}
	c.fails = 0
	wait := pinLockout << min(c.lockouts, 10)
	if wait > pinLockoutMax {
		wait = pinLockoutMax
	}
	c.lockouts++
	c.until = now.Add(wait)
	return wait
}

// trim forgets clients when there are too many: first those clean for
// pinForget, then any that is not locked out now.
func (g *pinGuard) trim(now time.Time) {
	if len(g.clients) < maxPINClients {
		return
	}
	for k, c := range g.clients {
		if now.Sub(c.last) > pinForget && !now.Before(c.until) {
			delete(g.clients, k)
		}
	}
	for k, c := range g.clients {
		if len(g.clients) < maxPINClients {
			return
		}
		if !now.Before(c.until) {
			delete(g.clients, k)
		}
	}
}
