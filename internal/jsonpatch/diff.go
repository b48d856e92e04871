// Package jsonpatch makes RFC 6902 JSON Patches between two encodings of
// a JSON document, and applies them, for the table's updates: after a
// screen's first full view each update it receives is a patch of the view
// it holds, as boardgame.io's server sends its clients, so a phone parses a
// few hundred bytes per move instead of the whole view.
//
// The diff works on the encoded JSON itself, without decoding it into Go
// values: both documents are walked side by side, equal spans are skipped
// with one bytes.Equal, objects are matched key by key, arrays index by
// index, and a subtree whose operations would be longer than its new value
// is replaced whole. Only "add", "remove" and "replace" are made (and
// applied).
package jsonpatch

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"
)

// ErrNotJSON is returned for input the diff cannot walk (encoding/json
// never produces it).
var ErrNotJSON = errors.New("jsonpatch: not a JSON value")

// Builder collects the operations of one patch, made piece by piece (a
// document's fields one at a time, when they are encoded apart).
type Builder struct {
	buf []byte
	err error
}

// Diff adds the operations that turn the JSON value a into b at path, a
// JSON pointer ("" for the whole document, "/view" for a member; its
// tokens already escaped as RFC 6901 says).
func (p *Builder) Diff(path string, a, b []byte) {
	if p.err != nil {
		return
	}
	if p.buf == nil {
		p.buf = make([]byte, 0, 256)
	}
	p.buf, p.err = diffValue(p.buf, path, a, b)
}

// Bytes returns the patch, a JSON array of operations ("[]" when nothing
// changed), or the first error met.
func (p *Builder) Bytes() ([]byte, error) {
	if p.err != nil {
		return nil, p.err
	}
	out := make([]byte, 0, len(p.buf)+1)
	out = append(out, '[')
	if len(p.buf) > 0 {
		out = append(out, p.buf[:len(p.buf)-1]...) // the last operation's comma
	}
	return append(out, ']'), nil
}

// Diff returns the patch that turns the JSON document a into b.
func Diff(a, b []byte) ([]byte, error) {
	var p Builder
	p.Diff("", a, b)
	return p.Bytes()
}

// diffValue appends, each followed by a comma, the operations that turn
// the JSON value a into b at the JSON pointer path (already escaped).
func diffValue(out []byte, path string, a, b []byte) ([]byte, error) {
	a, b = trimSpace(a), trimSpace(b)
	if len(a) == 0 || len(b) == 0 {
		return out, ErrNotJSON
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
			return nil, ErrNotJSON
		}
		k, err := skipValue(obj, i)
		if err != nil {
			return nil, err
		}
		key := obj[i:k]
		i = skipSpace(obj, k)
		if i >= len(obj) || obj[i] != ':' {
			return nil, ErrNotJSON
		}
		i = skipSpace(obj, i+1)
		e, err := skipValue(obj, i)
		if err != nil {
			return nil, err
		}
		ms = append(ms, member{key, obj[i:e]})
		i = skipSpace(obj, e)
		if i >= len(obj) {
			return nil, ErrNotJSON
		}
		if obj[i] == '}' {
			return ms, nil
		}
		if obj[i] != ',' {
			return nil, ErrNotJSON
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
			return nil, ErrNotJSON
		}
		if arr[i] == ']' {
			return es, nil
		}
		if arr[i] != ',' {
			return nil, ErrNotJSON
		}
		i++
	}
}

// skipValue returns the index just after the JSON value starting at b[i].
// It trusts its input to be JSON (our own encodings) and only finds where
// values end: strings with their escapes, and nesting.
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, ErrNotJSON
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e, err := skipString(b, j)
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
		return 0, ErrNotJSON
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
		return 0, ErrNotJSON
	}
	return j, nil
}

// skipString returns the index just after the string starting at b[i]:
// the next quote not escaped by an odd number of backslashes.
func skipString(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, ErrNotJSON
		}
		j += k
		n := 0
		for m := j - 1; m > i && b[m] == '\\'; m-- {
			n++
		}
		if n%2 == 0 {
			return j + 1, nil
		}
		j++
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

func trimSpace(b []byte) []byte { return bytes.TrimSpace(b) }
