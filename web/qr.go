package web

import (
	"bytes"
	"errors"
	"fmt"

	"rsc.io/qr"
)

// qrModules encodes text as a QR code (error correction level M, byte mode)
// and returns its modules: dark[y][x] is true for a black module. The quiet
// zone is not included.
func qrModules(text string) ([][]bool, error) {
	if text == "" {
		return nil, errors.New("nothing to encode in the QR code")
	}
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("%d characters cannot be put in a QR code: %w", len(text), err)
	}
	out := make([][]bool, c.Size)
	for y := range out {
		out[y] = make([]bool, c.Size)
		for x := range out[y] {
			out[y][x] = c.Black(x, y)
		}
	}
	return out, nil
}

// qrSVG draws text as a QR code in SVG, one unit per module with the four
// modules of quiet zone that scanners need. The SVG scales to its container.
func qrSVG(text string) ([]byte, error) {
	m, err := qrModules(text)
	if err != nil {
		return nil, err
	}
	n := len(m) + 8
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range m {
		for x := 0; x < len(row); x++ {
			if !row[x] {
				continue
			}
			// One horizontal run per path segment keeps the SVG small.
			start := x
			for x < len(row) && row[x] {
				x++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", start+4, y+4, x-start, x-start)
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}
