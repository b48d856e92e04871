package engine

import (
	"bytes"
	"encoding/json"
	"errors"
)

// LegacyKeys maps object keys that earlier versions of the program wrote in
// its JSON (setups, actions, score input, config) to the names it writes
// now: one naming convention (camelCase, British "colour") going out, the
// old names still read, so that stored games replay and old scripts run.
type LegacyKeys map[string]string

// Rewrite returns data with every object key of k renamed to its new name,
// at any depth. An object that already has the new key keeps both, so the
// strict decoder refuses the ambiguity instead of a silent choice. Data
// naming no old key is returned as it is, byte for byte; data that is not
// valid JSON too (the decoder then says what is wrong).
func (k LegacyKeys) Rewrite(data []byte) []byte {
	if !k.mentioned(data) {
		return data
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := k.copyValue(dec, &out); err != nil {
		return data
	}
	// Whatever follows the first value is left for the decoder to refuse.
	rest := data[dec.InputOffset():]
	out.Write(rest)
	return out.Bytes()
}

// mentioned is a quick look for any old key as a JSON string.
func (k LegacyKeys) mentioned(data []byte) bool {
	for old := range k {
		if bytes.Contains(data, []byte(`"`+old+`"`)) {
			return true
		}
	}
	return false
}

// errNotValue stops a rewrite on a token that cannot start a value.
var errNotValue = errors.New("not a JSON value")

// copyValue copies the next value from dec to out, renaming keys.
func (k LegacyKeys) copyValue(dec *json.Decoder, out *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return k.copyObject(dec, out)
		case '[':
			out.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					out.WriteByte(',')
				}
				if err := k.copyValue(dec, out); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteByte(']')
			return nil
		}
		return errNotValue
	case json.Number:
		out.WriteString(t.String())
	case nil:
		out.WriteString("null")
	default: // string, bool
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		out.Write(b)
	}
	return nil
}

// copyObject copies an object's members (after its '{') and its '}'.
func (k LegacyKeys) copyObject(dec *json.Decoder, out *bytes.Buffer) error {
	out.WriteByte('{')
	for i := 0; dec.More(); i++ {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok {
			return errNotValue
		}
		if now, old := k[key]; old {
			key = now
		}
		if i > 0 {
			out.WriteByte(',')
		}
		b, err := json.Marshal(key)
		if err != nil {
			return err
		}
		out.Write(b)
		out.WriteByte(':')
		if err := k.copyValue(dec, out); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	out.WriteByte('}')
	return nil
}
