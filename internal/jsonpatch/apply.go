package jsonpatch

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Apply applies a patch (add, remove and replace operations) to a document
// decoded by encoding/json into an any, and returns the new document. It
// may change doc in place: a client keeps only the result. A patch that
// does not fit the document (a missing key, an index out of range, an
// unknown operation) is an error, and the client asks for the full view.
func Apply(doc any, patch []byte) (any, error) {
	var ops []struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, fmt.Errorf("jsonpatch: the patch is not a list of operations: %w", err)
	}
	for _, op := range ops {
		var val any
		switch op.Op {
		case "add", "replace":
			if len(op.Value) == 0 {
				return nil, fmt.Errorf("jsonpatch: %s %q has no value", op.Op, op.Path)
			}
			if err := json.Unmarshal(op.Value, &val); err != nil {
				return nil, fmt.Errorf("jsonpatch: %s %q: %w", op.Op, op.Path, err)
			}
		case "remove":
		default:
			return nil, fmt.Errorf("jsonpatch: operation %q is not add, remove or replace", op.Op)
		}
		var err error
		if doc, err = applyOp(doc, op.Op, op.Path, val); err != nil {
			return nil, fmt.Errorf("jsonpatch: %s %q: %w", op.Op, op.Path, err)
		}
	}
	return doc, nil
}

func applyOp(doc any, op, path string, val any) (any, error) {
	if path == "" {
		if op == "remove" {
			return nil, fmt.Errorf("cannot remove the whole document")
		}
		return val, nil
	}
	if path[0] != '/' {
		return nil, fmt.Errorf("a path starts with /")
	}
	toks := strings.Split(path[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return step(doc, op, toks, val)
}

// step applies the operation at toks below cur and returns cur changed.
func step(cur any, op string, toks []string, val any) (any, error) {
	last := len(toks) == 1
	switch c := cur.(type) {
	case map[string]any:
		k := toks[0]
		child, had := c[k]
		if !last {
			if !had {
				return nil, fmt.Errorf("no member %q", k)
			}
			n, err := step(child, op, toks[1:], val)
			if err != nil {
				return nil, err
			}
			c[k] = n
			return c, nil
		}
		switch op {
		case "remove", "replace":
			if !had {
				return nil, fmt.Errorf("no member %q", k)
			}
			if op == "remove" {
				delete(c, k)
				return c, nil
			}
		}
		c[k] = val
		return c, nil
	case []any:
		i, err := index(toks[0], len(c), last && op == "add")
		if err != nil {
			return nil, err
		}
		if !last {
			n, err := step(c[i], op, toks[1:], val)
			if err != nil {
				return nil, err
			}
			c[i] = n
			return c, nil
		}
		switch op {
		case "remove":
			return append(c[:i:i], c[i+1:]...), nil
		case "replace":
			c[i] = val
			return c, nil
		}
		out := append(c[:i:i], val)
		return append(out, c[i:]...), nil
	}
	return nil, fmt.Errorf("%q is below a value that is neither an object nor an array", toks[0])
}

// index reads an array index token: digits without a leading zero, or "-"
// (the end) for an add; adding may name the index just past the end.
func index(tok string, n int, adding bool) (int, error) {
	if adding && tok == "-" {
		return n, nil
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || (len(tok) > 1 && tok[0] == '0') || tok[0] == '+' {
		return 0, fmt.Errorf("%q is not an array index", tok)
	}
	if i > n || (i == n && !adding) {
		return 0, fmt.Errorf("index %d is out of the array's %d elements", i, n)
	}
	return i, nil
}
