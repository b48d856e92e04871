package web

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/internal/jsonpatch"
)

// A socket opened with patches=1 gets the full view first, then patches of
// the view it holds: applied in order, they give exactly the snapshot the
// server shows that viewer, and a player's patches never carry another
// seat's secret. A socket without patches=1 still gets full views.
func TestWebSocketPatches(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	type client struct {
		name string
		s    *socket
		hdr  []string
		held any
		raw  bytes.Buffer
	}
	clients := []*client{
		{name: "Ann", s: e.dial(cr.Table, "since=0&patches=1&pin="+cr.PINs[0]), hdr: pin(cr.PINs[0])},
		{name: "Ben", s: e.dial(cr.Table, "since=0&patches=1&pin="+cr.PINs[1]), hdr: pin(cr.PINs[1])},
		{name: "tablet", s: e.dial(cr.Table, "since=0&patches=1")},
		{name: "old tablet", s: e.dial(cr.Table, "since=0")},
	}
	act := "/api/tables/" + cr.Table + "/actions"
	steps := []struct {
		path, body string
		hdr        []string
	}{
		{act, `{"action":{"type":"add","seat":0,"n":4},"baseVersion":0}`, nil},
		{act, `{"action":{"type":"add","seat":1,"n":2},"baseVersion":1}`, nil},
		{act, `{"action":{"type":"hide","seat":0,"coins":9},"baseVersion":2}`, pin(cr.PINs[0])},
		{"/api/tables/" + cr.Table + "/undo", "", host(cr.HostToken)},
	}
	patches := map[string]int{}
	// hold reads c's messages until it holds version v, applying patches.
	hold := func(c *client, v uint64) {
		t.Helper()
		for {
			var m wsMessage
			select {
			case m = <-c.s.msgs:
				c.raw.Write(<-c.s.raw)
			case <-time.After(3 * time.Second):
				t.Fatalf("%s: no update to version %d", c.name, v)
			}
			switch m.Type {
			case "view", "notice":
				b, _ := json.Marshal(m.Snapshot)
				json.Unmarshal(b, &c.held)
			case "patch":
				patches[c.name]++
				hv := uint64(c.held.(map[string]any)["version"].(float64))
				if m.Base != hv {
					t.Fatalf("%s holds version %d, got a patch of version %d", c.name, hv, m.Base)
				}
				var err error
				if c.held, err = jsonpatch.Apply(c.held, m.Patch); err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
			default:
				continue
			}
			if uint64(c.held.(map[string]any)["version"].(float64)) >= v {
				return
			}
		}
	}
	for _, c := range clients {
		hold(c, 0)
	}
	for i, st := range steps {
		if r := e.do("POST", st.path, st.body, st.hdr...); r.status != 200 {
			t.Fatalf("%s: %d %s", st.body, r.status, r.body)
		}
		for _, c := range clients {
			hold(c, uint64(i+1))
			r := e.do("GET", "/api/tables/"+cr.Table, "", c.hdr...)
			var want any
			json.Unmarshal(r.body, &want)
			if !reflect.DeepEqual(c.held, want) {
				t.Errorf("%s after %s holds\n%v\nthe server shows\n%s", c.name, st.body, c.held, r.body)
			}
		}
	}
	for _, c := range clients[:3] {
		if patches[c.name] != len(steps) {
			t.Errorf("%s got %d patches for %d changes", c.name, patches[c.name], len(steps))
		}
	}
	if patches["old tablet"] != 0 {
		t.Errorf("a socket without patches=1 got %d patches", patches["old tablet"])
	}
	if !bytes.Contains(clients[0].raw.Bytes(), []byte("SECRET-9")) {
		t.Errorf("Ann's patches must carry her own secret: %s", clients[0].raw.Bytes())
	}
	for _, c := range clients[1:] {
		if b := c.raw.Bytes(); bytes.Contains(b, []byte("SECRET-9")) || bytes.Contains(b, []byte(`coins":9`)) {
			t.Errorf("%s's socket received Ann's secret: %s", c.name, b)
		}
	}
}
