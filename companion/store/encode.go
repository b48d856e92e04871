package store

import (
	"encoding/json"
	"fmt"
)

// encodePINs stores the per-seat PIN hashes as one JSON array (base64 each).
func encodePINs(h [][]byte) ([]byte, error) {
	if h == nil {
		h = [][]byte{}
	}
	b, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("store: encoding PIN hashes: %w", err)
	}
	return b, nil
}

func decodePINs(b []byte) ([][]byte, error) {
	var h [][]byte
	if len(b) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("store: reading PIN hashes: %w", err)
	}
	return h, nil
}

// nonNil keeps NOT NULL columns happy with empty values.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// nullable stores an absent JSON value as NULL.
func nullable(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

func rawOrNil(b []byte) json.RawMessage {
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}
