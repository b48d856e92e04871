package engine

import (
	"errors"
	"strings"
	"testing"
)

// Names a player would type pass; blank, overlong, control characters and
// broken text are refused as malformed, naming the field.
func TestCheckName(t *testing.T) {
	for _, ok := range []string{"Ann", "Zoë", "Ben 2", "船長", strings.Repeat("a", MaxNameRunes), strings.Repeat("é", MaxNameRunes)} {
		if err := CheckName("the name", ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", strings.Repeat("a", 2000), strings.Repeat("é", MaxNameRunes+1), "Ann\nBen", "Ann\x1b[31m", "tab\there", "\xff\xfe", "Ann\u2028"} {
		err := CheckName("player 2's name", bad)
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "player 2's name") {
			t.Errorf("%q: %v, want malformed naming the field", bad, err)
		}
	}
}

func TestAndList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{{nil, ""}, {[]string{"Ann"}, "Ann"}, {[]string{"Ann", "Ben"}, "Ann and Ben"}, {[]string{"Ann", "Ben", "Cy"}, "Ann, Ben and Cy"}} {
		if got := AndList(c.in); got != c.want {
			t.Errorf("AndList(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
