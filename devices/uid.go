package devices

import (
	"encoding/hex"
	"fmt"
	"strings"
)

// UID is an NFC tag's unique ID in upper-case hex without separators,
// "04A1B2C3D4E5F6". It is a string so that it can key a map and read well in
// JSON and logs.
type UID string

// UIDFromBytes returns the UID of the bytes a reader returned.
func UIDFromBytes(b []byte) UID { return UID(strings.ToUpper(hex.EncodeToString(b))) }

// ParseUID reads a UID written in hex, with or without ':', '-' or ' '
// between the bytes ("04:a1:b2:c3" or "04A1B2C3"). NFC UIDs are 4, 7 or 10
// bytes long; other lengths are refused.
func ParseUID(s string) (UID, error) {
	clean := strings.Map(func(r rune) rune {
		switch r {
		case ':', '-', ' ':
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	b, err := hex.DecodeString(clean)
	if err != nil {
		return "", fmt.Errorf("card UID %q is not hex bytes", s)
	}
	switch len(b) {
	case 4, 7, 10:
	default:
		return "", fmt.Errorf("card UID %q has %d bytes; NFC UIDs have 4, 7 or 10", s, len(b))
	}
	return UIDFromBytes(b), nil
}

// norm returns u in canonical form if it parses, else u unchanged (it will
// then match nothing).
func (u UID) norm() UID {
	if n, err := ParseUID(string(u)); err == nil {
		return n
	}
	return u
}
