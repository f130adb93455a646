package ramp

import (
	"image/color"
	"math"
	"testing"
)

func TestValue(t *testing.T) {
	nan := float32(math.NaN())
	for _, tt := range []struct {
		v, lo, hi float32
		want      color.RGBA
	}{
		{-1, -1, 1, color.RGBA{255, 0, 0, 255}},
		{-0.5, -1, 1, color.RGBA{128, 0, 0, 255}},
		{0.5, -1, 1, color.RGBA{128, 128, 128, 255}},
		{0, -1, 1, color.RGBA{0, 0, 0, 255}},
		{1.2, -1, 1, color.RGBA{255, 255, 255, 255}},
		{0.75, 0, 1.5, color.RGBA{128, 128, 128, 255}}, // [0, hi] noise is scaled to hi
		{1.5, 0, 1.5, color.RGBA{255, 255, 255, 255}},
		{-0.1, 0, 1, color.RGBA{0, 0, 0, 255}}, // below an unsigned range: black
		{nan, -1, 1, color.RGBA{0, 0, 255, 255}},
	} {
		if got := Value(tt.v, tt.lo, tt.hi); got != tt.want {
			t.Errorf("Value(%v, %v, %v) = %v, want %v", tt.v, tt.lo, tt.hi, got, tt.want)
		}
	}
}

func TestTo8(t *testing.T) {
	for _, tt := range []struct {
		x    float32
		want uint8
	}{{0, 0}, {-3, 0}, {float32(math.NaN()), 0}, {1, 255}, {7, 255}, {0.5, 128}, {1.0 / 255, 1}, {0.49 / 255, 0}} {
		if got := To8(tt.x); got != tt.want {
			t.Errorf("To8(%v) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestGreyAndTo16(t *testing.T) {
	nan := float32(math.NaN())
	for _, tt := range []struct{ v, lo, hi, want float32 }{
		{-1, -1, 1, 0}, {0, -1, 1, 0.5}, {1, -1, 1, 1}, {2, -1, 1, 1}, {-3, -1, 1, 0},
		{0.75, 0, 1.5, 0.5}, {nan, -1, 1, 0},
	} {
		if got := Grey(tt.v, tt.lo, tt.hi); got != tt.want {
			t.Errorf("Grey(%v, %v, %v) = %v, want %v", tt.v, tt.lo, tt.hi, got, tt.want)
		}
	}
	for _, tt := range []struct {
		x    float32
		want uint16
	}{{0, 0}, {1, 0xFFFF}, {0.5, 32768}, {1.5, 0xFFFF}, {-0.5, 0}, {nan, 0}, {1.0 / 65535, 1}} {
		if got := To16(tt.x); got != tt.want {
			t.Errorf("To16(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}
