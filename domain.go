package noise

import (
	"fmt"

	"github.com/noiselab/noise/internal/f32"
)

// Domain is the domain transform (the tutorials' SpaceTRS,
// docs/algorithms.md §8): the noise at position p is sampled at M·p + t.
// The zero Domain is invalid (its scale is 0, which would give every point
// one value): start from IdentityDomain or Scale, or set Scale.
type Domain struct {
	Translation [3]float32
	Rotation    [3]float32 // Euler angles in degrees about X, Y and Z
	Scale       [3]float32 // non-zero
	// PN selects the Pseudorandom Noise series' matrix, a quaternion TRS that
	// scales before it rotates. The default is the Pseudorandom Surfaces
	// matrix Scale·EulerZXY, which rotates first (the project's canonical
	// transform).
	PN bool
	// TranslationW and ScaleW transform the fourth coordinate, which only
	// 4D noise reads: w' = (w·ScaleW) + TranslationW. No rotation mixes w
	// with x, y and z. ScaleW 0 means 1, so that a 3D domain need not set
	// it; WTransform returns the scale in effect.
	TranslationW float32
	ScaleW       float32
}

// WTransform returns the scale and translation of the fourth coordinate:
// ScaleW (1 when it is 0) and TranslationW.
func (d Domain) WTransform() (scale, translation float32) {
	if d.ScaleW == 0 {
		return 1, d.TranslationW
	}
	return d.ScaleW, d.TranslationW
}

// IdentityDomain returns the transform that leaves positions unchanged.
func IdentityDomain() Domain { return Domain{Scale: [3]float32{1, 1, 1}} }

// Scale returns the domain that multiplies positions by s: the way to a
// fractional frequency for a tiling variant, whose Settings.Frequency and
// Lacunarity must be whole numbers (so that tiling holds in every octave):
// for a world-scale frequency of 0.01, keep Frequency 1 and set Domain:
// Scale(0.01). (Other variants may also set Frequency: 0.01.) It scales all four
// coordinates (ScaleW too), so 4D noise keeps its proportions.
func Scale(s float32) *Domain { return &Domain{Scale: [3]float32{s, s, s}, ScaleW: s} }

// Validate reports non-finite, zero or out-of-range fields.
func (d Domain) Validate() error {
	for i, c := range "xyz" {
		if !f32.Finite(d.Translation[i]) || f32.Abs(d.Translation[i]) > f32.InputLimit {
			return fmt.Errorf("invalid translation %c %v: must be finite, at most 2^64 in magnitude", c, d.Translation[i])
		}
		if !f32.Finite(d.Rotation[i]) {
			return fmt.Errorf("invalid rotation %c %v: must be finite", c, d.Rotation[i])
		}
		if !f32.Finite(d.Scale[i]) || f32.Abs(d.Scale[i]) > 1<<32 {
			return fmt.Errorf("invalid scale %c %v: must be finite, at most 2^32 in magnitude", c, d.Scale[i])
		}
		if d.Scale[i] == 0 {
			return fmt.Errorf("invalid scale %c 0: must not be zero (a Domain without Scale has scale 0; start from noise.IdentityDomain() or noise.Scale(s))", c)
		}
	}
	if !f32.Finite(d.TranslationW) || f32.Abs(d.TranslationW) > f32.InputLimit {
		return fmt.Errorf("invalid translation w %v: must be finite, at most 2^64 in magnitude", d.TranslationW)
	}
	if !f32.Finite(d.ScaleW) || f32.Abs(d.ScaleW) > 1<<32 {
		return fmt.Errorf("invalid scale w %v: must be finite, at most 2^32 in magnitude", d.ScaleW)
	}
	return nil
}

// eulerZXY is Unity's float3x3.EulerZXY(r): Z, then X, then Y.
func eulerZXY(r [3]float32) [3][3]float32 {
	var s, c [3]float32
	for i := range r {
		s[i], c[i] = f32.Sin(r[i]), f32.Cos(r[i])
	}
	return [3][3]float32{
		{float32(c[1]*c[2]) + float32(float32(s[0]*s[1])*s[2]), float32(float32(c[2]*s[0])*s[1]) - float32(c[1]*s[2]), float32(c[0] * s[1])},
		{float32(c[0] * s[2]), float32(c[0] * c[2]), -s[0]},
		{float32(float32(c[1]*s[0])*s[2]) - float32(c[2]*s[1]), float32(float32(c[1]*c[2])*s[0]) + float32(s[1]*s[2]), float32(c[0] * c[1])},
	}
}

func (d Domain) radians() [3]float32 {
	var r [3]float32
	for i := range r {
		r[i] = float32(d.Rotation[i] * f32.ToRad)
	}
	return r
}

// Matrix returns the domain matrix: rows m of Scale·EulerZXY(radians(
// rotation)) and the translation t, or the PN quaternion TRS when d.PN is
// set. Both backends apply it as ((m[i][0]·x + m[i][1]·y) + m[i][2]·z) + t[i],
// each product rounded.
func (d Domain) Matrix() (m [3][3]float32, t [3]float32) {
	if d.PN {
		return d.matrixPN()
	}
	e := eulerZXY(d.radians())
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[i][j] = float32(d.Scale[i] * e[i][j])
		}
	}
	return m, d.Translation
}

// matrixPN is float4x4.TRS(t, quaternion.EulerZXY(r), s) with the rounding
// sequence of the tutorials' Mathematics library.
func (d Domain) matrixPN() (m [3][3]float32, t [3]float32) {
	r := d.radians()
	var hs, hc [3]float32
	for i := range r {
		hs[i], hc[i] = f32.Sin(0.5*r[i]), f32.Cos(0.5*r[i])
	}
	mul3 := func(a, b, c float32) float32 { return float32(float32(a*b) * c) }
	qx := mul3(hs[0], hc[1], hc[2]) + float32(mul3(hs[1], hs[2], hc[0])*1)
	qy := mul3(hs[1], hc[0], hc[2]) + float32(mul3(hs[0], hs[2], hc[1])*-1)
	qz := mul3(hs[2], hc[0], hc[1]) + float32(mul3(hs[0], hs[1], hc[2])*-1)
	qw := mul3(hc[0], hc[1], hc[2]) + float32(mul3(hs[1], hs[2], hs[0])*1)
	vx, vy, vz := qx+qx, qy+qy, qz+qz
	m2 := func(a, b, c, e float32, k float32) float32 { return (float32(a*b) - float32(c*e)) + k }
	cols := [3][3]float32{
		{m2(vy, -qy, vz, qz, 1), m2(vy, qx, vz, -qw, 0), m2(vy, -qw, vz, -qx, 0)},
		{m2(vz, -qw, vx, -qy, 0), m2(vz, -qz, vx, qx, 1), m2(vz, qy, vx, -qw, 0)},
		{m2(vx, qz, vy, -qw, 0), m2(vx, -qw, vy, -qz, 0), m2(vx, -qx, vy, qy, 1)},
	}
	for j := 0; j < 3; j++ {
		for i := 0; i < 3; i++ {
			m[i][j] = float32(cols[j][i] * d.Scale[j])
		}
	}
	return m, d.Translation
}

// DerivativeMatrix returns the matrix that turns noise derivatives into
// derivatives with respect to the untransformed position: the transpose of
// the linear part of Matrix (for the PS matrix this equals
// EulerYXZ(−radians(rotation))·Scale(scale) bit for bit). Both backends
// apply it like Matrix, without a translation.
func (d Domain) DerivativeMatrix() [3][3]float32 {
	m, _ := d.Matrix()
	var t [3][3]float32
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			t[i][j] = m[j][i]
		}
	}
	return t
}
