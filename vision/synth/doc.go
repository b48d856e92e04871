// Package synth renders synthetic photographs of the battle board with exact
// ground truth (every cube's colour, footprint centre and expected zone or
// re-drop), with perspective, tilt, shading, shadows, light colour, blur,
// noise and JPEG artefacts. Tests, the accuracy benchmark and the simulated
// camera of `make run` use it.
package synth
