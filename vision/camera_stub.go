//go:build !cgo || novision

package vision

import (
	"context"
	"image"
)

// Camera is not available without OpenCV.
type Camera struct{}

// OpenCamera reports ErrNotBuilt in a build without OpenCV.
func OpenCamera(string) (*Camera, error) { return nil, ErrNotBuilt }

// Next reports ErrNotBuilt.
func (c *Camera) Next(context.Context) (image.Image, error) { return nil, ErrNotBuilt }

// Fill reports ErrNotBuilt.
func (c *Camera) Fill(context.Context, *image.RGBA) (*image.RGBA, error) { return nil, ErrNotBuilt }

// Close does nothing.
func (c *Camera) Close() error { return nil }
