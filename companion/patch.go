package companion

import (
	"encoding/json"
	"strconv"

	"github.com/quartermaster-table/quartermaster/internal/jsonpatch"
)

// diffSnapshots returns the RFC 6902 patch (internal/jsonpatch) that turns
// the JSON encoding of snapshot a into that of b. The fields are compared
// one by one, the view through its cached encoding, so no snapshot is
// encoded whole.
func diffSnapshots(a, b *Snapshot) ([]byte, error) {
	var p jsonpatch.Builder
	str := func(s string) []byte { b, _ := json.Marshal(s); return b }
	if a.Table != b.Table {
		p.Diff("/table", str(a.Table), str(b.Table))
	}
	if a.Rules != b.Rules {
		p.Diff("/rules", str(a.Rules), str(b.Rules))
	}
	if a.Version != b.Version {
		p.Diff("/version", strconv.AppendUint(nil, a.Version, 10), strconv.AppendUint(nil, b.Version, 10))
	}
	p.Diff("/view", rawOrNull(a.View), rawOrNull(b.View))
	if !sameSlice(a.Players, b.Players) {
		pa, _ := json.Marshal(a.Players)
		pb, _ := json.Marshal(b.Players)
		p.Diff("/players", pa, pb)
	}
	if a.Over != b.Over {
		p.Diff("/over", strconv.AppendBool(nil, a.Over), strconv.AppendBool(nil, b.Over))
	}
	if !sameSlice(a.Expects, b.Expects) {
		ea, err := json.Marshal(a.Expects)
		if err != nil {
			return nil, err
		}
		eb, err := json.Marshal(b.Expects)
		if err != nil {
			return nil, err
		}
		p.Diff("/expects", ea, eb)
	}
	return p.Bytes()
}

func rawOrNull(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}

// sameSlice: the session hands every snapshot the same players slice, and
// expects are cached per version, so an unchanged list is the same slice;
// a different slice is diffed (it may still be equal).
func sameSlice[T any](a, b []T) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0]
}
