package companion

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"
)

// Patches: after a viewer's first full view, each update it receives may
// carry an RFC 6902 JSON Patch of its snapshot against the snapshot of the
// update before, as boardgame.io's server sends its clients, so a phone
// parses a few hundred bytes per move instead of the whole view.
//
// The diff works on the encoded JSON itself, without decoding it into Go
// values: both documents are walked side by side, equal spans are skipped
// with one bytes.Equal, objects are matched key by key, arrays index by
// index, and a subtree whose operations would be longer than its new value
// is replaced whole. Only "add", "remove" and "replace" are emitted.

// errNotJSON is returned for input the diff cannot walk (never produced by
// encoding/json; a bug, and the caller sends the full view instead).
var errNotJSON = errors.New("companion: not a JSON value")

// diffSnapshots returns the JSON Patch (an array of operations) that turns
// the JSON encoding of a into that of b. The fields are compared one by
// one, the view through its cached encoding, so no snapshot is encoded
// whole.
func diffSnapshots(a, b *Snapshot) ([]byte, error) {
	out := make([]byte, 0, 256)
	out = append(out, '[')
	var err error
	field := func(name string, x, y []byte) {
		if err == nil {
			out, err = diffValue(out, name, x, y)
		}
	}
	str := func(s string) []byte { b, _ := json.Marshal(s); return b }
	if a.Table != b.Table {
		field("/table", str(a.Table), str(b.Table))
	}
	if a.Rules != b.Rules {
		field("/rules", str(a.Rules), str(b.Rules))
	}
	if a.Version != b.Version {
		field("/version", strconv.AppendUint(nil, a.Version, 10), strconv.AppendUint(nil, b.Version, 10))
	}
	field("/view", rawOrNull(a.View), rawOrNull(b.View))
	if !samePlayers(a.Players, b.Players) {
		pa, _ := json.Marshal(a.Players)
		pb, _ := json.Marshal(b.Players)
		field("/players", pa, pb)
	}
	if a.Over != b.Over {
		field("/over", strconv.AppendBool(nil, a.Over), strconv.AppendBool(nil, b.Over))
	}
	if !sameSlice(a.Expects, b.Expects) {
		ea, e1 := json.Marshal(a.Expects)
		eb, e2 := json.Marshal(b.Expects)
		if e1 != nil || e2 != nil {
			return nil, errors.Join(e1, e2)
		}
		field("/expects", ea, eb)
	}
	if err != nil {
		return nil, err
	}
	if len(out) > 1 {
		out = out[:len(out)-1] // the last operation's comma
	}
	return append(out, ']'), nil
}

func rawOrNull(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	return b
}

// samePlayers: the session hands every snapshot the same slice.
func samePlayers(a, b []PlayerInfo) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0]
}

// sameSlice: expects are cached per version, so an unchanged list is the
// same slice; a different slice is diffed (it may still be equal).
func sameSlice[T any](a, b []T) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0]
}

// diffValue appends, each followed by a comma, the operations that turn
// the JSON value a into b at the JSON pointer path (already escaped).
func diffValue(out []byte, path string, a, b []byte) ([]byte, error) {
	a, b = trimSpace(a), trimSpace(b)
	if len(a) == 0 || len(b) == 0 {
		return out, errNotJSON
	}
	if bytes.Equal(a, b) {
		return out, nil
	}
	start := len(out)
	var err error
	switch {
	case a[0] == '{' && b[0] == '{':
		out, err = diffObject(out, path, a, b)
	case a[0] == '[' && b[0] == '[':
		out, err = diffArray(out, path, a, b)
	default:
		return appendOp(out, "replace", path, b), nil
	}
	if err != nil {
		return out, err
	}
	// A whole replace where it is shorter than the operations.
	if len(out)-start > len(b)+len(path)+32 {
		out = appendOp(out[:start], "replace", path, b)
	}
	return out, nil
}

func diffObject(out []byte, path string, a, b []byte) ([]byte, error) {
	ma, err := members(a)
	if err != nil {
		return out, err
	}
	mb, err := members(b)
	if err != nil {
		return out, err
	}
	// The encoder writes keys in a fixed order (struct fields, sorted map
	// keys), so the same key is usually at the same place in both.
	find := func(ms []member, key []byte, hint int) int {
		if hint < len(ms) && bytes.Equal(ms[hint].key, key) {
			return hint
		}
		for i := range ms {
			if bytes.Equal(ms[i].key, key) {
				return i
			}
		}
		return -1
	}
	for i, m := range ma {
		if find(mb, m.key, i) < 0 {
			p, err := childPath(path, m.key)
			if err != nil {
				return out, err
			}
			out = appendOp(out, "remove", p, nil)
		}
	}
	for i, m := range mb {
		j := find(ma, m.key, i)
		if j >= 0 && bytes.Equal(ma[j].val, m.val) {
			continue
		}
		p, err := childPath(path, m.key)
		if err != nil {
			return out, err
		}
		if j < 0 {
			out = appendOp(out, "add", p, m.val)
			continue
		}
		if out, err = diffValue(out, p, ma[j].val, m.val); err != nil {
			return out, err
		}
	}
	return out, nil
}

func diffArray(out []byte, path string, a, b []byte) ([]byte, error) {
	ea, err := elements(a)
	if err != nil {
		return out, err
	}
	eb, err := elements(b)
	if err != nil {
		return out, err
	}
	n := min(len(ea), len(eb))
	for i := 0; i < n; i++ {
		if out, err = diffValue(out, path+"/"+strconv.Itoa(i), ea[i], eb[i]); err != nil {
			return out, err
		}
	}
	// Removed from the end backwards, so every index names the element it
	// means when it is applied; added in order, each at the end.
	for i := len(ea) - 1; i >= n; i-- {
		out = appendOp(out, "remove", path+"/"+strconv.Itoa(i), nil)
	}
	for i := n; i < len(eb); i++ {
		out = appendOp(out, "add", path+"/"+strconv.Itoa(i), eb[i])
	}
	return out, nil
}

// appendOp appends one operation and a comma.
func appendOp(out []byte, op, path string, val []byte) []byte {
	out = append(out, `{"op":"`...)
	out = append(out, op...)
	out = append(out, `","path":`...)
	out = appendString(out, path)
	if val != nil {
		out = append(out, `,"value":`...)
		out = append(out, val...)
	}
	return append(out, "},"...)
}

// appendString appends s as a JSON string.
func appendString(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			b, _ := json.Marshal(s)
			return append(out, b...)
		}
	}
	out = append(out, '"')
	out = append(out, s...)
	return append(out, '"')
}

// childPath is path with one more reference token, the object key whose
// JSON string (with its quotes) is rawKey, escaped as RFC 6901 says.
func childPath(path string, rawKey []byte) (string, error) {
	key := string(rawKey[1 : len(rawKey)-1])
	if bytes.IndexByte(rawKey, '\\') >= 0 {
		if err := json.Unmarshal(rawKey, &key); err != nil {
			return "", err
		}
	}
	esc := len(key) > 0 && (bytes.IndexByte([]byte(key), '~') >= 0 || bytes.IndexByte([]byte(key), '/') >= 0)
	if !esc {
		return path + "/" + key, nil
	}
	var b []byte
	for i := 0; i < len(key); i++ {
		switch key[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, key[i])
		}
	}
	return path + "/" + string(b), nil
}

// member is one key and value of an encoded object, both as raw JSON.
type member struct{ key, val []byte }

func members(obj []byte) ([]member, error) {
	var ms []member
	i := skipSpace(obj, 1)
	if i < len(obj) && obj[i] == '}' {
		return ms, nil
	}
	for {
		i = skipSpace(obj, i)
		if i >= len(obj) || obj[i] != '"' {
			return nil, errNotJSON
		}
		k, err := skipValue(obj, i)
		if err != nil {
			return nil, err
		}
		key := obj[i:k]
		i = skipSpace(obj, k)
		if i >= len(obj) || obj[i] != ':' {
			return nil, errNotJSON
		}
		i = skipSpace(obj, i+1)
		e, err := skipValue(obj, i)
		if err != nil {
			return nil, err
		}
		ms = append(ms, member{key, obj[i:e]})
		i = skipSpace(obj, e)
		if i >= len(obj) {
			return nil, errNotJSON
		}
		if obj[i] == '}' {
			return ms, nil
		}
		if obj[i] != ',' {
			return nil, errNotJSON
		}
		i++
	}
}

func elements(arr []byte) ([][]byte, error) {
	var es [][]byte
	i := skipSpace(arr, 1)
	if i < len(arr) && arr[i] == ']' {
		return es, nil
	}
	for {
		i = skipSpace(arr, i)
		e, err := skipValue(arr, i)
		if err != nil {
			return nil, err
		}
		es = append(es, arr[i:e])
		i = skipSpace(arr, e)
		if i >= len(arr) {
			return nil, errNotJSON
		}
		if arr[i] == ']' {
			return es, nil
		}
		if arr[i] != ',' {
			return nil, errNotJSON
		}
		i++
	}
}

// skipValue returns the index just after the JSON value starting at b[i].
// It trusts its input to be JSON (our own encodings) and only finds where
// values end: strings with their escapes, and nesting.
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, errNotJSON
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1, nil
			}
		}
		return 0, errNotJSON
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e, err := skipValue(b, j)
				if err != nil {
					return 0, err
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errNotJSON
	}
	j := i
	for j < len(b) {
		c := b[j]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			break
		}
		j++
	}
	if j == i {
		return 0, errNotJSON
	}
	return j, nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
