package cpu

import "math"

// Float constants of docs/algorithms.md §0, defined from their binary32 bit patterns.
// Untyped Go constant expressions such as 2.0/0.53528 round differently from
// the C# float expressions the tutorials use, so none of these is written as
// a decimal literal.
var (
	inv255   = math.Float32frombits(0x3B808081) // 1f / 255f
	inv31    = math.Float32frombits(0x3D042108) // 1f / ((1<<5)-1)
	perlin2  = math.Float32frombits(0x406F2090) // 2f / 0.53528f
	perlin3  = math.Float32frombits(0x3FE364D3) // 1f / 0.56290f
	simplex1 = math.Float32frombits(0x3F97B426) // 32f / 27f
	simplex2 = math.Float32frombits(0x4083F68D) // 5.832f / sqrt(2f)
	simplex3 = math.Float32frombits(0x40975952) // 1024f / (125f * sqrt(3f))
	invSqrt3 = math.Float32frombits(0x3F13CD3A) // 1f / sqrt(3f)
	skew2    = math.Float32frombits(0x3EBB67AE) // (sqrt(3f) - 1f) / 2f
	unskew2  = math.Float32frombits(0x3E58658C) // (3f - sqrt(3f)) / 6f
	skew3    = math.Float32frombits(0x3EAAAAAB) // 1f / 3f
	unskew3  = math.Float32frombits(0x3E2AAAAB) // 1f / 6f
	scale3   = math.Float32frombits(0x3F19999A) // 0.6f
	skew4    = math.Float32frombits(0x3E9E377A) // (sqrt(5f) - 1f) / 4f
	unskew4  = math.Float32frombits(0x3E0D8369) // (5f - sqrt(5f)) / 20f
	scale4   = scale3                           // 0.6f, as in 3D
	perlin4  = math.Float32frombits(0x3F269A7F) // 1 / 1.53658233, the 4D Perlin supremum
	simplex4 = math.Float32frombits(0x40571F5B) // 1 / (√3 · 0.171764560), the 4D simplex supremum and 1/√3
	pi32     = math.Float32frombits(0x40490FDB) // PI
	twoPi32  = math.Float32frombits(0x40C90FDB) // 2f * PI
)

// coordLimit bounds every lattice coordinate (a position times an octave
// frequency, after the simplex pre-scale) before it is floored to an int32
// cell index. Inside the documented range (|c| < 2^24) it never applies; beyond
// 2^29 the noise is that of the clamped coordinate, on every platform and on
// the GPU alike, instead of an implementation-defined float→int conversion.
const coordLimit = 1 << 29

// inputLimit bounds the input coordinates before the domain transform, so a
// finite position can never overflow to ±Inf or NaN inside the transform.
const inputLimit = 1 << 64

// clampMag limits c to [-limit, limit]; NaN passes through.
func clampMag(c, limit float32) float32 {
	if c > limit {
		return limit
	}
	if c < -limit {
		return -limit
	}
	return c
}

// clampCoord limits a lattice coordinate to ±coordLimit.
func clampCoord(c float32) float32 { return clampMag(c, coordLimit) }

// floorToInt returns floor(c) as an int32 for |c| <= coordLimit.
// It is exact and avoids math.Floor, which is a function call on GOAMD64=v1.
func floorToInt(c float32) int32 {
	i := int32(c)
	if float32(i) > c {
		i--
	}
	return i
}

// floorWithFloat is floorToInt(c) and its float32 value. When the floor
// steps down, c is negative and not an integer, so |c| < 2^23 and
// float32(i) − 1 is exact.
func floorWithFloat(c float32) (int32, float32) {
	i := int32(c)
	fi := float32(i)
	if fi > c {
		i, fi = i-1, fi-1
	}
	return i, fi
}

// sqrt32 is the correctly rounded float32 square root.
func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// isNaN32 reports whether x is NaN (the GLSL twin tests the bits).
func isNaN32(x float32) bool { return x != x }

// abs32 clears the sign bit.
func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// Managed (Mono/.NET) float transcendentals: the double-precision result
// rounded to float, as Unity.Mathematics computes them outside Burst.
func sin32(x float32) float32 { return float32(math.Sin(float64(x))) }
func cos32(x float32) float32 { return float32(math.Cos(float64(x))) }
func exp32(x float32) float32 { return float32(math.Exp(float64(x))) }
func log32(x float32) float32 { return float32(math.Log(float64(x))) }

// lerp is Unity's lerp, a + t*(b - a), with the product rounded before the
// add so Go never fuses it into an FMA.
func lerp(a, b, t float32) float32 { return a + float32(t*(b-a)) }

const signMask = 1 << 31

// maskNonNegative is (f >= 0) ? k : 0, branch-free, for a non-NaN f that is
// not −0 (a kernel falloff 0.5 − x² − … never is).
func maskNonNegative(f, k float32) float32 {
	return math.Float32frombits(math.Float32bits(k) &^ uint32(int32(math.Float32bits(f))>>31))
}
