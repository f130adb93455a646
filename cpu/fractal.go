package cpu

import "github.com/noiselab/noise"

// The fractal modes (docs/algorithms.md §6.4) shape each octave's sample
// before it is weighed. The value of shapeSample is shapeValue's, bit for
// bit; the GLSL twins are shapeSample and shapeValue in fractal.glsl.
//
// With a = |v| and its derivative da (the derivative's sign follows the
// value's, as in turbulence, so at v = 0 it is the right-hand one):
//
//	ridged:    r = 1 − a,  t = 2r² − 1,             dt = −4r·da
//	billow:    t = 2a − 1,                           dt = 2·da
//	ping-pong: u = (v + 1)·s, m = u − 2⌊u/2⌋, m ≥ 1: m = 2 − m (folded),
//	           t = 2m − 1,                           dt = ±2s·dv (− where folded)
//
// |v| ≤ 1.5 for every noise and s ≤ noise.MaxPingPong, so u/2 is far
// inside floorToInt's range.

// shapeValue applies fractal mode m with ping-pong strength s to an
// octave's value v.
func shapeValue(m noise.Fractal, v, s float32) float32 {
	switch m {
	case noise.FractalRidged:
		r := 1 - abs32(v)
		return float32(2*float32(r*r)) - 1
	case noise.FractalBillow:
		return float32(2*abs32(v)) - 1
	case noise.FractalPingPong:
		u, _ := pingPongFold(v, s)
		return float32(2*u) - 1
	}
	return v
}

// pingPongFold folds (v + 1)·s into [0, 1]: m and whether it was folded back.
func pingPongFold(v, s float32) (m float32, folded bool) {
	u := float32((v + 1) * s)
	m = u - float32(2*float32(floorToInt(float32(u*0.5))))
	if !(m < 1) {
		return 2 - m, true
	}
	return m, false
}

// shapeSample applies fractal mode m with ping-pong strength s to an
// octave's sample n, derivatives included.
func shapeSample(m noise.Fractal, n noise.Sample, s float32) noise.Sample {
	var k float32 // the derivative's factor
	switch m {
	case noise.FractalRidged:
		r := 1 - abs32(n.V)
		k = -float32(4 * r)
	case noise.FractalBillow:
		k = 2
	case noise.FractalPingPong:
		_, folded := pingPongFold(n.V, s)
		k = float32(2 * s)
		if folded {
			k = -k
		}
	default:
		return n
	}
	// Ridged and billow take the derivative of a = |v|: its sign follows
	// v's. (!(v >= 0) as in evaluateCombined.)
	if m != noise.FractalPingPong && !(n.V >= 0) {
		k = -k
	}
	return noise.Sample{V: shapeValue(m, n.V, s), Dx: float32(n.Dx * k), Dy: float32(n.Dy * k), Dz: float32(n.Dz * k)}
}
