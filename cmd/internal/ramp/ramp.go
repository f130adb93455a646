// Package ramp colours noise values the way the tutorials show them, for
// the project's pictures (noise image, verify -diff-dir).
package ramp

import (
	"image/color"
	"math"
)

// Value colours v, a value of a noise whose range is [lo, hi]: for signed
// noise (lo < 0) negative values red (−v, 0, 0) and the others grey v, the
// tutorials' ramp; for noise in [0, hi] grey v/hi. NaN is blue.
func Value(v, lo, hi float32) color.RGBA {
	if v != v {
		return color.RGBA{0, 0, 255, 255}
	}
	if lo < 0 {
		if v < 0 {
			return color.RGBA{To8(-v), 0, 0, 255}
		}
		hi = 1
	}
	g := To8(v / hi)
	return color.RGBA{g, g, g, 255}
}

// To8 maps [0, 1] to a byte, rounding to nearest and clamping; NaN gives 0.
func To8(x float32) uint8 { return uint8(level(x, 0xFF)) }

// To16 maps [0, 1] to 16 bits, rounding to nearest and clamping; NaN gives 0.
func To16(x float32) uint16 { return uint16(level(x, 0xFFFF)) }

// level maps [0, 1] to the nearest of 0 … top, clamping; NaN gives 0.
func level(x float32, top float64) float64 {
	if !(x > 0) {
		return 0
	}
	return math.Round(min(float64(x), 1) * top)
}

// Grey maps v, a value of a noise whose range is [lo, hi], to [0, 1]
// linearly, (v − lo)/(hi − lo), clamped: a heightmap. NaN gives 0.
func Grey(v, lo, hi float32) float32 {
	g := (v - lo) / (hi - lo)
	if !(g > 0) {
		return 0
	}
	return min(g, 1)
}
