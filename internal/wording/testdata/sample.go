package sample

import "fmt"

func Refuse(code string, page int, format string, args ...any) error { return nil }

func NewEvent(typ string, seat int, text string, data any) {}

func f(name, at string, n int) {
	_ = Refuse("bad-hold", 7, "There is no hull space %q", at)
	NewEvent("moved", 0, fmt.Sprintf("%s sails to %s", name, at), nil)
	NewEvent("over", -1, "the game is over", nil)
	NewEvent("coins", 0, name+fmt.Sprintf(" has %d coins", n), nil)
	NewEvent("text", 0, name, nil) // a value alone: the tests' Check reads it
}
