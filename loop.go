package noise

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/internal/f32"
)

// Looping animations and seamless textures from 4D noise, for any noise
// with 4D (Noise.MaxDims; docs/algorithms.md §8.8). The mappings are plain
// float32 arithmetic with float64 sine and cosine rounded to float32, the
// same bits on every platform; sample the positions with a backend's 4D
// calls (cpu.Sampler.At4, Samples4; dispatch.Sampler.Samples4), which
// apply the domain transform after the mapping.

var (
	twoPi     = math.Float32frombits(0x40C90FDB) // float32(2π)
	invTwoPi  = math.Float32frombits(0x3E22F983) // float32(1/(2π))
	torusDiff = twoPi * invTwoPi                 // 2πR for R = 1/(2π), in float32
)

// turn returns the cosine and sine of the angle 2π·(t − floor(t)): a whole
// number of turns gives exactly the angle of t's fraction.
func turn(t float32) (c, s float32) {
	a := float32(twoPi * (t - float32(math.Floor(float64(t)))))
	return f32.Cos(a), f32.Sin(a)
}

// Loop is a looping animation: time runs around a circle of radius Radius
// (in noise units, before the domain transform) in the (y, w) plane of 4D
// noise, so the point p at time t samples (x, y + R·cos 2πt, z, R·sin 2πt)
// (on the XZ plane, y = 0: (x, R·cos 2πt, z, R·sin 2πt)), and time t + 1
// is time t again. The larger the radius, the more the noise changes
// during one loop.
type Loop struct {
	Radius float32
}

// LoopFrame returns the time of frame k of a loop of n frames: (k mod n)/n
// (the floor modulo, in [0, n)) correctly rounded to float32, or, where
// that rounds to 1 (only for n above 2^24), the largest float32 below 1,
// 1 − 2^−24. So it lies in [0, 1) for every k and every n ≥ 1, is
// non-decreasing in k within a loop, and frames k and k + n are the same
// time, bit for bit: a looping animation's frame n is its frame 0. For
// n ≤ 2^24 it is float32(k mod n)/float32(n) (docs/algorithms.md §8.8).
// n < 1 is a programmer error: LoopFrame panics, as k % 0 does.
func LoopFrame(k, n int) float32 {
	if n < 1 {
		panic(fmt.Sprintf("noise: LoopFrame(%d, %d): a loop has at least 1 frame", k, n))
	}
	m := k % n // |m| < n: no overflow, MinInt included
	if m < 0 {
		m += n
	}
	return fraction32(uint64(m), uint64(n))
}

// fraction32 returns m/n correctly rounded to float32 (to nearest, ties to
// even) for 0 ≤ m < n < 2^64, or 1 − 2^−24 where that rounds to 1.
func fraction32(m, n uint64) float32 {
	if m == 0 {
		return 0
	}
	if n <= 1<<24 { // exact operands: one IEEE division; (n − 1)/n ≤ 1 − 2^−24
		return float32(m) / float32(n)
	}
	// q = floor(m·2^s / n) has 41 or 42 bits (m/n lies in
	// (2^(a−b−1), 2^(a−b+1)) for a, b the bit lengths of m and n), so
	// m/n = (q + r/n)·2^−s, and the 128-bit m·2^s (below 2^(b+41) ≤ 2^105)
	// divided by n fits in 64 bits.
	s := 41 + bits.Len64(n) - bits.Len64(m)
	var hi, lo uint64
	if s >= 64 {
		hi = m << (s - 64)
	} else {
		hi, lo = m>>(64-s), m<<s
	}
	q, r := bits.Div64(hi, lo, n)
	if r != 0 {
		q |= 1 // sticky: far below the rounding position, as q has ≥ 41 bits
	}
	// Round q to 24 significant bits, to nearest, ties to even.
	drop := bits.Len64(q) - 24
	mant, rest, half := q>>drop, q&(1<<drop-1), uint64(1)<<(drop-1)
	if rest > half || rest == half && mant&1 == 1 {
		mant++ // at most 2^24: exact in float32
	}
	f := float32(math.Ldexp(float64(mant), drop-s)) // exact: ≥ 2^−64, far above the subnormals
	if f >= 1 {
		return math.Float32frombits(0x3F7FFFFF) // 1 − 2^−24
	}
	return f
}

// Point returns the 4D position of p at time t:
// (x, y + R·cos 2πt', z, R·sin 2πt') with t' = t − floor(t).
func (l Loop) Point(p mgl32.Vec3, t float32) mgl32.Vec4 {
	c, s := turn(t)
	return mgl32.Vec4{p[0], p[1] + float32(l.Radius*c), p[2], float32(l.Radius * s)}
}

// Sample carries the derivatives of s, the noise sampled at Point(p, t),
// through the mapping: Dx, Dy and Dz stay (the mapping moves p by a
// translation), and Dw becomes the derivative with respect to time,
// 2πR·(cos 2πt'·Dw − sin 2πt'·Dy).
func (l Loop) Sample(s Sample, t float32) Sample {
	c, sn := turn(t)
	k := float32(twoPi * l.Radius)
	s.Dw = float32(k * (float32(c*s.Dw) - float32(sn*s.Dy)))
	return s
}

// TorusPoint maps the point (u, v) of the unit square to the 4D torus
// (R·cos 2πu', R·sin 2πu', R·cos 2πv', R·sin 2πv') with u' = u − floor(u),
// v' likewise, and R = 1/(2π): each circle is one unit long, so a unit of
// u or v spans about a unit of noise, as on the plane. 4D noise sampled
// there is a seamless texture: period 1 in u and in v, and the points
// (u + 1, v) and (u, v + 1) are (u, v) bit for bit wherever u' and v' are
// (for u, v in [0, 1], at u = 1 and v = 1 for certain).
func TorusPoint(u, v float32) mgl32.Vec4 {
	cu, su := turn(u)
	cv, sv := turn(v)
	return mgl32.Vec4{float32(invTwoPi * cu), float32(invTwoPi * su), float32(invTwoPi * cv), float32(invTwoPi * sv)}
}

// TorusSample carries the derivatives of s, the noise sampled at
// TorusPoint(u, v), through the mapping, in the 2D convention (the image
// plane is XZ): Dx = ∂/∂u = 2πR·(cos 2πu'·Dy − sin 2πu'·Dx) and
// Dz = ∂/∂v = 2πR·(cos 2πv'·Dw − sin 2πv'·Dz); Dy and Dw are 0.
func TorusSample(s Sample, u, v float32) Sample {
	cu, su := turn(u)
	cv, sv := turn(v)
	return Sample{
		V:  s.V,
		Dx: float32(torusDiff * (float32(cu*s.Dy) - float32(su*s.Dx))),
		Dz: float32(torusDiff * (float32(cv*s.Dw) - float32(sv*s.Dz))),
	}
}
