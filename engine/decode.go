package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DecodeStrict decodes one JSON value into v, refusing unknown fields and
// anything after the value; a type error names the field ("gold: want
// int, not a JSON string"). Typed-in input (a score sheet, a setup) uses
// it so a misspelt field is an error, never a silent zero.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return fmt.Errorf("%s: want %s, not a JSON %s", te.Field, te.Type, te.Value)
		}
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more data after the value")
	}
	return nil
}
