package photos

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // photographs from phones and cameras
	_ "image/png"  // and from the simulated camera
	"os"

	"github.com/quartermaster-table/quartermaster/vision"
)

// readImage decodes a PNG or JPEG photograph as read-battle and calibrate
// read it: turned upright by its EXIF orientation (a phone held sideways
// stores the picture on its side and says so), alpha ignored, every pixel
// opaque. These are what OpenCV's imread did for them before Go's decoders
// replaced it (OpenCV's imgcodecs is no longer linked).
func readImage(path string) (*image.RGBA, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("image %s: %v", path, errors.Unwrap(err))
	}
	if st.IsDir() {
		return nil, fmt.Errorf("image %s is a directory", path)
	}
	// The header first: a small file can declare gigabytes of pixels.
	if _, _, err := vision.CheckImageFile(path); err != nil {
		return nil, fmt.Errorf("image %s: %v", path, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("image %s: %v", path, errors.Unwrap(err))
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("image %s: not a readable image (corrupt, or not PNG/JPEG)", path)
	}
	return orient(opaque(img), exifOrientation(b)), nil
}

// opaque copies img into an RGBA image with every alpha 255, keeping the
// colour a translucent pixel stores rather than blending it with black.
func opaque(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch img.(type) {
	case *image.YCbCr, *image.Gray, *image.Gray16, *image.CMYK, *image.RGBA:
		// Opaque already (JPEG, gray PNG, truecolour PNG): draw's fast paths.
		draw.Draw(out, out.Rect, img, b.Min, draw.Src)
		return out
	}
	for y := 0; y < b.Dy(); y++ {
		o := out.Pix[y*out.Stride:]
		for x := 0; x < b.Dx(); x++ {
			var r, g, bl uint8
			switch c := img.At(b.Min.X+x, b.Min.Y+y).(type) {
			case color.NRGBA:
				r, g, bl = c.R, c.G, c.B
			case color.NRGBA64:
				r, g, bl = uint8(c.R>>8), uint8(c.G>>8), uint8(c.B>>8)
			default:
				n := color.NRGBA64Model.Convert(c).(color.NRGBA64)
				r, g, bl = uint8(n.R>>8), uint8(n.G>>8), uint8(n.B>>8)
			}
			o[4*x], o[4*x+1], o[4*x+2], o[4*x+3] = r, g, bl, 255
		}
	}
	return out
}

// exifOrientation is the EXIF orientation (1-8) a JPEG declares, or 1 when
// it declares none, or the file is not a JPEG or its EXIF is malformed.
func exifOrientation(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return 1
		}
		marker := b[i+1]
		if marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) {
			i += 2 // markers without a length
			continue
		}
		if marker == 0xDA || marker == 0xD9 {
			return 1 // the image data: no EXIF before it
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return 1
		}
		seg := b[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 of IFD0 of an EXIF TIFF block.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	n := int(bo.Uint16(t[off:]))
	for k := 0; k < n; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		if typ := bo.Uint16(t[e+2:]); typ != 3 { // SHORT
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// orient turns img upright for EXIF orientation o, as OpenCV's imread does:
// 2 mirrors it, 3 turns it half round, 4 flips it upside down, 5 transposes
// it, 6 turns it a quarter clockwise, 7 transposes it across the other
// diagonal, 8 turns it a quarter anticlockwise.
func orient(img *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return img
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			u, v := x, y
			if o == 2 || o == 3 || o == 6 || o == 7 {
				u = ow - 1 - x
			}
			if o == 3 || o == 4 || o == 7 || o == 8 {
				v = oh - 1 - y
			}
			sx, sy := u, v
			if o >= 5 {
				sx, sy = v, u
			}
			copy(out.Pix[y*out.Stride+4*x:y*out.Stride+4*x+4], img.Pix[sy*img.Stride+4*sx:])
		}
	}
	return out
}
