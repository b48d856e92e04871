package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// BenchmarkFanout50 measures the time from posting an action to all 50
// connected WebSocket clients having the new view (p50 and p99 over the
// iterations), through the real server, companion and SQLite store.
func BenchmarkFanout50(b *testing.B) {
	const clients = 50
	e := newEnv(b, Options{PingInterval: 5 * time.Second})
	cr := e.create()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type got struct {
		version uint64
		at      time.Time
	}
	recv := make(chan got, clients*4)
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
		go func() {
			for {
				_, data, err := c.Read(ctx)
				if err != nil {
					return
				}
				var m wsMessage
				if json.Unmarshal(data, &m) == nil && m.Type == "view" && m.Snapshot.Version > 0 {
					recv <- got{m.Snapshot.Version, time.Now()}
				}
			}
		}()
	}
	client := &http.Client{}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := uint64(i)
		body := fmt.Sprintf(`{"action":{"type":"add","seat":%d,"n":1},"baseVersion":%d}`, i%2, v)
		start := time.Now()
		res, err := client.Post(e.http.URL+"/api/tables/"+cr.Table+"/actions", "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			b.Fatalf("action %d: status %d", i, res.StatusCode)
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
