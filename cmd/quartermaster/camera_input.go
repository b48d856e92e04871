package main

import (
	"context"
	"encoding/json"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
)

// inputCamera hands the companion the camera's reads as rules-neutral
// engine.TableInput, so the game's kit maps them (and says what was seen).
// The camera adapter still writes a read in the battle-read JSON format
// (colour -> zone -> count, and the cubes to drop again by colour); this
// bridge turns that into a TableInput until the camera reports one itself.
type inputCamera struct{ cam companion.Camera }

// inputWatcher is an inputCamera over a camera that watches by itself.
type inputWatcher struct {
	inputCamera
	w companion.CameraWatcher
}

// asInputCamera wraps cam (nil stays nil).
func asInputCamera(cam companion.Camera) companion.Camera {
	if cam == nil {
		return nil
	}
	if w, ok := cam.(companion.CameraWatcher); ok {
		return inputWatcher{inputCamera{cam}, w}
	}
	return inputCamera{cam}
}

func (c inputCamera) Read(ctx context.Context) (companion.CameraRead, error) {
	r, err := c.cam.Read(ctx)
	if err != nil {
		return r, err
	}
	return toInput(r), nil
}

func (c inputWatcher) Watch(ctx context.Context, out chan<- companion.CameraReport) error {
	in := make(chan companion.CameraReport)
	errc := make(chan error, 1)
	go func() { errc <- c.w.Watch(ctx, in) }()
	for {
		select {
		case rep := <-in:
			if rep.Err == nil {
				rep.Read = toInput(rep.Read)
			}
			select {
			case out <- rep:
			case <-ctx.Done():
				return <-errc
			}
		case err := <-errc:
			return err
		}
	}
}

func (c inputWatcher) DropStarted() { c.w.DropStarted() }

// toInput turns a read in the battle-read format into a TableInput; a read
// that already has one, or whose action is not that format, is left as it
// is (the companion proposes the action itself).
func toInput(r companion.CameraRead) companion.CameraRead {
	if r.Input != nil || len(r.Action) == 0 {
		return r
	}
	var a struct {
		Read *struct {
			Cubes  map[string]map[string]int `json:"cubes"`
			Redrop map[string]int            `json:"redrop"`
		} `json:"read"`
	}
	if json.Unmarshal(r.Action, &a) != nil || a.Read == nil {
		return r
	}
	in := engine.TableInput{Kind: "cubes", Seat: engine.NoSeat, Cubes: map[string]map[string]int{}, Dropped: -1}
	for colour, zones := range a.Read.Cubes {
		for zone, n := range zones {
			if in.Cubes[zone] == nil {
				in.Cubes[zone] = map[string]int{}
			}
			in.Cubes[zone][colour] += n
		}
	}
	for colour, n := range a.Read.Redrop {
		if in.RedropCubes == nil {
			in.RedropCubes = map[string]int{}
		}
		in.RedropCubes[colour] += n
		in.Redrop += n
	}
	return companion.CameraRead{Input: &in, Cubes: r.Cubes}
}
