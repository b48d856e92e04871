package vision

import (
	"math"
	"math/rand/v2"
	"syscall"
	"testing"
)

// cpuPerOp reports the process's CPU time per iteration from here to the
// benchmark's end (the wall clock of a shared machine measures its queue).
func cpuPerOp(b *testing.B) func() {
	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ResetTimer()
	return func() {
		b.StopTimer()
		var after syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		ns := after.Utime.Nano() - before.Utime.Nano() + after.Stime.Nano() - before.Stime.Nano()
		b.ReportMetric(float64(ns)/float64(b.N), "cpu-ns/op")
	}
}

// faceGrids are grids like a die's top sampled by the search: paint with
// noise, and the pips of a face (blurred at their edges), at times a
// little off the square.
func faceGrids(n int) [][faceN * faceN]float64 {
	rng := rand.New(rand.NewPCG(11, 12))
	out := make([][faceN * faceN]float64, n)
	for k := range out {
		face := rng.IntN(12)
		paint, ink := 120+100*rng.Float64(), 20+60*rng.Float64()
		dx, dy := rng.IntN(3)-1, rng.IntN(3)-1
		for j := 0; j < faceN; j++ {
			for i := 0; i < faceN; i++ {
				v := paint
				if a, b := i+dx, j+dy; a >= 0 && b >= 0 && a < faceN && b < faceN && pipTemplates[face][b*faceN+a] != 0 {
					v = ink
				}
				out[k][j*faceN+i] = v + 6*rng.NormFloat64()
			}
		}
	}
	return out
}

// BenchmarkQuickFace is the face search's work per placement once the
// grid is sampled: split into paint and ink, smoothed, read as pips.
func BenchmarkQuickFace(b *testing.B) {
	grids := faceGrids(64)
	var f faceSample
	var c [12]float64
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		f.lum = grids[i%len(grids)]
		f.finish(true)
		pipCorr(&f, &c, true)
	}
}

// finishPlain is a quick sample's finish as first written: one chain of
// additions per sum, a branch per cell.
func finishPlain(f *faceSample) {
	th := otsu(f.lum[:])
	nHi := 0
	var sHi, sLo float64
	for _, l := range f.lum {
		if l > th {
			nHi++
			sHi += l
		} else {
			sLo += l
		}
	}
	nLo := len(f.lum) - nHi
	if nHi > 0 {
		sHi /= float64(nHi)
	}
	if nLo > 0 {
		sLo /= float64(nLo)
	}
	pl, il := sHi, sLo
	if nLo > nHi {
		pl, il = sLo, sHi
	}
	f.inkShare = float64(min(nHi, nLo)) / float64(len(f.lum))
	f.ink = [faceN * faceN]float64{}
	if math.Abs(il-pl) > 1 {
		for k, l := range f.lum {
			v := (l - pl) / (il - pl)
			if v > 1 {
				v = 1
			} else if v <= 0 {
				v = 0
			}
			f.ink[k] = v
		}
	}
	f.soft = smoothGrid(f.ink[:])
	m := 0.0
	for _, v := range f.soft {
		m += v
	}
	f.softSum = m
	m /= float64(len(f.soft))
	ss := 0.0
	for _, v := range f.soft {
		ss += (v - m) * (v - m)
	}
	f.softNorm = math.Sqrt(ss)
}

// The quick samples' finish (lanes, masks) reads a face as the plain
// loops do, and a pip face's own score (labelScore's) is pipCorr's.
func TestQuickFinishIsThePlainOne(t *testing.T) {
	for n, g := range faceGrids(500) {
		var a, b faceSample
		a.lum, b.lum = g, g
		a.finish(true)
		finishPlain(&b)
		if a.inkShare != b.inkShare {
			t.Fatalf("grid %d: ink share %v, plainly %v", n, a.inkShare, b.inkShare)
		}
		for k := range a.ink {
			if math.Abs(a.ink[k]-b.ink[k]) > 1e-12 || math.Abs(a.soft[k]-b.soft[k]) > 1e-12 {
				t.Fatalf("grid %d cell %d: ink %v soft %v, plainly %v and %v", n, k, a.ink[k], a.soft[k], b.ink[k], b.soft[k])
			}
		}
		if math.Abs(a.softSum-b.softSum) > 1e-9 || math.Abs(a.softNorm-b.softNorm) > 1e-9 {
			t.Fatalf("grid %d: sum %v norm %v, plainly %v and %v", n, a.softSum, a.softNorm, b.softSum, b.softNorm)
		}
		var ca, cb [12]float64
		pipCorr(&a, &ca, false)
		pipCorr(&b, &cb, false)
		for k := 0; k < 6; k++ {
			if math.Abs(ca[2*k]-cb[2*k]) > 1e-9 || math.Abs(ca[2*k+1]-cb[2*k+1]) > 1e-9 {
				t.Fatalf("grid %d face %d: %v, plainly %v", n, k+1, ca[2*k:2*k+2], cb[2*k:2*k+2])
			}
			if got, want := pipFaceScore(&a, k, false), max(ca[2*k], ca[2*k+1]); got != want {
				t.Fatalf("grid %d face %d: face score %v, pipCorr's %v", n, k+1, got, want)
			}
			var cr [12]float64
			pipCorr(&a, &cr, true)
			if got, want := pipFaceScore(&a, k, true), max(cr[2*k], cr[2*k+1]); got != want {
				t.Fatalf("grid %d face %d: face score without the rim %v, pipCorr's %v", n, k+1, got, want)
			}
		}
		if ca == [12]float64{} {
			t.Fatalf("grid %d: no correlation at all: the test wants faces", n)
		}
	}
}
