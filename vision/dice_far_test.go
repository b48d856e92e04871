package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// A flat die's square that the outline put toward the nadir, astride its
// top and the side the camera sees, 6 mm off (tuning seed 1389's black
// 3): the face search from there reads no face, the search
// from the square moved away from the nadir by the die's visible side
// reads it. The frame is drawn from straight above; the reader is told
// the camera stands 300 mm high over a point 127 mm beyond the die (a
// visible side of 7 mm, as on the tuning seeds' low cameras).
func TestReadDiceFarPartOfOutline(t *testing.T) {
	die := board.Point{X: 86.9, Y: 76.9}
	r, img := overheadWhiteTwo(t, die, 0.33)
	r.pose = board.CameraPose{Nadir: board.Point{X: 86.9, Y: -50}, Height: 300, Focal: r.pose.Focal}
	sq := die.Add(board.Point{Y: -6})
	c := candidate{c: board.Point{X: (sq.X + r.margin) * diePx, Y: (sq.Y + r.margin) * diePx}, angle: 0.33, angle0: 0.33, fill: 0.95, group: 1}
	var res DiceResult
	r.judge(img, c, &res)
	if len(res.Dice) != 1 || res.Dice[0].Face != "2" || res.Dice[0].Die != "white" || (board.Point{X: res.Dice[0].XMM, Y: res.Dice[0].YMM}).Sub(die).Len() > 1 {
		t.Errorf("square 6 mm off a white 2 toward the nadir: read %+v, unreadable %+v; want the white 2 at %v", res.Dice, res.Unreadable, die)
	}
}
