package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// BenchmarkFanout50 measures the time from posting an action to all 50
// connected WebSocket clients having the new view (p50 and p99 over the
// iterations), through the real server, companion and SQLite store, on the
// small made-up tally game.
func BenchmarkFanout50(b *testing.B) {
	e := newEnv(b, Options{PingInterval: 5 * time.Second, Limits: Limits{SocketsPerClient: 64}})
	cr := e.create()
	fanout(b, e, cr, false, func(i int) string {
		return fmt.Sprintf(`{"type":"add","seat":%d,"n":1}`, i%2)
	})
}

// BenchmarkFanout50DeadReckoning is the same on a real Dead Reckoning table
// (the engine's test setup): Ann moves a cargo between her holds, so every
// action changes the view (a few kB of JSON per viewer).
func BenchmarkFanout50DeadReckoning(b *testing.B) { fanoutDeadReckoning(b, false) }

// BenchmarkFanout50DeadReckoningSocket is the same with the action sent on
// the first client's WebSocket, as the dashboard sends it, timed until its
// answer is in and all 50 clients hold the new view.
func BenchmarkFanout50DeadReckoningSocket(b *testing.B) { fanoutDeadReckoning(b, true) }

func fanoutDeadReckoning(b *testing.B, onSocket bool) {
	e := newEnv(b, Options{PingInterval: 5 * time.Second, Limits: Limits{SocketsPerClient: 64}}, deadreckoning.Rules())
	script, err := os.ReadFile("../engine/deadreckoning/testdata/script-basic.json")
	if err != nil {
		b.Skip(err)
	}
	var sc struct {
		Setup json.RawMessage `json:"setup"`
	}
	if err := json.Unmarshal(script, &sc); err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"rules": "dead-reckoning", "setup": sc.Setup, "seed": 42,
		"players": []map[string]any{{"name": "Ann", "colour": "purple", "seat": 0}, {"name": "Ben", "colour": "green", "seat": 1}}})
	r := e.do("POST", "/api/tables", string(body))
	var cr createResponse
	r.json(b, &cr)
	if r := e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}},"baseVersion":0}`); r.status != 200 {
		b.Fatalf("load: %d %s", r.status, r.body)
	}
	fanout(b, e, cr, onSocket, func(i int) string {
		hold := "D"
		if i%2 == 1 {
			hold = "A"
		}
		return `{"type":"rearrange","seat":0,"holds":{"` + hold + `":{"cargo":1}}}`
	})
}

// fanout connects 50 WebSockets (every fifth one a player's phone) and
// posts b.N actions made by act (onSocket: sends them on the first
// client's socket), timing each until every client has it.
func fanout(b *testing.B, e *env, cr createResponse, onSocket bool, act func(i int) string) {
	const clients = 50
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type got struct {
		version uint64
		at      time.Time
	}
	recv := make(chan got, clients*4)
	answers := make(chan socketAnswer, 4)
	var first *websocket.Conn
	sess0, err := e.mgr.Get(context.Background(), cr.Table)
	if err != nil {
		b.Fatal(err)
	}
	v0 := sess0.Version()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/tables/" + cr.Table + "/ws?since=0"
	for i := range clients {
		q := url
		if i%5 == 1 { // some phones among the screens
			q += "&pin=" + cr.PINs[0]
		}
		c, _, err := websocket.Dial(ctx, q, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer c.CloseNow()
		if first == nil {
			first = c
		}
		go func() {
			for {
				_, data, err := c.Read(ctx)
				if err != nil {
					return
				}
				var m wsMessage
				if json.Unmarshal(data, &m) == nil && m.Type == "view" && m.Snapshot.Version > v0 {
					recv <- got{m.Snapshot.Version, time.Now()}
				} else if m.Type == "answer" {
					var a socketAnswer
					if json.Unmarshal(data, &a) == nil {
						answers <- a
					}
				}
			}
		}()
	}
	client := &http.Client{}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := v0 + uint64(i)
		body := fmt.Sprintf(`{"action":%s,"baseVersion":%d}`, act(i), v)
		start := time.Now()
		if onSocket {
			msg := fmt.Sprintf(`{"type":"action","id":"%d","action":%s,"baseVersion":%d}`, i, act(i), v)
			if err := first.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
				b.Fatal(err)
			}
			if a := <-answers; a.Status != 200 {
				b.Fatalf("action %d: %+v", i, a)
			}
		} else {
			res, err := client.Post(e.http.URL+"/api/tables/"+cr.Table+"/actions", "application/json", strings.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Fatalf("action %d: status %d", i, res.StatusCode)
			}
		}
		var last time.Time
		for n := 0; n < clients; {
			select {
			case g := <-recv:
				if g.version == v+1 {
					n++
					if g.at.After(last) {
						last = g.at
					}
				}
			case <-time.After(10 * time.Second):
				b.Fatalf("action %d: only %d of %d clients got the view", i, n, clients)
			}
		}
		lat = append(lat, last.Sub(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[(len(lat)*99)/100]), "p99-ms")
}

// BenchmarkActionsThroughAPI measures accepted actions per second through
// the HTTP API (decode, check, rules, durable SQLite append, publish), one
// table, one client acting after another as players do.
func BenchmarkActionsThroughAPI(b *testing.B) {
	e := newEnv(b, Options{})
	cr := e.create()
	client := &http.Client{}
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		body := fmt.Sprintf(`{"action":{"type":"add","seat":%d,"n":1},"baseVersion":%d}`, i%2, i)
		res, err := client.Post(e.http.URL+"/api/tables/"+cr.Table+"/actions", "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			b.Fatalf("action %d: status %d", i, res.StatusCode)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
}
