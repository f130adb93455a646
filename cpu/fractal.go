package cpu

import "github.com/noiselab/noise"

// The fractal modes (docs/algorithms.md §6.4) shape each octave's sample
// before it is weighed: shape, used by shapeValue and shapeSample (so the
// sample's value is the value path's, bit for bit); the GLSL twins are shape
// and shapeSample in fractal.glsl.
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

// shape applies fractal mode m with ping-pong strength s to an octave's
// value v: the shaped value t and the factor k of its derivative, dt = k·dv
// (for ridged and billow k carries the sign of v, !(v >= 0) as in
// evaluateCombined). shapeValue and shapeSample are its two uses.
func shape(m noise.Fractal, v, s float32) (t, k float32) {
	switch m {
	case noise.FractalRidged:
		r := 1 - abs32(v)
		t, k = float32(2*float32(r*r))-1, -float32(4*r)
	case noise.FractalBillow:
		t, k = float32(2*abs32(v))-1, 2
	case noise.FractalPingPong:
		u, folded := pingPongFold(v, s)
		k = float32(2 * s)
		if folded {
			k = -k
		}
		return float32(2*u) - 1, k
	default:
		return v, 1
	}
	if !(v >= 0) { // the derivative of a = |v|
		k = -k
	}
	return t, k
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

// shapeValue is shape's value.
func shapeValue(m noise.Fractal, v, s float32) float32 {
	t, _ := shape(m, v, s)
	return t
}

// shapeSample applies shape to an octave's sample n, derivatives included.
func shapeSample(m noise.Fractal, n noise.Sample, s float32) noise.Sample {
	t, k := shape(m, n.V, s)
	return noise.Sample{V: t, Dx: float32(n.Dx * k), Dy: float32(n.Dy * k), Dz: float32(n.Dz * k), Dw: float32(n.Dw * k)}
}
