package cpu

import "fmt"

// Domain is the domain transform of SPEC §8 (the tutorials' SpaceTRS):
// the noise at position p is sampled at M·p + t.
type Domain struct {
	Translation [3]float32
	Rotation    [3]float32 // Euler angles in degrees about X, Y and Z
	Scale       [3]float32
	// PN selects the Pseudorandom Noise series' matrix, a quaternion TRS that
	// scales before it rotates (SPEC §8.2). The default is the Pseudorandom
	// Surfaces matrix Scale·EulerZXY, which rotates first (SPEC §8.3, the
	// project's canonical transform).
	PN bool
}

// IdentityDomain returns the transform that leaves positions unchanged.
func IdentityDomain() Domain { return Domain{Scale: [3]float32{1, 1, 1}} }

// Validate reports non-finite or out-of-range fields.
func (d Domain) Validate() error {
	for i, c := range "xyz" {
		if !finite(d.Translation[i]) || abs32(d.Translation[i]) > inputLimit {
			return fmt.Errorf("invalid translation %c %v: must be finite, at most 2^64 in magnitude", c, d.Translation[i])
		}
		if !finite(d.Rotation[i]) {
			return fmt.Errorf("invalid rotation %c %v: must be finite", c, d.Rotation[i])
		}
		if !finite(d.Scale[i]) || abs32(d.Scale[i]) > 1<<32 {
			return fmt.Errorf("invalid scale %c %v: must be finite, at most 2^32 in magnitude", c, d.Scale[i])
		}
	}
	return nil
}

func finite(x float32) bool { return x-x == 0 }

// Transform is a 3×4 affine matrix: rows M and translation T.
type Transform struct {
	M [3][3]float32
	T [3]float32
}

// Apply returns M·p + t with the operation order of SPEC §8.4.
func (m *Transform) Apply(p [3]float32) [3]float32 {
	var q [3]float32
	for i := range q {
		q[i] = ((float32(m.M[i][0]*p[0]) + float32(m.M[i][1]*p[1])) + float32(m.M[i][2]*p[2])) + m.T[i]
	}
	return q
}

// Matrix3 is a 3×3 matrix, rows first.
type Matrix3 [3][3]float32

// Apply returns m·d with the operation order of SPEC §7.6.
func (m *Matrix3) Apply(d [3]float32) [3]float32 {
	var r [3]float32
	for i := range r {
		r[i] = (float32(m[i][0]*d[0]) + float32(m[i][1]*d[1])) + float32(m[i][2]*d[2])
	}
	return r
}

// eulerZXY is Unity's float3x3.EulerZXY(r) (SPEC §8.1): Z, then X, then Y.
func eulerZXY(r [3]float32) Matrix3 {
	var s, c [3]float32
	for i := range r {
		s[i], c[i] = sin32(r[i]), cos32(r[i])
	}
	return Matrix3{
		{float32(c[1]*c[2]) + float32(float32(s[0]*s[1])*s[2]), float32(float32(c[2]*s[0])*s[1]) - float32(c[1]*s[2]), float32(c[0] * s[1])},
		{float32(c[0] * s[2]), float32(c[0] * c[2]), -s[0]},
		{float32(float32(c[1]*s[0])*s[2]) - float32(c[2]*s[1]), float32(float32(c[1]*c[2])*s[0]) + float32(s[1]*s[2]), float32(c[0] * c[1])},
	}
}

func (d Domain) radians() [3]float32 {
	var r [3]float32
	for i := range r {
		r[i] = float32(d.Rotation[i] * toRad)
	}
	return r
}

// Matrix returns the domain matrix: Scale·EulerZXY(radians(rotation)) with
// translation (SPEC §8.3), or the PN quaternion TRS when d.PN is set.
func (d Domain) Matrix() Transform {
	if d.PN {
		return d.matrixPN()
	}
	e := eulerZXY(d.radians())
	var m Transform
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m.M[i][j] = float32(d.Scale[i] * e[i][j])
		}
	}
	m.T = d.Translation
	return m
}

// matrixPN is float4x4.TRS(t, quaternion.EulerZXY(r), s) with the rounding
// sequence of SPEC §8.2.
func (d Domain) matrixPN() Transform {
	r := d.radians()
	var hs, hc [3]float32
	for i := range r {
		hs[i], hc[i] = sin32(0.5*r[i]), cos32(0.5*r[i])
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
	var m Transform
	for j := 0; j < 3; j++ {
		for i := 0; i < 3; i++ {
			m.M[i][j] = float32(cols[j][i] * d.Scale[j])
		}
	}
	m.T = d.Translation
	return m
}

// DerivativeMatrix returns the matrix that turns noise derivatives into
// derivatives with respect to the untransformed position: the transpose of
// the linear part of Matrix (SPEC §7.6; for the PS matrix this equals
// EulerYXZ(−radians(rotation))·Scale(scale) bit for bit).
func (d Domain) DerivativeMatrix() Matrix3 {
	m := d.Matrix()
	var t Matrix3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			t[i][j] = m.M[j][i]
		}
	}
	return t
}
