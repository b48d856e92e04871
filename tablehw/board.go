package tablehw

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/web"
)

// DataDirBoard is the battle board calibrated in the data directory (by
// `quartermaster calibrate` or the calibration page), nil when there is
// none; used when the server runs without a camera.
func DataDirBoard(lg *slog.Logger, dir string) json.RawMessage {
	cal, err := vision.LoadCalibration(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			lg.Warn("the camera calibration in the data directory cannot be read; new games use the default battle board", "err", err)
		}
		return nil
	}
	if len(cal.Layout) == 0 {
		return json.RawMessage(board.DefaultLayoutJSON())
	}
	return cal.Layout
}

// TableBoardSetup is implemented by games played on the table's battle
// board: a setup sent as JSON (scripts, tests; the new-game form gets the
// board through engine.OptionTableBoard instead) gets the calibrated board
// unless it chose its own. used reports whether it was put in.
type TableBoardSetup interface {
	SetupWithTableBoard(setup, layout json.RawMessage) (out json.RawMessage, used bool, err error)
}

// WithBattleBoard gives a new game's setup the calibrated battle board
// through its kit (TableBoardSetup), looking the game up in rules; games
// not played on the board, and requests without a setup or a board, are
// left alone. It reports whether the board was put in.
func WithBattleBoard(req *web.CreateRequest, layout json.RawMessage, rules []engine.Rules) (bool, error) {
	if len(layout) == 0 || len(bytes.TrimSpace(req.Setup)) == 0 {
		return false, nil
	}
	for _, r := range rules {
		tb, ok := r.(TableBoardSetup)
		if r.Name() != req.Rules || !ok {
			continue
		}
		out, used, err := tb.SetupWithTableBoard(req.Setup, layout)
		if err != nil || !used {
			return false, err
		}
		req.Setup = out
		return true, nil
	}
	return false, nil
}
